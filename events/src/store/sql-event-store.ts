import { randomUUID } from 'node:crypto';
import { type EventMetadata, type LogPosition, type NewEvent, type RecordedEvent } from '../envelope';
import type { EventRegistry } from '../registry';
import type { SqlClient } from '../sql/client';
import { assertSqlIdentifier } from '../sql/identifier';
import { setupUnderLock } from '../sql/setup-lock';
import { EventIdConflictError, IdempotentWriteExistsError, WrongExpectedVersionError } from './errors';
import { AppendSignal } from './append-signal';
import { GroupCommit, type GroupCommitOptions } from './group-commit';
import { LiveTail } from './live-tail';
import type { AppendResult, EventStore, ExpectedVersion, ReadAllOptions, StreamWrite } from './port';
import { prepareWrites } from './prepare-writes';
import { batchSizeOf } from './read-options';
import {
  type AppendRow,
  appendFunctionDdl,
  appendOutcomes,
  appendParams,
  appendStatement,
  dropOldAppendFunctionDdl,
  type PreparedAppend,
} from './sql-append';
import { logHorizonSql } from './sql-horizon';
import { EVENT_ID_CONSTRAINT, eventStoreDdl, IDEMPOTENCY_KEY_CONSTRAINT, notifyChannel, STREAM_VERSION_CONSTRAINT } from './sql-schema';

export interface SqlEventStoreOptions {
  /** Schema of the events table (default 'es'); a plain lower-case identifier. */
  schema?: string;
  /** Safety poll of `subscribe`, for notifications that never arrive (default 250 ms). */
  pollIntervalMs?: number;
  /** Group commit of concurrent appends (see GroupCommit). */
  groupCommit?: GroupCommitOptions;
  /** At most one notification to other processes' subscribers per this many ms (default 10; see AppendSignal). */
  notifyIntervalMs?: number;
}

/** A writer that bypasses the stream locks can still hit a unique index; a fresh attempt sees its rows. */
const MAX_ATTEMPTS = 3;
const COLUMNS = 'global_position, epoch, transaction_id, stream_id, stream_version, event_id, type, schema_version, data, metadata, recorded_at';

interface EventRow {
  global_position: number;
  epoch: number;
  transaction_id: number;
  stream_id: string;
  stream_version: number;
  event_id: string;
  type: string;
  schema_version: number;
  data: unknown;
  metadata: EventMetadata;
  recorded_at: Date | string;
}

/**
 * The event store on PostgreSQL or PGlite (same SQL). An append is one statement, a call of the
 * function `<schema>.append_events` (sql-append.ts) in its own transaction, which
 *
 * 1. locks the streams (advisory transaction locks, in the order of their keys: no deadlocks),
 * 2. reads the streams' current versions and any already stored event ids (a retried command: it
 *    answers with what is stored and writes nothing), checks the expected versions,
 * 3. inserts the events, and commits.
 *
 * Then it wakes this process's subscribers at once and, in a NOTIFY of its own outside the append
 * transaction, shared by the appends of the next few milliseconds, those of other processes (ADR 0017).
 *
 * Concurrent appends of this process go together into one such statement (group commit): each is
 * checked on its own, in arrival order, and answered on its own; they share the round trip and the
 * commit. A statement that fails as a whole (a writer outside the store raced it) is repeated per
 * append, so that the error reaches only the append it belongs to.
 *
 * Why the global log, read in (epoch, transaction_id, global_position) order, never shows a stream's
 * version 2 before its version 1: a transaction gets its xid at its first INSERT (step 3), after it
 * waited for the stream locks and read the versions (steps 1-2). The writer of version 1 held that
 * stream's lock until it committed, and it had its xid already, so version 2's writer, which read
 * version 1 after that commit, gets a larger xid. With an exact expected version the same holds even
 * without the lock: the handler loaded version 1 as committed before its transaction began. Two
 * appends to one stream in the same batch share the xid and are ordered by global_position. The epoch
 * (ADR 0019) only grows: version 2's append sees version 1's epoch and writes that one or the next.
 */
export class SqlEventStore implements EventStore {
  private readonly schema: string;
  private readonly table: string;
  private readonly channel: string;
  private readonly pollIntervalMs: number;
  private readonly tails = new Map<LiveTail, () => Promise<void>>();
  private readonly appends: GroupCommit<PreparedAppend, AppendResult>;
  private readonly appendSql: string;
  private readonly signal: AppendSignal;
  /** This store's NOTIFY payload: its own notifications need not wake its subscribers a second time. */
  private readonly origin = randomUUID();

  constructor(
    private readonly sql: SqlClient,
    private readonly registry: EventRegistry,
    options: SqlEventStoreOptions = {},
  ) {
    this.schema = assertSqlIdentifier(options.schema ?? 'es', 'schema');
    this.table = `${this.schema}.events`;
    this.channel = assertSqlIdentifier(notifyChannel(this.schema), 'channel');
    this.pollIntervalMs = options.pollIntervalMs ?? 250;
    this.appendSql = appendStatement(this.schema);
    this.appends = new GroupCommit((batch) => this.appendBatch(batch), options.groupCommit);
    this.signal = new AppendSignal(
      () => this.sql.query('SELECT pg_notify($1, $2)', [this.channel, this.origin], { prepare: true }),
      options.notifyIntervalMs,
    );
  }

  /** Creates schema, table, indexes and the append function if missing; safe when several processes start at once. */
  async migrate(): Promise<void> {
    await setupUnderLock(this.sql, `${this.table}.migrate`, async (tx) => {
      for (const statement of [...eventStoreDdl(this.schema), dropOldAppendFunctionDdl(this.schema), appendFunctionDdl(this.schema)]) {
        await tx.query(statement);
      }
    });
  }

  append(streamId: string, expectedVersion: ExpectedVersion, events: NewEvent[]): Promise<AppendResult> {
    return this.appendMany([{ streamId, expectedVersion, events }]);
  }

  appendMany(writes: StreamWrite[]): Promise<AppendResult> {
    try {
      return this.appends.submit(prepareWrites(this.registry, writes));
    } catch (error) {
      return Promise.reject(error);
    }
  }

  async readStream(streamId: string, options: { fromVersion?: number } = {}): Promise<RecordedEvent[]> {
    const { rows } = await this.sql.query<EventRow>(
      `SELECT ${COLUMNS} FROM ${this.table} WHERE stream_id = $1 AND stream_version >= $2 ORDER BY stream_version`,
      [streamId, options.fromVersion ?? 1],
      { prepare: true },
    );
    return rows.map((row) => this.toRecorded(row));
  }

  async findIdempotentWrite(idempotencyKey: string): Promise<LogPosition | null> {
    const { rows } = await this.sql.query<{ epoch: number; transaction_id: number; global_position: number }>(
      `SELECT epoch, transaction_id, global_position FROM ${this.table} WHERE metadata ? 'idempotencyKey' AND metadata->>'idempotencyKey' = $1`,
      [idempotencyKey],
      { prepare: true },
    );
    const row = rows[0];
    return row ? { epoch: Number(row.epoch), transactionId: Number(row.transaction_id), globalPosition: Number(row.global_position) } : null;
  }

  /**
   * Only settled rows are returned, those before the log's horizon (sql-horizon.ts: in the current epoch,
   * of transactions older than every write transaction of this database still running): a later commit
   * can then never land before the reader's checkpoint. The same statement tells whether committed rows
   * wait behind that horizon; then subscribers are woken again shortly, since the open transaction that
   * holds them back may not notify when it ends (it may write no events).
   */
  async readAll(after: LogPosition, options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const { rows } = await this.sql.query<{ waiting: boolean } & Partial<EventRow>>(
      `WITH horizon AS MATERIALIZED (${logHorizonSql(this.table)}),
       waiting AS MATERIALIZED (
         SELECT h.epoch, h.xid, EXISTS (SELECT 1 FROM ${this.table} w WHERE (w.epoch, w.transaction_id) >= (h.epoch, h.xid)) AS waiting
         FROM horizon h
       )
       SELECT h.waiting, e.*
       FROM waiting h
       LEFT JOIN LATERAL (
         SELECT ${COLUMNS} FROM ${this.table}
         WHERE (epoch, transaction_id, global_position) > ($1::int, $2::text::xid8, $3::bigint) AND (epoch, transaction_id) < (h.epoch, h.xid)
         ORDER BY epoch, transaction_id, global_position
         LIMIT $4
       ) e ON true
       ORDER BY e.epoch, e.transaction_id, e.global_position`,
      [after.epoch, String(after.transactionId), after.globalPosition, batchSizeOf(options)],
      { prepare: true },
    );
    const waiting = rows[0]?.waiting === true;
    for (const tail of this.tails.keys()) {
      if (waiting) tail.retrySoon();
      else tail.settled();
    }
    return rows.filter((row): row is EventRow & { waiting: boolean } => row.global_position != null).map((row) => this.toRecorded(row, true));
  }

  /**
   * Calls `onAppend` (coalesced) after every committed append of any process, on the safety poll, and again within
   * milliseconds while a `readAll` found committed events held back by an open transaction. A consumer
   * answers every call with `readAll` from its checkpoint and should read once itself after subscribing.
   */
  async subscribe(onAppend: () => void): Promise<() => Promise<void>> {
    const tail = new LiveTail(onAppend, this.pollIntervalMs);
    let unlisten: () => Promise<void>;
    try {
      unlisten = await this.sql.listen(this.channel, (payload) => {
        if (payload !== this.origin) tail.trigger();
      });
    } catch (error) {
      tail.stop();
      throw error;
    }
    this.tails.set(tail, unlisten);
    return () => this.unsubscribe(tail);
  }

  /** Ends the subscriptions; the SqlClient belongs to the caller and stays open. */
  async close(): Promise<void> {
    this.signal.stop();
    await Promise.all([...this.tails.keys()].map((tail) => this.unsubscribe(tail)));
  }

  private async unsubscribe(tail: LiveTail): Promise<void> {
    const unlisten = this.tails.get(tail);
    if (!unlisten) return;
    this.tails.delete(tail);
    tail.stop();
    await unlisten();
  }

  /** One statement for the whole batch; when it fails as a whole, each append alone, still in arrival order. */
  private async appendBatch(batch: PreparedAppend[]): Promise<PromiseSettledResult<AppendResult>[]> {
    const outcomes = await this.runBatch(batch);
    if (outcomes.some((o) => o.status === 'fulfilled')) this.appended();
    return outcomes;
  }

  private async runBatch(batch: PreparedAppend[]): Promise<PromiseSettledResult<AppendResult>[]> {
    if (batch.length > 1) {
      try {
        return await this.runAppends(batch);
      } catch {
        // Falls through to one at a time.
      }
    }
    const outcomes: PromiseSettledResult<AppendResult>[] = [];
    for (const append of batch) outcomes.push(await settle(this.appendAlone(append)));
    return outcomes;
  }

  /** Committed: this process's subscribers are woken directly, the others by the shared NOTIFY. */
  private appended(): void {
    for (const tail of this.tails.keys()) tail.trigger();
    this.signal.appended();
  }

  private async appendAlone(append: PreparedAppend): Promise<AppendResult> {
    for (let attempt = 1; ; attempt++) {
      try {
        const [outcome] = await this.runAppends([append]);
        if (outcome!.status === 'rejected') throw outcome!.reason;
        return outcome!.value;
      } catch (error) {
        const constraint = uniqueViolation(error);
        if (!constraint) throw error;
        // Another attempt of the same keyed request committed: repeating cannot change that.
        if (attempt < MAX_ATTEMPTS && constraint !== IDEMPOTENCY_KEY_CONSTRAINT) continue;
        throw conflictError(constraint, error, append);
      }
    }
  }

  private async runAppends(batch: PreparedAppend[]): Promise<PromiseSettledResult<AppendResult>[]> {
    const { rows } = await this.sql.query<AppendRow>(this.appendSql, appendParams(batch), { prepare: true });
    return appendOutcomes(batch, rows);
  }

  /** `deferInvalid`: the global log's readers get an invalid event whose data throws on use (registry.upcastOrDefer). */
  private toRecorded(row: EventRow, deferInvalid = false): RecordedEvent {
    const { schemaVersion, data } = deferInvalid
      ? this.registry.upcastOrDefer(row.type, row.schema_version, row.data)
      : this.registry.upcast(row.type, row.schema_version, row.data);
    return {
      eventId: row.event_id,
      type: row.type,
      schemaVersion,
      data,
      metadata: row.metadata,
      streamId: row.stream_id,
      streamVersion: row.stream_version,
      position: { epoch: row.epoch, transactionId: row.transaction_id, globalPosition: row.global_position },
      recordedAt: new Date(row.recorded_at).toISOString(),
    };
  }
}

function settle<T>(promise: Promise<T>): Promise<PromiseSettledResult<T>> {
  return promise.then(
    (value) => ({ status: 'fulfilled', value }),
    (reason: unknown) => ({ status: 'rejected', reason }),
  );
}

function uniqueViolation(error: unknown): string | undefined {
  const e = error as { code?: unknown; constraint?: unknown } | null;
  return e?.code === '23505' && typeof e.constraint === 'string' ? e.constraint : undefined;
}

function conflictError(constraint: string, error: unknown, writes: StreamWrite[]): unknown {
  const detail = String((error as { detail?: unknown }).detail ?? '');
  if (constraint === STREAM_VERSION_CONSTRAINT) {
    const write = writes.find((w) => detail.includes(`(${w.streamId},`)) ?? writes[0]!;
    return new WrongExpectedVersionError(write.streamId, write.expectedVersion, null);
  }
  if (constraint === IDEMPOTENCY_KEY_CONSTRAINT) {
    const key = writes.flatMap((w) => w.events).find((e) => e.metadata.idempotencyKey !== undefined)?.metadata.idempotencyKey;
    return new IdempotentWriteExistsError(key ?? '');
  }
  if (constraint === EVENT_ID_CONSTRAINT) {
    return new EventIdConflictError(writes.flatMap((w) => w.events.map((e) => e.eventId)).filter((id) => detail.includes(id)));
  }
  return error;
}
