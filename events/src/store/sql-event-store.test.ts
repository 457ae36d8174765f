import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { NewEvent } from '../envelope';
import { defineEvent, EventRegistry } from '../registry';
import { followLog } from '../testing/follow-log';
import { createTestSql, type TestSql } from '../testing/test-database';
import { EventIdConflictError, IdempotentWriteExistsError, WrongExpectedVersionError } from './errors';
import type { SqlClient } from '../sql/client';
import { SqlEventStore } from './sql-event-store';

const registry = new EventRegistry([defineEvent({ type: 'TestNoted', schemaVersion: 1, schema: z.object({ n: z.number() }) })]);
const event = (n: number): NewEvent => ({
  eventId: randomUUID(),
  type: 'TestNoted',
  schemaVersion: 1,
  data: { n },
  metadata: { userId: null, correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString() },
});

describe('SqlEventStore specifics', () => {
  let db: TestSql;

  beforeAll(async () => {
    db = await createTestSql();
  });
  afterAll(() => db?.dispose());

  it('creates the events table of ARCHITECTURE.md, also when several processes migrate at once', async () => {
    const store = new SqlEventStore(db.sql, registry, { schema: 'es_migrate' });
    await Promise.all([store.migrate(), store.migrate(), store.migrate()]);
    await store.migrate();

    const { rows } = await db.sql.query<{ column_name: string; data_type: string; is_nullable: string }>(
      `SELECT column_name, data_type, is_nullable FROM information_schema.columns
       WHERE table_schema = 'es_migrate' AND table_name = 'events' ORDER BY ordinal_position`,
    );
    expect(rows.map((r) => [r.column_name, r.data_type])).toEqual([
      ['global_position', 'bigint'],
      ['transaction_id', 'xid8'],
      ['stream_id', 'text'],
      ['stream_version', 'integer'],
      ['event_id', 'uuid'],
      ['type', 'text'],
      ['schema_version', 'integer'],
      ['data', 'jsonb'],
      ['metadata', 'jsonb'],
      ['recorded_at', 'timestamp with time zone'],
      ['epoch', 'integer'],
    ]);
    expect(rows.every((r) => r.is_nullable === 'NO')).toBe(true);
  });

  it('accepts only plain lower-case schema names', () => {
    for (const schema of ['Es', 'es; DROP TABLE x', '1es', 'es-1', 'a'.repeat(60)]) {
      expect(() => new SqlEventStore(db.sql, registry, { schema })).toThrow(/Invalid (schema|channel) name/);
    }
  });

  it('treats a write without events as a check of the expected version', async () => {
    const store = new SqlEventStore(db.sql, registry, { schema: 'es_empty' });
    await store.migrate();
    const order = `order-${randomUUID()}`;
    const tour = `tour-${randomUUID()}`;
    await store.append(tour, 'no_stream', [event(1)]);

    await expect(
      store.appendMany([
        { streamId: order, expectedVersion: 'no_stream', events: [event(2)] },
        { streamId: tour, expectedVersion: 0, events: [] },
      ]),
    ).rejects.toBeInstanceOf(WrongExpectedVersionError);
    const ok = await store.appendMany([
      { streamId: order, expectedVersion: 'no_stream', events: [event(2)] },
      { streamId: tour, expectedVersion: 1, events: [] },
    ]);

    expect(ok.streams).toEqual([
      { streamId: order, version: 1 },
      { streamId: tour, version: 1 },
    ]);
    expect(await store.readStream(tour)).toHaveLength(1);
  });

  // Needs a second transaction open at the same time: PostgreSQL only.
  it.runIf(process.env.DATABASE_URL)('wakes subscribers again while events wait behind a transaction that appends nothing', async () => {
    const store = new SqlEventStore(db.sql, registry, { schema: 'es_horizon', pollIntervalMs: 60_000 });
    await store.migrate();
    const { seen, wake } = followLog(store);
    const unsubscribe = await store.subscribe(wake);
    // An unrelated transaction with an xid (say a read-model update) holds the horizon back; its
    // commit sends no notification.
    let started: () => void = () => {};
    const startedSignal = new Promise<void>((resolve) => {
      started = resolve;
    });
    const blocker = db.sql.transaction(async (tx) => {
      await tx.query('SELECT pg_current_xact_id()');
      started();
      await new Promise((resolve) => setTimeout(resolve, 150));
    });
    await startedSignal;
    await store.append(`order-${randomUUID()}`, 'no_stream', [event(1)]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seen).toEqual([]);

    await blocker;
    // No notification comes and the safety poll is off: only the store's retry (every <= 50 ms while
    // events wait behind the horizon) can wake the consumer. Other sessions on a shared server may hold
    // the horizon back longer, hence the generous timeout rather than a latency bound.
    await vi.waitFor(() => expect(seen).toHaveLength(1), { timeout: 10_000, interval: 5 });
    await unsubscribe();
  });

  describe('waking the subscribers of other processes (ADR 0017)', () => {
    it('notifies outside the append transactions: the events table has no trigger', async () => {
      const store = new SqlEventStore(db.sql, registry, { schema: 'es_wake_table' });
      await store.migrate();
      const { rows } = await db.sql.query<{ tgname: string }>(
        `SELECT tgname FROM pg_trigger WHERE tgrelid = 'es_wake_table.events'::regclass AND NOT tgisinternal`,
      );
      expect(rows).toEqual([]);
    });

    it("wakes another store's subscriber (another process) within the notify interval, the safety poll off", async () => {
      const writer = new SqlEventStore(db.sql, registry, { schema: 'es_wake', pollIntervalMs: 60_000 });
      const reader = new SqlEventStore(db.sql, registry, { schema: 'es_wake', pollIntervalMs: 60_000 });
      await writer.migrate();
      const { seen, wake } = followLog(reader);
      const unsubscribe = await reader.subscribe(wake);
      for (let n = 1; n <= 3; n++) {
        await writer.append(`order-${randomUUID()}`, 'no_stream', [event(n)]);
        await vi.waitFor(() => expect(seen.map((e) => e.data)).toHaveLength(n), { timeout: 2000, interval: 2 });
      }
      expect(seen.map((e) => e.data)).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
      await unsubscribe();
      await writer.close();
    });

    it('sends one notification for the appends committed within the notify interval', async () => {
      const store = new SqlEventStore(db.sql, registry, { schema: 'es_wake_many', notifyIntervalMs: 1000 });
      await store.migrate();
      const payloads: string[] = [];
      const unlisten = await db.sql.listen('es_wake_many_events', (payload) => payloads.push(payload));
      // Twenty statements, twenty commits: a trigger would have notified twenty times.
      for (let n = 0; n < 20; n++) await store.append(`order-${randomUUID()}`, 'no_stream', [event(n)]);
      // The first append's notification goes out at once, the other appends share the next, a second later.
      await vi.waitFor(() => expect(payloads.length).toBeGreaterThanOrEqual(2), { timeout: 3000, interval: 10 });
      await new Promise((resolve) => setTimeout(resolve, 200));
      await unlisten();
      await store.close();
      expect(payloads.length).toBeLessThanOrEqual(3);
      expect(new Set(payloads).size).toBe(1);
    });
  });

  // A racing writer can only get past the stream lock when it bypasses the store: PostgreSQL only,
  // PGlite runs one transaction at a time.
  it.runIf(process.env.DATABASE_URL)(
    'maps a unique violation from a writer that bypassed the stream lock to a version conflict',
    async () => {
      const store = new SqlEventStore(db.sql, registry, { schema: 'es_race' });
      await store.migrate();
      const streamId = `order-${randomUUID()}`;
      let inserted: () => void = () => {};
      const insertedSignal = new Promise<void>((resolve) => {
        inserted = resolve;
      });
      const racer = db.sql.transaction(async (tx) => {
        await tx.query(
          `INSERT INTO es_race.events (stream_id, stream_version, event_id, type, schema_version, data, metadata)
         VALUES ($1, 1, $2, 'TestNoted', 1, '{"n": 0}', $3::text::jsonb)`,
          [streamId, randomUUID(), JSON.stringify(event(0).metadata)],
        );
        inserted();
        await new Promise((resolve) => setTimeout(resolve, 100));
      });
      await insertedSignal;

      // Sees no version yet, then waits on the unique index until the racer commits.
      const error = await store.append(streamId, 'no_stream', [event(1)]).catch((e: unknown) => e);
      await racer;

      expect(error).toBeInstanceOf(WrongExpectedVersionError);
      expect(error).toMatchObject({ streamId, actual: 1 });
      expect((await store.readStream(streamId)).map((e) => e.data)).toEqual([{ n: 0 }]);
    },
  );

  describe('group commit', () => {
    /** The test database, counting the append statements. */
    const counted = () => {
      const counter = { appends: 0 };
      const sql: SqlClient = {
        ...db.sql,
        query: (text, params) => {
          if (text.includes('append_events')) counter.appends++;
          return db.sql.query(text, params);
        },
      };
      return { sql, counter };
    };
    const settled = (outcome: PromiseSettledResult<{ streams: { version: number }[] }>) =>
      outcome.status === 'fulfilled' ? outcome.value.streams.map((s) => s.version) : outcome.reason;

    it('checks and answers each of the concurrent appends that share a statement on its own, in arrival order', async () => {
      const { sql, counter } = counted();
      const store = new SqlEventStore(sql, registry, { schema: 'es_group' });
      await store.migrate();
      const [s, t, u] = [`order-${randomUUID()}`, `tour-${randomUUID()}`, `vehicle-${randomUUID()}`];
      await store.append(s, 'no_stream', [event(1)]);
      counter.appends = 0;

      // Calls of one turn of the event loop go together in one statement.
      const outcomes = await Promise.allSettled([
        store.append(`other-${randomUUID()}`, 'no_stream', [event(0)]),
        store.append(s, 1, [event(2)]),
        store.append(s, 1, [event(3)]),
        store.appendMany([
          { streamId: u, expectedVersion: 'no_stream', events: [event(4)] },
          { streamId: s, expectedVersion: 5, events: [event(5)] },
        ]),
        store.append(t, 'no_stream', [event(6), event(7)]),
        store.append(s, 'any', [event(8)]),
      ]);

      expect(counter.appends).toBe(1);
      const [, won, lost, refused, other, any] = outcomes.map(settled);
      expect(won).toEqual([2]);
      expect(lost).toBeInstanceOf(WrongExpectedVersionError);
      expect(lost).toMatchObject({ streamId: s, expected: 1, actual: 2 });
      expect(refused).toMatchObject({ name: 'WrongExpectedVersionError', streamId: s, expected: 5, actual: 2 });
      expect(other).toEqual([2]);
      expect(any).toEqual([3]);
      expect((await store.readStream(s)).map((e) => e.data)).toEqual([{ n: 1 }, { n: 2 }, { n: 8 }]);
      expect(await store.readStream(u)).toEqual([]);
      const positions = outcomes.flatMap((o) => (o.status === 'fulfilled' ? [o.value.position] : []));
      expect(new Set(positions.map((p) => p.transactionId)).size).toBe(1);
    });

    it('repeats a batch whose statement failed append by append, so that only the guilty append fails', async () => {
      const store = new SqlEventStore(db.sql, registry, { schema: 'es_group_isolation' });
      await store.migrate();
      const shared = event(1);
      const outcomes = await Promise.allSettled([
        store.append(`first-${randomUUID()}`, 'no_stream', [event(0)]),
        store.append(`order-${randomUUID()}`, 'no_stream', [shared]),
        // The same event id in another stream: the batch's INSERT fails on the unique event id.
        store.append(`tour-${randomUUID()}`, 'no_stream', [{ ...shared }]),
        store.append(`vehicle-${randomUUID()}`, 'no_stream', [event(2)]),
      ]);

      expect(outcomes.map(settled)).toEqual([[1], [1], expect.any(EventIdConflictError), [1]]);
    });

    it('commits the write of an idempotency key once, also when two attempts share a statement, and finds it (ADR 0021)', async () => {
      const store = new SqlEventStore(db.sql, registry, { schema: 'es_group_keys' });
      await store.migrate();
      const keyed = (n: number, idempotencyKey: string): NewEvent => {
        const e = event(n);
        return { ...e, metadata: { ...e.metadata, idempotencyKey } };
      };
      const key = randomUUID();
      expect(await store.findIdempotentWrite(key)).toBeNull();
      // Two attempts of one request (different streams: each decided anew) in one group commit.
      const outcomes = await Promise.allSettled([
        store.append(`first-${randomUUID()}`, 'no_stream', [event(0)]),
        store.append(`order-${randomUUID()}`, 'no_stream', [keyed(1, key), event(2)]),
        store.append(`order-${randomUUID()}`, 'no_stream', [keyed(3, key)]),
        store.append(`vehicle-${randomUUID()}`, 'no_stream', [event(4)]),
      ]);
      expect(outcomes.map(settled)).toEqual([[1], [2], expect.any(IdempotentWriteExistsError), [1]]);
      // The position of the keyed (first) event: one before the write's last.
      const { position } = (outcomes[1] as PromiseFulfilledResult<{ position: { epoch: number; transactionId: number; globalPosition: number } }>).value;
      expect(await store.findIdempotentWrite(key)).toEqual({ epoch: position.epoch, transactionId: position.transactionId, globalPosition: position.globalPosition - 1 });
      // Later, alone: refused at once.
      await expect(store.append(`order-${randomUUID()}`, 'no_stream', [keyed(5, key)])).rejects.toBeInstanceOf(IdempotentWriteExistsError);
    });
  });
});
