import { MIN_DAYS_BETWEEN_PORTINGS } from '@perenos/porting-rules';
import { daysText } from '@perenos/porting-rules/states';
import { formatDayNumeric } from '../../lib/moscow';

// The dates, the window and the limits are @perenos/porting-rules', shared with the web app's calendar.
export {
  DRAFT_LIFETIME_DAYS,
  HOLD_HOURS,
  MAX_MONTHS_AHEAD,
  MIN_DAYS_AHEAD,
  MIN_DAYS_BETWEEN_PORTINGS,
  nextPortingAllowed,
  portationWindow,
  SMS_PROOF_DAYS,
} from '@perenos/porting-rules';

/** The plain-words refusal of a recent porting. */
export function recentlyPortedMessage(lastPortation: string, allowed: string): string {
  return `Номер переносили ${formatDayNumeric(lastPortation.slice(0, 10))}. Повторно перенести его можно с ${formatDayNumeric(allowed)}: между переносами должно пройти не меньше ${daysText(MIN_DAYS_BETWEEN_PORTINGS)}.`;
}
