import { LOG_START, type RecordedEvent } from '@dispo/events/envelope';
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
