// How many runs one runner executes at once (KOLLEGA_RUNNER_CONCURRENCY). A run that waits for a person
// (an AI decision handed over, a manual step) or was paused by one gives its slot back while it waits, so
// other runs go on meanwhile; it keeps its browser context, and takes a slot again, ahead of runs not yet
// started, when it goes on. At most `maxIdle` runs wait that way (KOLLEGA_RUNNER_MAX_WAITING): each holds
// a browser context, and past that a waiting run keeps its slot, as every run did before.

export class RunSlots {
  private free: number;
  private idleRuns = 0;
  private readonly queue: Array<() => void> = [];

  constructor(
    size: number,
    private readonly maxIdle: number,
  ) {
    this.free = size;
  }

  /** Resolves once the caller holds a slot; `first` goes ahead of those already waiting for one. */
  acquire(first = false): Promise<void> {
    if (this.free > 0) {
      this.free--;
      return Promise.resolve();
    }
    return new Promise((resolve) => (first ? this.queue.unshift(resolve) : this.queue.push(resolve)));
  }

  /** Gives a held slot back (to the next in line, if any). */
  release(): void {
    const next = this.queue.shift();
    if (next) next();
    else this.free++;
  }

  /**
   * For a run holding a slot: runs `wait` without the slot if fewer than maxIdle runs wait already
   * (`onIdle` is told), and holds a slot again before returning (`onBusy` is told once it does).
   */
  async whileIdle<T>(wait: () => Promise<T>, hooks: { onIdle?: () => void; onBusy?: () => void } = {}): Promise<T> {
    if (this.idleRuns >= this.maxIdle) return wait();
    this.idleRuns++;
    this.release();
    hooks.onIdle?.();
    try {
      return await wait();
    } finally {
      this.idleRuns--;
      await this.acquire(true);
      hooks.onBusy?.();
    }
  }

  /** Runs waiting without a slot. */
  get idle(): number {
    return this.idleRuns;
  }

  /** Callers waiting for a slot. */
  get queued(): number {
    return this.queue.length;
  }
}
