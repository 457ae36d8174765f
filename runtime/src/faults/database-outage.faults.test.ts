/**
 * Recovery after a PostgreSQL outage (issue 38, ADR 0021, fault suite): the app reaches the shared
 * server through a TCP proxy; cutting the proxy is, for the app, the database going away (every
 * connection dropped, new ones refused), without stopping the server other suites use. The outage is
 * long enough for the projection runner's backoff to grow past 4 s; after it, an order created must be
 * in GET /api/orders and health must be ok within 2 s of the database's return.
 *
 * `npm run test:faults` (needs DATABASE_URL); not part of `npm test`.
 */
import { createPgClient } from '@dispo/events/sql/pg-client';
import { createTestSql, type TestSql } from '@dispo/events/testing/test-database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoOrderBody } from '../testing/demo-order';
import { TcpProxy } from '../testing/tcp-proxy';
import { createTestApp, type TestApp } from '../testing/test-app';

const OUTAGE_MS = 12_000;
/** The target of issue 38: the read side current within 2 s of the database's return. */
const RECOVERY_MS = 2000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.runIf(process.env.DATABASE_URL)('PostgreSQL outage (fault suite)', { timeout: 180_000 }, () => {
  let db: TestSql;
  let proxy: TcpProxy;
  let t: TestApp;
  let admin: string;
  let dispo: string;

  beforeAll(async () => {
    db = await createTestSql({ kind: 'postgres' });
    const target = new URL(db.url!);
    proxy = new TcpProxy(target.hostname, Number(target.port || 5432));
    await proxy.open();
    target.port = String(proxy.port);
    target.hostname = '127.0.0.1';
    t = await createTestApp({ sql: createPgClient(target.toString(), { max: 5 }) });
    admin = await t.login('admin');
    dispo = await t.login('dispo');
  });
  afterAll(async () => {
    await t?.close();
    await t?.infra.sql.close().catch(() => {});
    await proxy?.close();
    await db?.dispose();
  });

  const health = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { authorization: `Bearer ${admin}` } });
    return { code: res.statusCode, status: (res.json() as { status: string }).status };
  };
  /** Orders of this day are the test's own. */
  const DAY = '2026-12-21';
  const create = (notes: string) =>
    t.app.inject({ method: 'POST', url: '/api/orders', headers: { authorization: `Bearer ${dispo}` }, payload: demoOrderBody({ notes, delivery_date: DAY }) });
  const listed = async (id: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/orders?dateFrom=${DAY}&dateTo=${DAY}&limit=500`, headers: { authorization: `Bearer ${dispo}` } });
    if (res.statusCode !== 200) return false;
    return (res.json() as { orders: { id: string }[] }).orders.some((o) => o.id === id);
  };
  /** ms from `since` until `check` holds, polling every 20 ms. */
  async function within(since: number, check: () => Promise<boolean>, timeoutMs = 60_000): Promise<number> {
    while (!(await check().catch(() => false))) {
      if (Date.now() - since > timeoutMs) throw new Error(`not within ${timeoutMs} ms`);
      await sleep(20);
    }
    return Date.now() - since;
  }

  it('after the database returns, a new order is in GET /api/orders and health is ok within 2 s', async () => {
    const before = await create('vor dem Ausfall');
    expect(before.statusCode).toBe(201);
    expect(await listed((before.json() as { order: { id: string } }).order.id)).toBe(true);
    expect(await health()).toEqual({ code: 200, status: 'ok' });

    await proxy.cut();
    await sleep(OUTAGE_MS);
    // The runner went through its error path (its batches failed), and health says so.
    expect(t.services.runner.health().error).not.toBeNull();
    expect((await health()).code).toBe(503);

    await proxy.restore();
    const back = Date.now();
    // The first create that commits (the pool reconnects on demand).
    let orderId = '';
    await within(back, async () => {
      const res = await create('nach dem Ausfall');
      if (res.statusCode >= 300) return false;
      orderId = (res.json() as { order: { id: string } }).order.id;
      return true;
    });
    const readSide = await within(back, () => listed(orderId));
    const healthy = await within(back, async () => (await health()).status === 'ok');
    console.log(`database outage of ${OUTAGE_MS} ms: new order listed ${readSide} ms and health ok ${healthy} ms after the database's return`);
    expect(readSide).toBeLessThanOrEqual(RECOVERY_MS);
    expect(healthy).toBeLessThanOrEqual(RECOVERY_MS);
  });
});
