import { messages } from '@dispo/domain/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoId } from './seed';
import { demoOrderBody } from './testing/demo-order';
import { createTestApp, type TestApp } from './testing/test-app';

interface Order {
  id: string;
  orderNumber: string;
  status: string;
  quantity: number;
  deliveryDate: string;
  locked: boolean;
  billingState: string;
  [key: string]: unknown;
}

const plant = (name: string) => demoId('plant', name);
const material = (name: string) => demoId('material', name);
const loadingPoint = (path: string) => demoId('loading-point', path);

describe('order commands and list (docs/api/orders.md)', () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    for (const user of ['dispo', 'auftrag', 'abrechnung', 'audit']) tokens[user] = await t.login(user);
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown, user = 'dispo') =>
    t.app.inject({ method, url, headers: { authorization: `Bearer ${tokens[user]}` }, ...(payload === undefined ? {} : { payload: payload as object }) });

  async function ok<T>(res: Awaited<ReturnType<typeof call>>, status = 200): Promise<T> {
    expect(res.statusCode, res.body.slice(0, 400)).toBe(status);
    return res.json() as T;
  }
  function refused(res: Awaited<ReturnType<typeof call>>, status: number, message: string) {
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json()).toMatchObject({ success: false, error: message });
  }
  async function create(overrides: Record<string, unknown> = {}): Promise<Order> {
    return (await ok<{ order: Order }>(await call('POST', '/api/orders', demoOrderBody(overrides)), 201)).order;
  }
  const getOrder = async (id: string) => (await ok<{ order: Order }>(await call('GET', `/api/orders/${id}`))).order;
  const list = async (query: string) => ok<{ orders: Order[]; total: number }>(await call('GET', `/api/orders?${query}`));
  const eventsOf = async (id: string) => (await t.infra.store.readStream(`order-${id}`)).map((e) => e.type);

  it('answers a created and a duplicated order exactly as GET /api/orders/:id shows it', async () => {
    const o = await create({ notes: 'Wie gelesen', priority: 'high' });
    expect(o).toEqual(await getOrder(o.id));
    const copy = (await ok<{ order: Order }>(await call('POST', `/api/orders/${o.id}/duplicate`), 201)).order;
    expect(copy).toEqual(await getOrder(copy.id));
  });

  describe('PUT and PATCH', () => {
    it('PUT changes the full form and answers the order as the list shows it', async () => {
      const o = await create();
      const res = await ok<{ success: boolean; order: Order }>(
        await call('PUT', `/api/orders/${o.id}`, {
          ...demoOrderBody(),
          delivery_plant_id: plant('Betonwerk Lübeck'),
          quantity: 25.5,
          delivery_time_type: 'range',
          delivery_time_from: '08:00',
          delivery_time_to: '12:00',
          priority: 'high',
          notes: 'Bitte vorher anrufen',
        }),
      );
      expect(res.success).toBe(true);
      expect(res.order).toMatchObject({
        id: o.id,
        orderNumber: o.orderNumber,
        quantity: 25.5,
        deliveryPlant: { name: 'Betonwerk Lübeck' },
        deliveryTimeType: 'range',
        deliveryTimeFixed: null,
        deliveryTimeFrom: '08:00',
        deliveryTimeTo: '12:00',
        priority: 'high',
        notes: 'Bitte vorher anrufen',
      });
      expect(await eventsOf(o.id)).toEqual(['OrderCreated', 'OrderDetailsChanged']);
    });

    it('PATCH changes only the keys it names: status, date, quantity, material', async () => {
      const o = await create();
      const patched = await ok<{ order: Order }>(
        await call('PATCH', `/api/orders/${o.id}`, { quantity: 12, material_id: material('CEM II/A-LL 42,5 N'), delivery_date: '2026-12-01' }),
      );
      expect(patched.order).toMatchObject({ quantity: 12, material: { name: 'CEM II/A-LL 42,5 N', category: 'Zement' }, deliveryDate: '2026-12-01', deliveryTimeFixed: '08:00' });
      const status = await ok<{ order: Order }>(await call('PATCH', `/api/orders/${o.id}`, { status: 'disponiert' }));
      expect(status.order.status).toBe('disponiert');
    });

    it('weight follows quantity: m³ by the material density, tonnes whatever weight is re-sent (issue 31)', async () => {
      const gravel = {
        plant_id: plant('Kieswerk Kaltenkirchen'),
        loading_point_id: loadingPoint('Kieswerk Kaltenkirchen/Verladestation 1'),
        material_id: material('Frostschutzkies 0/32'),
        unit: 'm3',
      };
      const m3 = await create({ ...gravel, quantity: 14, weight_tons: 5 });
      expect(m3.weightTons).toBe(23.8);
      const patched = await ok<{ order: Order }>(await call('PATCH', `/api/orders/${m3.id}`, { quantity: 8 }));
      expect(patched.order).toMatchObject({ quantity: 8, weightTons: 13.6 });
      const put = await ok<{ order: Order }>(await call('PUT', `/api/orders/${m3.id}`, { ...demoOrderBody(gravel), quantity: 10, weight_tons: 13.6 }));
      expect(put.order).toMatchObject({ quantity: 10, weightTons: 17 });

      const tonnes = await create({ quantity: 24.5 });
      expect(tonnes.weightTons).toBe(24.5);
      // The full form used to re-send the old weight: the storno PDF then printed 22,3 t against 24,5 t.
      const edited = await ok<{ order: Order }>(await call('PUT', `/api/orders/${tonnes.id}`, { ...demoOrderBody(), quantity: 22.3, weight_tons: 24.5 }));
      expect(edited.order).toMatchObject({ quantity: 22.3, weightTons: 22.3 });
      expect(await getOrder(tonnes.id)).toMatchObject({ quantity: 22.3, weightTons: 22.3 });
    });

    it('answers the edit form rules with the spec messages and writes nothing', async () => {
      const o = await create();
      for (const body of [{ plant_id: null }, { quantity: null }, { delivery_date: '' }, { plant_id: '' }]) {
        refused(await call('PUT', `/api/orders/${o.id}`, { ...demoOrderBody(), ...body }), 400, messages.validation.requiredFields);
      }
      refused(await call('PATCH', `/api/orders/${o.id}`, { quantity: 0 }), 400, messages.validation.wizard.quantityPositive);
      refused(
        await call('PATCH', `/api/orders/${o.id}`, { delivery_time_type: 'range', delivery_time_from: '12:00', delivery_time_to: '08:00' }),
        400,
        messages.validation.timeRangeOrder,
      );
      refused(await call('PATCH', `/api/orders/${o.id}`, { delivery_plant_id: plant('Zementwerk Lägerdorf') }), 400, messages.validation.quickOrder.plantsMustDiffer);
      refused(await call('PATCH', `/api/orders/${o.id}`, { delivery_plant_id: plant('Kieswerk Moorburg') }), 400, messages.order.notADeliveryPlant);
      refused(await call('PATCH', `/api/orders/${o.id}`, { loading_point_id: loadingPoint('Kieswerk Moorburg/Halde Nord') }), 400, messages.order.loadingPointOfOtherPlant);
      refused(await call('PATCH', `/api/orders/${o.id}`, {}), 400, messages.order.noChanges);
      refused(await call('PATCH', `/api/orders/${o.id}`, { status: 'geliefert' }), 400, messages.order.statusChangeNotAllowed('Offen', 'Geliefert'));
      refused(await call('PATCH', `/api/orders/${o.id}`, { status: 'abgerechnet' }), 400, messages.order.settledOnlyThroughBilling);
      refused(await call('PATCH', '/api/orders/gibt-es-nicht', { quantity: 3 }), 404, messages.order.notFound);
      expect(await eventsOf(o.id)).toEqual(['OrderCreated']);
    });

    it('binds the order to billing once slip number and weight are filled, then locks it (§4.2)', async () => {
      const o = await create();
      await ok(await call('PATCH', `/api/orders/${o.id}`, { status: 'disponiert' }));
      // Billing staff may record slip number and weight, nothing else.
      const slip = await ok<{ order: Order }>(await call('PATCH', `/api/orders/${o.id}`, { delivery_slip_number: 'LS-2026-0815' }, 'abrechnung'));
      expect(slip.order).toMatchObject({ deliverySlipNumber: 'LS-2026-0815', billingState: 'pending', locked: false });
      refused(await call('PATCH', `/api/orders/${o.id}`, { quantity: 3 }, 'abrechnung'), 403, messages.auth.forbidden);
      const weight = await ok<{ order: Order }>(await call('PATCH', `/api/orders/${o.id}`, { actual_weight: 26.84 }, 'abrechnung'));
      expect(weight.order).toMatchObject({ actualWeight: 26.84, billingPending: true, processingStatus: 'processing', billingState: 'processing', locked: true });
      refused(await call('PATCH', `/api/orders/${o.id}`, { quantity: 3 }), 409, messages.order.boundToBilling);
      refused(await call('PATCH', `/api/orders/${o.id}`, { status: 'problem' }), 409, messages.order.boundToBilling);
    });

    it('locks a cancelled order but takes its slip number after the unlock, and reactivates it', async () => {
      const o = await create();
      await ok(await call('PATCH', `/api/orders/${o.id}`, { status: 'storno' }));
      const locked = await getOrder(o.id);
      expect(locked.locked).toBe(true);
      refused(await call('PATCH', `/api/orders/${o.id}`, { quantity: 5 }), 409, messages.order.locked);
      refused(await call('PATCH', `/api/orders/${o.id}`, { delivery_slip_number: 'LS-9' }), 409, messages.order.stornoDeliveryDataLocked);
      await ok(await call('POST', `/api/orders/${o.id}/unlock-delivery-data`));
      expect((await ok<{ order: Order }>(await call('PATCH', `/api/orders/${o.id}`, { delivery_slip_number: 'LS-9' }))).order.deliverySlipNumber).toBe('LS-9');
      expect((await ok<{ order: Order }>(await call('PATCH', `/api/orders/${o.id}`, { status: 'offen' }))).order.locked).toBe(false);
    });

    it('lets the auditor read but not write', async () => {
      const o = await create();
      expect((await call('GET', `/api/orders/${o.id}`, undefined, 'audit')).statusCode).toBe(200);
      for (const [method, url, body] of [
        ['PUT', `/api/orders/${o.id}`, demoOrderBody()],
        ['PATCH', `/api/orders/${o.id}`, { quantity: 3 }],
        ['DELETE', `/api/orders/${o.id}`, undefined],
        ['POST', `/api/orders/${o.id}/duplicate`, undefined],
        ['POST', `/api/orders/${o.id}/storno`, undefined],
        ['POST', '/api/orders/bulk-status', { order_ids: [o.id], status: 'disponiert' }],
      ] as const) {
        refused(await call(method, url, body, 'audit'), 403, messages.auth.forbidden);
      }
      expect(await eventsOf(o.id)).toEqual(['OrderCreated']);
    });
  });

  describe('delete, storno, duplicate', () => {
    it('deletes only an open order; the list forgets it, the log keeps it', async () => {
      const open = await create();
      expect((await ok<{ success: boolean }>(await call('DELETE', `/api/orders/${open.id}`))).success).toBe(true);
      refused(await call('GET', `/api/orders/${open.id}`), 404, messages.order.notFound);
      expect(await eventsOf(open.id)).toEqual(['OrderCreated', 'OrderDeleted']);
      const dispatched = await create();
      await ok(await call('PATCH', `/api/orders/${dispatched.id}`, { status: 'disponiert' }));
      refused(await call('DELETE', `/api/orders/${dispatched.id}`), 409, messages.order.onlyOpenCanBeDeleted);
    });

    it('storno: the order is removed and the history keeps both facts', async () => {
      const o = await create();
      await ok(await call('POST', `/api/orders/${o.id}/storno`));
      refused(await call('GET', `/api/orders/${o.id}`), 404, messages.order.notFound);
      expect(await eventsOf(o.id)).toEqual(['OrderCreated', 'OrderStornoIssued', 'OrderDeleted']);
    });

    it('duplicates under a new order number with status offen', async () => {
      const o = await create({ notes: 'Original', priority: 'urgent' });
      await ok(await call('PATCH', `/api/orders/${o.id}`, { status: 'disponiert' }));
      const copy = (await ok<{ success: boolean; order: Order }>(await call('POST', `/api/orders/${o.id}/duplicate`), 201)).order;
      expect(copy.id).not.toBe(o.id);
      expect(copy.orderNumber).toMatch(/^S\d{6}-\d{4}$/);
      expect(copy.orderNumber).not.toBe(o.orderNumber);
      expect(copy).toMatchObject({ status: 'offen', notes: 'Original', priority: 'urgent', quantity: 27, duplicatedFrom: o.id });
      refused(await call('POST', '/api/orders/gibt-es-nicht/duplicate'), 404, messages.order.notFound);
    });
  });

  describe('bulk status', () => {
    it('changes what the rules allow and names each refusal', async () => {
      const a = await create();
      const b = await create();
      const c = await create();
      await ok(await call('PATCH', `/api/orders/${c.id}`, { status: 'disponiert' }));
      await ok(await call('PATCH', `/api/orders/${c.id}`, { status: 'unterwegs' }));
      const res = await ok<{ success: boolean; updated: number; failed: { id: string; orderNumber: string; error: string }[] }>(
        await call('POST', '/api/orders/bulk-status', { order_ids: [a.id, b.id, c.id, 'gibt-es-nicht'], status: 'disponiert' }),
      );
      // c is already disponiert? No: unterwegs → disponiert is allowed (a step back).
      expect(res.updated).toBe(3);
      expect(res.failed).toEqual([{ id: 'gibt-es-nicht', orderNumber: null, error: messages.order.notFound }]);
      const again = await ok<{ updated: number; failed: { id: string; orderNumber: string; error: string }[] }>(
        await call('POST', '/api/orders/bulk-status', { order_ids: [a.id, b.id], status: 'abgeschlossen' }),
      );
      expect(again.updated).toBe(0);
      expect(again.failed).toEqual([
        { id: a.id, orderNumber: a.orderNumber, error: messages.order.statusChangeNotAllowed('Disponiert', 'Abgeschlossen') },
        { id: b.id, orderNumber: b.orderNumber, error: messages.order.statusChangeNotAllowed('Disponiert', 'Abgeschlossen') },
      ]);
      refused(await call('POST', '/api/orders/bulk-status', { order_ids: [], status: 'disponiert' }), 400, messages.validation.selection.selectAtLeastOne);
      refused(await call('POST', '/api/orders/bulk-status', { order_ids: [a.id], status: 'fertig' }), 400, messages.http.invalidField('status'));
    });
  });

  describe('list filters, sorting, search', () => {
    // A private set of orders on dates no other test uses.
    const day = (n: number) => `2027-03-${String(n).padStart(2, '0')}`;
    let set: Order[];

    beforeAll(async () => {
      set = [
        await create({ delivery_date: day(1), quantity: 10, priority: 'urgent', pump_available: true }),
        await create({ delivery_date: day(2), quantity: 20, material_id: material('Kies 8/16'), plant_id: plant('Kieswerk Moorburg'), loading_point_id: loadingPoint('Kieswerk Moorburg/Halde Nord') }),
        await create({ delivery_date: day(3), quantity: 30, transport_type: 'silo', crane_available: true, delivery_plant_id: plant('Betonwerk Bremen') }),
        await create({ delivery_date: day(4), quantity: 40, priority: 'low' }),
      ];
      await ok(await call('PATCH', `/api/orders/${set[3]!.id}`, { status: 'problem' }));
    });
    const inSet = `dateFrom=${day(1)}&dateTo=${day(4)}`;
    const numbers = (r: { orders: Order[] }) => r.orders.map((o) => o.orderNumber);

    it('filters by every filter of the list', async () => {
      const n = (i: number) => set[i]!.orderNumber;
      expect(numbers(await list(inSet))).toEqual([n(0), n(1), n(2), n(3)]);
      expect((await list(inSet)).total).toBe(4);
      expect(numbers(await list(`${inSet}&priority=urgent`))).toEqual([n(0)]);
      expect(numbers(await list(`${inSet}&status=problem`))).toEqual([n(3)]);
      expect(numbers(await list(`${inSet}&status=all`))).toHaveLength(4);
      expect(numbers(await list(`${inSet}&material=${material('Kies 8/16')}`))).toEqual([n(1)]);
      expect(numbers(await list(`${inSet}&plant=${plant('Kieswerk Moorburg')}`))).toEqual([n(1)]);
      expect(numbers(await list(`${inSet}&loadingPoint=${loadingPoint('Kieswerk Moorburg/Halde Nord')}`))).toEqual([n(1)]);
      expect(numbers(await list(`${inSet}&transportType=silo`))).toEqual([n(2)]);
      expect(numbers(await list(`${inSet}&minQuantity=25`))).toEqual([n(2), n(3)]);
      expect(numbers(await list(`${inSet}&pumpRequired=true`))).toEqual([n(0)]);
      expect(numbers(await list(`${inSet}&craneRequired=1`))).toEqual([n(2)]);
      expect(numbers(await list(`dateFrom=${day(2)}&dateTo=${day(3)}`))).toEqual([n(1), n(2)]);
      expect(numbers(await list(`${inSet}&createdFrom=2099-01-01`))).toEqual([]);
      expect(numbers(await list(`${inSet}&createdFrom=2020-01-01&hideSettled=true`))).toHaveLength(4);
    });

    it('sorts by the chosen column in both directions, with empty filter values ignored', async () => {
      const n = (i: number) => set[i]!.orderNumber;
      expect(numbers(await list(`${inSet}&sort_by=quantity&sort_order=desc`))).toEqual([n(3), n(2), n(1), n(0)]);
      expect(numbers(await list(`${inSet}&sort_by=priority&sort_order=desc`))[0]).toBe(n(0));
      expect(numbers(await list(`${inSet}&sort_by=deliveryDate&sort_order=desc&status=&priority=`))).toEqual([n(3), n(2), n(1), n(0)]);
      expect((await call('GET', '/api/orders?sort_by=farbe')).statusCode).toBe(400);
    });

    it('searches order number, customer, material, loading point, delivery plant and status, most relevant first', async () => {
      const target = set[2]!;
      const exact = await list(`search=${target.orderNumber.toLowerCase()}`);
      expect(numbers(exact)).toEqual([target.orderNumber]);
      const partial = await list(`${inSet}&search=${target.orderNumber.slice(0, 4)}`);
      expect(partial.total).toBeGreaterThanOrEqual(1);
      expect(numbers(await list(`${inSet}&search=bremen`))).toEqual([target.orderNumber]);
      expect(numbers(await list(`${inSet}&search=halde nord`))).toEqual([set[1]!.orderNumber]);
      expect(numbers(await list(`${inSet}&search=problem`))).toEqual([set[3]!.orderNumber]);
      // Exact material (60) ranks above a mere substring in another field.
      const byMaterial = await list(`${inSet}&search=${encodeURIComponent('kies 8/16')}`);
      expect(numbers(byMaterial)).toEqual([set[1]!.orderNumber]);
      // LIKE metacharacters are literal.
      expect((await list(`${inSet}&search=%25`)).total).toBe(0);
    });

    it('suggests from 2 characters, at most 8', async () => {
      const none = await ok<{ suggestions: unknown[] }>(await call('GET', '/api/orders/suggestions?q=B'));
      expect(none.suggestions).toEqual([]);
      const some = await ok<{ suggestions: { kind: string; value: string; label: string }[] }>(await call('GET', '/api/orders/suggestions?q=betonwerk'));
      expect(some.suggestions.length).toBeGreaterThan(0);
      expect(some.suggestions.length).toBeLessThanOrEqual(8);
      expect(some.suggestions).toContainEqual({ kind: 'deliveryPlant', value: 'Betonwerk Bremen', label: 'Betonwerk Bremen' });
      const status = await ok<{ suggestions: { kind: string; value: string; label: string }[] }>(await call('GET', '/api/orders/suggestions?q=probl'));
      expect(status.suggestions).toContainEqual({ kind: 'status', value: 'problem', label: 'Problem' });
      const many = await ok<{ suggestions: unknown[] }>(await call('GET', '/api/orders/suggestions?q=S2'));
      expect(many.suggestions.length).toBe(8);
    });
  });

  it('hides settled orders unless a plant filter is set (§4.2)', async () => {
    const o = await create({ delivery_date: '2027-04-01' });
    await t.infra.sql.query("UPDATE read.orders SET status = 'abgerechnet', billing_confirmed = true WHERE id = $1", [o.id]);
    const range = 'dateFrom=2027-04-01&dateTo=2027-04-01';
    expect((await list(`${range}&hideSettled=true`)).total).toBe(0);
    expect((await list(`${range}&hideSettled=false`)).total).toBe(1);
    expect((await list(`${range}&hideSettled=true&plant=${plant('Zementwerk Lägerdorf')}`)).total).toBe(1);
    expect((await list(`${range}&status=abgerechnet`)).total).toBe(1);
  });
});
