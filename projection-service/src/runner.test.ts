import { randomUUID } from 'node:crypto';
import { allEventDefinitions, streamIds } from '@dispo/events/catalog/index';
import { isAfter, LOG_START, type LogPosition, type NewEvent, type RecordedEvent } from '@dispo/events/envelope';
import { EventRegistry } from '@dispo/events/registry';
import type { SqlClient, SqlExecutor } from '@dispo/events/sql/client';
import { SqlEventStore } from '@dispo/events/store/sql-event-store';
import { createTestSql } from '@dispo/events/testing/test-database';
import { createInProcessBus } from '@dispo/platform/bus/in-process-bus';
import type { Notice, NoticeBus } from '@dispo/platform/bus/notice-bus';
import { pino } from 'pino';
import { describe, expect, it, onTestFinished } from 'vitest';
import type { Projection } from './projection';
import { referenceDataProjection } from './projections/reference-data';
import { ProjectionRunner } from './runner';

const registry = new EventRegistry(allEventDefinitions);
const logger = pino({ level: 'silent' });

/** A private database with the event store on it; disposed after the test. */
async function database(): Promise<{ sql: SqlClient; store: SqlEventStore; newStore(): Promise<SqlEventStore> }> {
  const db = await createTestSql();
  const stores: SqlEventStore[] = [];
  const newStore = async () => {
    const store = new SqlEventStore(db.sql, registry, { pollIntervalMs: 50 });
    await store.migrate();
    stores.push(store);
    return store;
  };
  const store = await newStore();
  onTestFinished(async () => {
    for (const s of stores) await s.close();
    await db.dispose();
  });
  return { sql: db.sql, store, newStore };
}

function runner(
  sql: SqlClient,
  store: SqlEventStore,
  projections: Projection[],
  bus: NoticeBus = createInProcessBus(),
  batchSize?: number,
) {
  const r = new ProjectionRunner(sql, store, projections, bus, logger, batchSize ? { batchSize } : {});
  onTestFinished(() => r.stop());
  return r;
}

/** One CustomerCreated event in its own stream (a transaction of its own); answers its position. */
async function addCustomer(store: SqlEventStore, company: string): Promise<LogPosition> {
  const id = randomUUID();
  const event: NewEvent = {
    eventId: randomUUID(),
    type: 'CustomerCreated',
    schemaVersion: 1,
    data: { id, company, contactPerson: null, email: null, phone: null, createdAt: new Date().toISOString() },
    metadata: { userId: null, correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString() },
  };
  return (await store.append(streamIds.customer(id), 'no_stream', [event])).position;
}

async function renameCustomer(store: SqlEventStore, id: string, company: string): Promise<LogPosition> {
  const event: NewEvent = {
    eventId: randomUUID(),
    type: 'CustomerUpdated',
    schemaVersion: 1,
    data: { id, company, contactPerson: 'Neue Ansprechpartnerin', email: null, phone: null, updatedAt: new Date().toISOString() },
    metadata: { userId: null, correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString() },
  };
  return (await store.append(streamIds.customer(id), 'any', [event])).position;
}

/**
 * A test projection that writes one row per event into read.<name> (no unique key, so an event applied
 * twice shows as two rows), announces each row, and throws after writing when `fault` says so.
 */
function recorder(name: string, fault: { company: string | null } = { company: null }): Projection {
  return {
    name,
    async setup(sql) {
      await sql.query(`CREATE TABLE IF NOT EXISTS read.${name} (event_id text NOT NULL, company text, global_position bigint NOT NULL)`);
    },
    async reset(sql) {
      await sql.query(`TRUNCATE read.${name}`);
    },
    async apply(tx: SqlExecutor, event: RecordedEvent) {
      const company = (event.data as { company?: string }).company ?? null;
      await tx.query(`INSERT INTO read.${name} (event_id, company, global_position) VALUES ($1, $2, $3)`, [
        event.eventId,
        company,
        event.position.globalPosition,
      ]);
      if (fault.company !== null && company === fault.company) throw new Error(`kaputt bei ${company}`);
      return [{ subject: `dispo.test.${name}`, payload: { eventId: event.eventId } }];
    },
  };
}

async function rows(sql: SqlClient, name: string): Promise<{ event_id: string; company: string }[]> {
  return (await sql.query<{ event_id: string; company: string }>(`SELECT event_id, company FROM read.${name} ORDER BY global_position`))
    .rows;
}

async function checkpoints(sql: SqlClient): Promise<Record<string, LogPosition>> {
  const { rows: found } = await sql.query<{ name: string; transaction_id: number; global_position: number }>(
    'SELECT name, transaction_id, global_position FROM read.projection_checkpoints',
  );
  return Object.fromEntries(
    found.map((r) => [r.name, { transactionId: Number(r.transaction_id), globalPosition: Number(r.global_position) }]),
  );
}

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 8000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

function collect(bus: NoticeBus): Notice[] {
  const seen: Notice[] = [];
  void bus.subscribe('dispo.>', (n) => seen.push(n));
  return seen;
}

const companies = (n: number, prefix = 'Firma') => Array.from({ length: n }, (_, i) => `${prefix} ${i + 1}`);

describe('ProjectionRunner', { timeout: 60_000 }, () => {
  it('commits a batch and its checkpoints together; a projection that fails on an event is parked before it, with its failure stored, while the others go on; resume() continues it', async () => {
    const { sql, store } = await database();
    const fault = { company: 'Firma 4' as string | null };
    const bus = createInProcessBus();
    const notices = collect(bus);
    const r = runner(sql, store, [recorder('rec_a'), recorder('rec_b', fault)], bus, 2);
    await r.setup();
    const positions: LogPosition[] = [];
    for (const company of companies(5)) positions.push(await addCustomer(store, company));

    await r.start();
    // Batch 2 (Firma 3, 4) failed as a whole once; retried with each apply on its own, only rec_b's
    // Firma 4 is rolled back and rec_b waits before it. rec_a and the read-your-writes go on.
    expect(await r.waitFor(positions[4]!, 8000)).toBe(true);
    expect((await rows(sql, 'rec_a')).map((r) => r.company)).toEqual(companies(5));
    expect((await rows(sql, 'rec_b')).map((r) => r.company)).toEqual(companies(3));
    expect(await checkpoints(sql)).toEqual({ rec_a: positions[4], rec_b: positions[2] });
    const parked = r.health().parked;
    expect(parked).toEqual([
      expect.objectContaining({ projection: 'rec_b', position: positions[3], eventType: 'CustomerCreated', error: 'kaputt bei Firma 4' }),
    ]);
    const { rows: stored } = await sql.query<{ failure: unknown }>("SELECT failure FROM read.projection_checkpoints WHERE name = 'rec_b'");
    expect(stored[0]!.failure).toMatchObject({ projection: 'rec_b', position: positions[3], error: 'kaputt bei Firma 4' });
    // Notices only for what was committed.
    expect(notices.map((n) => n.subject).sort()).toEqual([...Array(5).fill('dispo.test.rec_a'), ...Array(3).fill('dispo.test.rec_b')]);

    // Still parked: a new event reaches rec_a only.
    const sixth = await addCustomer(store, 'Firma 6');
    expect(await r.waitFor(sixth, 8000)).toBe(true);
    expect(await rows(sql, 'rec_b')).toHaveLength(3);

    fault.company = null;
    expect(await r.resume('rec_b')).toBe(true);
    expect(await r.resume('gibt_es_nicht')).toBe(false);
    await until(async () => (await rows(sql, 'rec_b')).length === 6);
    for (const name of ['rec_a', 'rec_b']) {
      const applied = await rows(sql, name);
      expect(applied.map((r) => r.company)).toEqual([...companies(5), 'Firma 6']);
      expect(new Set(applied.map((r) => r.event_id)).size).toBe(6);
    }
    expect(await checkpoints(sql)).toEqual({ rec_a: sixth, rec_b: sixth });
    expect(r.health()).toMatchObject({ error: null, parked: [] });
    expect(notices).toHaveLength(12);
  });

  it('a failure that is not one projection\'s (the database) fails the batch and is retried, parking nothing', async () => {
    const { sql, store } = await database();
    const broken = { on: false };
    const r = runner(sql, store, [recorder('rec_a')]);
    await r.setup();
    const first = await addCustomer(store, 'Firma 1');
    // Every statement of the batch transaction fails while `broken`, the savepoint rollback too.
    const flaky: SqlClient = {
      kind: sql.kind,
      query: (text, params, options) => sql.query(text, params, options),
      listen: (channel, onNotify) => sql.listen(channel, onNotify),
      close: () => sql.close(),
      transaction: (fn) => (broken.on ? Promise.reject(new Error('Datenbank weg')) : sql.transaction(fn)),
    };
    const r2 = runner(flaky, store, [recorder('rec_a')]);
    await r.stop();
    await r2.setup();
    broken.on = true;
    await r2.start();
    expect(r2.health()).toMatchObject({ error: 'Error: Datenbank weg', parked: [] });
    broken.on = false;
    expect(await r2.waitFor(first, 8000)).toBe(true);
    await until(() => r2.health().error === null);
    expect(r2.health().parked).toEqual([]);
  });

  it('start() returns while a projection keeps failing and parks it; the next start tries it again', async () => {
    const { sql, store } = await database();
    await addCustomer(store, 'Giftig');
    const fault = { company: 'Giftig' as string | null };
    const r = runner(sql, store, [recorder('rec_a', fault)]);
    await r.setup();
    const outcome = await Promise.race([
      r.start().then(() => 'started' as const),
      new Promise<'hangs'>((resolve) => setTimeout(() => resolve('hangs'), 4000)),
    ]);
    expect(outcome).toBe('started');
    await until(() => r.health().parked.length === 1);
    expect(r.health().parked[0]).toMatchObject({ projection: 'rec_a', eventType: 'CustomerCreated', error: 'kaputt bei Giftig' });
    await r.stop();

    fault.company = null;
    const again = runner(sql, store, [recorder('rec_a', fault)]);
    await again.setup();
    expect(again.health().parked).toHaveLength(1);
    await again.start();
    await until(async () => (await rows(sql, 'rec_a')).length === 1);
    expect(again.health().parked).toEqual([]);
  });

  it('continues from its checkpoint after a restart, applying nothing twice', async () => {
    const { sql, store, newStore } = await database();
    const first = runner(sql, store, [recorder('rec_a')]);
    await first.setup();
    await first.start();
    let last = LOG_START;
    for (const company of companies(3)) last = await addCustomer(store, company);
    expect(await first.waitFor(last)).toBe(true);
    await first.stop();

    // Written while no runner runs: the stopped runner takes none of it.
    for (const company of companies(3, 'Später')) last = await addCustomer(store, company);
    await new Promise((r) => setTimeout(r, 300));
    expect(await rows(sql, 'rec_a')).toHaveLength(3);

    // A new process: a new store instance and runner on the same database.
    const second = runner(sql, await newStore(), [recorder('rec_a')]);
    await second.setup();
    expect(second.position()).not.toEqual(LOG_START);
    await second.start();
    expect(await second.waitFor(last)).toBe(true);
    const applied = await rows(sql, 'rec_a');
    expect(applied.map((r) => r.company)).toEqual([...companies(3), ...companies(3, 'Später')]);
    expect(new Set(applied.map((r) => r.event_id)).size).toBe(6);
    expect((await checkpoints(sql)).rec_a).toEqual(last);
  });

  it('rebuilds one projection from the log to the same rows, leaving the others alone', async () => {
    const { sql, store } = await database();
    const r = runner(sql, store, [referenceDataProjection, recorder('rec_a')]);
    await r.setup();
    await r.start();
    for (const company of companies(4)) expect(await r.waitFor(await addCustomer(store, company))).toBe(true);
    const [renamed] = (await sql.query<{ id: string }>("SELECT id FROM read.customers WHERE company = 'Firma 2'")).rows;
    const last = await renameCustomer(store, renamed!.id, 'Firma 2 (neu)');
    expect(await r.waitFor(last)).toBe(true);
    await r.stop();

    const customersQuery = 'SELECT id, company, contact_person, email, phone, created_at, updated_at FROM read.customers ORDER BY id';
    const before = (await sql.query(customersQuery)).rows;
    expect(before.map((c) => c.company).sort()).toEqual(['Firma 1', 'Firma 2 (neu)', 'Firma 3', 'Firma 4']);
    const recorderBefore = await rows(sql, 'rec_a');
    // Damage the read model, as a faulty earlier version of the projection might have.
    await sql.query("DELETE FROM read.customers WHERE company = 'Firma 1'");
    await sql.query("UPDATE read.customers SET company = 'falsch' WHERE company = 'Firma 3'");

    expect(await r.rebuild('reference_data')).toBe(5);
    expect((await sql.query(customersQuery)).rows).toEqual(before);
    expect(await rows(sql, 'rec_a')).toEqual(recorderBefore);
    expect(await checkpoints(sql)).toEqual({ reference_data: last, rec_a: last });
    await expect(r.rebuild('gibt_es_nicht')).rejects.toThrow(/Unbekannte Projektion/);
  });

  it('drops and replays a projection whose schema version was raised, leaving the others alone', async () => {
    const { sql, store } = await database();
    const first = runner(sql, store, [recorder('rec_a'), recorder('rec_b')]);
    await first.setup();
    await first.start();
    let last = LOG_START;
    for (const company of companies(3)) last = await addCustomer(store, company);
    expect(await first.waitFor(last)).toBe(true);
    await first.stop();

    // Version 2 of rec_a has another table shape: an extra column the old table lacks.
    const v2: Projection = {
      ...recorder('rec_a'),
      schemaVersion: 2,
      async setup(q) {
        await q.query('CREATE TABLE IF NOT EXISTS read.rec_a (event_id text NOT NULL, company text, global_position bigint NOT NULL, shout text)');
      },
      async drop(q) {
        await q.query('DROP TABLE IF EXISTS read.rec_a');
      },
      async apply(tx, event) {
        const company = (event.data as { company?: string }).company ?? null;
        await tx.query('INSERT INTO read.rec_a (event_id, company, global_position, shout) VALUES ($1, $2, $3, upper($2))', [
          event.eventId,
          company,
          event.position.globalPosition,
        ]);
        return undefined;
      },
    };
    const bBefore = await rows(sql, 'rec_b');
    const second = runner(sql, store, [v2, recorder('rec_b')]);
    await second.setup();
    await second.start();
    expect(await second.waitFor(last)).toBe(true);
    const shouted = await sql.query<{ shout: string }>('SELECT shout FROM read.rec_a ORDER BY global_position');
    expect(shouted.rows.map((r) => r.shout)).toEqual(['FIRMA 1', 'FIRMA 2', 'FIRMA 3']);
    expect(await rows(sql, 'rec_b')).toEqual(bBefore);
    const stored = await sql.query<{ name: string; schema_version: number }>('SELECT name, schema_version FROM read.projection_checkpoints ORDER BY name');
    expect(stored.rows.map((r) => [r.name, Number(r.schema_version)])).toEqual([
      ['rec_a', 2],
      ['rec_b', 1],
    ]);
  });

  it('waitFor resolves once the event is applied, and answers false on timeout', async () => {
    const { sql, store } = await database();
    const r = runner(sql, store, [recorder('rec_a')]);
    await r.setup();
    await r.start();
    const position = await addCustomer(store, 'Sofort');
    expect(await r.waitFor(position)).toBe(true);
    // Applied means readable now, without any further waiting.
    expect((await rows(sql, 'rec_a')).map((x) => x.company)).toEqual(['Sofort']);
    expect(await r.waitFor(LOG_START)).toBe(true);

    const future = { transactionId: position.transactionId + 1_000_000, globalPosition: position.globalPosition + 1_000_000 };
    const t0 = Date.now();
    expect(await r.waitFor(future, 250)).toBe(false);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(240);
    expect(Date.now() - t0).toBeLessThan(3000);

    // A stopped runner does not apply, so its waiters time out.
    await r.stop();
    const later = await addCustomer(store, 'Nach dem Stopp');
    expect(await r.waitFor(later, 300)).toBe(false);
    expect(await rows(sql, 'rec_a')).toHaveLength(1);
  });

  it('shows the notices of a committed batch to its observers before the waiters resolve', async () => {
    const { sql, store } = await database();
    const r = runner(sql, store, [recorder('rec_a')]);
    const observed: string[] = [];
    r.observeNotices((notices) => observed.push(...notices.map((n) => (n.payload as { eventId: string }).eventId)));
    await r.setup();
    await r.start();
    const position = await addCustomer(store, 'Beobachtet');
    const [event] = await store.readStream((await store.readAll(LOG_START)).at(-1)!.streamId);
    expect(await r.waitFor(position)).toBe(true);
    expect(observed).toEqual([event!.eventId]);
  });

  it('two runners on one database apply every event exactly once', async () => {
    const { sql, store, newStore } = await database();
    const [busA, busB] = [createInProcessBus(), createInProcessBus()];
    const [noticesA, noticesB] = [collect(busA), collect(busB)];
    const a = runner(sql, store, [recorder('rec_a'), recorder('rec_b')], busA, 7);
    const b = runner(sql, await newStore(), [recorder('rec_a'), recorder('rec_b')], busB, 7);
    await a.setup();
    await b.setup();
    await Promise.all([a.start(), b.start()]);

    const positions = await Promise.all(companies(60).map((c) => addCustomer(store, c)));
    const last = positions.reduce((max, p) => (isAfter(p, max) ? p : max), LOG_START);
    // Whichever runner applies a batch, the stored checkpoints reach the end of the log.
    await until(async () => {
      const stored = await checkpoints(sql);
      return [stored.rec_a, stored.rec_b].every((c) => c !== undefined && !isAfter(last, c));
    });

    for (const name of ['rec_a', 'rec_b']) {
      const applied = await rows(sql, name);
      expect(applied).toHaveLength(60);
      expect(new Set(applied.map((r) => r.event_id)).size).toBe(60);
      expect(new Set(applied.map((r) => r.company))).toEqual(new Set(companies(60)));
    }
    expect(await checkpoints(sql)).toEqual({ rec_a: last, rec_b: last });
    // Each applied event was announced once, by whichever runner applied it.
    await new Promise((r) => setTimeout(r, 100));
    const announced = [...noticesA, ...noticesB].map((n) => `${n.subject}/${(n.payload as { eventId: string }).eventId}`);
    expect(announced).toHaveLength(120);
    expect(new Set(announced).size).toBe(120);
  });

  it('resolves a waiter when another runner applied the event', async () => {
    const { sql, store, newStore } = await database();
    const a = runner(sql, store, [recorder('rec_a')]);
    await a.setup();
    await a.start();
    // b is set up (as every service is) but a applies the event first, so b's in-memory checkpoint is stale.
    const b = runner(sql, await newStore(), [recorder('rec_a')]);
    await b.setup();
    const position = await addCustomer(store, 'Von A angewandt');
    expect(await a.waitFor(position)).toBe(true);

    const t0 = Date.now();
    expect(await b.waitFor(position, 3000)).toBe(true);
    expect(Date.now() - t0).toBeLessThan(1000);
    expect(await rows(sql, 'rec_a')).toHaveLength(1);
  });
});
