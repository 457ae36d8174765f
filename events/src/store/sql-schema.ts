/** Named so that unique violations can be told apart (see SqlEventStore.appendMany). */
export const STREAM_VERSION_CONSTRAINT = 'events_stream_version_key';
export const EVENT_ID_CONSTRAINT = 'events_event_id_key';
export const IDEMPOTENCY_KEY_CONSTRAINT = 'events_idempotency_key';

/** LISTEN channel of the log in `schema`. */
export function notifyChannel(schema: string): string {
  return `${schema}_events`;
}

/** The event table of ARCHITECTURE.md ("The event store"); `schema` is an already validated identifier. */
export function eventStoreDdl(schema: string): string[] {
  return [
    `CREATE SCHEMA IF NOT EXISTS ${schema}`,
    `CREATE TABLE IF NOT EXISTS ${schema}.events (
      global_position bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
      stream_id text NOT NULL,
      stream_version integer NOT NULL CHECK (stream_version > 0),
      event_id uuid NOT NULL,
      type text NOT NULL,
      schema_version integer NOT NULL,
      data jsonb NOT NULL,
      metadata jsonb NOT NULL,
      recorded_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT ${STREAM_VERSION_CONSTRAINT} UNIQUE (stream_id, stream_version),
      CONSTRAINT ${EVENT_ID_CONSTRAINT} UNIQUE (event_id)
    )`,
    // The cluster the event was written in, counted from 0 (ADR 0019): a restore into a new cluster
    // starts the transaction ids anew, the append function then opens the next epoch. Existing rows
    // are of epoch 0, as are the checkpoints stored before the column existed.
    `ALTER TABLE ${schema}.events ADD COLUMN IF NOT EXISTS epoch integer NOT NULL DEFAULT 0`,
    // The global-log reader's order, its "anything committed behind the horizon?" probe and the
    // append function's look at the log's tip; it replaces the index without the epoch.
    `CREATE INDEX IF NOT EXISTS events_epoch_order ON ${schema}.events (epoch, transaction_id, global_position)`,
    `DROP INDEX IF EXISTS ${schema}.events_log_order`,
    // The audit log (issue 18): newest first by recorded time, alone, for one user or one event type, paged by cursor.
    `CREATE INDEX IF NOT EXISTS events_recorded ON ${schema}.events (recorded_at, global_position)`,
    `CREATE INDEX IF NOT EXISTS events_user_recorded ON ${schema}.events ((metadata->>'userId'), recorded_at, global_position)`,
    `CREATE INDEX IF NOT EXISTS events_type_recorded ON ${schema}.events (type, recorded_at, global_position)`,
    // A keyed request's write (ADR 0021): found by its key, and committed at most once. Partial: the
    // appends without a key (workers, seed) pay nothing for it.
    `CREATE UNIQUE INDEX IF NOT EXISTS ${IDEMPOTENCY_KEY_CONSTRAINT} ON ${schema}.events ((metadata->>'idempotencyKey')) WHERE metadata ? 'idempotencyKey'`,
    // Until ADR 0017 a statement trigger notified inside every append transaction; PostgreSQL
    // serialises the commits of notifying transactions, so the store now notifies after its commits.
    `DROP TRIGGER IF EXISTS notify_appended ON ${schema}.events`,
    `DROP FUNCTION IF EXISTS ${schema}.notify_appended()`,
  ];
}
