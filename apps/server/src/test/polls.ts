import { vi } from 'vitest';

/**
 * Watches a node's poll (`target[method]`, e.g. the feature flags' or the lookup index's refresh):
 * after `armed()`, the first read the node starts from then on can be waited for. A test of "a change
 * reaches another node" commits the change, arms, and waits for that read: the node must answer the new
 * state right after it, whatever the machine's speed. How soon that read comes is the poll interval's
 * business (1 s by default), not the test's: the wait is bounded only to fail a node that never polls.
 */
export function watchPolls<T extends object>(target: T, method: keyof T & string) {
  const original = target[method] as unknown as (...args: unknown[]) => Promise<unknown>;
  // A read already in flight is handed out again by a coalescing poll (the flags): not a new one.
  const seen = new Set<Promise<unknown>>();
  const started: Promise<unknown>[] = [];
  let armed = false;
  const spy = vi
    .spyOn(target as Record<string, (...args: unknown[]) => Promise<unknown>>, method)
    .mockImplementation((...args: unknown[]) => {
      const read = original.apply(target, args);
      if (armed && !seen.has(read)) started.push(read);
      seen.add(read);
      return read;
    });
  return {
    /** From now on a read counts as one that started after the change. */
    armed(): void {
      armed = true;
    },
    /** Resolves when the first read started after `armed()` has finished. */
    async nextRead(bound = 15_000): Promise<void> {
      await vi.waitFor(
        () => {
          if (started.length === 0) throw new Error(`${method}: no read started since the change`);
        },
        { timeout: bound, interval: 10 },
      );
      await started[0];
    },
    restore(): void {
      spy.mockRestore();
    },
  };
}
