import { describe, expect, it } from 'vitest';
import { DEFAULT_USAGE, parseUsage, writeUsage } from './usage-state';

describe('calculator use in the query string', () => {
  it('round-trips the use and falls back to the defaults for nonsense', () => {
    const p = new URLSearchParams('view=calc');
    writeUsage(p, { minutes: 100, sms: 0, traffic: 2.5 });
    expect(p.toString()).toBe('view=calc&useMin=100&useSms=0&useTraffic=2.5');
    expect(parseUsage(p)).toEqual({ minutes: 100, sms: 0, traffic: 2.5 });
    expect(parseUsage(new URLSearchParams('useMin=-1&useSms=x'))).toEqual(DEFAULT_USAGE);
  });

  it('reads useGb from links published before, and writes useTraffic instead', () => {
    const p = new URLSearchParams('useMin=100&useSms=0&useGb=7');
    expect(parseUsage(p)).toEqual({ minutes: 100, sms: 0, traffic: 7 });
    writeUsage(p, parseUsage(p));
    expect(p.toString()).toBe('useMin=100&useSms=0&useTraffic=7');
  });
});
