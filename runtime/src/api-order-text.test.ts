import { berlinDate } from '@dispo/domain/shared/berlin-date';
import { messages } from '@dispo/domain/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoId } from './seed';
import { createTestApp, type TestApp } from './testing/test-app';

interface Draft {
  [key: string]: unknown;
}
interface ParseAnswer {
  confidence: number;
  hints: string[];
  orders: Draft[];
}
interface Order {
  id: string;
  [key: string]: unknown;
}
interface FromTextAnswer {
  success: boolean;
  created: number;
  failed: number;
  message: string;
  orders: Order[];
  failures: { index: number; error: string }[];
}

/** Friday, 20 November 2026. */
const REF = '2026-11-20';

const DRAFT_FIELDS = [
  'materialId',
  'materialName',
  'customerId',
  'customerName',
  'loadingPlantId',
  'loadingPlantName',
  'deliveryPlantId',
  'deliveryPlantName',
  'loadingPointId',
  'loadingPointName',
  'quantity',
  'unit',
  'deliveryDate',
  'deliveryTimeType',
  'deliveryTimeFixed',
  'deliveryTimeFrom',
  'deliveryTimeTo',
  'priority',
  'notes',
].sort();

describe('natural-language order entry', () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp();
    token = await t.login('dispo');
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = (url: string, payload: unknown, auth: string | null = token) =>
    t.app.inject({ method: 'POST', url, headers: auth ? { authorization: `Bearer ${auth}` } : {}, payload: payload as Record<string, unknown> });
  async function parse(text: string, referenceDate: string | null = REF): Promise<ParseAnswer> {
    const res = await post('/api/orders/parse', referenceDate ? { text, referenceDate } : { text });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ParseAnswer;
  }
  async function getOrder(id: string): Promise<Order> {
    const res = await t.app.inject({ method: 'GET', url: `/api/orders/${id}`, headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { order: Order }).order;
  }
  async function refusal(payload: unknown, status = 400): Promise<string> {
    const res = await post('/api/orders/from-text', payload);
    expect(res.statusCode, res.body).toBe(status);
    const body = res.json() as { success: boolean; error: string };
    expect(body.success).toBe(false);
    return body.error;
  }

  const ids = {
    kies816: demoId('material', 'Kies 8/16'),
    cemI: demoId('material', 'CEM I 42,5 R'),
    moorburg: demoId('plant', 'Kieswerk Moorburg'),
    laegerdorf: demoId('plant', 'Zementwerk Lägerdorf'),
    kiel: demoId('plant', 'Betonwerk Kiel'),
    silo2: demoId('loading-point', 'Zementwerk Lägerdorf/Silo 2'),
    hardeNord: demoId('loading-point', 'Kieswerk Moorburg/Halde Nord'),
    nordbeton: demoId('customer', 'Nordbeton GmbH'),
  };

  describe('POST /api/orders/parse', () => {
    it('reads the first sentence of the issue into one order per truck and time', async () => {
      const answer = await parse('Morgen 2 LKW Kies 8/16 von Moorburg nach Betonwerk Kiel, 7 und 9 Uhr');
      expect(Object.keys(answer).sort()).toEqual(['confidence', 'hints', 'orders']);
      expect(answer.confidence).toBeGreaterThanOrEqual(0.7);
      expect(answer.confidence).toBeLessThanOrEqual(0.95);
      expect(answer.hints).toEqual([]);
      expect(answer.orders).toHaveLength(2);
      for (const order of answer.orders) expect(Object.keys(order).sort()).toEqual(DRAFT_FIELDS);
      const common = {
        materialId: ids.kies816,
        materialName: 'Kies 8/16',
        customerId: null,
        customerName: null,
        loadingPlantId: ids.moorburg,
        loadingPlantName: 'Kieswerk Moorburg',
        deliveryPlantId: ids.kiel,
        deliveryPlantName: 'Betonwerk Kiel',
        // Moorburg has two heaps: the user picks one in the card.
        loadingPointId: null,
        loadingPointName: null,
        quantity: 27,
        unit: 'to',
        deliveryDate: '2026-11-21',
        deliveryTimeType: 'fixed',
        deliveryTimeFrom: null,
        deliveryTimeTo: null,
        priority: 'normal',
        notes: null,
      };
      expect(answer.orders).toEqual([
        { ...common, deliveryTimeFixed: '07:00' },
        { ...common, deliveryTimeFixed: '09:00' },
      ]);
    });

    it('reads the second sentence of the issue', async () => {
      const answer = await parse('Nordbeton braucht übermorgen zwischen 8 und 10 Uhr 27 t CEM I 42,5 R aus Lägerdorf Silo 2, dringend');
      expect(answer.orders).toEqual([
        {
          materialId: ids.cemI,
          materialName: 'CEM I 42,5 R',
          customerId: ids.nordbeton,
          customerName: 'Nordbeton GmbH',
          loadingPlantId: ids.laegerdorf,
          loadingPlantName: 'Zementwerk Lägerdorf',
          deliveryPlantId: null,
          deliveryPlantName: null,
          loadingPointId: ids.silo2,
          loadingPointName: 'Silo 2',
          quantity: 27,
          unit: 'to',
          deliveryDate: '2026-11-22',
          deliveryTimeType: 'range',
          deliveryTimeFixed: null,
          deliveryTimeFrom: '08:00',
          deliveryTimeTo: '10:00',
          priority: 'urgent',
          notes: null,
        },
      ]);
    });

    it('counts relative dates from today in Europe/Berlin when no reference date is given', async () => {
      const answer = await parse('Flugasche vom Hafen nach Kiel heute 10 Uhr', null);
      expect(answer.orders[0]?.deliveryDate).toBe(berlinDate(new Date()));
    });

    it('answers hints and no order for a sentence without material, customer or plant', async () => {
      const answer = await parse('Hallo, bitte morgen zurückrufen');
      expect(answer.orders).toEqual([]);
      expect(answer.confidence).toBeLessThanOrEqual(0.3);
      expect(answer.hints).toContain(messages.orderText.nothingRecognised);
    });

    it('refuses a missing or too long text, a wrong date and unknown fields in German', async () => {
      const bad = async (payload: unknown) => {
        const res = await post('/api/orders/parse', payload);
        expect(res.statusCode, res.body).toBe(400);
        return (res.json() as { error: string }).error;
      };
      expect(await bad({})).toBe(messages.validation.requiredFields);
      expect(await bad({ text: 'x'.repeat(2001) })).toBe(messages.http.invalidField('text'));
      expect(await bad({ text: 'Kies', referenceDate: '2026-02-30' })).toBe(messages.http.invalidField('referenceDate'));
      expect(await bad({ text: 'Kies', referenceDate: '20.11.2026' })).toBe(messages.http.invalidField('referenceDate'));
      expect(await bad({ text: 'Kies', extra: 1 })).toBe(messages.http.unknownField('extra'));
    });
  });

  describe('POST /api/orders/from-text', () => {
    it('creates one order per truck and time from the text, with every recognised field', async () => {
      const res = await post('/api/orders/from-text', {
        text: 'Nordbeton: morgen 2 LKW CEM I 42,5 R aus Lägerdorf Silo 2 nach Kiel, 7 und 9 Uhr, dringend, Fahrer bitte vorher anrufen',
        referenceDate: REF,
      });
      expect(res.statusCode, res.body).toBe(201);
      const answer = res.json() as FromTextAnswer;
      expect(answer).toMatchObject({ success: true, created: 2, failed: 0, failures: [], message: messages.orderText.created(2) });
      expect(answer.orders).toHaveLength(2);
      const stored = await Promise.all(answer.orders.map((o) => getOrder(o.id)));
      expect(stored.map((o) => o.deliveryTimeFixed)).toEqual(['07:00', '09:00']);
      for (const order of stored) {
        expect(order).toMatchObject({
          status: 'offen',
          plantId: ids.laegerdorf,
          deliveryPlantId: ids.kiel,
          loadingPointId: ids.silo2,
          materialId: ids.cemI,
          customerId: ids.nordbeton,
          quantity: 27,
          unit: 'to',
          deliveryDate: '2026-11-21',
          deliveryTimeType: 'fixed',
          priority: 'urgent',
          notes: 'Fahrer bitte vorher anrufen',
          plant: { name: 'Zementwerk Lägerdorf' },
          deliveryPlant: { name: 'Betonwerk Kiel' },
          loadingPoint: { name: 'Silo 2' },
          customer: { company: 'Nordbeton GmbH' },
          creator: { firstName: 'Frank', lastName: 'Berger' },
        });
      }
    });

    it('creates reviewed drafts, and reports a partial success with the spec message', async () => {
      const [draft] = (await parse('Kies 8/16 von Moorburg nach Kiel, übermorgen 14 Uhr, 25 t')).orders;
      expect(draft).toMatchObject({ loadingPointId: null, deliveryDate: '2026-11-22', quantity: 25 });
      // The user picks the heap in the card for the first draft and forgets it in the second.
      const res = await post('/api/orders/from-text', { drafts: [{ ...draft, loadingPointId: ids.hardeNord }, draft] });
      expect(res.statusCode, res.body).toBe(201);
      const answer = res.json() as FromTextAnswer;
      expect(answer).toMatchObject({
        success: true,
        created: 1,
        failed: 1,
        message: messages.success.partiallyCreated(1, 1),
        failures: [{ index: 1, error: messages.validation.quickOrder.selectLoadingPoint }],
      });
      expect(answer.message).toBe('1 Aufträge erfolgreich erstellt (1 fehlgeschlagen).');
      const order = await getOrder(answer.orders[0]!.id);
      expect(order).toMatchObject({
        plantId: ids.moorburg,
        loadingPointId: ids.hardeNord,
        materialId: ids.kies816,
        deliveryPlantId: ids.kiel,
        quantity: 25,
        deliveryDate: '2026-11-22',
        deliveryTimeFixed: '14:00',
        customerId: null,
      });
    });

    it('refuses with the texts of §5.1 (second set) and §5.4', async () => {
      const q = messages.validation.quickOrder;
      const [draft] = (await parse('CEM I aus Lägerdorf Silo 2 nach Kiel morgen 7 Uhr')).orders;
      expect(draft).toMatchObject({ materialId: ids.cemI, loadingPointId: ids.silo2, deliveryPlantId: ids.kiel });

      expect(await refusal({ text: 'Hallo, wie geht es?', referenceDate: REF })).toBe(messages.orderText.nothingRecognised);
      // Names, but no order: the reason in German.
      expect(await refusal({ text: 'Nordbeton storniert die Fuhre Kies 8/16 nach Kiel für morgen', referenceDate: REF })).toBe(
        messages.orderText.cancellation,
      );
      expect(await refusal({ text: 'Wann kommt der Kies für Elbe Bau?', referenceDate: REF })).toBe(messages.orderText.enquiry);
      expect(await refusal({ text: 'von Lägerdorf Silo 1 nach Kiel morgen', referenceDate: REF })).toBe(q.selectMaterial);
      expect(await refusal({ text: 'Kies 8/16 von Moorburg nach Kiel morgen 7 Uhr', referenceDate: REF })).toBe(q.selectLoadingPoint);
      expect(await refusal({ text: 'CEM I aus Lägerdorf Silo 2, morgen', referenceDate: REF })).toBe(q.selectDeliveryPlant);
      expect(await refusal({ text: 'CEM I aus Lägerdorf Silo 2 nach Kiel 10 Uhr', referenceDate: REF })).toBe(q.selectDeliveryDate);
      expect(await refusal({ drafts: [{ ...draft, quantity: 0 }] })).toBe(q.validQuantity);
      expect(await refusal({ drafts: [{ ...draft, deliveryTimeFixed: null }] })).toBe(q.enterTime);
      expect(await refusal({ drafts: [{ ...draft, deliveryTimeType: 'range', deliveryTimeFixed: null, deliveryTimeFrom: '08:00' }] })).toBe(
        q.completeTimeRange,
      );
      expect(await refusal({ drafts: [{ ...draft, deliveryPlantId: ids.laegerdorf }] })).toBe(q.plantsMustDiffer);
      expect(await refusal({ drafts: [{ ...draft, loadingPlantId: null }] })).toBe(q.plantsMustDiffer);
      expect(await refusal({ drafts: [{ materialId: null, customerId: null, loadingPlantId: '', deliveryPlantId: null }] })).toBe(
        messages.orderText.nothingRecognised,
      );
      // The order decider checks what the records are: a heap of Moorburg is no loading point of Lägerdorf.
      expect(await refusal({ drafts: [{ ...draft, loadingPointId: ids.hardeNord }] })).toBe(messages.order.loadingPointOfOtherPlant);
    });

    it('answers the summary message when all drafts fail for different reasons', async () => {
      const [draft] = (await parse('CEM I aus Lägerdorf Silo 2 nach Kiel morgen 7 Uhr')).orders;
      const res = await post('/api/orders/from-text', { drafts: [{ ...draft, materialId: null }, { ...draft, quantity: -1 }] });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({
        success: false,
        error: messages.errors.createAllOrders,
        details: {
          failures: [
            { index: 0, error: messages.validation.quickOrder.selectMaterial },
            { index: 1, error: messages.validation.quickOrder.validQuantity },
          ],
        },
      });
    });

    it('wants either a text or drafts', async () => {
      expect(await refusal({})).toBe(messages.orderText.textOrDrafts);
      expect(await refusal({ text: 'Kies', drafts: [{ materialId: ids.kies816 }] })).toBe(messages.orderText.textOrDrafts);
      expect(await refusal({ drafts: [] })).toBe(messages.http.invalidField('drafts'));
      expect(await refusal({ drafts: [{ materialId: ids.kies816, color: 'rot' }] })).toBe(messages.http.unknownField('color'));
    });
  });

  describe('access', () => {
    it('needs a token', async () => {
      for (const url of ['/api/orders/parse', '/api/orders/from-text']) {
        const res = await post(url, { text: 'Kies 8/16 von Moorburg nach Kiel' }, null);
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ success: false, error: messages.auth.sessionExpired });
      }
    });

    it('is refused to auditors, allowed to order takers', async () => {
      const audit = await t.login('audit');
      for (const url of ['/api/orders/parse', '/api/orders/from-text']) {
        const res = await post(url, { text: 'Kies 8/16 von Moorburg nach Kiel' }, audit);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ success: false, error: messages.auth.forbidden });
      }
      const auftrag = await t.login('auftrag');
      const res = await post('/api/orders/parse', { text: 'Kies 8/16 von Moorburg nach Kiel', referenceDate: REF }, auftrag);
      expect(res.statusCode).toBe(200);
    });
  });
});
