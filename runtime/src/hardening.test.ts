import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoOrderBody } from './testing/demo-order';
import { createTestApp, type TestApp } from './testing/test-app';

async function until(check: () => Promise<boolean> | boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('hardening (issue 19)', { timeout: 120_000 }, () => {
  let t: TestApp;
  let admin: string;
  let dispo: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login('admin');
    dispo = await t.login('dispo');
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = (method: 'GET' | 'POST', url: string, token: string | null, payload?: Record<string, unknown>, headers: Record<string, string> = {}) =>
    t.app.inject({ method, url, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers }, ...(payload ? { payload } : {}) });

  it('an event a projection cannot apply (forced into the log by SQL) parks only that projection; the rest stay current, admins see it, resume continues after the fix', async () => {
    const mailId = randomUUID();
    // What the schemas now refuse at append (2026-02-30), written past the store as a broken writer could.
    await t.infra.sql.query(
      `INSERT INTO es.events (stream_id, stream_version, event_id, type, schema_version, data, metadata)
       VALUES ($1, 1, $2, 'TourPlanMailRequested', 1, $3, $4)`,
      [
        `dispo-day-poison-${mailId}`,
        randomUUID(),
        JSON.stringify({ mailId, date: '2026-02-30', recipients: ['a@b.de'], trigger: 'manual', requestedBy: null, requestedAt: new Date().toISOString() }),
        JSON.stringify({ userId: null, correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString() }),
      ],
    );
    await until(() => t.services.runner.health().parked.length > 0);
    expect(t.services.runner.health().parked).toEqual([
      expect.objectContaining({ projection: 'mail_outbox', eventType: 'TourPlanMailRequested', streamId: `dispo-day-poison-${mailId}` }),
    ]);

    // Writes answer at once with the read model (no 5 s wait), and the other read models follow.
    const created = await call('POST', '/api/orders', dispo, demoOrderBody());
    expect(created.statusCode).toBe(201);
    const orderId = (created.json() as { order: { id: string } }).order.id;
    expect((await call('GET', `/api/orders/${orderId}`, dispo)).statusCode).toBe(200);

    // Health: still up (200) but degraded; the public answer has no internals, an admin's has the failure.
    const publicHealth = await call('GET', '/api/health', null);
    expect(publicHealth.statusCode).toBe(200);
    expect(publicHealth.json()).toEqual({ status: 'eingeschränkt' });
    const adminHealth = (await call('GET', '/api/health', admin)).json() as { projections: { parked: { projection: string; error: string }[] } };
    expect(adminHealth.projections.parked.map((p) => p.projection)).toEqual(['mail_outbox']);
    expect(adminHealth.projections.parked[0]!.error).toMatch(/date|2026-02-30/i);
    expect((await call('GET', '/api/health', dispo)).json()).toEqual({ status: 'eingeschränkt' });

    // The admin view's route; other roles are refused.
    expect((await call('GET', '/api/admin/projections', dispo)).statusCode).toBe(403);
    const view = (await call('GET', '/api/admin/projections', admin)).json() as { projections: { name: string; failure: unknown }[] };
    expect(view.projections.find((p) => p.name === 'mail_outbox')!.failure).toMatchObject({ eventType: 'TourPlanMailRequested' });
    expect(view.projections.find((p) => p.name === 'orders')!.failure).toBeNull();

    // The fix (here: the event corrected in place by an operator), then resume: nothing lost.
    await t.infra.sql.query(`UPDATE es.events SET data = jsonb_set(data, '{date}', '"2026-02-28"') WHERE stream_id = $1`, [`dispo-day-poison-${mailId}`]);
    expect((await call('POST', '/api/admin/projections/mail_outbox/resume', admin)).statusCode).toBe(200);
    expect((await call('POST', '/api/admin/projections/unbekannt/resume', admin)).statusCode).toBe(404);
    const outbox = async () => (await t.infra.sql.query<{ date: string }>('SELECT date::text AS date FROM read.mail_outbox WHERE mail_id = $1', [mailId])).rows;
    await until(async () => (await outbox()).length > 0);
    expect(await outbox()).toEqual([{ date: '2026-02-28' }]);
    expect(t.services.runner.health().parked).toEqual([]);
    expect((await call('GET', '/api/health', null)).json()).toEqual({ status: 'ok' });
  });

  it('Idempotency-Key: a retried create returns the first answer, not a second order; another body under the same key is refused', async () => {
    const key = randomUUID();
    const count = async () => Number((await t.infra.sql.query<{ n: number }>("SELECT count(*)::int AS n FROM es.events WHERE type = 'OrderCreated'")).rows[0]!.n);
    const before = await count();
    const first = await call('POST', '/api/orders', dispo, demoOrderBody(), { 'idempotency-key': key });
    expect(first.statusCode).toBe(201);
    const again = await call('POST', '/api/orders', dispo, demoOrderBody(), { 'idempotency-key': key });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replay']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await count()).toBe(before + 1);
    // The key belongs to its user and its request.
    expect((await call('POST', '/api/orders', dispo, demoOrderBody({ notes: 'anders' }), { 'idempotency-key': key })).statusCode).toBe(422);
    expect((await call('POST', '/api/orders', dispo, demoOrderBody(), { 'idempotency-key': 'mit leerzeichen' })).statusCode).toBe(400);
    // A refused create frees its key.
    const refusedKey = randomUUID();
    expect((await call('POST', '/api/orders', dispo, demoOrderBody({ delivery_date: '2026-02-30' }), { 'idempotency-key': refusedKey })).statusCode).toBe(400);
    expect((await call('POST', '/api/orders', dispo, demoOrderBody(), { 'idempotency-key': refusedKey })).statusCode).toBe(201);
    expect(await count()).toBe(before + 2);
  });

  it('a create whose read side is late answers 202 with the order as the command recorded it, never 404', async () => {
    // The orders projection parked by a forced event: the create's wait for it ends without the row.
    await t.infra.sql.query(
      `INSERT INTO es.events (stream_id, stream_version, event_id, type, schema_version, data, metadata)
       VALUES ($1, 1, $2, 'OrderCreated', 1, '{"id": "kaputt"}', $3)`,
      [`order-poison-${randomUUID()}`, randomUUID(), JSON.stringify({ userId: null, correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString() })],
    );
    await until(() => t.services.runner.health().parked.some((p) => p.projection === 'orders'));
    const res = await call('POST', '/api/orders', dispo, demoOrderBody());
    expect(res.statusCode).toBe(202);
    const body = res.json() as { success: boolean; pending: boolean; order: { id: string; order_number: string } };
    expect(body).toMatchObject({ success: true, pending: true });
    expect(body.order.order_number).toMatch(/^S\d{6}-\d{4}$/);
  });
});
