import { eventMetadataSchema } from '../envelope';
import type { EventRegistry } from '../registry';
import { EventIdConflictError, InvalidEventError, WrongExpectedVersionError } from './errors';
import type { StreamWrite } from './port';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Checks a write before any adapter touches its database: every event passes its schema (the parsed
 * data is what gets stored), metadata is complete, ids are UUIDs (stored lower-case, as PostgreSQL
 * prints them) and unique, and no stream appears twice.
 */
export function prepareWrites(registry: EventRegistry, writes: StreamWrite[]): StreamWrite[] {
  const streams = new Set<string>();
  const ids = new Set<string>();
  return writes.map((write) => {
    if (streams.has(write.streamId)) throw new Error(`Stream ${write.streamId} appears twice in one append`);
    streams.add(write.streamId);
    const { expectedVersion } = write;
    if (typeof expectedVersion === 'number' && !(Number.isInteger(expectedVersion) && expectedVersion >= 0)) {
      throw new Error(`Stream ${write.streamId}: expected version must be an integer >= 0, got ${expectedVersion}`);
    }
    const events = write.events.map((event) => {
      if (!UUID.test(event.eventId)) throw new InvalidEventError(event.type, `eventId ${event.eventId} is not a UUID`);
      const eventId = event.eventId.toLowerCase();
      if (ids.has(eventId)) throw new EventIdConflictError([eventId]);
      ids.add(eventId);
      const metadata = eventMetadataSchema.safeParse(event.metadata);
      if (!metadata.success) throw new InvalidEventError(event.type, metadata.error.issues);
      const data = registry.validateForAppend(event.type, event.schemaVersion, event.data);
      return { ...event, eventId, data, metadata: metadata.data };
    });
    return { ...write, events };
  });
}

/** `current` is the stream's last version, 0 when it has no events. */
export function checkExpectedVersion(write: StreamWrite, current: number): void {
  const expected = write.expectedVersion;
  const ok = expected === 'any' || (expected === 'no_stream' ? current === 0 : current === expected);
  if (!ok) throw new WrongExpectedVersionError(write.streamId, expected, current === 0 ? null : current);
}
