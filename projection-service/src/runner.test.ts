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
  const { rows: found } = await sql.query<{ name: string; epoch: number; transaction_id: number; global_position: number }>(
    'SELECT name, epoch, transaction_id, global_position FROM read.projection_checkpoints',
  );
  return Object.fromEntries(
    found.map((r) => [r.name, { epoch: Number(r.epoch), transactionId: Number(r.transaction_id), globalPosition: Number(r.global_position) }]),
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

/** Runs `projections` live over one new customer for each of `names`, then stops; answers the last position. */
async function appliedLive(sql: SqlClient, store: SqlEventStore, projections: Projection[], names: string[]): Promise<LogPosition> {
  const r = runner(sql, store, projections);
  await r.setup();
  await r.start();
  let last = LOG_START;
  for (const company of names) last = await addCustomer(store, company);
  expect(await r.waitFor(last)).toBe(true);
  await r.stop();
  return last;
}

/** The indexes of read.<table>, by name. */
async function indexesOf(executor: SqlExecutor, table: string): Promise<string[]> {
  const { rows: found } = await executor.query<{ indexname: string }>(
    "SELECT indexname FROM pg_indexes WHERE schemaname = 'read' AND tablename = $1 ORDER BY indexname",
    [table],
  );
  return found.map((r) => r.indexname);
}

/**
 * `recorder(name)` with `columns` indexed as deferred indexes (created by setup), noting in `seen`
 * which indexes its table had each time it applied an event.
 */
function indexedRecorder(name: string, columns: string[], seen: string[][], fault?: { company: string | null }): Projection {
  const base = recorder(name, fault);
  const deferredIndexes = columns.map((column) => ({
    name: `read.${name}_${column}_idx`,
    create: `CREATE INDEX IF NOT EXISTS ${name}_${column}_idx ON read.${name} (${column})`,
  }));
  return {
    ...base,
    deferredIndexes,
    async setup(executor) {
      await base.setup(executor);
      for (const index of deferredIndexes) await executor.query(index.create);
    },
    async drop(executor) {
      await executor.query(`DROP TABLE IF EXISTS read.${name}`);
    },
    async apply(tx, event) {
      seen.push(await indexesOf(tx, name));
      return base.apply(tx, event);
    },
  };
}

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

  it("a failure that is not one projection's (the database) fails the batch and is retried, parking nothing", async () => {
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
      transaction: (fn, options) => (broken.on ? Promise.reject(new Error('Datenbank weg')) : sql.transaction(fn, options)),
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
    let last = await appliedLive(sql, store, [recorder('rec_a')], companies(3));

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

  it("leaves a projection's deferred indexes out while a rebuild replays, and builds them after it, also after a failed replay", async () => {
    const { sql, store } = await database();
    const fault = { company: null as string | null };
    const seenWhileApplying: string[][] = [];
    const projection = indexedRecorder('rec_idx', ['company', 'global_position'], seenWhileApplying, fault);
    const present = (executor: SqlExecutor) => indexesOf(executor, 'rec_idx');
    const r = runner(sql, store, [projection]);
    await r.setup();
    for (const company of companies(3)) await addCustomer(store, company);
    const all = ['rec_idx_company_idx', 'rec_idx_global_position_idx'];
    expect(await present(sql)).toEqual(all);

    expect(await r.rebuild('rec_idx')).toBe(3);
    expect(seenWhileApplying).toHaveLength(3);
    for (const seen of seenWhileApplying) expect(seen).toEqual([]);
    expect(await present(sql)).toEqual(all);
    expect((await rows(sql, 'rec_idx')).map((row) => row.company)).toEqual(companies(3));

    // A replay that fails still leaves the indexes in place for the queries.
    fault.company = 'Firma 2';
    await expect(r.rebuild('rec_idx')).rejects.toThrow(/kaputt bei Firma 2/);
    expect(await present(sql)).toEqual(all);
  });

  it("replays a raised schema version without the projection's deferred indexes and builds them once the log is drained", async () => {
    const { sql, store } = await database();
    const seenWhileApplying: string[][] = [];
    const version = (schemaVersion: number): Projection => ({ ...indexedRecorder('rec_s', ['company'], seenWhileApplying), schemaVersion });
    const present = (executor: SqlExecutor) => indexesOf(executor, 'rec_s');
    const last = await appliedLive(sql, store, [version(1)], companies(3));
    // Live, the index was there for every event.
    expect(seenWhileApplying).toHaveLength(3);
    for (const seen of seenWhileApplying) expect(seen).toEqual(['rec_s_company_idx']);
    seenWhileApplying.length = 0;

    const second = runner(sql, store, [version(2)]);
    await second.setup();
    await second.start();
    expect(await second.waitFor(last)).toBe(true);
    expect(seenWhileApplying).toHaveLength(3);
    for (const seen of seenWhileApplying) expect(seen).toEqual([]);
    expect(await present(sql)).toEqual(['rec_s_company_idx']);
    expect((await rows(sql, 'rec_s')).map((r) => r.company)).toEqual(companies(3));

    // Afterwards the projection is live again, with its index.
    seenWhileApplying.length = 0;
    expect(await second.waitFor(await addCustomer(store, 'Firma 4'))).toBe(true);
    expect(seenWhileApplying).toEqual([['rec_s_company_idx']]);
  });

  it('drops and replays a projection whose schema version was raised, leaving the others alone', async () => {
    const { sql, store } = await database();
    const last = await appliedLive(sql, store, [recorder('rec_a'), recorder('rec_b')], companies(3));

    // Version 2 of rec_a has another table shape: an extra column the old table lacks.
    const v2: Projection = {
      ...recorder('rec_a'),
      schemaVersion: 2,
      async setup(q) {
        await q.query(
          'CREATE TABLE IF NOT EXISTS read.rec_a (event_id text NOT NULL, company text, global_position bigint NOT NULL, shout text)',
        );
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
    const stored = await sql.query<{ name: string; schema_version: number }>(
      'SELECT name, schema_version FROM read.projection_checkpoints ORDER BY name',
    );
    expect(stored.rows.map((r) => [r.name, Number(r.schema_version)])).toEqual([
      ['rec_a', 2],
      ['rec_b', 1],
    ]);
  });

  it('replays without notices: a projection alone behind gets its batches whole, for a rebuild and for a new schema version, and is live again after', async () => {
    const { sql, store } = await database();
    const bus = createInProcessBus();
    const notices = collect(bus);
    const batches: number[] = [];
    const batched = (schemaVersion: number): Projection => {
      const base = recorder('rec_a');
      return {
        ...base,
        schemaVersion,
        drop: (q) => q.query('DROP TABLE IF EXISTS read.rec_a').then(() => undefined),
        async applyBatch(tx, events) {
          batches.push(events.length);
          for (const event of events) await base.apply(tx, event);
        },
      };
    };
    const start = async (version: number) => {
      const r = new ProjectionRunner(sql, store, [batched(version), recorder('rec_b')], bus, logger, { replayBatchSize: 2 });
      onTestFinished(() => r.stop());
      await r.setup();
      await r.start();
      return r;
    };
    const noticesOf = (name: string) => notices.filter((n) => n.subject === `dispo.test.${name}`).length;

    const r = await start(1);
    let last = LOG_START;
    for (const company of companies(5)) last = await addCustomer(store, company);
    expect(await r.waitFor(last)).toBe(true);
    await until(() => notices.length === 10);
    // Live, both follow each event: nobody is alone behind.
    expect(batches).toEqual([]);
    const before = await rows(sql, 'rec_a');

    await r.stop();
    expect(await r.rebuild('rec_a')).toBe(5);
    expect(batches).toEqual([2, 2, 1]);
    expect(await rows(sql, 'rec_a')).toEqual(before);

    await r.start();
    expect(await r.waitFor(await addCustomer(store, 'Nach dem Neuaufbau'))).toBe(true);
    await until(() => notices.length === 12);
    expect(batches).toEqual([2, 2, 1]);
    await r.stop();

    // Version 2: dropped and replayed at the next start, without notices, then live again.
    batches.length = 0;
    const upgraded = await start(2);
    expect(batches).toEqual([2, 2, 2]);
    expect((await rows(sql, 'rec_a')).map((x) => x.company)).toEqual([...companies(5), 'Nach dem Neuaufbau']);
    expect(await upgraded.waitFor(await addCustomer(store, 'Live'))).toBe(true);
    await until(() => notices.length === 14);
    expect([noticesOf('rec_a'), noticesOf('rec_b')]).toEqual([7, 7]);
  });

  it('settles a projection once per batch with the events it was given; while isolating, after each event, and parks it at the event its settling fails on', async () => {
    const { sql, store } = await database();
    const fault = { company: null as string | null };
    // Writes one row per settle() call: the companies it was given, in order.
    const settling: Projection = {
      name: 'settled',
      async setup(tx) {
        // `sync`: how the batch's transaction commits (the runner's need not wait for the disk).
        await tx.query(
          "CREATE TABLE IF NOT EXISTS read.settled (n serial PRIMARY KEY, companies text[] NOT NULL, sync text NOT NULL DEFAULT current_setting('synchronous_commit'))",
        );
      },
      async reset(tx) {
        await tx.query('TRUNCATE read.settled');
      },
      async apply() {
        return undefined;
      },
      async settle(tx, events) {
        const given = events.map((e) => (e.data as { company: string }).company);
        await tx.query('INSERT INTO read.settled (companies) VALUES ($1)', [given]);
        if (fault.company !== null && given.includes(fault.company)) throw new Error(`kaputt bei ${fault.company}`);
      },
    };
    const calls = async () =>
      (await sql.query<{ companies: string[] }>('SELECT companies FROM read.settled ORDER BY n')).rows.map((r) => r.companies);
    const r = runner(sql, store, [recorder('rec_a'), settling], createInProcessBus(), 3);
    await r.setup();
    let last = LOG_START;
    for (const company of companies(5)) last = await addCustomer(store, company);
    await r.start();
    expect(await r.waitFor(last, 8000)).toBe(true);
    expect(await calls()).toEqual([companies(3), ['Firma 4', 'Firma 5']]);
    expect((await sql.query<{ sync: string }>('SELECT DISTINCT sync FROM read.settled')).rows).toEqual([{ sync: 'off' }]);

    // Firma 7's settling fails: its batch is rolled back and retried event by event, Firma 6 settles
    // alone, the projection is parked at Firma 7 while rec_a goes on.
    fault.company = 'Firma 7';
    const more: LogPosition[] = [];
    for (const company of ['Firma 6', 'Firma 7', 'Firma 8']) more.push(await addCustomer(store, company));
    await until(() => r.health().parked.length === 1);
    expect(r.health().parked).toEqual([expect.objectContaining({ projection: 'settled', position: more[1], error: 'kaputt bei Firma 7' })]);
    expect(await r.waitFor(more[2]!, 8000)).toBe(true);
    expect(await calls()).toEqual([companies(3), ['Firma 4', 'Firma 5'], ['Firma 6']]);
    expect((await rows(sql, 'rec_a')).map((row) => row.company)).toEqual(companies(8));
  });

  it('hands a projection with runs the consecutive events it joins, over those it passes, with their notices in order', async () => {
    const { sql, store } = await database();
    const bus = createInProcessBus();
    const notices = collect(bus);
    // One row per call: a run's companies together, a single apply's alone.
    const grouping = (name: string, passes: string | null): Projection => ({
      name,
      async setup(tx) {
        await tx.query(`CREATE TABLE IF NOT EXISTS read.${name} (n serial PRIMARY KEY, call text NOT NULL)`);
      },
      async reset(tx) {
        await tx.query(`TRUNCATE read.${name}`);
      },
      async apply(tx, event) {
        const company = (event.data as { company: string }).company;
        await tx.query(`INSERT INTO read.${name} (call) VALUES ($1)`, [`eins: ${company}`]);
        return [{ subject: `dispo.test.${name}`, payload: { company } }];
      },
      runs: {
        joins: (event) => event.type === 'CustomerCreated',
        passes: (event) => event.type === passes,
        async apply(tx, events) {
          const created = events.filter((e) => e.type === 'CustomerCreated').map((e) => (e.data as { company: string }).company);
          await tx.query(`INSERT INTO read.${name} (call) VALUES ($1)`, [`Lauf: ${created.join(', ')}`]);
          return created.map((company) => ({ subject: `dispo.test.${name}`, payload: { company } }));
        },
      },
    });
    const calls = async (name: string) =>
      (await sql.query<{ call: string }>(`SELECT call FROM read.${name} ORDER BY n`)).rows.map((r) => r.call);
    const r = runner(sql, store, [grouping('strict', null), grouping('lenient', 'CustomerUpdated')], bus, 10);
    await r.setup();
    await addCustomer(store, 'Firma 1');
    const [c1] = (await store.readAll(LOG_START, { batchSize: 1 })).map((e) => (e.data as { id: string }).id);
    await addCustomer(store, 'Firma 2');
    await addCustomer(store, 'Firma 3');
    await renameCustomer(store, c1!, 'Neu 1');
    const last = await addCustomer(store, 'Firma 4');
    await r.start();
    expect(await r.waitFor(last, 8000)).toBe(true);
    expect(await calls('strict')).toEqual(['Lauf: Firma 1, Firma 2, Firma 3', 'eins: Neu 1', 'eins: Firma 4']);
    expect(await calls('lenient')).toEqual(['Lauf: Firma 1, Firma 2, Firma 3, Firma 4']);
    const companiesOf = (name: string) =>
      notices.filter((n) => n.subject === `dispo.test.${name}`).map((n) => (n.payload as { company: string }).company);
    expect(companiesOf('strict')).toEqual(['Firma 1', 'Firma 2', 'Firma 3', 'Neu 1', 'Firma 4']);
    expect(companiesOf('lenient')).toEqual(['Firma 1', 'Firma 2', 'Firma 3', 'Firma 4']);
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

    const future = { epoch: position.epoch, transactionId: position.transactionId + 1_000_000, globalPosition: position.globalPosition + 1_000_000 };
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
