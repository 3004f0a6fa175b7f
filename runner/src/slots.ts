// How many runs one runner executes at once (KOLLEGA_RUNNER_CONCURRENCY): the fetch loop takes a job only with a
// free slot. A run waiting for a person or paused by one holds no slot: the runner parks it (worker.ts).

export class RunSlots {
  private free: number;
  private readonly queue: Array<() => void> = [];

  constructor(size: number) {
    this.free = size;
  }

  /** Resolves once the caller holds a slot. */
  acquire(): Promise<void> {
    if (this.free > 0) {
      this.free--;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.queue.push(resolve));
  }

  /** Gives a held slot back (to the next in line, if any). */
  release(): void {
    const next = this.queue.shift();
    if (next) next();
    else this.free++;
  }

  /** Callers waiting for a slot. */
  get queued(): number {
    return this.queue.length;
  }
}
