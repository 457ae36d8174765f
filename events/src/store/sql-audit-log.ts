import type { SqlExecutor } from '../sql/client';
import type { EventRegistry } from '../registry';
import { assertSqlIdentifier } from '../sql/identifier';

/** Where a page of the audit log ends: the last row's recorded time (microseconds since 1970) and position. */
export interface AuditLogCursor {
  recordedMicros: string;
  globalPosition: number;
}

export interface AuditLogQuery {
  /** Recorded at or after. */
  from?: Date;
  /** Recorded at or before. */
  to?: Date;
  /** The metadata's user id. */
  userId?: string;
  /** Only these event types (a kind's types, or one type). */
  types?: readonly string[];
  /** Rows strictly older than this one. */
  after?: AuditLogCursor;
  limit: number;
}

/** One row of the global log without its data: who did what to which stream, and when. */
export interface AuditLogRow {
  globalPosition: number;
  streamId: string;
  streamVersion: number;
  type: string;
  userId: string | null;
  commandName: string | null;
  recordedAt: string;
  cursor: AuditLogCursor;
}

interface Row {
  global_position: number;
  stream_id: string;
  stream_version: number;
  type: string;
  user_id: string | null;
  command_name: string | null;
  recorded_at: Date | string;
  recorded_micros: string;
}

const CURSOR = /^(\d{1,20})\.(\d{1,20})$/;

export function encodeAuditCursor(cursor: AuditLogCursor): string {
  return `${cursor.recordedMicros}.${cursor.globalPosition}`;
}

/** null for anything that is not a cursor this module wrote. */
export function decodeAuditCursor(text: string): AuditLogCursor | null {
  const match = CURSOR.exec(text);
  return match ? { recordedMicros: match[1]!, globalPosition: Number(match[2]) } : null;
}

/**
 * A page of the event log, newest first, in (recorded_at, global_position) order: the indexes
 * `events_recorded` and `events_user_recorded` serve the time range, the user and the cursor, so a
 * page costs the same at the log's start and end (keyset paging, no OFFSET). Conditions are added
 * only when given, so each combination gets its own plan. Reads the SQL event table directly:
 * the log of an EventStoreDB is not served.
 */
export async function readAuditLog(sql: SqlExecutor, query: AuditLogQuery, schema = 'es'): Promise<{ rows: AuditLogRow[]; next: AuditLogCursor | null }> {
  const table = `${assertSqlIdentifier(schema, 'schema')}.events`;
  const params: unknown[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const where: string[] = [];
  if (query.from) where.push(`recorded_at >= ${param(query.from.toISOString())}::timestamptz`);
  if (query.to) where.push(`recorded_at <= ${param(query.to.toISOString())}::timestamptz`);
  if (query.userId) where.push(`metadata->>'userId' = ${param(query.userId)}`);
  if (query.types) where.push(`type = ANY(${param(query.types)}::text[])`);
  if (query.after) {
    const micros = param(query.after.recordedMicros);
    where.push(`(recorded_at, global_position) < ('epoch'::timestamptz + ${micros}::bigint * interval '1 microsecond', ${param(query.after.globalPosition)}::bigint)`);
  }
  const { rows } = await sql.query<Row>(
    `SELECT global_position, stream_id, stream_version, type, metadata->>'userId' AS user_id, metadata->>'commandName' AS command_name,
            recorded_at, ((extract(epoch FROM recorded_at) * 1000000)::bigint)::text AS recorded_micros
     FROM ${table}
     ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''}
     ORDER BY recorded_at DESC, global_position DESC
     LIMIT ${param(query.limit + 1)}`,
    params,
  );
  const page = rows.slice(0, query.limit).map(
    (r): AuditLogRow => ({
      globalPosition: Number(r.global_position),
      streamId: r.stream_id,
      streamVersion: r.stream_version,
      type: r.type,
      userId: r.user_id,
      commandName: r.command_name,
      recordedAt: new Date(r.recorded_at).toISOString(),
      cursor: { recordedMicros: r.recorded_micros, globalPosition: Number(r.global_position) },
    }),
  );
  return { rows: page, next: rows.length > query.limit ? page[page.length - 1]!.cursor : null };
}

interface StreamRow {
  global_position: number;
  stream_version: number;
  event_id: string;
  type: string;
  schema_version: number;
  data: unknown;
  metadata: { userId: string | null; commandName?: string };
  recorded_at: Date | string;
}

/** An event of a stream as the audit replays it. */
export interface AuditStreamEvent {
  eventId: string;
  type: string;
  schemaVersion: number;
  data: unknown;
  streamVersion: number;
  recordedAt: string;
  position: { globalPosition: number };
  metadata: { userId: string | null; commandName?: string };
}

/**
 * A stream's events in version order, up to `until` (recorded at or before, to the millisecond as
 * the answers show recorded times) when given. Old schema
 * versions are lifted by the registry's upcasters; current ones are taken as validated at append
 * (`liftStored`), which makes a 1,000-event stream several times cheaper to replay.
 */
export async function readAuditStream(
  sql: SqlExecutor,
  registry: Pick<EventRegistry, 'liftStored'>,
  streamId: string,
  until?: Date,
  schema = 'es',
): Promise<AuditStreamEvent[]> {
  const table = `${assertSqlIdentifier(schema, 'schema')}.events`;
  const { rows } = await sql.query<StreamRow>(
    `SELECT global_position, stream_version, event_id, type, schema_version, data, metadata, recorded_at FROM ${table}
     WHERE stream_id = $1 ${until ? "AND date_trunc('milliseconds', recorded_at) <= $2::timestamptz" : ''} ORDER BY stream_version`,
    until ? [streamId, until.toISOString()] : [streamId],
  );
  return rows.map((row) => {
    const { schemaVersion, data } = registry.liftStored(row.type, row.schema_version, row.data);
    return {
      eventId: row.event_id,
      type: row.type,
      schemaVersion,
      data,
      streamVersion: row.stream_version,
      recordedAt: new Date(row.recorded_at).toISOString(),
      position: { globalPosition: Number(row.global_position) },
      metadata: row.metadata,
    };
  });
}
