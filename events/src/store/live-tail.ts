const FIRST_RETRY_MS = 5;
const MAX_RETRY_MS = 50;

/**
 * One subscriber's wake-up calls: a notification or the safety poll calls `onAppend` once per burst
 * (coalesced into the next macrotask); `retrySoon` wakes it again shortly, backing off from 5 ms to
 * 50 ms, while committed events wait behind an open transaction.
 */
export class LiveTail {
  private pending: NodeJS.Immediate | undefined;
  private retryTimer: NodeJS.Timeout | undefined;
  private retryDelay = FIRST_RETRY_MS;
  private readonly poll: NodeJS.Timeout;
  private stopped = false;

  constructor(
    private readonly onAppend: () => void,
    pollIntervalMs: number,
  ) {
    this.poll = setInterval(() => this.trigger(), pollIntervalMs);
    this.poll.unref();
  }

  trigger(): void {
    if (this.stopped || this.pending) return;
    this.pending = setImmediate(() => {
      this.pending = undefined;
      if (!this.stopped) this.onAppend();
    });
  }

  retrySoon(): void {
    if (this.stopped || this.retryTimer) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      this.trigger();
    }, this.retryDelay);
    this.retryTimer.unref();
    this.retryDelay = Math.min(this.retryDelay * 2, MAX_RETRY_MS);
  }

  /** Nothing waits behind an open transaction any more: the next wait starts short again. */
  settled(): void {
    this.retryDelay = FIRST_RETRY_MS;
  }

  stop(): void {
    this.stopped = true;
    clearInterval(this.poll);
    clearTimeout(this.retryTimer);
    if (this.pending) clearImmediate(this.pending);
  }
}
