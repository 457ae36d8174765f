import { LOG_START, type RecordedEvent } from '@dispo/events/envelope';
import type { SqlExecutor } from '@dispo/events/sql/client';
import type { EventStore } from '@dispo/events/store/port';

/** Every event of the log, whatever its length, in log order. */
export async function readLog(store: EventStore): Promise<RecordedEvent[]> {
  const out: RecordedEvent[] = [];
  let after = LOG_START;
  for (;;) {
    const batch = await store.readAll(after, { batchSize: 1000 });
    const last = batch[batch.length - 1];
    if (!last) return out;
    out.push(...batch);
    after = last.position;
  }
}

/**
 * The whole log once every event committed so far is readable. `readAll` holds back what committed
 * behind an older write transaction still open in the same database (ADR 0001; until ADR 0019
 * anywhere on the server): a test that reads right after writing waits until it reads as many events
 * as the table counts.
 */
export async function readCommittedLog(store: EventStore, sql: SqlExecutor, timeoutMs = 60_000): Promise<RecordedEvent[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await sql.query<{ n: number }>('SELECT count(*)::int AS n FROM es.events');
    const log = await readLog(store);
    if (log.length >= Number(rows[0]?.n ?? 0) || Date.now() > deadline) return log;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
