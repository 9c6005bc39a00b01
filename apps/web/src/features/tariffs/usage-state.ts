import type { Usage } from './calculator';

/** The calculator's starting use: a typical month. */
export const DEFAULT_USAGE: Usage = { minutes: 300, sms: 50, traffic: 10 };

const KEYS = { minutes: 'useMin', sms: 'useSms', traffic: 'useTraffic' } as const;
/** What links published before the traffic use took the API's name called it: read, never written. */
const OLD_TRAFFIC_KEY = 'useGb';

/** The calculator's use from the query string; a missing or malformed value is the default. */
export function parseUsage(p: URLSearchParams): Usage {
  const read = (key: string): number | undefined => {
    const n = Number(p.get(key));
    return p.has(key) && Number.isFinite(n) && n >= 0 && n <= 100_000 ? n : undefined;
  };
  return {
    minutes: read(KEYS.minutes) ?? DEFAULT_USAGE.minutes,
    sms: read(KEYS.sms) ?? DEFAULT_USAGE.sms,
    traffic: read(KEYS.traffic) ?? read(OLD_TRAFFIC_KEY) ?? DEFAULT_USAGE.traffic,
  };
}

/** Writes the calculator's use into `p` (in place), under the current names only. */
export function writeUsage(p: URLSearchParams, u: Usage): void {
  p.set(KEYS.minutes, String(u.minutes));
  p.set(KEYS.sms, String(u.sms));
  p.set(KEYS.traffic, String(u.traffic));
  p.delete(OLD_TRAFFIC_KEY);
}
