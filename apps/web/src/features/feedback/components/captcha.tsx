import { Box } from '@mantine/core';
import 'altcha/external';
import 'altcha/altcha.css';
import 'altcha/i18n/ru';
import type {} from 'altcha/types/react';
import ShaWorker from 'altcha/workers/sha?worker';
import { useEffect, useRef } from 'react';
import { BrowserOnly } from '../../../components/browser-only';

// The external build loads no worker of its own: the site serves this one, which the CSP allows.
$altcha.algorithms.set('SHA-256', () => new ShaWorker());

interface StateChangeDetail {
  state: string;
  payload?: string;
}

/**
 * The self-hosted ALTCHA proof-of-work check: the browser solves a small puzzle from our own server,
 * no third party is contacted. Reports the payload once solved, and `null` when it expires or resets.
 */
export function Captcha(props: CaptchaProps) {
  // The widget draws its own insides as soon as its element exists: the server leaves its place empty
  // (of its height), and the browser draws it after taking the page over.
  return (
    <BrowserOnly fallback={<Box mih={CAPTCHA_HEIGHT} />}>
      <CaptchaWidget {...props} />
    </BrowserOnly>
  );
}

interface CaptchaProps {
  onChange: (payload: string | null) => void;
  resetKey: number;
}

/** The widget's height as drawn (altcha.css, the default size). */
const CAPTCHA_HEIGHT = 74;

function CaptchaWidget({ onChange, resetKey }: CaptchaProps) {
  const ref = useRef<HTMLElement>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  useEffect(() => {
    const widget = ref.current;
    if (!widget) return;
    const listener = (event: Event) => {
      const detail = (event as CustomEvent<StateChangeDetail>).detail;
      onChangeRef.current(detail.state === 'verified' && detail.payload ? detail.payload : null);
    };
    widget.addEventListener('statechange', listener);
    return () => widget.removeEventListener('statechange', listener);
  }, []);

  useEffect(() => {
    // After a send the used solution is spent: start over with a new puzzle.
    if (resetKey > 0) (ref.current as HTMLElement & { reset?: () => void })?.reset?.();
  }, [resetKey]);

  return (
    <altcha-widget
      ref={ref}
      challenge="/api/v1/feedback/challenge"
      language="ru"
      configuration='{"hideFooter":true,"hideLogo":true}'
    />
  );
}
