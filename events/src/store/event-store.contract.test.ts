import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { type EventMetadata, isAfter, LOG_START, type LogPosition, type NewEvent, type RecordedEvent } from '../envelope';
import { defineEvent, EventRegistry } from '../registry';
import { type EventStoreHarness, reachableEventStoreAdapters } from '../testing/event-store-adapters';
import { followLog } from '../testing/follow-log';
import { EventIdConflictError, InvalidEventError, WrongExpectedVersionError } from './errors';
import type { EventStore } from './port';

const noted = defineEvent({ type: 'TestNoted', schemaVersion: 1, schema: z.object({ n: z.number().int() }) });
const newRegistry = () => new EventRegistry([noted]);

const metadata = (): EventMetadata => ({
  userId: 'user-1',
  correlationId: randomUUID(),
  causationId: null,
  occurredAt: new Date().toISOString(),
  commandName: 'TestCommand',
});
const event = (n: number, eventId: string = randomUUID()): NewEvent => ({
  eventId,
  type: 'TestNoted',
  schemaVersion: 1,
  data: { n },
  metadata: metadata(),
});
const newStream = (kind: string) => `${kind}-${randomUUID()}`;
const numbers = (events: RecordedEvent[]) => events.map((e) => (e.data as { n: number }).n);

/** Reads the global log from `after` to its current end, the way a projection runner does. */
async function drain(store: EventStore, after: LogPosition, batchSize = 100): Promise<{ events: RecordedEvent[]; position: LogPosition }> {
  const events: RecordedEvent[] = [];
  let position = after;
  for (;;) {
    const batch = await store.readAll(position, { batchSize });
    if (batch.length === 0) return { events, position };
    events.push(...batch);
    position = batch.at(-1)!.position;
  }
}

/** Open transactions (also other sessions' on a shared PostgreSQL server) may hold the readable end back for a moment. */
const LOG_SETTLES = { timeout: 10_000, interval: 10 };

/** The global log after `after` once it holds `count` events. */
async function logOf(
  store: EventStore,
  after: LogPosition,
  count: number,
  batchSize?: number,
): Promise<{ events: RecordedEvent[]; position: LogPosition }> {
  let log = { events: [] as RecordedEvent[], position: after };
  await vi.waitFor(async () => {
    log = await drain(store, after, batchSize);
    expect(log.events).toHaveLength(count);
  }, LOG_SETTLES);
  return log;
}

const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (error: unknown) => error,
  );

for (const adapter of reachableEventStoreAdapters()) {
  describe(`event store contract: ${adapter.name}`, () => {
    let harness: EventStoreHarness;
    let store: EventStore;
    /** End of the global log before each test (EventStoreDB shares one log between tests). */
    let start: LogPosition;

    beforeAll(async () => {
      harness = await adapter.start();
    });
    afterAll(() => harness?.dispose());
    beforeEach(async () => {
      ({ store } = await harness.freshStore(newRegistry()));
      start = (await drain(store, LOG_START, 1000)).position;
    });

    it('appends to a stream and reads it back in version order, also from a version on', async () => {
      const s = newStream('order');
      const first = await store.append(s, 'no_stream', [event(1), event(2)]);
      const second = await store.append(s, 2, [event(3)]);

      expect(first.streams).toEqual([{ streamId: s, version: 2 }]);
      expect(second.streams).toEqual([{ streamId: s, version: 3 }]);
      expect(isAfter(second.position, first.position)).toBe(true);
      const events = await store.readStream(s);
      expect(events.map((e) => e.streamVersion)).toEqual([1, 2, 3]);
      expect(numbers(events)).toEqual([1, 2, 3]);
      expect(events[0]).toMatchObject({
        streamId: s,
        type: 'TestNoted',
        schemaVersion: 1,
        metadata: { userId: 'user-1', commandName: 'TestCommand' },
      });
      expect(Number.isNaN(Date.parse(events[0]!.recordedAt))).toBe(false);
      expect(events.at(-1)!.position).toEqual(second.position);
      expect(numbers(await store.readStream(s, { fromVersion: 2 }))).toEqual([2, 3]);
      expect(await store.readStream(newStream('missing'))).toEqual([]);
    });

    it("'no_stream' appends only to a stream without events", async () => {
      const s = newStream('order-number');
      await store.append(s, 'no_stream', [event(1)]);

      const error = await rejection(store.append(s, 'no_stream', [event(2)]));

      expect(error).toBeInstanceOf(WrongExpectedVersionError);
      expect(error).toMatchObject({ streamId: s, expected: 'no_stream', actual: 1 });
      expect(numbers(await store.readStream(s))).toEqual([1]);
    });

    it('an exact expected version must equal the last version of the stream', async () => {
      const s = newStream('tour');
      await store.append(s, 'no_stream', [event(1), event(2)]);

      await expect(store.append(s, 1, [event(3)])).rejects.toMatchObject({
        name: 'WrongExpectedVersionError',
        streamId: s,
        expected: 1,
        actual: 2,
      });
      await expect(store.append(newStream('tour'), 3, [event(1)])).rejects.toBeInstanceOf(WrongExpectedVersionError);
      const ok = await store.append(s, 2, [event(3)]);

      expect(ok.streams[0]!.version).toBe(3);
      expect(numbers(await store.readStream(s))).toEqual([1, 2, 3]);
    });

    it("'any' creates a stream or appends after its last version, without gaps under concurrency", async () => {
      const s = newStream('dispo-day');
      const results = await Promise.all(Array.from({ length: 12 }, (_, i) => store.append(s, 'any', [event(i)])));

      expect(results.map((r) => r.streams[0]!.version).sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
      expect((await store.readStream(s)).map((e) => e.streamVersion)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    });

    it('of concurrent appends with the same expected version exactly one wins, the others conflict', async () => {
      const s = newStream('vehicle');
      await store.append(s, 'no_stream', [event(0)]);

      const outcomes = await Promise.allSettled(Array.from({ length: 6 }, (_, i) => store.append(s, 1, [event(i + 1)])));

      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
      for (const o of outcomes) if (o.status === 'rejected') expect(o.reason).toBeInstanceOf(WrongExpectedVersionError);
      expect(await store.readStream(s)).toHaveLength(2);
    });

    it('a multi-stream append writes every stream or, when one conflicts, none', async () => {
      const order = newStream('order');
      const tour = newStream('tour');
      await store.append(tour, 'no_stream', [event(1)]);

      const conflict = await rejection(
        store.appendMany([
          { streamId: order, expectedVersion: 'no_stream', events: [event(10)] },
          { streamId: tour, expectedVersion: 'no_stream', events: [event(11)] },
        ]),
      );
      expect(conflict).toBeInstanceOf(WrongExpectedVersionError);
      expect(conflict).toMatchObject({ streamId: tour });
      expect(await store.readStream(order)).toEqual([]);
      expect(numbers((await logOf(store, start, 1)).events)).toEqual([1]);

      const ok = await store.appendMany([
        { streamId: order, expectedVersion: 'no_stream', events: [event(10), event(12)] },
        { streamId: tour, expectedVersion: 1, events: [event(11)] },
      ]);
      expect(ok.streams).toEqual([
        { streamId: order, version: 2 },
        { streamId: tour, version: 2 },
      ]);
      expect(numbers(await store.readStream(order))).toEqual([10, 12]);
      expect(numbers(await store.readStream(tour))).toEqual([1, 11]);
    });

    it('a retried append with the same event ids writes nothing twice and answers as before', async () => {
      const order = newStream('order');
      const tour = newStream('tour');
      const single = [event(1), event(2)];
      const first = await store.append(order, 'no_stream', single);
      const many = [
        { streamId: order, expectedVersion: 2, events: [event(3)] },
        { streamId: tour, expectedVersion: 'no_stream' as const, events: [event(4)] },
      ];
      const firstMany = await store.appendMany(many);

      // Upper-case spelling of the same UUIDs: still the same events.
      const again = await store.append(
        order,
        'no_stream',
        single.map((e) => ({ ...e, eventId: e.eventId.toUpperCase() })),
      );
      const againMany = await store.appendMany(many);

      expect(again.streams).toEqual(first.streams);
      expect(againMany.streams).toEqual(firstMany.streams);
      if (adapter.transactional) {
        expect(again.position).toEqual(first.position);
        expect(againMany.position).toEqual(firstMany.position);
      }
      expect(numbers(await store.readStream(order))).toEqual([1, 2, 3]);
      expect(numbers(await store.readStream(tour))).toEqual([4]);
      expect((await logOf(store, start, 4)).events).toHaveLength(4);
    });

    // EventStoreDB only answers exact repetitions idempotently; partly repeated ids are not detected there.
    it.runIf(adapter.transactional)('event ids that partly repeat an earlier write, or sit in another stream, are refused', async () => {
      const s = newStream('order');
      const [e1, e2] = [event(1), event(2)];
      await store.append(s, 'no_stream', [e1, e2]);

      await expect(store.append(s, 2, [e2, event(3)])).rejects.toBeInstanceOf(EventIdConflictError);
      await expect(store.append(newStream('order'), 'no_stream', [e1])).rejects.toBeInstanceOf(EventIdConflictError);
      expect(numbers(await store.readStream(s))).toEqual([1, 2]);
    });

    it('rejects invalid events before writing anything', async () => {
      const order = newStream('order');
      const tour = newStream('tour');
      const invalid: NewEvent[] = [
        { ...event(1), data: { n: 'eins' } },
        { ...event(1), type: 'NoSuchEvent' },
        { ...event(1), schemaVersion: 2 },
        { ...event(1), eventId: 'not-a-uuid' },
        { ...event(1), metadata: { userId: 'u' } as EventMetadata },
      ];
      for (const bad of invalid) {
        await expect(store.append(order, 'any', [event(0), bad])).rejects.toBeInstanceOf(InvalidEventError);
      }
      await expect(
        store.appendMany([
          { streamId: tour, expectedVersion: 'no_stream', events: [event(2)] },
          { streamId: order, expectedVersion: 'no_stream', events: [invalid[0]!] },
        ]),
      ).rejects.toBeInstanceOf(InvalidEventError);

      expect(await store.readStream(order)).toEqual([]);
      expect(await store.readStream(tour)).toEqual([]);
      expect((await drain(store, start)).events).toEqual([]);
    });

    it('reads the global log in batches strictly after a position', async () => {
      const streams = [newStream('order'), newStream('tour'), newStream('vehicle')];
      for (let n = 1; n <= 9; n++) await store.append(streams[n % 3]!, 'any', [event(n)]);

      const { events, position } = await logOf(store, start, 9, 4);
      expect(numbers(events)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
      for (let i = 1; i < events.length; i++) expect(isAfter(events[i]!.position, events[i - 1]!.position)).toBe(true);
      expect(await store.readAll(start, { batchSize: 4 })).toHaveLength(4);
      expect(numbers(await store.readAll(events[6]!.position))).toEqual([8, 9]);
      expect(await store.readAll(position)).toEqual([]);
      await expect(store.readAll(start, { batchSize: 0 })).rejects.toThrow(/batchSize/);
    });

    it('shows every stream in version order in the global log, under concurrent multi-stream writers', async () => {
      const [a, b, c] = [newStream('order'), newStream('tour'), newStream('vehicle')];
      const pairs: [string, string][] = [
        [a, b],
        [b, a],
        [b, c],
        [c, a],
      ];
      // Opposite lock orders on purpose: the store must neither deadlock nor interleave versions.
      await Promise.all(
        Array.from({ length: 24 }, (_, i) => {
          const [x, y] = pairs[i % pairs.length]!;
          return store.appendMany([
            { streamId: x, expectedVersion: 'any', events: [event(i), event(i)] },
            { streamId: y, expectedVersion: 'any', events: [event(i)] },
          ]);
        }),
      );

      const { events } = await logOf(store, start, 72, 7);
      for (const s of [a, b, c]) {
        const versions = events.filter((e) => e.streamId === s).map((e) => e.streamVersion);
        expect(versions).toEqual(Array.from({ length: versions.length }, (_, i) => i + 1));
        expect(versions).toEqual((await store.readStream(s)).map((e) => e.streamVersion));
      }
      expect(events).toHaveLength(72);
    });

    it('calls a subscriber within 100 ms of an append', async () => {
      // A long safety poll, so only the live notification can be this fast.
      const { store: live } = await harness.freshStore(newRegistry(), { pollIntervalMs: 60_000 });
      let woken: () => void = () => {};
      const unsubscribe = await live.subscribe(() => woken());
      const appendAndWait = async (s: string) => {
        const wakeUp = new Promise<void>((resolve) => {
          woken = resolve;
        });
        const started = performance.now();
        await live.append(s, 'any', [event(1)]);
        await wakeUp;
        return performance.now() - started;
      };
      await appendAndWait(newStream('warm-up'));

      const latencies: number[] = [];
      for (let i = 0; i < 5; i++) latencies.push(await appendAndWait(newStream('order')));

      await unsubscribe();
      expect(Math.max(...latencies)).toBeLessThan(100);
    });

    it('stops calling a subscriber after unsubscribe', async () => {
      const calls = vi.fn();
      const unsubscribe = await store.subscribe(calls);
      await store.append(newStream('order'), 'no_stream', [event(1)]);
      await vi.waitFor(() => expect(calls).toHaveBeenCalled(), { timeout: 1000 });

      await unsubscribe();
      calls.mockClear();
      await store.append(newStream('order'), 'no_stream', [event(2)]);
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(calls).not.toHaveBeenCalled();
    });

    // Needs two SQL transactions open at once: PostgreSQL only. PGlite has a single connection (a
    // second transaction waits until the first has ended, so none can commit "past" another), and
    // EventStoreDB has no client transactions that a reader could overtake.
    it.runIf(adapter.name === 'postgres')(
      'delivers an event whose transaction commits after a later position became visible (two real transactions)',
      async () => {
        const { store: log, schema } = await harness.freshStore(newRegistry(), { pollIntervalMs: 60_000 });
        const sql = harness.sql!;
        await log.append(newStream('before'), 'no_stream', [event(0)]);

        // A consumer like the projection runner: on every wake-up it reads on from its checkpoint.
        const { seen, wake } = followLog(log);
        const unsubscribe = await log.subscribe(wake);
        wake();
        await vi.waitFor(() => expect(numbers(seen)).toEqual([0]), LOG_SETTLES);

        // Transaction A inserts an event (plain SQL, so that it can stay open) and does not commit yet.
        const late = newStream('late');
        let inserted: () => void = () => {};
        let release: () => void = () => {};
        const insertedSignal = new Promise<void>((resolve) => {
          inserted = resolve;
        });
        const releaseSignal = new Promise<void>((resolve) => {
          release = resolve;
        });
        const transactionA = sql.transaction(async (tx) => {
          await tx.query(
            `INSERT INTO ${schema}.events (stream_id, stream_version, event_id, type, schema_version, data, metadata)
             VALUES ($1, 1, $2, 'TestNoted', 1, $3::text::jsonb, $4::text::jsonb)`,
            [late, randomUUID(), JSON.stringify({ n: 1 }), JSON.stringify(metadata())],
          );
          inserted();
          await releaseSignal;
        });
        await insertedSignal;

        // Transaction B appends and commits while A is still open: its position is later than A's.
        const early = newStream('early');
        const b = await log.append(early, 'no_stream', [event(2)]);
        await new Promise((resolve) => setTimeout(resolve, 100));
        expect(numbers(seen)).toEqual([0]);
        expect(await log.readAll(seen.at(-1)!.position)).toEqual([]);

        release();
        await transactionA;
        // The safety poll is off: A's commit notification (or the store's retry while B waits) wakes the consumer.
        await vi.waitFor(() => expect(seen).toHaveLength(3), LOG_SETTLES);

        await unsubscribe();
        const [a, delivered] = [seen[1]!, seen[2]!];
        expect([a.streamId, delivered.streamId]).toEqual([late, early]);
        // A row-number reader (global_position only) would have passed A's row when it saw B first.
        expect(a.position.globalPosition).toBeLessThan(b.position.globalPosition);
        expect(a.position.transactionId).toBeLessThan(b.position.transactionId);
      },
    );
  });
}
