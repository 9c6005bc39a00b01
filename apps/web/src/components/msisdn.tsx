import { formatMsisdn } from '@perenos/phone';

/** A phone number as people read it, «+7 (916) 123-45-67», never broken across lines. */
export function Msisdn({ value }: { value: string }) {
  return <span className="nowrap">{formatMsisdn(value)}</span>;
}
