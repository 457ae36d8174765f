import { messages } from '@dispo/domain/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoId } from './seed';
import { demoOrderBody } from './testing/demo-order';
import { createTestApp, type TestApp } from './testing/test-app';

const plant = (name: string) => demoId('plant', name);
const material = (name: string) => demoId('material', name);
const LAEGERDORF = plant('Zementwerk Lägerdorf');
const KIEL = plant('Betonwerk Kiel');
const CEM1 = material('CEM I 42,5 R');
const CEM2 = material('CEM II/A-LL 42,5 N');

interface Order {
  id: string;
  orderNumber: string;
  materialId: string;
  quantity: number;
}
interface HistoryEntry {
  material: { id: string; name: string };
  usageCount: number;
  averageQuantity: number;
  frequencyScore: number;
  recentFrequencyScore: number;
  lastUsedDate: string;
}

const quickBody = (overrides: Record<string, unknown> = {}) => {
  const { material_id: _m, ...body } = demoOrderBody();
  return { ...body, material_ids: [CEM1, CEM2], ...overrides };
};

describe('quick order, route history, last quick order, capacity (docs/api/order-intake-tools.md)', () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    for (const user of ['dispo', 'audit']) tokens[user] = await t.login(user);
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = (method: 'GET' | 'POST', url: string, payload?: unknown, user = 'dispo') =>
    t.app.inject({ method, url, headers: { authorization: `Bearer ${tokens[user]}` }, ...(payload === undefined ? {} : { payload: payload as object }) });
  const ok = <T>(res: Awaited<ReturnType<typeof call>>, status = 200): T => {
    expect(res.statusCode, res.body.slice(0, 500)).toBe(status);
    return res.json() as T;
  };

  it('creates one order per material in one request, with the spec message', async () => {
    const res = ok<{ created: number; failed: number; message: string; orders: Order[] }>(
      await call('POST', '/api/orders/quick', quickBody({ quantities: [27, 13.5] })),
      201,
    );
    expect(res).toMatchObject({ created: 2, failed: 0, message: messages.success.quickOrderCreated });
    expect(res.orders.map((o) => [o.materialId, o.quantity])).toEqual([
      [CEM1, 27],
      [CEM2, 13.5],
    ]);
  });

  it('writes the fitting orders and names the reason of each failure (partial message of §8.4)', async () => {
    const res = ok<{ created: number; failed: number; message: string; failures: { materialId: string; error: string }[] }>(
      await call('POST', '/api/orders/quick', quickBody({ material_ids: [CEM1, material('Kies 2/8')] })),
      201,
    );
    expect(res).toMatchObject({ created: 1, failed: 1, message: messages.success.partiallyCreated(1, 1) });
    expect(res.failures).toEqual([{ index: 1, materialId: material('Kies 2/8'), error: messages.intakeTools.materialNotAtPlant }]);
  });

  it('refuses all when every order is refused, and auditors', async () => {
    const none = await call('POST', '/api/orders/quick', quickBody({ material_ids: [] }));
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ error: messages.validation.wizard.materialRequired });
    const audit = await call('POST', '/api/orders/quick', quickBody(), 'audit');
    expect(audit.statusCode).toBe(403);
  });

  it('answers the material history of a route with both scores, best first', async () => {
    const route = plant('Zementwerk Rüdersdorf');
    const body = { ...quickBody(), plant_id: route, loading_point_id: demoId('loading-point', 'Zementwerk Rüdersdorf/Silo A') };
    ok(await call('POST', '/api/orders/quick', { ...body, material_ids: [CEM1, CEM2], quantities: [20, 10] }), 201);
    ok(await call('POST', '/api/orders/quick', { ...body, material_ids: [CEM1], quantity: 30 }), 201);
    const { success, history } = ok<{ success: boolean; history: { materials: HistoryEntry[] } }>(
      await call('GET', `/api/plants/${route}/material-history?deliveryPlantId=${KIEL}`),
    );
    expect(success).toBe(true);
    expect(history.materials.map((m) => [m.material.id, m.usageCount, m.averageQuantity, m.frequencyScore, m.recentFrequencyScore])).toEqual([
      [CEM1, 2, 25, 67, 67],
      [CEM2, 1, 10, 33, 33],
    ]);
    const other = ok<{ history: { materials: HistoryEntry[] } }>(await call('GET', `/api/plants/${route}/material-history?deliveryPlantId=${plant('Betonwerk Bremen')}`));
    expect(other.history.materials).toEqual([]);
  });

  it('answers the last quick order of a plant (loading or delivery), null when there is none', async () => {
    const plain = ok<{ order: Order }>(await call('POST', '/api/orders', demoOrderBody({ notes: 'kein Schnellauftrag' })), 201).order;
    const quick = ok<{ orders: Order[] }>(await call('POST', '/api/orders/quick', quickBody({ material_ids: [CEM2], quantity: 11 })), 201).orders[0]!;
    const last = ok<{ success: boolean; order: Order | null }>(await call('GET', `/api/orders/last-quick-order/${LAEGERDORF}`));
    expect(last.order?.id).toBe(quick.id);
    expect(last.order?.id).not.toBe(plain.id);
    expect(ok<{ order: Order | null }>(await call('GET', `/api/orders/last-quick-order/${KIEL}`)).order?.id).toBe(quick.id);
    expect(ok<{ order: Order | null }>(await call('GET', `/api/orders/last-quick-order/${plant('Betonwerk Bremen')}`)).order).toBeNull();
  });

  it('POST /api/orders refuses a fixed time without time, a material not offered at the plant, and 1e9 t', async () => {
    const refused = async (body: Record<string, unknown>, message: string) => {
      const res = await call('POST', '/api/orders', demoOrderBody(body));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ success: false, error: message });
    };
    await refused({ delivery_time_type: 'fixed', delivery_time_fixed: null }, messages.validation.quickOrder.enterTime);
    await refused({ material_id: material('Kies 2/8') }, messages.intakeTools.materialNotAtPlant);
    await refused({ quantity: 1e9 }, messages.intakeTools.quantityTooLarge('1.000 t'));
  });

  describe('capacity', () => {
    const day = '2027-03-10';
    const analyze = async (timeFrom: string, timeTo: string) =>
      ok<{ success: boolean; analysis: { riskLevel: string; utilizationPercentage: number; recommendations: { alternativeTimes: { time: string; availability: string }[] }[] } }>(
        await call('POST', '/api/capacity-analysis/analyze', { date: day, timeFrom, timeTo, plantId: LAEGERDORF }),
      ).analysis;

    it('is normal on an empty day and critical on a crowded window, with alternative times', async () => {
      expect(await analyze('08:00', '09:00')).toMatchObject({ riskLevel: 'normal', utilizationPercentage: 0, recommendations: [] });
      const materials = Array.from({ length: 10 }, () => CEM1);
      ok(await call('POST', '/api/orders/quick', quickBody({ material_ids: materials, delivery_date: day, delivery_time_fixed: '08:00' })), 201);
      const crowded = await analyze('08:00', '09:00');
      expect(crowded.riskLevel).toBe('critical');
      expect(crowded.utilizationPercentage).toBeGreaterThanOrEqual(90);
      const alternatives = crowded.recommendations.flatMap((r) => r.alternativeTimes);
      expect(alternatives.length).toBeGreaterThan(0);
      expect(alternatives[0]).toEqual({ time: '06:00', availability: messages.capacity.availabilityVeryGood });
      expect((await analyze('14:00', '15:00')).riskLevel).toBe('normal');
    });

    it('quick-checks a day in the default window 07:00–17:00 and refuses a reversed window', async () => {
      const res = ok<{ success: boolean; data: { timeFrom: string; timeTo: string; riskLevel: string } }>(await call('GET', `/api/capacity-analysis/quick-check/${day}?plantId=${LAEGERDORF}`));
      expect(res.data).toMatchObject({ timeFrom: '07:00', timeTo: '17:00' });
      const reversed = await call('POST', '/api/capacity-analysis/analyze', { date: day, timeFrom: '10:00', timeTo: '09:00' });
      expect(reversed.statusCode).toBe(400);
      expect(reversed.json()).toMatchObject({ error: messages.intakeTools.invalidWindow });
      expect((await t.app.inject({ method: 'GET', url: `/api/capacity-analysis/quick-check/${day}` })).statusCode).toBe(401);
    });
  });
});
