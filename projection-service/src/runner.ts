import { isAfter, LOG_START, type LogPosition, type RecordedEvent } from '@dispo/events/envelope';
import type { SqlClient, SqlExecutor } from '@dispo/events/sql/client';
import type { EventStore } from '@dispo/events/store/port';
import type { Notice, NoticeBus } from '@dispo/platform/bus/notice-bus';
import type { Logger } from 'pino';
import { grantAnalystRead } from './analyst-role';
import type { Projection } from './projection';

export interface RunnerOptions {
  batchSize?: number;
}

interface Waiter {
  position: LogPosition;
  resolve: () => void;
}

/**
 * Follows the global log and applies every event to every projection, in the projections' order (later
 * ones may read the tables of earlier ones). A batch and the checkpoints it reached commit in one
 * transaction: a crash repeats nothing and loses nothing. Several runners on one database are safe:
 * the checkpoint rows are locked and compared before a batch is written.
 */
export class ProjectionRunner {
  private checkpoints = new Map<string, LogPosition>();
  private waiters: Waiter[] = [];
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private unsubscribe: (() => Promise<void>) | null = null;
  private lastError: unknown = null;
  private onFailure: (() => void) | null = null;
  private noticeListeners: ((notices: readonly Notice[]) => void)[] = [];

  constructor(
    private readonly sql: SqlClient,
    private readonly store: EventStore,
    private readonly projections: readonly Projection[],
    private readonly bus: NoticeBus,
    private readonly logger: Logger,
    private readonly options: RunnerOptions = {},
  ) {}

  /**
   * Creates tables and checkpoints; call before start(), or alone for query-only processes. Several
   * processes may start at once (docker-compose.yml): CREATE … IF NOT EXISTS fails against a twin
   * running at the same moment, so one process at a time sets up (a transaction-scoped lock).
   */
  async setup(): Promise<void> {
    await this.sql.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', ['read.projections.setup']);
      await setupCheckpointTable(tx);
      for (const p of this.projections) {
        await this.upgrade(tx, p);
        await p.setup(tx);
        await tx.query(
          'INSERT INTO read.projection_checkpoints (name, transaction_id, global_position, schema_version) VALUES ($1, 0, 0, $2) ON CONFLICT (name) DO NOTHING',
          [p.name, p.schemaVersion ?? 1],
        );
      }
      await grantAnalystRead({ query: (text, params) => tx.query(text, params), kind: this.sql.kind });
    });
    await this.loadCheckpoints();
  }

  /**
   * A projection whose stored tables have an older schema version is dropped and replayed from the
   * start of the log. The checkpoint row is locked, so of several starting services one does it.
   */
  private async upgrade(tx: SqlExecutor, p: Projection): Promise<void> {
    const wanted = p.schemaVersion ?? 1;
    const { rows } = await tx.query<{ schema_version: number }>(
      'SELECT schema_version FROM read.projection_checkpoints WHERE name = $1 FOR UPDATE',
      [p.name],
    );
    const stored = rows[0];
    if (!stored || Number(stored.schema_version) === wanted) return;
    this.logger.info({ projection: p.name, from: stored.schema_version, to: wanted }, 'projection schema changed; rebuilding');
    await (p.drop ? p.drop(tx) : p.reset(tx));
    await tx.query('UPDATE read.projection_checkpoints SET transaction_id = 0, global_position = 0, schema_version = $2 WHERE name = $1', [
      p.name,
      wanted,
    ]);
  }

  /**
   * Subscribes and catches up. Returns once the log is drained or the first batch failed: a projection
   * that keeps failing is retried in the background and reported by health(), so the service still serves.
   */
  async start(): Promise<void> {
    this.stopped = false;
    this.unsubscribe = await this.store.subscribe(() => this.trigger());
    const firstFailure = new Promise<void>((resolve) => {
      this.onFailure = resolve;
    });
    this.trigger();
    await Promise.race([this.running, firstFailure]);
    this.onFailure = null;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.unsubscribe?.();
    await this.running;
  }

  /** The position every projection has passed (the slowest one). */
  position(): LogPosition {
    let min: LogPosition | null = null;
    for (const p of this.projections) {
      const c = this.checkpoints.get(p.name) ?? LOG_START;
      if (!min || isAfter(min, c)) min = c;
    }
    return min ?? LOG_START;
  }

  health(): { position: LogPosition; error: string | null } {
    return { position: this.position(), error: this.lastError ? String(this.lastError) : null };
  }

  /**
   * `listener` sees the notices of every committed batch before its waiters resolve (and before the
   * bus carries them): a command answer in this process can use what the batch wrote (fresh-order-views.ts).
   */
  observeNotices(listener: (notices: readonly Notice[]) => void): void {
    this.noticeListeners.push(listener);
  }

  /** Read-your-writes: resolves once every projection has applied the event at `position`. */
  waitFor(position: LogPosition, timeoutMs = 5000): Promise<boolean> {
    if (!isAfter(position, this.position())) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        resolve(false);
      }, timeoutMs);
      const waiter: Waiter = {
        position,
        resolve: () => {
          clearTimeout(timer);
          resolve(true);
        },
      };
      this.waiters.push(waiter);
      this.trigger();
    });
  }

  /**
   * Read-your-writes for a process without a runner of its own (a command-service alone): polls the
   * checkpoints that the projection-service stores in the shared database.
   */
  async waitForStored(position: LogPosition, timeoutMs = 5000): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      await this.loadCheckpoints();
      if (!isAfter(position, this.position())) return true;
      if (Date.now() > deadline) return false;
      await sleep(5);
    }
  }

  /** Events readable after the slowest projection's checkpoint, counted up to `cap`. */
  async lag(cap = 1000): Promise<number> {
    const pending = await this.store.readAll(this.position(), { batchSize: cap });
    return pending.length;
  }

  /** Empties one projection and replays the whole log into it. */
  async rebuild(name: string): Promise<number> {
    const projection = this.projections.find((p) => p.name === name);
    if (!projection) throw new Error(`Unbekannte Projektion: ${name}`);
    await this.sql.transaction(async (tx) => {
      await projection.reset(tx);
      await tx.query('UPDATE read.projection_checkpoints SET transaction_id = 0, global_position = 0 WHERE name = $1', [name]);
    });
    await this.loadCheckpoints();
    let total = 0;
    for (;;) {
      const applied = await this.processBatch();
      if (applied === null) continue;
      if (applied === 0) break;
      total += applied;
    }
    return total;
  }

  private trigger(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain().finally(() => {
      this.running = null;
      if (this.again && !this.stopped) {
        this.again = false;
        this.trigger();
      }
    });
  }

  /**
   * Reads and applies until the log is exhausted. Events waiting behind a still-open transaction are
   * not lost: the store wakes its subscribers again until they are readable.
   */
  private async drain(): Promise<void> {
    while (!this.stopped) {
      this.again = false;
      let applied: number | null;
      try {
        applied = await this.processBatch();
        this.lastError = null;
      } catch (error) {
        this.lastError = error;
        this.logger.error({ err: error }, 'projection batch failed; retrying');
        this.onFailure?.();
        await sleep(500);
        continue;
      }
      if (applied === 0 && !this.again) return;
    }
  }

  /** Applies one batch. Returns how many events were read, or null when another runner got there first. */
  private async processBatch(): Promise<number | null> {
    const from = this.position();
    const batch = await this.store.readAll(from, { batchSize: this.options.batchSize ?? 500 });
    if (batch.length === 0) return 0;
    const notices: Notice[] = [];
    const moved = await this.sql.transaction(async (tx) => {
      const { rows } = await tx.query<{ name: string; transaction_id: number; global_position: number }>(
        'SELECT name, transaction_id, global_position FROM read.projection_checkpoints WHERE name = ANY($1) ORDER BY name FOR UPDATE',
        [this.projections.map((p) => p.name)],
        { prepare: true },
      );
      const stored = new Map(rows.map((r) => [r.name, { transactionId: Number(r.transaction_id), globalPosition: Number(r.global_position) }]));
      for (const p of this.projections) {
        const mine = this.checkpoints.get(p.name) ?? LOG_START;
        const theirs = stored.get(p.name) ?? LOG_START;
        if (isAfter(theirs, mine) || isAfter(mine, theirs)) return false;
      }
      for (const event of batch) {
        for (const p of this.projections) {
          if (!isAfter(event.position, this.checkpoints.get(p.name) ?? LOG_START)) continue;
          const out = await applyOne(p, tx, event);
          if (out) notices.push(...out);
        }
      }
      const reached = [...this.reachedAfter(batch)];
      await tx.query(
        `UPDATE read.projection_checkpoints c SET transaction_id = r.transaction_id, global_position = r.global_position, updated_at = now()
         FROM unnest($1::text[], $2::bigint[], $3::bigint[]) AS r(name, transaction_id, global_position) WHERE c.name = r.name`,
        [reached.map(([name]) => name), reached.map(([, p]) => p.transactionId), reached.map(([, p]) => p.globalPosition)],
        { prepare: true },
      );
      return true;
    });
    if (!moved) {
      await this.loadCheckpoints();
      this.resolveWaiters();
      return null;
    }
    this.checkpoints = this.reachedAfter(batch);
    if (notices.length > 0) for (const listener of this.noticeListeners) listener(notices);
    this.resolveWaiters();
    if (notices.length > 0) {
      await this.bus.publish(notices).catch((err: unknown) => this.logger.warn({ err }, 'publishing notices failed'));
    }
    return batch.length;
  }

  /** Checkpoints after a batch: a projection that was already further (not being rebuilt) keeps its own. */
  private reachedAfter(batch: readonly RecordedEvent[]): Map<string, LogPosition> {
    const last = batch[batch.length - 1]!.position;
    const reached = new Map<string, LogPosition>();
    for (const p of this.projections) {
      const own = this.checkpoints.get(p.name) ?? LOG_START;
      reached.set(p.name, isAfter(own, last) ? own : last);
    }
    return reached;
  }

  private resolveWaiters(): void {
    const reached = this.position();
    const still: Waiter[] = [];
    for (const w of this.waiters) {
      if (isAfter(w.position, reached)) still.push(w);
      else w.resolve();
    }
    this.waiters = still;
  }

  private async loadCheckpoints(): Promise<void> {
    const { rows } = await this.sql.query<{ name: string; transaction_id: number; global_position: number }>(
      'SELECT name, transaction_id, global_position FROM read.projection_checkpoints',
      [],
      { prepare: true },
    );
    this.checkpoints = new Map(rows.map((r) => [r.name, { transactionId: Number(r.transaction_id), globalPosition: Number(r.global_position) }]));
  }
}

async function applyOne(p: Projection, tx: Parameters<Projection['apply']>[0], event: RecordedEvent): Promise<Notice[] | undefined> {
  try {
    return await p.apply(tx, event);
  } catch (error) {
    throw new Error(`Projektion ${p.name} scheiterte an ${event.type} (${event.streamId}@${event.streamVersion}): ${String(error)}`, {
      cause: error,
    });
  }
}

export async function setupCheckpointTable(sql: { query: SqlClient['query'] }): Promise<void> {
  await sql.query('CREATE SCHEMA IF NOT EXISTS read');
  await sql.query(`CREATE TABLE IF NOT EXISTS read.projection_checkpoints (
    name text PRIMARY KEY,
    transaction_id bigint NOT NULL,
    global_position bigint NOT NULL,
    updated_at timestamptz NOT NULL DEFAULT now()
  )`);
  await sql.query('ALTER TABLE read.projection_checkpoints ADD COLUMN IF NOT EXISTS schema_version integer NOT NULL DEFAULT 1');
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}
