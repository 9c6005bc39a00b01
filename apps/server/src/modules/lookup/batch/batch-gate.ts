/** What a batch is taken to last before this node has timed any (ms). */
const FIRST_GUESS_MS = 5000;
/** How many of the last batches the typical time is taken from. */
const REMEMBERED = 8;

/**
 * At most `limit` batch files at once on this node: each holds its upload and keeps a core (and zlib
 * the libuv pool) busy, so more at once only makes every one slower and the node's memory larger
 * (decision 070). Entering and leaving are synchronous, so parallel requests cannot slip past the count.
 */
export class BatchGate {
  private readonly running = new Set<{ started: number }>();
  private readonly recent: number[] = [];

  constructor(
    readonly limit: number,
    /** A monotonic clock in ms (tests pass their own). */
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Batches being processed now. */
  get active(): number {
    return this.running.size;
  }

  /** A slot, as the function that gives it back (once, whatever calls it); null when all are taken. */
  enter(): (() => void) | null {
    if (this.running.size >= this.limit) return null;
    const slot = { started: this.now() };
    this.running.add(slot);
    return () => {
      if (!this.running.delete(slot)) return;
      this.recent.push(this.now() - slot.started);
      if (this.recent.length > REMEMBERED) this.recent.shift();
    };
  }

  /**
   * Whole seconds until a slot is likely to be free (1–60): the typical batch time here (the mean of
   * the last few) less what the longest-running one has had already.
   */
  retryAfter(): number {
    const typical = this.recent.length ? this.recent.reduce((a, b) => a + b, 0) / this.recent.length : FIRST_GUESS_MS;
    let longest = 0;
    for (const slot of this.running) longest = Math.max(longest, this.now() - slot.started);
    return Math.min(60, Math.max(1, Math.ceil((typical - longest) / 1000)));
  }
}
