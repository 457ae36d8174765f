import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { isAfter, LOG_START, type LogPosition, type NewEvent } from '../envelope';
import { defineEvent, EventRegistry } from '../registry';
import { createPgClient } from '../sql/pg-client';
import { followLog } from '../testing/follow-log';
import { createTestSql, type TestSql } from '../testing/test-database';
import { logHoldBack } from './sql-horizon';
import { SqlEventStore } from './sql-event-store';

const registry = new EventRegistry([defineEvent({ type: 'TestNoted', schemaVersion: 1, schema: z.object({ n: z.number() }) })]);
const event = (n: number): NewEvent => ({
  eventId: randomUUID(),
  type: 'TestNoted',
  schemaVersion: 1,
  data: { n },
  metadata: { userId: null, correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString() },
});

async function readOn(store: SqlEventStore, from: LogPosition) {
  const seen = [];
  let at = from;
  for (let batch = await store.readAll(at); batch.length > 0; batch = await store.readAll(at)) {
    seen.push(...batch);
    at = batch.at(-1)!.position;
  }
  return { seen, at };
}

/** Rows as a dump of another cluster brings them: transaction ids far above this cluster's. */
async function restoreForeignEvents(sql: TestSql['sql'], schema: string, streamId: string, count: number, epoch = 0): Promise<void> {
  for (let v = 1; v <= count; v++) {
    const e = event(v);
    await sql.query(
      `INSERT INTO ${schema}.events (epoch, transaction_id, stream_id, stream_version, event_id, type, schema_version, data, metadata)
       VALUES ($6, (pg_snapshot_xmax(pg_current_snapshot())::text::bigint + 1000000 + $5)::text::xid8, $1, $2, $3, 'TestNoted', 1, $4::jsonb, '{}'::jsonb)`,
      [streamId, v, e.eventId, JSON.stringify(e.data), v, epoch],
    );
  }
}

describe('the log across restores (epochs, ADR 0019)', () => {
  let db: TestSql;

  beforeAll(async () => {
    db = await createTestSql();
  });
  afterAll(() => db?.dispose());

  it("goes on in a new epoch when the log's transaction ids lie above this cluster's (a restore into a new cluster)", async () => {
    const store = new SqlEventStore(db.sql, registry, { schema: 'es_restored' });
    await store.migrate();
    const restored = `order-${randomUUID()}`;
    await restoreForeignEvents(db.sql, 'es_restored', restored, 3);

    // The restored events are all settled (their transactions committed in the old cluster).
    const before = await readOn(store, LOG_START);
    expect(before.seen.map((e) => e.streamVersion)).toEqual([1, 2, 3]);
    expect(before.seen.every((e) => e.position.epoch === 0)).toBe(true);

    const next = await store.append(restored, 3, [event(4)]);
    const other = await store.append(`order-${randomUUID()}`, 'no_stream', [event(1)]);
    expect(next.position.epoch).toBe(1);
    expect(other.position.epoch).toBe(1);
    expect(isAfter(next.position, before.at)).toBe(true);

    // A reader at the restored checkpoint gets the new events (before ADR 0019 they sorted before it).
    const after = await readOn(store, before.at);
    expect(after.seen.map((e) => [e.streamId, e.streamVersion, e.position.epoch])).toEqual([
      [restored, 4, 1],
      [other.streams[0]!.streamId, 1, 1],
    ]);
    expect((await readOn(store, LOG_START)).seen).toHaveLength(5);
    expect((await store.readStream(restored)).map((e) => e.streamVersion)).toEqual([1, 2, 3, 4]);

    // Restored once more, into yet another cluster (its last event from a cluster ahead of this one): epoch 2.
    await restoreForeignEvents(db.sql, 'es_restored', `order-${randomUUID()}`, 1, 1);
    const third = await store.append(`order-${randomUUID()}`, 'no_stream', [event(1)]);
    expect(third.position.epoch).toBe(2);
    expect((await readOn(store, after.at)).seen.map((e) => e.position.epoch)).toEqual([1, 2]);
  });

  it('gives a follower every event once while concurrent writers of several processes open the new epoch', async () => {
    await new SqlEventStore(db.sql, registry, { schema: 'es_switch' }).migrate();
    await restoreForeignEvents(db.sql, 'es_switch', `order-${randomUUID()}`, 5);
    // Four "processes": each its own pool and group commit; on PGlite they share the one connection.
    const clients = db.url ? Array.from({ length: 4 }, () => createPgClient(db.url!, { max: 4 })) : [db.sql];
    const stores = clients.map((sql) => new SqlEventStore(sql, registry, { schema: 'es_switch' }));
    const reader = new SqlEventStore(db.sql, registry, { schema: 'es_switch' });
    const follower = followLog(reader);
    const reading = setInterval(follower.wake, 2);
    try {
      const written = await Promise.all(
        Array.from({ length: 200 }, (_, i) => stores[i % stores.length]!.append(`order-${randomUUID()}`, 'no_stream', [event(i)])),
      );
      await vi.waitFor(() => expect(follower.seen).toHaveLength(205), { timeout: 10_000 });
      expect(new Set(written.map((w) => w.position.epoch))).toEqual(new Set([1]));
      const ids = follower.seen.map((e) => e.eventId);
      expect(new Set(ids).size).toBe(205);
      expect(follower.seen.slice(5).every((e) => e.position.epoch === 1)).toBe(true);
    } finally {
      clearInterval(reading);
      await Promise.all(stores.map((s) => s.close()));
      await reader.close();
      if (db.url) await Promise.all(clients.map((c) => c.close()));
    }
  });

  it('keeps the positions of a log from before the epoch column (epoch 0)', async () => {
    // The events table as it was before ADR 0019, with one event in it.
    await db.sql.query('CREATE SCHEMA es_old');
    await db.sql.query(`CREATE TABLE es_old.events (
      global_position bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
      stream_id text NOT NULL, stream_version integer NOT NULL CHECK (stream_version > 0), event_id uuid NOT NULL,
      type text NOT NULL, schema_version integer NOT NULL, data jsonb NOT NULL, metadata jsonb NOT NULL,
      recorded_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT events_stream_version_key UNIQUE (stream_id, stream_version), CONSTRAINT events_event_id_key UNIQUE (event_id))`);
    await db.sql.query('CREATE INDEX events_log_order ON es_old.events (transaction_id, global_position)');
    const stream = `order-${randomUUID()}`;
    await db.sql.query(
      `INSERT INTO es_old.events (stream_id, stream_version, event_id, type, schema_version, data, metadata)
       VALUES ($1, 1, $2, 'TestNoted', 1, '{"n":1}', '{}')`,
      [stream, randomUUID()],
    );
    const { rows } = await db.sql.query<{ transaction_id: number; global_position: number }>(
      'SELECT transaction_id, global_position FROM es_old.events',
    );
    const stored = { epoch: 0, transactionId: Number(rows[0]!.transaction_id), globalPosition: Number(rows[0]!.global_position) };

    const store = new SqlEventStore(db.sql, registry, { schema: 'es_old' });
    await store.migrate();
    const appended = await store.append(stream, 1, [event(2)]);

    expect(appended.position.epoch).toBe(0);
    expect((await readOn(store, stored)).seen.map((e) => e.streamVersion)).toEqual([2]);
    expect((await readOn(store, LOG_START)).seen.map((e) => e.streamVersion)).toEqual([1, 2]);
  });
});

describe.runIf(process.env.DATABASE_URL)('the log horizon and the transactions of other databases (issue 38)', () => {
  let db: TestSql;
  let other: TestSql;

  beforeAll(async () => {
    db = await createTestSql();
    other = await createTestSql();
  });
  afterAll(async () => {
    await db?.dispose();
    await other?.dispose();
  });

  it('is not held back by a write transaction left open in another database of the server', async () => {
    const store = new SqlEventStore(db.sql, registry, { schema: 'es' });
    await store.migrate();
    await other.sql.query('CREATE TABLE batch_job (n int)');
    const session = createPgClient(other.url!, { max: 1 });
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    let opened!: () => void;
    const open = new Promise<void>((r) => (opened = r));
    const job = session.transaction(async (tx) => {
      await tx.query('INSERT INTO batch_job VALUES (1)');
      opened();
      await released;
    });
    try {
      await open;
      const { position } = await store.append(`order-${randomUUID()}`, 'no_stream', [event(1)]);
      // Before issue 38 the server-wide xmin held this event back until the other database's job ended.
      const { seen } = await readOn(store, LOG_START);
      expect(seen.map((e) => e.position)).toEqual([position]);
      expect(await logHoldBack(db.sql)).toBeNull();
    } finally {
      release();
      await job;
      await session.close();
    }
  });

  it("is held back by a write transaction of its own database, which logHoldBack names with its database and start", async () => {
    const store = new SqlEventStore(db.sql, registry, { schema: 'es' });
    await store.migrate();
    const { seen: already } = await readOn(store, LOG_START);
    const from = already.at(-1)?.position ?? LOG_START;
    const session = createPgClient(db.url!, { max: 1 });
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    let opened!: () => void;
    const open = new Promise<void>((r) => (opened = r));
    const job = session.transaction(async (tx) => {
      await tx.query('CREATE TABLE IF NOT EXISTS own_job (n int)');
      opened();
      await released;
    });
    try {
      await open;
      const { position } = await store.append(`order-${randomUUID()}`, 'no_stream', [event(1)]);
      expect((await readOn(store, from)).seen).toEqual([]);
      const holdBack = await logHoldBack(db.sql);
      const { rows } = await db.sql.query<{ db: string }>('SELECT current_database() AS db');
      expect(holdBack).toMatchObject({ database: rows[0]!.db, state: 'idle in transaction' });
      expect(Date.parse(holdBack!.since!)).toBeLessThanOrEqual(Date.now());
      release();
      await job;
      expect((await readOn(store, from)).seen.map((e) => e.position)).toEqual([position]);
      expect(await logHoldBack(db.sql)).toBeNull();
    } finally {
      release();
      await job.catch(() => undefined);
      await session.close();
    }
  });
});
