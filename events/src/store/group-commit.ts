import { AsyncResource } from 'node:async_hooks';

export interface GroupCommitOptions {
  /** Batches running at once (default 1: the next batch collects while one runs, so batches grow with the load). */
  maxInFlight?: number;
  /** Calls per batch at most (default 200). */
  maxBatch?: number;
}

interface Waiting<T, R> {
  item: T;
  resolve(result: R): void;
  reject(error: unknown): void;
}

/**
 * Group commit: calls that arrive while `maxInFlight` batches are running wait, and then run together
 * as the next batch, so concurrent callers share one statement and one commit. Nothing waits for a
 * timer: when fewer batches run, the calls of the current turn of the event loop start at once.
 * `runBatch` answers every item on its own (fulfilled or rejected), so one caller's failure is not the
 * others'; if it throws, every item of the batch gets that error.
 */
export class GroupCommit<T, R> {
  private readonly maxInFlight: number;
  private readonly maxBatch: number;
  private queue: Waiting<T, R>[] = [];
  private running = 0;
  private pumpScheduled = false;

  constructor(
    private readonly runBatch: (items: T[]) => Promise<PromiseSettledResult<R>[]>,
    options: GroupCommitOptions = {},
  ) {
    this.maxInFlight = positive(options.maxInFlight ?? 1, 'maxInFlight');
    this.maxBatch = positive(options.maxBatch ?? 200, 'maxBatch');
  }

  submit(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      this.schedulePump();
    });
  }

  /**
   * A batch starts once the calls of this turn of the event loop are in: the callers a finished batch
   * answers call again in the same turn (promise continuations), and would otherwise start a batch of one
   * while the others queue behind it.
   */
  private schedulePump(): void {
    if (this.pumpScheduled) return;
    this.pumpScheduled = true;
    setImmediate(() => {
      this.pumpScheduled = false;
      this.pump();
    });
  }

  private pump(): void {
    while (this.running < this.maxInFlight && this.queue.length > 0) {
      this.running++;
      void this.runDetached(this.queue.splice(0, this.maxBatch));
    }
  }

  /** A batch serves many callers: it runs in the context GroupCommit was made in, not in one caller's (AsyncLocalStorage). */
  private readonly runDetached = AsyncResource.bind((batch: Waiting<T, R>[]) => this.run(batch));

  private async run(batch: Waiting<T, R>[]): Promise<void> {
    let outcomes: PromiseSettledResult<R>[] | undefined;
    let failure: unknown;
    try {
      outcomes = await this.runBatch(batch.map((w) => w.item));
    } catch (error) {
      failure = error;
    }
    // Free the slot before answering, so that the callers' next calls make the next batch.
    this.running--;
    batch.forEach((waiting, i) => {
      const outcome = outcomes?.[i];
      if (!outcome) waiting.reject(failure ?? new Error('group commit: no outcome for a call'));
      else if (outcome.status === 'fulfilled') waiting.resolve(outcome.value);
      else waiting.reject(outcome.reason);
    });
    this.schedulePump();
  }
}

function positive(n: number, name: string): number {
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a positive integer, got ${n}`);
  return n;
}
