import {
  type AllStreamSubscription,
  type AppendExpectedRevision,
  ANY,
  BACKWARDS,
  END,
  EventStoreDBClient,
  WrongExpectedVersionError as EsdbWrongExpectedVersionError,
  excludeSystemEvents,
  FORWARDS,
  type JSONType,
  jsonEvent,
  NO_STREAM,
  type Position,
  type ReadPosition,
  type RecordedEvent as EsdbRecordedEvent,
  START,
  StreamNotFoundError,
} from '@eventstore/db-client';
import { type EventMetadata, isAfter, LOG_START, type LogPosition, type NewEvent, type RecordedEvent } from '../envelope';
import type { EventRegistry } from '../registry';
import { PartialAppendError, WrongExpectedVersionError } from './errors';
import { LiveTail } from './live-tail';
import type { AppendResult, EventStore, ExpectedVersion, ReadAllOptions, StreamWrite } from './port';
import { checkExpectedVersion, prepareWrites } from './prepare-writes';
import { batchSizeOf } from './read-options';

export interface EsdbEventStoreOptions {
  /** Safety poll of `subscribe` besides the live subscription (default 250 ms). */
  pollIntervalMs?: number;
}

const RESUBSCRIBE_DELAY_MS = 1000;

/** Our metadata plus the schema version, which EventStoreDB has no field for. */
type StoredMetadata = EventMetadata & { schemaVersion: number };

/**
 * The event store on EventStoreDB. Our stream versions are 1-based, ESDB revisions 0-based
 * (version = revision + 1). A LogPosition holds the $all position: transactionId = commit position,
 * globalPosition = prepare position; $all is ordered by (commit, prepare) like our SQL log, and an
 * event is only visible in $all once committed, so readers skip nothing.
 *
 * Limits, honestly: EventStoreDB has no transaction across streams, so `appendMany` is not atomic
 * here (see there). Idempotency by event id is the server's own: a retry with the same ids and the
 * same expected version is answered as success without writing; partly repeated ids are not detected.
 */
export class EsdbEventStore implements EventStore {
  private readonly client: EventStoreDBClient;
  private readonly pollIntervalMs: number;
  private readonly stops = new Set<() => Promise<void>>();

  constructor(
    connectionString: string,
    private readonly registry: EventRegistry,
    options: EsdbEventStoreOptions = {},
  ) {
    this.client = EventStoreDBClient.connectionString(connectionString);
    this.pollIntervalMs = options.pollIntervalMs ?? 250;
  }

  append(streamId: string, expectedVersion: ExpectedVersion, events: NewEvent[]): Promise<AppendResult> {
    return this.appendMany([{ streamId, expectedVersion, events }]);
  }

  /**
   * Not atomic: the streams are written one after another. To make a failure before any write the
   * usual case, every exact or 'no_stream' expectation is checked first; a conflict between that check
   * and the write, or a failure after the first stream, raises PartialAppendError naming the streams
   * already written. Retrying the command with the same event ids then completes it (the written
   * streams answer idempotently, the rest is appended).
   */
  async appendMany(writes: StreamWrite[]): Promise<AppendResult> {
    const prepared = prepareWrites(this.registry, writes);
    if (prepared.length > 1) {
      for (const write of prepared) {
        if (write.expectedVersion !== 'any') checkExpectedVersion(write, await this.lastVersion(write.streamId));
      }
    }
    const streams: AppendResult['streams'] = [];
    let position = LOG_START;
    for (const write of prepared) {
      try {
        const result = await this.appendOne(write);
        streams.push({ streamId: write.streamId, version: result.version });
        if (isAfter(result.position, position)) position = result.position;
      } catch (error) {
        if (streams.length === 0) throw error;
        throw new PartialAppendError(
          streams.map((s) => s.streamId),
          write.streamId,
          error,
        );
      }
    }
    return { streams, position };
  }

  async readStream(streamId: string, options: { fromVersion?: number } = {}): Promise<RecordedEvent[]> {
    const fromRevision = BigInt(Math.max((options.fromVersion ?? 1) - 1, 0));
    const events: RecordedEvent[] = [];
    try {
      for await (const resolved of this.client.readStream(streamId, { fromRevision, direction: FORWARDS })) {
        if (resolved.event) events.push(this.toRecorded(resolved.event, toLogPosition(resolved.event.position)));
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return events;
  }

  async readAll(after: LogPosition, options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const batchSize = batchSizeOf(options);
    const fromPosition: ReadPosition =
      after.transactionId === 0 && after.globalPosition === 0
        ? START
        : { commit: BigInt(after.transactionId), prepare: BigInt(after.globalPosition) };
    const events: RecordedEvent[] = [];
    // Reading from a position includes the event at it; system events ($...) are no part of our log.
    for await (const resolved of this.client.readAll({ fromPosition, direction: FORWARDS })) {
      const event = resolved.event;
      if (!event || event.type.startsWith('$') || event.streamId.startsWith('$')) continue;
      const position = toLogPosition(event.position);
      if (!isAfter(position, after)) continue;
      events.push(this.toRecorded(event, position));
      if (events.length >= batchSize) break;
    }
    return events;
  }

  async subscribe(onAppend: () => void): Promise<() => Promise<void>> {
    const tail = new LiveTail(onAppend, this.pollIntervalMs);
    let subscription: AllStreamSubscription | undefined;
    let retry: NodeJS.Timeout | undefined;
    let stopped = false;
    const start = () => {
      subscription = this.client.subscribeToAll({ fromPosition: END, filter: excludeSystemEvents() });
      subscription.on('data', () => tail.trigger());
      // A dropped subscription is renewed; the safety poll covers the gap.
      subscription.on('error', () => {
        if (stopped || retry) return;
        retry = setTimeout(() => {
          retry = undefined;
          if (!stopped) start();
        }, RESUBSCRIBE_DELAY_MS);
        retry.unref();
      });
    };
    start();
    const stop = async () => {
      stopped = true;
      this.stops.delete(stop);
      clearTimeout(retry);
      tail.stop();
      await subscription?.unsubscribe();
    };
    this.stops.add(stop);
    return stop;
  }

  async close(): Promise<void> {
    await Promise.all([...this.stops].map((stop) => stop()));
    await this.client.dispose();
  }

  private async appendOne(write: StreamWrite): Promise<{ version: number; position: LogPosition }> {
    const events = write.events.map((event) => {
      const metadata: StoredMetadata = { ...event.metadata, schemaVersion: event.schemaVersion };
      return jsonEvent({ id: event.eventId, type: event.type, data: event.data as JSONType, metadata });
    });
    try {
      const result = await this.client.appendToStream(write.streamId, events, { expectedRevision: toRevision(write.expectedVersion) });
      return { version: Number(result.nextExpectedRevision) + 1, position: result.position ? toLogPosition(result.position) : LOG_START };
    } catch (error) {
      if (error instanceof EsdbWrongExpectedVersionError) {
        const actual = typeof error.actualVersion === 'bigint' ? Number(error.actualVersion) + 1 : null;
        throw new WrongExpectedVersionError(write.streamId, write.expectedVersion, actual);
      }
      throw error;
    }
  }

  private async lastVersion(streamId: string): Promise<number> {
    try {
      for await (const resolved of this.client.readStream(streamId, { fromRevision: END, direction: BACKWARDS, maxCount: 1 })) {
        if (resolved.event) return Number(resolved.event.revision) + 1;
      }
    } catch (error) {
      if (!(error instanceof StreamNotFoundError)) throw error;
    }
    return 0;
  }

  private toRecorded(event: EsdbRecordedEvent, position: LogPosition): RecordedEvent {
    const { schemaVersion: storedVersion, ...metadata } = event.metadata as StoredMetadata;
    const { schemaVersion, data } = this.registry.upcast(event.type, storedVersion, event.data);
    return {
      eventId: event.id,
      type: event.type,
      schemaVersion,
      data,
      metadata,
      streamId: event.streamId,
      streamVersion: Number(event.revision) + 1,
      position,
      recordedAt: event.created.toISOString(),
    };
  }
}

function toRevision(expected: ExpectedVersion): AppendExpectedRevision {
  if (expected === 'any') return ANY;
  if (expected === 'no_stream' || expected === 0) return NO_STREAM;
  return BigInt(expected - 1);
}

function toLogPosition(position: Position | undefined): LogPosition {
  return position ? { epoch: 0, transactionId: Number(position.commit), globalPosition: Number(position.prepare) } : LOG_START;
}
