import { InputBase } from '@mantine/core';
import { classifyPhoneInput, formatMsisdn, phoneInputProblem } from '@perenos/phone';
import { type ClipboardEvent, type KeyboardEvent, useLayoutEffect, useRef } from 'react';
import { IMaskInput } from 'react-imask';
import { takeEarlyInput } from '../../../lib/early-input';
import { masks, phonePrefixReader } from '../../../lib/masks';

export const INCOMPLETE_MSISDN_MESSAGE = 'Введите номер полностью: +7 (9XX) XXX-XX-XX.';

/** What the phone field holds: a mobile number, a whole number that is not one (and why), or a part. */
export type PhoneField = { kind: 'mobile'; msisdn: string } | { kind: 'problem'; message: string } | { kind: 'part' };

/** Reads the field's masked text («+7 (495) 123-45-67», «+7 (916) 12_-__-__»). */
export function readPhoneField(value: string): PhoneField {
  if (value.includes('_') || value.replace(/\D/g, '').length < 11) return { kind: 'part' };
  const kind = classifyPhoneInput(value);
  if (kind.kind === 'mobile') return kind;
  return { kind: 'problem', message: phoneInputProblem(kind) ?? INCOMPLETE_MSISDN_MESSAGE };
}

/** The field as a number to send, or the sentence that says what is missing or wrong. */
export function phoneFieldOutcome(value: string): { msisdn: string } | { message: string } {
  const field = readPhoneField(value);
  if (field.kind === 'mobile') return { msisdn: field.msisdn };
  return { message: field.kind === 'problem' ? field.message : INCOMPLETE_MSISDN_MESSAGE };
}

/** A whole number in a notation people write (any separators, a leading 8 or +7): shown as the mask writes it. */
function asMasked(text: string): string | null {
  const kind = classifyPhoneInput(text);
  return kind.kind === 'mobile' || kind.kind === 'landline' ? formatMsisdn(kind.msisdn) : null;
}

interface MsisdnInputProps {
  value: string;
  onChange(value: string): void;
  /** Enter pressed in the field. */
  onSubmit?(): void;
  error?: string | undefined;
  /** A pasted number the mask cannot show (another country's): what is wrong with it. */
  onPasteProblem(message: string): void;
}

/**
 * The phone field with the `+7 (XXX) XXX-XX-XX` mask. Every digit typed goes where it is typed (a
 * landline stays a landline, and the page says it is not mobile); the 8 or +7 people type first is
 * dropped once. A pasted number in any notation (`8 916 123 45 67`, `+79161234567`) is read whole; one
 * of another country is not squeezed into +7, the page is told instead, and the field keeps its text.
 */
export function MsisdnInput({ value, onChange, onSubmit, error, onPasteProblem }: MsisdnInputProps) {
  const reader = useRef(phonePrefixReader()).current;
  // A number typed into the server-drawn field before the page came alive is taken over (in a layout
  // effect: before the browser paints the emptied mask, and before React replays an early click on
  // «Проверить»). A whole number in any notation is shown as the mask writes it; a part goes to the mask.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on mount
  useLayoutEffect(() => {
    const early = takeEarlyInput('msisdn');
    if (!early?.trim()) return;
    onChange(asMasked(early) ?? early);
  }, []);
  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const text = event.clipboardData.getData('text');
    const masked = asMasked(text);
    if (masked) {
      event.preventDefault();
      onChange(masked);
      return;
    }
    const pasted = classifyPhoneInput(text);
    if (pasted.kind === 'foreign') {
      event.preventDefault();
      onPasteProblem(phoneInputProblem(pasted) ?? '');
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') onSubmit?.();
  };
  return (
    <InputBase
      component={IMaskInput}
      mask={masks.phone.mask}
      // The mask's union of option types hides these options from InputBase's props.
      {...({
        lazy: masks.phone.lazy,
        placeholderChar: masks.phone.placeholderChar,
        prepareChar: reader.prepareChar,
      } as object)}
      value={value}
      onAccept={(v: string) => {
        // Emptied: the next number may start with its 8 again.
        if (v.replace(/\D/g, '') === '7') reader.reset();
        onChange(v);
      }}
      onPaste={onPaste}
      onKeyDown={onKeyDown}
      label="Номер телефона"
      // No-break spaces keep each example number on one line.
      description={
        'Мобильный номер в любой записи: 8\u00a0916\u00a0123-45-67, +79161234567. Городские номера сайт не проверяет и не переносит.'
      }
      inputMode="tel"
      autoComplete="tel"
      data-early-input="msisdn"
      size="lg"
      error={error}
    />
  );
}
