import { isAfter, LOG_START } from '../envelope';
import { EventIdConflictError, WrongExpectedVersionError } from './errors';
import type { AppendResult, ExpectedVersion, StreamWrite } from './port';

/** One `appendMany` call, already through `prepareWrites`. */
export type PreparedAppend = StreamWrite[];

/**
 * What the append function returns:
 * - for an append that conflicts: one `conflict` row, the write whose expected version did not hold
 *   (`stream_version`: the stream's actual version); the append wrote nothing,
 * - for a retried append (some of its event ids are stored already): a `retried` row per write with
 *   its stream's version, and a `stored` row per event id found; it wrote nothing,
 * - for an accepted append: a `written` row per event, and a `version` row per write without events
 *   and without an expected version (the version it checked; for the others it is the expected one).
 * Write rows name their append (`append_no`); event rows are known by their event id.
 */
export interface AppendRow {
  append_no: number | null;
  outcome: 'version' | 'conflict' | 'retried' | 'written' | 'stored';
  stream_id: string;
  event_id: string | null;
  stream_version: number;
  epoch: number | null;
  transaction_id: number | null;
  global_position: number | null;
}

/** An event row as the result functions read it. */
interface WrittenRow {
  event_id: string;
  stream_id: string;
  stream_version: number;
  epoch: number;
  transaction_id: number;
  global_position: number;
}

/**
 * `<schema>.append_events`: any number of appends in one statement, each checked and written as if
 * alone, one after another, all committed together. Streams are locked first, in the order of their
 * lock keys, so that concurrent batches never deadlock: exclusively where the batch writes events,
 * shared where it only checks a version. Then the streams' versions and the already stored event
 * ids of the batch are read (one snapshot per statement in a plpgsql function, taken after the locks),
 * the appends are decided in order (a later append sees the versions an earlier one left), and one
 * INSERT writes every accepted event. The transaction takes its id at that INSERT, after its version
 * checks (see SqlEventStore for why the log order depends on it).
 *
 * The epoch (ADR 0019): the log's tip, its last event by (epoch, transaction_id), has a transaction id
 * at or above the xmax of a snapshot that sees it only if another cluster wrote it: every id this
 * cluster gave out and committed is below. Then this cluster starts the ids anew (a restore from a
 * dump), and the append opens the next epoch, so that its events sort after all restored ones. The
 * INSERT decides on its own snapshot, and its transaction id is given out after that snapshot, so it
 * is above every id of the epoch that snapshot shows. Every append holds the epoch lock, shared; one
 * that found a foreign tip holds it exclusively: it waits for the appends under way and keeps new ones
 * out until it committed, after which they see its epoch. So once an event of a new epoch is visible,
 * no event of an older one can still commit, which the reader's horizon relies on (SqlEventStore.readAll).
 *
 * Parameters: per write (in order, grouped by append) its stream, append number, expected version
 * (NULL: any, 0: no stream) and event count; the events as JSON, each naming its write (1-based) and
 * its place in it.
 */
export function appendFunctionDdl(schema: string): string {
  return `CREATE OR REPLACE FUNCTION ${schema}.append_events(streams text[], appends int[], expected int[], counts int[], events jsonb)
RETURNS TABLE (append_no int, outcome text, stream_id text, event_id uuid, stream_version int, epoch int, transaction_id xid8, global_position bigint)
-- Generic plans from the first call: custom plans (the first five calls on each connection, and later
-- ones where the estimates favour them) planned every statement anew, a tenth of the database's CPU
-- per append in perf; the generic plans are the same index probes.
SET plan_cache_mode = force_generic_plan
LANGUAGE plpgsql AS $fn$
#variable_conflict use_column
DECLARE
  stream_lock record;
  slots int[];    -- per write: the place of its stream in current
  current int[];  -- per distinct stream: its version, as the appends decided so far leave it
  retried int[];
  base int[];     -- per write of an accepted append: the stream's version before it
  n int := coalesce(array_length(streams, 1), 0);
  i int := 1;
  j int;
  k int;
  accepted boolean;
  is_retried boolean;
  inserting boolean := false;
BEGIN
  -- The epoch lock (above): exclusive when the log's tip was written by another cluster.
  PERFORM CASE WHEN (SELECT e.transaction_id >= pg_snapshot_xmax(pg_current_snapshot())
                     FROM ${schema}.events e ORDER BY e.epoch DESC, e.transaction_id DESC LIMIT 1)
    THEN pg_advisory_xact_lock(hashtext('${schema}.events.epoch'), 0)
    ELSE pg_advisory_xact_lock_shared(hashtext('${schema}.events.epoch'), 0) END;

  FOR stream_lock IN
    SELECT hashtext(s) AS key, bool_or(c > 0) AS exclusive FROM unnest(streams, counts) AS t(s, c) GROUP BY 1 ORDER BY 1
  LOOP
    IF stream_lock.exclusive THEN PERFORM pg_advisory_xact_lock(hashtext('${schema}.events'), stream_lock.key);
    ELSE PERFORM pg_advisory_xact_lock_shared(hashtext('${schema}.events'), stream_lock.key);
    END IF;
  END LOOP;

  SELECT array_agg(x.slot ORDER BY x.k) INTO slots
  FROM (SELECT u.k, dense_rank() OVER (ORDER BY u.s) AS slot FROM unnest(streams) WITH ORDINALITY AS u(s, k)) x;
  SELECT array_agg(coalesce((SELECT max(e.stream_version) FROM ${schema}.events e WHERE e.stream_id = d.s), 0) ORDER BY d.s) INTO current
  FROM (SELECT DISTINCT u.s FROM unnest(streams) AS u(s)) d;

  -- LATERAL ... LIMIT 1: one index probe per event id; a semi-join could hash the whole log.
  SELECT array_agg(DISTINCT appends[ev.w]) INTO retried
  FROM jsonb_to_recordset(events) AS ev(w int, id uuid)
  CROSS JOIN LATERAL (SELECT 1 FROM ${schema}.events e WHERE e.event_id = ev.id LIMIT 1) stored;
  IF retried IS NOT NULL THEN
    RETURN QUERY
    SELECT NULL::int, 'stored'::text, e.stream_id, e.event_id, e.stream_version, e.epoch, e.transaction_id, e.global_position
    FROM jsonb_to_recordset(events) AS ev(id uuid)
    CROSS JOIN LATERAL (SELECT * FROM ${schema}.events x WHERE x.event_id = ev.id LIMIT 1) e;
  END IF;

  base := array_fill(NULL::int, ARRAY[n]);
  event_id := NULL; epoch := NULL; transaction_id := NULL; global_position := NULL;
  WHILE i <= n LOOP
    j := i;
    WHILE j < n AND appends[j + 1] = appends[i] LOOP j := j + 1; END LOOP;
    append_no := appends[i];
    is_retried := retried IS NOT NULL AND appends[i] = ANY (retried);
    accepted := NOT is_retried;
    FOR k IN i..j LOOP
      stream_id := streams[k]; stream_version := current[slots[k]];
      IF is_retried THEN
        outcome := 'retried'; RETURN NEXT;
      ELSIF expected[k] IS NOT NULL AND expected[k] <> stream_version THEN
        outcome := 'conflict'; RETURN NEXT;
        accepted := false;
        EXIT;
      END IF;
    END LOOP;
    IF accepted THEN
      FOR k IN i..j LOOP
        base[k] := current[slots[k]];
        current[slots[k]] := base[k] + counts[k];
        IF counts[k] > 0 THEN
          inserting := true;
        ELSIF expected[k] IS NULL THEN
          outcome := 'version'; stream_id := streams[k]; stream_version := base[k]; RETURN NEXT;
        END IF;
      END LOOP;
    END IF;
    i := j + 1;
  END LOOP;

  IF inserting THEN
    RETURN QUERY
    INSERT INTO ${schema}.events AS e (epoch, stream_id, stream_version, event_id, type, schema_version, data, metadata)
    SELECT log.epoch, streams[ev.w], base[ev.w] + ev.i, ev.id, ev.t, ev.v, ev.d, ev.m
    FROM jsonb_to_recordset(events) AS ev(w int, i int, id uuid, t text, v int, d jsonb, m jsonb)
    CROSS JOIN (SELECT coalesce((
      SELECT CASE WHEN t.transaction_id >= pg_snapshot_xmax(pg_current_snapshot()) THEN t.epoch + 1 ELSE t.epoch END
      FROM ${schema}.events t ORDER BY t.epoch DESC, t.transaction_id DESC LIMIT 1), 0) AS epoch) log
    WHERE base[ev.w] IS NOT NULL
    ORDER BY ev.w, ev.i
    RETURNING NULL::int, 'written'::text, e.stream_id, e.event_id, e.stream_version, e.epoch, e.transaction_id, e.global_position;
  END IF;
END $fn$`;
}

/**
 * Until ADR 0019 the function returned no epoch; a function's result type cannot be replaced, so the
 * old one is dropped first (once: the same statement finds nothing to drop afterwards).
 */
export function dropOldAppendFunctionDdl(schema: string): string {
  return `DO $do$ BEGIN
  IF EXISTS (SELECT 1 FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
             WHERE n.nspname = '${schema}' AND p.proname = 'append_events' AND NOT ('epoch' = ANY (p.proargnames))) THEN
    DROP FUNCTION ${schema}.append_events(text[], int[], int[], int[], jsonb);
  END IF;
END $do$`;
}

export function appendStatement(schema: string): string {
  return `SELECT * FROM ${schema}.append_events($1::text[], $2::int[], $3::int[], $4::int[], $5::text::jsonb)`;
}

/** The function's parameters for `appends`, numbered by their index. */
export function appendParams(appends: readonly PreparedAppend[]): unknown[] {
  const streams: string[] = [];
  const owners: number[] = [];
  const expected: (number | null)[] = [];
  const counts: number[] = [];
  const events: unknown[] = [];
  appends.forEach((writes, appendNo) => {
    for (const write of writes) {
      streams.push(write.streamId);
      owners.push(appendNo);
      expected.push(expectedNumber(write.expectedVersion));
      counts.push(write.events.length);
      const w = streams.length;
      write.events.forEach((e, i) => events.push({ w, i: i + 1, id: e.eventId, t: e.type, v: e.schemaVersion, d: e.data, m: e.metadata }));
    }
  });
  return [streams, owners, expected, counts, JSON.stringify(events)];
}

/** Each append's answer, from the function's rows: its result, or the error it raises. */
export function appendOutcomes(appends: readonly PreparedAppend[], rows: readonly AppendRow[]): PromiseSettledResult<AppendResult>[] {
  const ownerOf = new Map<string, number>();
  appends.forEach((writes, appendNo) => {
    for (const write of writes) for (const event of write.events) ownerOf.set(event.eventId, appendNo);
  });
  const perAppend = appends.map(() => ({ writes: [] as AppendRow[], events: [] as WrittenRow[] }));
  for (const row of rows) {
    if (row.event_id === null) perAppend[row.append_no!]!.writes.push(row);
    else perAppend[ownerOf.get(row.event_id)!]!.events.push(row as WrittenRow);
  }
  return appends.map((writes, appendNo) => {
    try {
      return { status: 'fulfilled', value: outcomeOf(writes, perAppend[appendNo]!.writes, perAppend[appendNo]!.events) };
    } catch (reason) {
      return { status: 'rejected', reason };
    }
  });
}

function outcomeOf(writes: PreparedAppend, writeRows: AppendRow[], eventRows: WrittenRow[]): AppendResult {
  const versions = new Map(writeRows.map((row) => [row.stream_id, row.stream_version]));
  const conflict = writeRows.find((row) => row.outcome === 'conflict');
  if (conflict) {
    const write = writes.find((w) => w.streamId === conflict.stream_id)!;
    throw new WrongExpectedVersionError(
      write.streamId,
      write.expectedVersion,
      conflict.stream_version === 0 ? null : conflict.stream_version,
    );
  }
  if (writeRows.some((row) => row.outcome === 'retried')) return retriedResult(writes, eventRows, versions);
  // An accepted write without events is at its expected version; the function reports only those without one.
  for (const write of writes) if (!versions.has(write.streamId)) versions.set(write.streamId, expectedNumber(write.expectedVersion) ?? 0);
  return resultOf(writes, versions, eventRows);
}

/** NULL: any version; 0: no stream yet (the same check as an exact 0). */
function expectedNumber(expected: ExpectedVersion): number | null {
  return expected === 'any' ? null : expected === 'no_stream' ? 0 : expected;
}

/** A retried command: every event id is stored, each in the stream it is written to now. */
function retriedResult(writes: PreparedAppend, stored: WrittenRow[], versions: Map<string, number>): AppendResult {
  const byId = new Map(stored.map((row) => [row.event_id, row]));
  const retried = writes.every((w) => w.events.every((e) => byId.get(e.eventId)?.stream_id === w.streamId));
  if (!retried) throw new EventIdConflictError(stored.map((row) => row.event_id));
  return resultOf(writes, versions, stored);
}

function resultOf(writes: PreparedAppend, versions: Map<string, number>, rows: WrittenRow[]): AppendResult {
  const byId = new Map(rows.map((row) => [row.event_id, row]));
  const streams = writes.map((w) => {
    const last = w.events.at(-1);
    return { streamId: w.streamId, version: last ? byId.get(last.eventId)!.stream_version : (versions.get(w.streamId) ?? 0) };
  });
  let position = LOG_START;
  for (const row of rows) {
    const candidate = { epoch: row.epoch, transactionId: row.transaction_id, globalPosition: row.global_position };
    if (isAfter(candidate, position)) position = candidate;
  }
  return { streams, position };
}
