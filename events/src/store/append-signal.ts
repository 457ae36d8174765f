const DEFAULT_INTERVAL_MS = 10;

/**
 * Tells the subscribers of other processes that this process appended, outside the append
 * transactions (ADR 0017): PostgreSQL serialises the commits of all transactions that notified, so a
 * NOTIFY inside every append made the appends of separate processes queue behind each other. Here one
 * notification is in flight at a time, at most one per `intervalMs`; appends committed meanwhile
 * share the next one. A failed notification is dropped: subscribers still have their safety poll.
 */
export class AppendSignal {
  private pending = false;
  private inFlight = false;
  private timer: NodeJS.Timeout | undefined;
  private lastSent = Number.NEGATIVE_INFINITY;
  private stopped = false;

  constructor(
    private readonly send: () => Promise<unknown>,
    private readonly intervalMs = DEFAULT_INTERVAL_MS,
  ) {}

  /** Appends have committed: a notification goes out now, or after the one in flight / the interval. */
  appended(): void {
    this.pending = true;
    this.flush();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  private flush(): void {
    if (this.stopped || !this.pending || this.inFlight || this.timer) return;
    const wait = this.lastSent + this.intervalMs - performance.now();
    if (wait > 0) {
      this.timer = setTimeout(() => {
        this.timer = undefined;
        this.flush();
      }, wait);
      this.timer.unref();
      return;
    }
    this.pending = false;
    this.inFlight = true;
    this.lastSent = performance.now();
    this.send()
      .catch(() => {})
      .finally(() => {
        this.inFlight = false;
        this.flush();
      });
  }
}
