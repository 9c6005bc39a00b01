import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * Lets the event loop run (health checks, other requests, the other batch) at least every `sliceMs`
 * of a long batch job, which otherwise runs from resolved promise to resolved promise without ever
 * giving the loop a turn (decision 070).
 */
export class Pacer {
  private last = performance.now();

  constructor(private readonly sliceMs = 8) {}

  /** True when the slice is used up: the caller should `await pause()`. */
  get due(): boolean {
    return performance.now() - this.last >= this.sliceMs;
  }

  async pause(): Promise<void> {
    await nextTurn();
    this.last = performance.now();
  }
}
