import { type EventMetadata, isAfter, LOG_START, type LogPosition, type NewEvent, type RecordedEvent } from '../envelope';
import type { EventRegistry } from '../registry';
import type { SqlClient, SqlExecutor } from '../sql/client';
import { assertSqlIdentifier } from '../sql/identifier';
import { EventIdConflictError, WrongExpectedVersionError } from './errors';
import { LiveTail } from './live-tail';
import type { AppendResult, EventStore, ExpectedVersion, ReadAllOptions, StreamWrite } from './port';
import { checkExpectedVersion, prepareWrites } from './prepare-writes';
import { batchSizeOf } from './read-options';
import { EVENT_ID_CONSTRAINT, eventStoreDdl, notifyChannel, STREAM_VERSION_CONSTRAINT } from './sql-schema';

export interface SqlEventStoreOptions {
  /** Schema of the events table (default 'es'); a plain lower-case identifier. */
  schema?: string;
  /** Safety poll of `subscribe`, for notifications that never arrive (default 250 ms). */
  pollIntervalMs?: number;
}

/** A writer that bypasses the stream lock can still hit a unique index; a fresh attempt sees its rows. */
const MAX_ATTEMPTS = 3;
const COLUMNS = 'global_position, transaction_id, stream_id, stream_version, event_id, type, schema_version, data, metadata, recorded_at';

interface EventRow {
  global_position: number;
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

interface WrittenRow {
  event_id: string;
  stream_id: string;
  stream_version: number;
  transaction_id: number;
  global_position: number;
}

/**
 * The event store on PostgreSQL or PGlite (same SQL). Appends run in one transaction per call:
 *
 * 1. lock every stream of the call (advisory transaction locks, in sorted order: no deadlocks),
 * 2. read the streams' current versions and any already stored event ids of the call (a retried
 *    command: answer with what is stored, write nothing), then check the expected versions,
 * 3. insert all events (a statement trigger queues pg_notify for the commit), COMMIT.
 *
 * Why the global log, read in (transaction_id, global_position) order, never shows a stream's
 * version 2 before its version 1: a transaction gets its xid at its first INSERT (step 3), after it
 * waited for the stream locks and read the versions (steps 1-2). The writer of version 1 held that
 * stream's lock until it committed, and it had its xid already, so version 2's writer, which read
 * version 1 after that commit, gets a larger xid. With an exact expected version the same holds even
 * without the lock: the handler loaded version 1 as committed before its transaction began.
 */
export class SqlEventStore implements EventStore {
  private readonly schema: string;
  private readonly table: string;
  private readonly channel: string;
  private readonly pollIntervalMs: number;
  private readonly tails = new Map<LiveTail, () => Promise<void>>();

  constructor(
    private readonly sql: SqlClient,
    private readonly registry: EventRegistry,
    options: SqlEventStoreOptions = {},
  ) {
    this.schema = assertSqlIdentifier(options.schema ?? 'es', 'schema');
    this.table = `${this.schema}.events`;
    this.channel = assertSqlIdentifier(notifyChannel(this.schema), 'channel');
    this.pollIntervalMs = options.pollIntervalMs ?? 250;
  }

  /** Creates schema, table and indexes if missing; safe when several processes start at once. */
  async migrate(): Promise<void> {
    await this.sql.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`${this.table}.migrate`]);
      for (const statement of eventStoreDdl(this.schema)) await tx.query(statement);
    });
  }

  append(streamId: string, expectedVersion: ExpectedVersion, events: NewEvent[]): Promise<AppendResult> {
    return this.appendMany([{ streamId, expectedVersion, events }]);
  }

  async appendMany(writes: StreamWrite[]): Promise<AppendResult> {
    const prepared = prepareWrites(this.registry, writes);
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.sql.transaction((tx) => this.write(tx, prepared));
      } catch (error) {
        const constraint = uniqueViolation(error);
        if (!constraint) throw error;
        if (attempt < MAX_ATTEMPTS) continue;
        throw conflictError(constraint, error, prepared);
      }
    }
  }

  async readStream(streamId: string, options: { fromVersion?: number } = {}): Promise<RecordedEvent[]> {
    const { rows } = await this.sql.query<EventRow>(
      `SELECT ${COLUMNS} FROM ${this.table} WHERE stream_id = $1 AND stream_version >= $2 ORDER BY stream_version`,
      [streamId, options.fromVersion ?? 1],
    );
    return rows.map((row) => this.toRecorded(row));
  }

  /**
   * Only rows of transactions older than every still running one (xid below the snapshot's xmin) are
   * returned: a later commit can then never land before the reader's checkpoint. The same statement
   * tells whether committed rows wait behind that horizon; then subscribers are woken again shortly,
   * since the open transaction that holds them back may not notify when it ends (it may write no events).
   */
  async readAll(after: LogPosition, options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const { rows } = await this.sql.query<{ waiting: boolean } & Partial<EventRow>>(
      `WITH horizon AS MATERIALIZED (
         SELECT s.xmin, EXISTS (SELECT 1 FROM ${this.table} WHERE transaction_id >= s.xmin) AS waiting
         FROM (SELECT pg_snapshot_xmin(pg_current_snapshot()) AS xmin) s
       )
       SELECT h.waiting, e.*
       FROM horizon h
       LEFT JOIN LATERAL (
         SELECT ${COLUMNS} FROM ${this.table}
         WHERE (transaction_id, global_position) > ($1::text::xid8, $2::bigint) AND transaction_id < h.xmin
         ORDER BY transaction_id, global_position
         LIMIT $3
       ) e ON true
       ORDER BY e.transaction_id, e.global_position`,
      [String(after.transactionId), after.globalPosition, batchSizeOf(options)],
    );
    const waiting = rows[0]?.waiting === true;
    for (const tail of this.tails.keys()) {
      if (waiting) tail.retrySoon();
      else tail.settled();
    }
    return rows.filter((row): row is EventRow & { waiting: boolean } => row.global_position != null).map((row) => this.toRecorded(row));
  }

  /**
   * Calls `onAppend` (coalesced) after every committed append, on the safety poll, and again within
   * milliseconds while a `readAll` found committed events held back by an open transaction. A consumer
   * answers every call with `readAll` from its checkpoint and should read once itself after subscribing.
   */
  async subscribe(onAppend: () => void): Promise<() => Promise<void>> {
    const tail = new LiveTail(onAppend, this.pollIntervalMs);
    let unlisten: () => Promise<void>;
    try {
      unlisten = await this.sql.listen(this.channel, () => tail.trigger());
    } catch (error) {
      tail.stop();
      throw error;
    }
    this.tails.set(tail, unlisten);
    return () => this.unsubscribe(tail);
  }

  /** Ends the subscriptions; the SqlClient belongs to the caller and stays open. */
  async close(): Promise<void> {
    await Promise.all([...this.tails.keys()].map((tail) => this.unsubscribe(tail)));
  }

  private async unsubscribe(tail: LiveTail): Promise<void> {
    const unlisten = this.tails.get(tail);
    if (!unlisten) return;
    this.tails.delete(tail);
    tail.stop();
    await unlisten();
  }

  private async write(tx: SqlExecutor, writes: StreamWrite[]): Promise<AppendResult> {
    for (const streamId of writes.map((w) => w.streamId).sort()) {
      await tx.query('SELECT pg_advisory_xact_lock(hashtext($1), hashtext($2))', [this.table, streamId]);
    }
    const { versions, existing } = await this.currentState(tx, writes);
    if (existing.length > 0) return retriedResult(writes, existing, versions);
    for (const write of writes) checkExpectedVersion(write, versions.get(write.streamId) ?? 0);

    const rows = writes.flatMap((write) =>
      write.events.map((event, i) => ({
        stream_id: write.streamId,
        stream_version: (versions.get(write.streamId) ?? 0) + i + 1,
        event_id: event.eventId,
        type: event.type,
        schema_version: event.schemaVersion,
        data: event.data,
        metadata: event.metadata,
      })),
    );
    if (rows.length === 0) return resultOf(writes, versions, []);
    const inserted = await tx.query<WrittenRow>(
      `INSERT INTO ${this.table} (stream_id, stream_version, event_id, type, schema_version, data, metadata)
       SELECT e.stream_id, e.stream_version, e.event_id, e.type, e.schema_version, e.data, e.metadata
       FROM jsonb_to_recordset($1::text::jsonb)
         AS e(ord int, stream_id text, stream_version int, event_id uuid, type text, schema_version int, data jsonb, metadata jsonb)
       ORDER BY e.ord
       RETURNING event_id::text, stream_id, stream_version, transaction_id, global_position`,
      // ord keeps the callers' order in global_position (row order of INSERT ... SELECT ... ORDER BY).
      [JSON.stringify(rows.map((row, ord) => ({ ord, ...row })))],
    );
    return resultOf(writes, versions, inserted.rows);
  }

  /** The streams' last versions (0: no events) and the rows of event ids of this call that are already stored. */
  private async currentState(tx: SqlExecutor, writes: StreamWrite[]): Promise<{ versions: Map<string, number>; existing: WrittenRow[] }> {
    const { rows } = await tx.query<Omit<WrittenRow, 'event_id'> & { event_id: string | null }>(
      `SELECT NULL::text AS event_id, s.stream_id,
              COALESCE((SELECT max(stream_version) FROM ${this.table} WHERE stream_id = s.stream_id), 0) AS stream_version,
              NULL::xid8 AS transaction_id, NULL::bigint AS global_position
       FROM jsonb_array_elements_text($1::text::jsonb) AS s(stream_id)
       UNION ALL
       SELECT event_id::text, stream_id, stream_version, transaction_id, global_position FROM ${this.table}
       WHERE event_id IN (SELECT jsonb_array_elements_text($2::text::jsonb)::uuid)`,
      [JSON.stringify(writes.map((w) => w.streamId)), JSON.stringify(writes.flatMap((w) => w.events.map((e) => e.eventId)))],
    );
    const versions = new Map<string, number>();
    const existing: WrittenRow[] = [];
    for (const row of rows) {
      if (row.event_id === null) versions.set(row.stream_id, row.stream_version);
      else existing.push({ ...row, event_id: row.event_id });
    }
    return { versions, existing };
  }

  private toRecorded(row: EventRow): RecordedEvent {
    const { schemaVersion, data } = this.registry.upcast(row.type, row.schema_version, row.data);
    return {
      eventId: row.event_id,
      type: row.type,
      schemaVersion,
      data,
      metadata: row.metadata,
      streamId: row.stream_id,
      streamVersion: row.stream_version,
      position: { transactionId: row.transaction_id, globalPosition: row.global_position },
      recordedAt: new Date(row.recorded_at).toISOString(),
    };
  }
}

/** A retried command: every event id is stored, each in the stream it is written to now. */
function retriedResult(writes: StreamWrite[], existing: WrittenRow[], versions: Map<string, number>): AppendResult {
  const stored = new Map(existing.map((row) => [row.event_id, row]));
  const retried = writes.every((w) => w.events.every((e) => stored.get(e.eventId)?.stream_id === w.streamId));
  if (!retried) throw new EventIdConflictError(existing.map((row) => row.event_id));
  return resultOf(writes, versions, existing);
}

function resultOf(writes: StreamWrite[], versions: Map<string, number>, rows: WrittenRow[]): AppendResult {
  const byId = new Map(rows.map((row) => [row.event_id, row]));
  const streams = writes.map((w) => {
    const last = w.events.at(-1);
    return { streamId: w.streamId, version: last ? byId.get(last.eventId)!.stream_version : (versions.get(w.streamId) ?? 0) };
  });
  let position = LOG_START;
  for (const row of rows) {
    const candidate = { transactionId: row.transaction_id, globalPosition: row.global_position };
    if (isAfter(candidate, position)) position = candidate;
  }
  return { streams, position };
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
  if (constraint === EVENT_ID_CONSTRAINT) {
    return new EventIdConflictError(writes.flatMap((w) => w.events.map((e) => e.eventId)).filter((id) => detail.includes(id)));
  }
  return error;
}
