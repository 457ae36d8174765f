import { randomUUID } from 'node:crypto';
import { berlinInstant } from '@dispo/domain/shared/berlin-date';
import { streamIds } from '@dispo/events/catalog/index';
import type { RecordedEvent } from '@dispo/events/envelope';
import type { Projection } from '@dispo/projection-service/projection';
import { ordersProjection } from '@dispo/projection-service/projections/orders';
import { ProjectionRunner } from '@dispo/projection-service/runner';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoId } from './seed';
import { projections } from './services';
import { demoOrderBody } from './testing/demo-order';
import { createTestApp, type TestApp } from './testing/test-app';

/** A Wednesday; the seeded week of operations ends at its noon. */
const TODAY = '2026-11-25';

/** read.orders row by row in id order, every column as text. */
async function ordersTable(t: TestApp): Promise<string[]> {
  const { rows } = await t.infra.sql.query<{ row: string }>('SELECT o::text AS row FROM read.orders o ORDER BY id');
  return rows.map((r) => r.row);
}

/** The indexes of read.orders, by name with their definitions. */
async function orderIndexes(sql: TestApp['infra']['sql']): Promise<Record<string, string>> {
  const { rows } = await sql.query<{ indexname: string; indexdef: string }>(
    "SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'read' AND tablename = 'orders'",
  );
  return Object.fromEntries(rows.map((r) => [r.indexname, r.indexdef]));
}

/**
 * The orders projection with its batches counted: how many, the longest run of creates one of them
 * held, how many batches were prepared ahead, and the indexes read.orders had while the first was written.
 */
function counted(): { projection: Projection; batches: number; longestCreateRun: number; prepared: number; indexesDuringReplay: string[] } {
  const seen = { batches: 0, longestCreateRun: 0, prepared: 0, indexesDuringReplay: [] as string[] };
  const projection: Projection = {
    ...ordersProjection,
    prepareBatch(events) {
      seen.prepared++;
      ordersProjection.prepareBatch!(events);
    },
    async applyBatch(tx, events) {
      if (seen.batches === 0) seen.indexesDuringReplay = Object.keys(await orderIndexes(tx as TestApp['infra']['sql']));
      seen.batches++;
      let run = 0;
      for (const e of events) {
        if (e.type === 'OrderCreated') seen.longestCreateRun = Math.max(seen.longestCreateRun, ++run);
        else if (e.type !== 'UniqueValueReserved') run = 0;
      }
      await ordersProjection.applyBatch!(tx, events);
    },
  };
  return Object.assign(seen, { projection });
}

describe('the orders projection rebuilt by batches (issue 20)', { timeout: 300_000 }, () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp({ history: { weeks: 1, today: TODAY, now: () => berlinInstant(TODAY, '12:00') } });
    token = await t.login('dispo');
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = async (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: Record<string, unknown>) => {
    const res = await t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, payload });
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.json() as { order?: { id: string }; id?: string };
  };
  const createOrders = async (n: number, overrides: Record<string, unknown> = {}) => {
    const ids: string[] = [];
    for (let i = 0; i < n; i++) {
      const body = await call('POST', '/api/orders', demoOrderBody({ quantity: 10 + i, ...overrides }));
      ids.push(body.order?.id ?? body.id!);
    }
    return ids;
  };

  /** Master data renamed as its decider would: the stream's last state with `changes`, then applied. */
  const rename = async (
    streamId: string,
    type: 'PlantUpdated' | 'MaterialUpdated' | 'CustomerUpdated',
    changes: Record<string, unknown>,
  ) => {
    const stream: RecordedEvent[] = await t.infra.store.readStream(streamId);
    const { createdAt: _created, updatedAt: _updated, ...state } = stream[stream.length - 1]!.data as Record<string, unknown>;
    const at = new Date().toISOString();
    const { position } = await t.infra.store.append(streamId, 'any', [
      {
        eventId: randomUUID(),
        type,
        schemaVersion: 1,
        data: { ...state, ...changes, updatedAt: at },
        metadata: { userId: null, correlationId: randomUUID(), causationId: null, occurredAt: at },
      },
    ]);
    // Generous: another database's long transaction on the same server holds every runner back (ADR 0001).
    expect(await t.services.runner.waitFor(position, 60_000)).toBe(true);
  };

  it('equals the table built live, and the one replayed event by event, after creates, changes, status changes, assignments, deletes and renames', async () => {
    // The seeded week: creates, changes, status changes, assignments to tours, tour status and the day's completion.
    const plant = demoId('plant', 'Zementwerk Lägerdorf');
    const material = demoId('material', 'CEM I 42,5 R');
    const { rows: customers } = await t.infra.sql.query<{ id: string }>('SELECT id FROM read.customers ORDER BY id LIMIT 1');
    const customer = customers[0]!.id;

    const first = await createOrders(4, { customer_id: customer });
    await rename(streamIds.plant(plant), 'PlantUpdated', { name: 'Zementwerk Lägerdorf Nord' });
    const second = await createOrders(3);
    await call('PUT', `/api/orders/${first[0]}`, { quantity: 31, delivery_time_fixed: '09:30', priority: 'urgent' });
    await rename(streamIds.material(material), 'MaterialUpdated', { name: 'CEM I 42,5 R (lose)' });
    await call('POST', '/api/orders/bulk-status', { order_ids: [first[1], second[0]], status: 'problem' });
    await call('DELETE', `/api/orders/${first[2]}`);
    await rename(streamIds.customer(customer), 'CustomerUpdated', { company: 'Umbenannt GmbH' });
    await createOrders(2, { customer_id: customer });
    await call('DELETE', `/api/orders/${second[1]}`);
    await rename(streamIds.plant(plant), 'PlantUpdated', { name: 'Zementwerk Lägerdorf' });

    for (let tries = 0; tries < 600 && (await t.services.runner.lag()) > 0; tries++) await new Promise((r) => setTimeout(r, 100));
    const live = await ordersTable(t);
    expect(live.length).toBeGreaterThan(20);
    expect(live.join('\n')).toContain('Umbenannt GmbH');
    await t.services.runner.stop();

    const indexes = await orderIndexes(t.infra.sql);
    const batched = counted();
    const runner = new ProjectionRunner(
      t.infra.sql,
      t.infra.store,
      projections.map((p) => (p.name === 'orders' ? batched.projection : p)),
      t.infra.bus,
      pino({ level: 'silent' }),
      // Small batches: the runner reads ahead, and the projection prepares the next batch's rows.
      { replayBatchSize: 25 },
    );
    await runner.setup();
    await runner.rebuild('orders');
    expect(batched.batches).toBeGreaterThan(0);
    expect(batched.longestCreateRun).toBeGreaterThanOrEqual(3);
    expect(batched.prepared).toBeGreaterThan(0);
    expect(await ordersTable(t)).toEqual(live);
    // The indexes only queries read were left out while the log was replayed, and are back as they were.
    const deferred = ordersProjection.deferredIndexes!.map((index) => index.name.replace(/^read\./, ''));
    expect(deferred).toContain('orders_search_idx');
    expect(batched.indexesDuringReplay).toContain('orders_pkey');
    expect(batched.indexesDuringReplay).toContain('orders_plant_idx');
    for (const name of deferred) expect(batched.indexesDuringReplay).not.toContain(name);
    expect(await orderIndexes(t.infra.sql)).toEqual(indexes);

    // The same log applied one event at a time, as before applyBatch existed.
    const { applyBatch: _batch, ...oneByOne } = ordersProjection;
    const single = new ProjectionRunner(
      t.infra.sql,
      t.infra.store,
      projections.map((p) => (p.name === 'orders' ? oneByOne : p)),
      t.infra.bus,
      pino({ level: 'silent' }),
    );
    await single.setup();
    await single.rebuild('orders');
    expect(await ordersTable(t)).toEqual(live);
  });
});
