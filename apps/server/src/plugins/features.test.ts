import type { FastifyInstance } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import type { listFeatures } from '../modules/settings';
import { FeatureFlags } from './features';

type Rows = Awaited<ReturnType<typeof listFeatures>>;

describe('feature flags as a node reads them', () => {
  it('reads again after a read already under way, which may have begun before the switch it is asked to apply', async () => {
    // The flags table's reads, held and answered by hand.
    const reads: ((rows: Rows) => void)[] = [];
    const list = vi.fn(() => new Promise<Rows>((answer) => reads.push(answer)));
    const flags = new FeatureFlags({} as FastifyInstance, 1000, list);
    const row = (isEnabled: boolean) => [{ feature: 'News', isEnabled }] as unknown as Rows;

    // The poll's read, begun before the staff switched News off, is still under way…
    const poll = flags.refresh();
    // …when the switch asks for the flags to be read: it must not be answered by that read.
    const switched = flags.refresh();
    // Everyone asking meanwhile shares the one read after it.
    const another = flags.refresh();
    reads[0]?.(row(true));
    await poll;
    await vi.waitFor(() => expect(reads).toHaveLength(2));
    reads[1]?.(row(false));
    await switched;
    await another;
    expect(flags.isEnabled('News')).toBe(false);
    expect(list).toHaveBeenCalledTimes(2);

    // With nothing under way, a refresh is one read.
    const alone = flags.refresh();
    reads[2]?.(row(true));
    await alone;
    expect(flags.isEnabled('News')).toBe(true);
    expect(list).toHaveBeenCalledTimes(3);
  });
});
