import { messages } from '@dispo/domain/messages';
import { loadRevenue } from '@dispo/domain/tariff/revenue';
import { straightLineLeg } from '@dispo/domain/travel/index';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDemoCatalog } from './demo-catalog';
import { demoId } from './seed';
import { demoOrderBody } from './testing/demo-order';
import { createTestApp, type TestApp } from './testing/test-app';

interface Order {
  id: string;
  orderNumber: string;
  status: string;
  billingState: string;
  billingPending: boolean;
  billingConfirmed: boolean;
  deliverySlipNumber: string | null;
  actualWeight: number | null;
  [key: string]: unknown;
}

const catalog = loadDemoCatalog();

describe('billing (docs/api/orders.md "Billing")', () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    for (const user of ['dispo', 'auftrag', 'abrechnung', 'audit', 'admin']) tokens[user] = await t.login(user);
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, user = 'dispo') =>
    t.app.inject({ method, url, headers: { authorization: `Bearer ${tokens[user]}` }, ...(payload === undefined ? {} : { payload: payload as object }) });
  async function ok<T>(res: Awaited<ReturnType<typeof call>>, status = 200): Promise<T> {
    expect(res.statusCode, res.body.slice(0, 400)).toBe(status);
    return res.json() as T;
  }
  function refused(res: Awaited<ReturnType<typeof call>>, status: number, message: string) {
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json()).toMatchObject({ success: false, error: message });
  }
  const order = async (overrides: Record<string, unknown> = {}) =>
    (await ok<{ order: Order }>(await call('POST', '/api/orders', demoOrderBody({ delivery_date: '2026-11-23', ...overrides })), 201)).order;
  const patch = async (id: string, body: Record<string, unknown>, user = 'dispo') => (await ok<{ order: Order }>(await call('PATCH', `/api/orders/${id}`, body, user))).order;
  /** An order delivered and handed to billing with slip number and weight. */
  async function inBilling(weight = 26.4): Promise<Order> {
    const o = await order();
    await patch(o.id, { status: 'disponiert' });
    await patch(o.id, { status: 'geliefert' });
    return patch(o.id, { delivery_slip_number: `LS-${o.orderNumber}`, actual_weight: weight });
  }

  it('confirms an order in billing: abgerechnet, out of the pending list, in the confirmed list', async () => {
    const o = await inBilling();
    expect(o).toMatchObject({ billingState: 'processing', locked: true });
    expect((await ok<{ orders: Order[] }>(await call('GET', '/api/billing/pending', undefined, 'abrechnung'))).orders.map((x) => x.id)).toContain(o.id);
    const confirmed = (await ok<{ order: Order }>(await call('POST', `/api/billing/confirm/${o.id}`, undefined, 'abrechnung'))).order;
    expect(confirmed).toMatchObject({ status: 'abgerechnet', billingState: 'confirmed', billingConfirmed: true, processingStatus: 'confirmed' });
    expect(confirmed.billingConfirmedAt).toEqual(expect.any(String));
    expect((await ok<{ orders: Order[] }>(await call('GET', '/api/billing/pending'))).orders.map((x) => x.id)).not.toContain(o.id);
    const page = await ok<{ orders: Order[]; total: number; limit: number }>(await call('GET', '/api/billing/confirmed?limit=1000'));
    expect(page.orders.map((x) => x.id)).toContain(o.id);
    expect(page.limit).toBe(1000);
    refused(await call('POST', `/api/billing/confirm/${o.id}`, undefined, 'abrechnung'), 409, messages.billing.alreadyConfirmed);
    // The event names the billing user.
    const events = await t.infra.store.readStream(`order-${o.id}`);
    expect(events.at(-1)).toMatchObject({ type: 'OrderBillingConfirmed', metadata: { userId: expect.any(String), commandName: 'ConfirmBilling' } });
  });

  it('lets only billing staff and admins confirm, undo and remove (403 with the German message)', async () => {
    const o = await inBilling();
    for (const user of ['dispo', 'auftrag', 'audit']) {
      refused(await call('POST', `/api/billing/confirm/${o.id}`, undefined, user), 403, messages.billing.onlyBillingStaff);
      refused(await call('POST', `/api/billing/undo/${o.id}`, { reason: 'x' }, user), 403, messages.billing.onlyBillingStaff);
      refused(await call('DELETE', `/api/billing/remove/${o.id}`, undefined, user), 403, messages.billing.onlyBillingStaff);
    }
    expect((await t.infra.store.readStream(`order-${o.id}`)).map((e) => e.type)).not.toContain('OrderBillingConfirmed');
    await ok(await call('POST', `/api/billing/confirm/${o.id}`, undefined, 'admin'));
    expect((await call('GET', '/api/billing/pending')).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/billing/pending' })).statusCode).toBe(401);
  });

  it('refuses to confirm an order without slip number and weight', async () => {
    const o = await order();
    refused(await call('POST', `/api/billing/confirm/${o.id}`, undefined, 'abrechnung'), 409, messages.billing.notReady);
    refused(await call('POST', '/api/billing/confirm/gibt-es-nicht', undefined, 'abrechnung'), 404, messages.order.notFound);
  });

  it('undoes a confirmation only with a reason: status problem, reason, when and who', async () => {
    const o = await inBilling();
    await ok(await call('POST', `/api/billing/confirm/${o.id}`, undefined, 'abrechnung'));
    refused(await call('POST', `/api/billing/undo/${o.id}`, {}, 'abrechnung'), 400, messages.billing.reasonRequired);
    refused(await call('POST', `/api/billing/undo/${o.id}`, { reason: '   ' }, 'abrechnung'), 400, messages.billing.reasonRequired);
    const undone = (await ok<{ order: Order }>(await call('POST', `/api/billing/undo/${o.id}`, { reason: 'Gewicht prüfen' }, 'abrechnung'))).order;
    const accountant = catalog.users.find((u) => u.username === 'abrechnung')!;
    expect(undone).toMatchObject({
      status: 'problem',
      billingConfirmed: false,
      billingConfirmedAt: null,
      billingState: 'processing',
      billingReversalReason: 'Gewicht prüfen',
      billingReverser: `${accountant.firstName} ${accountant.lastName}`,
    });
    expect(undone.billingReversedAt).toEqual(expect.any(String));
    refused(await call('POST', `/api/billing/undo/${o.id}`, { reason: 'noch mal' }, 'abrechnung'), 409, messages.billing.notConfirmed);
    // Still pending in billing: it can be confirmed again.
    expect((await ok<{ orders: Order[] }>(await call('GET', '/api/billing/pending'))).orders.map((x) => x.id)).toContain(o.id);
    await ok(await call('POST', `/api/billing/confirm/${o.id}`, undefined, 'abrechnung'));
    // The journal holds every step with its performer and the undo's reason.
    const { rows } = await t.infra.sql.query<{ step: string; reason: string | null; slip: string | null; performed_by: string }>(
      'SELECT step, reason, delivery_slip_number AS slip, performed_by FROM read.billing_journal WHERE order_id = $1 ORDER BY performed_at, step',
      [o.id],
    );
    expect(rows.map((r) => r.step)).toEqual(['delivery_data_recorded', 'handed_to_billing', 'confirmed', 'undone', 'confirmed']);
    expect(rows[0]!.slip).toBe(`LS-${o.orderNumber}`);
    expect(rows.find((r) => r.step === 'undone')).toMatchObject({ reason: 'Gewicht prüfen', performed_by: demoId('user', 'abrechnung') });
  });

  it('removes an order from billing: every billing field cleared, status abgelehnt, free to change again', async () => {
    const o = await inBilling();
    const removed = (await ok<{ order: Order }>(await call('DELETE', `/api/billing/remove/${o.id}`, undefined, 'abrechnung'))).order;
    expect(removed).toMatchObject({
      status: 'abgelehnt',
      deliverySlipNumber: null,
      actualWeight: null,
      deliveryNotes: null,
      billingPending: false,
      billingConfirmed: false,
      billingConfirmedAt: null,
      processingStatus: 'pending',
      billingState: 'pending',
      locked: false,
    });
    refused(await call('DELETE', `/api/billing/remove/${o.id}`, undefined, 'abrechnung'), 409, messages.billing.notInBilling);
    expect((await patch(o.id, { status: 'offen' })).status).toBe('offen');
  });

  it('confirms a selection in bulk, reporting each refusal with its reason', async () => {
    const [a, b] = [await inBilling(), await inBilling()];
    const open = await order();
    const res = await ok<{ confirmed: number; failed: { id: string; orderNumber: string; error: string }[] }>(
      await call('POST', '/api/billing/confirm', { order_ids: [a.id, b.id, open.id] }, 'abrechnung'),
    );
    expect(res.confirmed).toBe(2);
    expect(res.failed).toEqual([{ id: open.id, orderNumber: open.orderNumber, error: messages.billing.notReady }]);
    refused(await call('POST', '/api/billing/confirm', { order_ids: [] }, 'abrechnung'), 400, messages.validation.selection.selectAtLeastOne);
  });

  it('keeps a storno row’s slip number and weight locked until it is unlocked; the unlock is recorded', async () => {
    const o = await order();
    await patch(o.id, { status: 'storno' });
    refused(await call('PATCH', `/api/orders/${o.id}`, { delivery_slip_number: 'LS-S1' }), 409, messages.order.stornoDeliveryDataLocked);
    const unlocked = (await ok<{ order: Order }>(await call('POST', `/api/orders/${o.id}/unlock-delivery-data`))).order;
    expect(unlocked.deliveryDataUnlocked).toBe(true);
    expect((await patch(o.id, { delivery_slip_number: 'LS-S1' })).deliverySlipNumber).toBe('LS-S1');
    expect((await t.infra.store.readStream(`order-${o.id}`)).map((e) => e.type)).toContain('OrderDeliveryDataUnlocked');
    refused(await call('POST', `/api/orders/${(await order()).id}/unlock-delivery-data`), 409, messages.order.unlockOnlyStorno);
    refused(await call('POST', `/api/orders/${o.id}/unlock-delivery-data`, undefined, 'audit'), 403, messages.auth.forbidden);
  });

  it('transfers confirmed or ready orders to the disposition and refuses the others with a reason each', async () => {
    const confirmedOrder = await order();
    await patch(confirmedOrder.id, { status: 'bestätigt' });
    const ready = await order();
    await patch(ready.id, { status: 'bereit' });
    const open = await order();
    const res = await ok<{ transferred: number; failed: { id: string; error: string }[]; message: string }>(
      await call('POST', '/api/orders/transfer-to-disposition', { order_ids: [confirmedOrder.id, ready.id, open.id] }),
    );
    expect(res.transferred).toBe(2);
    expect(res.message).toBe('2 Aufträge zur Disposition übertragen');
    expect(res.failed).toEqual([{ id: open.id, orderNumber: open.orderNumber, error: messages.billing.transferNotEligible(open.orderNumber, 'Offen') }]);
    const after = (await ok<{ order: Order }>(await call('GET', `/api/orders/${ready.id}`))).order;
    expect(after.dispositionStatus).toBe('in_progress');
  });

  it('sums billing by state with tonnes and the tariff’s revenue, within a period and plant', async () => {
    const o = await inBilling(25);
    const stats = (await ok<{ stats: Record<string, unknown> }>(await call('GET', '/api/billing/stats?startDate=2026-11-23&endDate=2026-11-23'))).stats;
    expect(stats).toMatchObject({ currency: 'EUR', filter: { startDate: '2026-11-23', endDate: '2026-11-23', plantId: null } });
    const pending = stats.pending as { count: number; actualTonnes: number; revenue: number };
    expect(pending.count).toBeGreaterThanOrEqual(1);
    // CEM I from Lägerdorf to Kiel: 25 t × (base of Zement + per tonne-km × road km).
    const plants = new Map(catalog.plants.map((p) => [p.name, p]));
    const km = Math.round(straightLineLeg(catalog.tariff, plants.get('Zementwerk Lägerdorf')!, plants.get('Betonwerk Kiel')!).km * 100) / 100;
    const record = await ok<{ revenue: number; loadedKm: number; actualWeight: number }>(await call('GET', `/api/billing/export/${o.id}?format=json`));
    expect(record).toMatchObject({ loadedKm: km, actualWeight: 25, revenue: loadRevenue(catalog.tariff, { tonnes: 25, category: 'Zement', loadedKm: km }) });
    const none = (await ok<{ stats: { pending: { count: number } } }>(await call('GET', '/api/billing/stats?startDate=2030-01-01'))).stats;
    expect(none.pending.count).toBe(0);
    expect((await call('GET', '/api/billing/stats?startDate=2026-02-30')).statusCode).toBe(400);
  });

  it('exports a billing record as CSV the way German accounting tools read it', async () => {
    const o = await inBilling(26.45);
    const res = await call('GET', `/api/billing/export/${o.id}?format=csv`, undefined, 'abrechnung');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="Abrechnung_${o.orderNumber}.csv"`);
    const [header, row] = res.body.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    const columns = header!.split(';');
    const values = Object.fromEntries(columns.map((c, i) => [c, row!.split(';')[i]]));
    expect(values).toMatchObject({
      Auftragsnummer: o.orderNumber,
      Lieferdatum: '23.11.2026',
      Material: 'CEM I 42,5 R',
      'Gewicht tatsächlich (t)': '26,45',
      Lieferscheinnummer: `LS-${o.orderNumber}`,
      Abrechnung: 'In Abrechnung',
    });
    expect(values['Erlös (EUR)']).toMatch(/^\d+,\d{1,2}$/);
    refused(await call('GET', '/api/billing/export/gibt-es-nicht?format=csv'), 404, messages.order.notFound);
  });
});
