import { isAfter, LOG_START, type LogPosition, type RecordedEvent } from '@dispo/events/envelope';
import type { SqlClient, SqlExecutor } from '@dispo/events/sql/client';
import { setupUnderLock } from '@dispo/events/sql/setup-lock';
import type { EventStore } from '@dispo/events/store/port';
import type { Notice, NoticeBus } from '@dispo/platform/bus/notice-bus';
import { isDatabaseUnavailable } from '@dispo/platform/http/errors';
import type { Logger } from 'pino';
import { grantAnalystRead } from './analyst-role';
import { buildDeferredIndexes, dropDeferredIndexes } from './deferred-indexes';
import type { EventRuns, Projection } from './projection';

/** Read tables and their checkpoints are rebuilt from the log: a batch's commit need not wait for the disk. */
const BATCH_COMMIT = { durable: false } as const;

export interface RunnerOptions {
  batchSize?: number;
  /**
   * Events per batch while a projection replays the log (rebuild, new schema version). Default 2,000:
   * fewer round trips than live batches; 5,000 cost more garbage collection than they saved (issue 20).
   */
  replayBatchSize?: number;
}

interface Waiter {
  position: LogPosition;
  resolve: () => void;
}

/** Why a projection is parked: the event it could not apply (it stays before it) and the error. */
export interface ProjectionFailure {
  projection: string;
  position: LogPosition;
  eventType: string;
  streamId: string;
  streamVersion: number;
  error: string;
  failedAt: string;
}

/** Why a projection replays the log: rebuild() ends its own replay, a new schema version's ends with the log. */
type Replay = 'rebuild' | 'schema';

/** The longest pause between retries of a failing batch (database down): 0.5 s, doubling. */
const MAX_BACKOFF_MS = 30_000;
/**
 * During such a pause the database is probed (SELECT 1) this often: once a probe that failed succeeds
 * again, the pause ends, so the read side follows within about this long after an outage (ADR 0021).
 */
const PROBE_INTERVAL_MS = 250;

/**
 * Follows the global log and applies every event to every projection, in the projections' order (later
 * ones may read the tables of earlier ones). A batch and the checkpoints it reached commit in one
 * transaction: a crash repeats nothing and loses nothing. Several runners on one database are safe:
 * the checkpoint rows are locked and compared before a batch is written.
 *
 * A batch that fails is retried event by event, each projection's apply in a savepoint: the projection
 * that throws is parked before that event (its failure stored on its checkpoint row, ADR 0015) and the
 * others go on. A parked projection waits for resume(), a rebuild or the next start.
 *
 * A projection that replays the log (rebuild(), a new schema version) builds no notices, reads larger
 * batches and, while it is the only one behind, gets each batch whole (Projection.applyBatch).
 */
export class ProjectionRunner {
  private checkpoints = new Map<string, LogPosition>();
  private waiters: Waiter[] = [];
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private unsubscribe: (() => Promise<void>) | null = null;
  private lastError: unknown = null;
  private failedBatches = 0;
  private parked = new Map<string, ProjectionFailure>();
  private onFailure: (() => void) | null = null;
  private noticeListeners: ((notices: readonly Notice[]) => void)[] = [];
  /** Projections replaying the log: they build no notices (nobody waits for them). */
  private replaying = new Map<string, Replay>();
  /** During a replay, the next batch, read while the current one is applied. */
  private readAhead: { from: LogPosition; batch: Promise<RecordedEvent[]> } | null = null;

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
   * processes may start at once (docker-compose.yml): see setupUnderLock.
   */
  async setup(): Promise<void> {
    await setupUnderLock(this.sql, 'read.projections.setup', async (tx) => {
      await setupCheckpointTable(tx);
      for (const p of this.projections) {
        await this.upgrade(tx, p);
        await p.setup(tx);
        // A new schema version's replay fills the table before its query indexes, as a rebuild does.
        if (this.replaying.get(p.name) === 'schema') await dropDeferredIndexes(tx, p.deferredIndexes ?? []);
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
    this.replaying.set(p.name, 'schema');
    await tx.query('UPDATE read.projection_checkpoints SET epoch = 0, transaction_id = 0, global_position = 0, schema_version = $2 WHERE name = $1', [
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
    // A start is the usual moment after a fix (a new release): parked projections get another try.
    await this.sql.query('UPDATE read.projection_checkpoints SET failure = NULL WHERE failure IS NOT NULL');
    this.parked.clear();
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

  /**
   * The position every working projection has passed (the slowest one that is not parked): reads and
   * read-your-writes follow it, so one parked projection holds up neither.
   */
  position(): LogPosition {
    let min: LogPosition | null = null;
    let furthest = LOG_START;
    for (const p of this.projections) {
      const c = this.checkpoints.get(p.name) ?? LOG_START;
      if (isAfter(c, furthest)) furthest = c;
      if (this.parked.has(p.name)) continue;
      if (!min || isAfter(min, c)) min = c;
    }
    return min ?? furthest;
  }

  /** `error`: the last batch failed as a whole (database); `parked`: projections stopped at an event. */
  health(): {
    position: LogPosition;
    error: string | null;
    parked: ProjectionFailure[];
    checkpoints: { name: string; position: LogPosition }[];
  } {
    return {
      position: this.position(),
      error: this.lastError ? String(this.lastError) : null,
      parked: [...this.parked.values()],
      checkpoints: this.projections.map((p) => ({ name: p.name, position: this.checkpoints.get(p.name) ?? LOG_START })),
    };
  }

  /** The projections this runner applies, in order. */
  names(): string[] {
    return this.projections.map((p) => p.name);
  }

  /**
   * Lets a parked projection try its event again (after the cause was fixed). Answers false for an
   * unknown name. If it fails again it is parked again, with the new error.
   */
  async resume(name: string): Promise<boolean> {
    if (!this.projections.some((p) => p.name === name)) return false;
    await this.sql.query('UPDATE read.projection_checkpoints SET failure = NULL WHERE name = $1', [name]);
    this.parked.delete(name);
    this.logger.info({ projection: name }, 'parked projection resumed');
    this.trigger();
    return true;
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

  /**
   * Empties one projection and replays the whole log into it; the indexes it defers are built after the
   * replay (Projection.deferredIndexes).
   */
  async rebuild(name: string): Promise<number> {
    const projection = this.projections.find((p) => p.name === name);
    if (!projection) throw new Error(`Unbekannte Projektion: ${name}`);
    const deferred = projection.deferredIndexes ?? [];
    await this.sql.transaction(async (tx) => {
      await projection.reset(tx);
      await dropDeferredIndexes(tx, deferred);
      await tx.query('UPDATE read.projection_checkpoints SET epoch = 0, transaction_id = 0, global_position = 0, failure = NULL WHERE name = $1', [
        name,
      ]);
    });
    await this.loadCheckpoints();
    let total = 0;
    let replayed = false;
    this.replaying.set(name, 'rebuild');
    try {
      for (;;) {
        const applied = await this.processBatch(false);
        if (applied === null) continue;
        if (applied === 0) break;
        total += applied;
      }
      replayed = true;
    } finally {
      this.replaying.delete(name);
      // Also after a failed replay, so that queries find their indexes; if the database is gone, the
      // replay's error is the one to report, and the next setup() builds what is missing.
      await buildDeferredIndexes(this.sql, deferred).catch((error: unknown) => {
        if (replayed) throw error;
        this.logger.warn({ projection: name, error: String(error) }, 'deferred indexes not built after a failed rebuild');
      });
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
        // After a failed batch, the next one finds (and parks) the projection at fault.
        applied = await this.processBatch(this.failedBatches > 0);
        this.lastError = null;
        this.failedBatches = 0;
      } catch (error) {
        this.lastError = error;
        this.failedBatches += 1;
        // The first failure with its stack; while it persists one line per (growing) pause.
        if (this.failedBatches === 1) this.logger.error({ err: error }, 'projection batch failed; retrying event by event');
        else if (this.failedBatches > 2)
          this.logger.warn({ attempt: this.failedBatches, error: String(error) }, 'projection batch still failing');
        this.onFailure?.();
        if (this.failedBatches > 1) await this.pauseUnlessBack(Math.min(500 * 2 ** (this.failedBatches - 2), MAX_BACKOFF_MS));
        continue;
      }
      if (applied === 0 && !this.again) {
        await this.endSchemaReplays();
        return;
      }
    }
  }

  /**
   * Waits `ms` before the next try of a failing batch, but only until the database, seen down (by the
   * batch's error or a probe), answers again. A batch that fails while the database answers keeps its
   * full backoff: retrying it at once would only spin.
   */
  private async pauseUnlessBack(ms: number): Promise<void> {
    const until = Date.now() + ms;
    let seenDown = isDatabaseUnavailable(this.lastError);
    while (!this.stopped && Date.now() < until) {
      await sleep(Math.min(PROBE_INTERVAL_MS, until - Date.now()));
      const up = await this.sql.query('SELECT 1').then(
        () => true,
        () => false,
      );
      if (!up) seenDown = true;
      else if (seenDown) {
        this.logger.info('database answers again; projections resume');
        return;
      }
    }
  }

  /**
   * Once the log is drained, a new schema version's replay is over: its deferred indexes are built. If
   * that fails (database gone), the replay stays marked and the next drained log tries again.
   */
  private async endSchemaReplays(): Promise<void> {
    for (const [name, why] of this.replaying) {
      if (why !== 'schema') continue;
      try {
        await buildDeferredIndexes(this.sql, this.projections.find((p) => p.name === name)?.deferredIndexes ?? []);
        this.replaying.delete(name);
      } catch (error) {
        this.logger.warn({ projection: name, error: String(error) }, 'deferred indexes not built after a schema replay; trying again');
      }
    }
  }

  /**
   * Applies one batch. Returns how many events were read, or null when another runner got there first.
   * `isolated`: each apply in a savepoint; a projection that throws is parked instead of failing the batch.
   */
  private async processBatch(isolated: boolean): Promise<number | null> {
    if (this.projections.every((p) => this.parked.has(p.name))) return 0;
    const from = this.position();
    const replay = this.replaying.size > 0;
    const batchSize = replay ? (this.options.replayBatchSize ?? 2000) : (this.options.batchSize ?? 500);
    const batch = await this.read(from, batchSize);
    if (batch.length === 0) return 0;
    const last = batch[batch.length - 1]!.position;
    // A full batch in a replay: the log goes on, and reading it costs this process about as much as
    // writing costs the database, so both run at once.
    if (replay && batch.length === batchSize) {
      const next = this.store.readAll(last, { batchSize }).then((events) => {
        for (const name of this.replaying.keys()) {
          const p = this.projections.find((candidate) => candidate.name === name);
          if (p?.applyBatch) p.prepareBatch?.(events);
        }
        return events;
      });
      // Its failure reaches the batch that awaits it; unused, it is nobody's concern.
      next.catch(() => undefined);
      this.readAhead = { from: last, batch: next };
    }
    const notices: Notice[] = [];
    const reached = new Map(this.checkpoints);
    const newlyParked: ProjectionFailure[] = [];
    const moved = await this.sql.transaction(async (tx) => {
      const { rows } = await tx.query<CheckpointRow & { parked: boolean }>(
        'SELECT name, epoch, transaction_id, global_position, failure IS NOT NULL AS parked FROM read.projection_checkpoints WHERE name = ANY($1) ORDER BY name FOR UPDATE',
        [this.projections.map((p) => p.name)],
        { prepare: true },
      );
      const stored = new Map(rows.map((r) => [r.name, r]));
      for (const p of this.projections) {
        const mine = this.checkpoints.get(p.name) ?? LOG_START;
        const row = stored.get(p.name);
        const theirs = row ? checkpointOf(row) : LOG_START;
        if (isAfter(theirs, mine) || isAfter(mine, theirs) || Boolean(row?.parked) !== this.parked.has(p.name)) return false;
      }
      const working = this.projections.filter((p) => !this.parked.has(p.name));
      const whole = isolated ? null : this.replayingAlone(working, last);
      // The events each settling projection was given, settled once the batch went through.
      const toSettle = new Map<Projection, RecordedEvent[]>();
      if (whole) {
        const since = this.checkpoints.get(whole.name) ?? LOG_START;
        const events = batch.filter((e) => isAfter(e.position, since));
        await applyWhole(whole, tx, events);
        if (whole.settle) toSettle.set(whole, events);
      }
      const settleLater = (p: Projection, events: readonly RecordedEvent[]) => {
        const given = toSettle.get(p);
        if (given) given.push(...events);
        else toSettle.set(p, [...events]);
      };
      for (const [index, event] of (whole ? [] : batch).entries()) {
        for (const p of working) {
          if (!isAfter(event.position, reached.get(p.name) ?? LOG_START)) continue;
          if (newlyParked.some((f) => f.projection === p.name)) continue;
          if (!isolated) {
            const run = p.runs?.joins(event) ? runFrom(batch, index, p.runs) : [event];
            const out =
              run.length > 1
                ? await applyRun(
                    p,
                    tx,
                    run.filter((e) => p.runs!.joins(e)),
                  )
                : await applyOne(p, tx, event);
            if (out && !this.replaying.has(p.name)) notices.push(...out);
            if (p.settle) settleLater(p, run);
            reached.set(p.name, run[run.length - 1]!.position);
            continue;
          }
          await tx.query('SAVEPOINT projection_apply');
          try {
            const out = await p.apply(tx, event);
            await p.settle?.(tx, [event]);
            await tx.query('RELEASE SAVEPOINT projection_apply');
            if (out && !this.replaying.has(p.name)) notices.push(...out);
          } catch (error) {
            // If the rollback itself fails (connection lost), the whole batch fails and is retried.
            await tx.query('ROLLBACK TO SAVEPOINT projection_apply');
            newlyParked.push(failureOf(p, event, error));
            continue;
          }
          reached.set(p.name, event.position);
        }
      }
      for (const [p, events] of toSettle) await settleAll(p, tx, events);
      for (const p of working) {
        if (newlyParked.some((f) => f.projection === p.name)) continue;
        const own = reached.get(p.name) ?? LOG_START;
        reached.set(p.name, isAfter(own, last) ? own : last);
      }
      const names = this.projections.map((p) => p.name);
      const at = names.map((name) => reached.get(name) ?? LOG_START);
      await tx.query(
        `UPDATE read.projection_checkpoints c SET epoch = r.epoch, transaction_id = r.transaction_id, global_position = r.global_position, updated_at = now()
         FROM unnest($1::text[], $2::int[], $3::bigint[], $4::bigint[]) AS r(name, epoch, transaction_id, global_position) WHERE c.name = r.name`,
        [names, at.map((p) => p.epoch), at.map((p) => p.transactionId), at.map((p) => p.globalPosition)],
        { prepare: true },
      );
      for (const failure of newlyParked) {
        await tx.query('UPDATE read.projection_checkpoints SET failure = $2 WHERE name = $1', [
          failure.projection,
          JSON.stringify(failure),
        ]);
      }
      return true;
    }, BATCH_COMMIT);
    if (!moved) {
      await this.loadCheckpoints();
      this.resolveWaiters();
      return null;
    }
    this.checkpoints = reached;
    for (const failure of newlyParked) {
      this.parked.set(failure.projection, failure);
      this.logger.error({ failure }, 'projection parked: it cannot apply an event; the others go on');
    }
    if (notices.length > 0) for (const listener of this.noticeListeners) listener(notices);
    this.resolveWaiters();
    if (notices.length > 0) this.publish(notices);
    return batch.length;
  }

  /** The batch after `from`: the one read ahead if it starts there, else read now. */
  private read(from: LogPosition, batchSize: number): Promise<RecordedEvent[]> {
    const ahead = this.readAhead;
    this.readAhead = null;
    if (ahead && !isAfter(ahead.from, from) && !isAfter(from, ahead.from)) return ahead.batch;
    return this.store.readAll(from, { batchSize });
  }

  /**
   * The projection that may take this batch whole: it replays, offers applyBatch and is the only working
   * one the batch is not behind (the others have passed it, so the order across projections cannot matter).
   */
  private replayingAlone(working: readonly Projection[], last: LogPosition): Projection | null {
    const behind = working.filter((p) => isAfter(last, this.checkpoints.get(p.name) ?? LOG_START));
    const [only] = behind;
    return behind.length === 1 && only!.applyBatch && this.replaying.has(only!.name) ? only! : null;
  }

  /** Notices are hints (notice-bus.ts): the runner never waits for the bus, a slow or absent one costs it nothing. */
  private publish(notices: Notice[]): void {
    void this.bus.publish(notices).catch((err: unknown) => this.logger.warn({ err }, 'publishing notices failed'));
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
    const { rows } = await this.sql.query<CheckpointRow & { failure: ProjectionFailure | string | null }>(
      'SELECT name, epoch, transaction_id, global_position, failure FROM read.projection_checkpoints',
      [],
      { prepare: true },
    );
    this.checkpoints = new Map(rows.map((r) => [r.name, checkpointOf(r)]));
    const mine = new Set(this.projections.map((p) => p.name));
    this.parked = new Map(
      rows
        .filter((r) => r.failure !== null && mine.has(r.name))
        .map((r) => [r.name, typeof r.failure === 'string' ? (JSON.parse(r.failure) as ProjectionFailure) : r.failure!]),
    );
  }
}

interface CheckpointRow {
  name: string;
  epoch: number;
  transaction_id: number;
  global_position: number;
}

function checkpointOf(row: CheckpointRow): LogPosition {
  return { epoch: Number(row.epoch), transactionId: Number(row.transaction_id), globalPosition: Number(row.global_position) };
}

function failureOf(p: Projection, event: RecordedEvent, error: unknown): ProjectionFailure {
  return {
    projection: p.name,
    position: event.position,
    eventType: event.type,
    streamId: event.streamId,
    streamVersion: event.streamVersion,
    error: describe(error),
    failedAt: new Date().toISOString(),
  };
}

/** The message, and for an invalid event which fields failed (the admin needs them to fix it). */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const issues = (error as { issues?: unknown }).issues;
  if (!Array.isArray(issues)) return error.message;
  const fields = issues.map((i: { path?: unknown[]; message?: string }) => `${(i.path ?? []).join('.')}: ${i.message ?? ''}`);
  return `${error.message} (${fields.join('; ')})`;
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

/** The run `runs` takes from `batch[start]`: what it joins or passes, up to the last one it joins. */
function runFrom(batch: readonly RecordedEvent[], start: number, runs: EventRuns): readonly RecordedEvent[] {
  let end = start;
  for (let i = start + 1; i < batch.length; i++) {
    const event = batch[i]!;
    if (runs.joins(event)) end = i;
    else if (!runs.passes(event)) break;
  }
  return batch.slice(start, end + 1);
}

function applyRun(p: Projection, tx: SqlExecutor, events: readonly RecordedEvent[]): Promise<Notice[] | undefined> {
  return withEventRange(p, events, () => p.runs!.apply(tx, events));
}

async function settleAll(p: Projection, tx: SqlExecutor, events: readonly RecordedEvent[]): Promise<void> {
  try {
    await p.settle!(tx, events);
  } catch (error) {
    throw new Error(`Projektion ${p.name} scheiterte beim Abschluss von ${events.length} Ereignissen: ${String(error)}`, { cause: error });
  }
}

function applyWhole(p: Projection, tx: SqlExecutor, events: readonly RecordedEvent[]): Promise<void> {
  return withEventRange(p, events, () => p.applyBatch!(tx, events));
}

/** Runs a write of several events; its failure names the projection and the events' range. */
async function withEventRange<T>(p: Projection, events: readonly RecordedEvent[], write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const [first, last] = [events[0]!, events[events.length - 1]!];
    throw new Error(
      `Projektion ${p.name} scheiterte an ${events.length} Ereignissen (${first.streamId}@${first.streamVersion} bis ${last.streamId}@${last.streamVersion}): ${String(error)}`,
      { cause: error },
    );
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
  // A parked projection (runner.ts): the event it could not apply and the error; NULL while it works.
  await sql.query('ALTER TABLE read.projection_checkpoints ADD COLUMN IF NOT EXISTS failure jsonb');
  // The log's epoch (ADR 0019); checkpoints stored before it are of epoch 0, as are those events.
  await sql.query('ALTER TABLE read.projection_checkpoints ADD COLUMN IF NOT EXISTS epoch integer NOT NULL DEFAULT 0');
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}
