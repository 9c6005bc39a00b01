import { InputBase } from '@mantine/core';
import { classifyPhoneInput, formatMsisdn, phoneInputProblem } from '@perenos/phone';
import { type ClipboardEvent, type KeyboardEvent, useLayoutEffect } from 'react';
import { IMaskInput } from 'react-imask';
import { takeEarlyInput } from '../../../lib/early-input';
import { masks } from '../../../lib/masks';

interface MsisdnInputProps {
  value: string;
  onChange(value: string): void;
  /** Enter pressed in the field. */
  onSubmit?(): void;
  error?: string | undefined;
  /** A pasted number that is not a Russian mobile one (a landline, a foreign number): what is wrong with it. */
  onPasteProblem?(message: string): void;
}

/**
 * The phone field with the `+7 (9XX) XXX-XX-XX` mask. A pasted number in any notation
 * (`8 916 123 45 67`, `+79161234567`, `9161234567`) is read whole instead of digit by digit,
 * where the mask would take the leading 8 for part of the code.
 */
export function MsisdnInput({ value, onChange, onSubmit, error, onPasteProblem }: MsisdnInputProps) {
  // A number typed into the server-drawn field before the page came alive is taken over (in a layout
  // effect: before the browser paints the emptied mask, and before React replays an early click on
  // «Проверить»). A whole number in any notation is shown as the mask writes it; a part goes to the mask.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on mount
  useLayoutEffect(() => {
    const early = takeEarlyInput('msisdn');
    if (!early?.trim()) return;
    const typed = classifyPhoneInput(early);
    onChange(typed.kind === 'mobile' ? formatMsisdn(typed.msisdn) : early);
  }, []);
  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const pasted = classifyPhoneInput(event.clipboardData.getData('text'));
    if (pasted.kind === 'mobile') {
      event.preventDefault();
      // formatMsisdn writes +7 (916) 123-45-67, exactly what the mask shows.
      onChange(formatMsisdn(pasted.msisdn));
      return;
    }
    // Left to the mask, «8 495 123-45-67» would become «+7 (951) 234-56-7_»: say what the number is instead.
    if (onPasteProblem && pasted.kind !== 'invalid') {
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
        definitions: masks.phone.definitions,
      } as object)}
      value={value}
      onAccept={(v: string) => onChange(v)}
      onPaste={onPaste}
      onKeyDown={onKeyDown}
      label="Номер телефона"
      description="Можно вставить номер в любой записи: 8 916 123-45-67, +79161234567"
      inputMode="tel"
      autoComplete="tel"
      data-early-input="msisdn"
      size="lg"
      error={error}
    />
  );
}
