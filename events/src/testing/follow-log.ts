import { LOG_START, type LogPosition, type RecordedEvent } from '../envelope';
import type { EventStore } from '../store/port';

/**
 * A minimal global-log consumer, as the projection runner behaves: every `wake` reads on from the
 * checkpoint until an empty batch; a wake during a read makes it read once more instead of overlapping.
 */
export function followLog(store: EventStore, from: LogPosition = LOG_START) {
  const seen: RecordedEvent[] = [];
  let checkpoint = from;
  let reading = false;
  let again = false;
  const read = async () => {
    if (reading) {
      again = true;
      return;
    }
    reading = true;
    try {
      do {
        again = false;
        for (let batch = await store.readAll(checkpoint); batch.length > 0; batch = await store.readAll(checkpoint)) {
          seen.push(...batch);
          checkpoint = batch.at(-1)!.position;
        }
      } while (again);
    } finally {
      reading = false;
    }
  };
  return { seen, wake: () => void read() };
}
