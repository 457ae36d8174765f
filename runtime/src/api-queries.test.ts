import { randomUUID } from 'node:crypto';
import { masterDataCommands } from '@dispo/command-service/master-data/master-data-commands';
import { messages } from '@dispo/domain/messages';
import { scorePlant } from '@dispo/domain/search/plant-search';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDemoCatalog } from './demo-catalog';
import { demoId } from './seed';
import { demoOrderBody } from './testing/demo-order';
import { createTestApp, type TestApp } from './testing/test-app';

interface Plant {
  id: string;
  name: string;
  city: string | null;
  address: string | null;
  plant_type: string;
  plant_role: string;
  [key: string]: unknown;
}

interface Order {
  id: string;
  orderNumber: string;
  deliveryDate: string;
  quantity: number;
  [key: string]: unknown;
}

const catalog = loadDemoCatalog();

/** ISO date `days` after 2027-01-01. */
function dateAfter(days: number): string {
  return new Date(Date.UTC(2027, 0, 1 + days)).toISOString().slice(0, 10);
}

describe('queries', () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp();
    token = await t.login('dispo');
  });
  afterAll(async () => {
    await t?.close();
  });

  async function get<T>(url: string, status = 200): Promise<T> {
    const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBe(status);
    return res.json() as T;
  }
  const postOrder = (body: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/orders', headers: { authorization: `Bearer ${token}` }, payload: body });

  // First, while read.orders is still empty: paging needs an exact total.
  describe('GET /api/orders paging', () => {
    const N = 60;
    let created: Order[];

    beforeAll(async () => {
      const { rows } = await t.infra.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM read.orders');
      expect(rows[0]?.n).toBe(0);
      // Created in a shuffled order, so that the list's order is the sort's work and not the insert order.
      const days = Array.from({ length: N }, (_, i) => i).sort((a, b) => ((a * 37) % N) - ((b * 37) % N));
      created = [];
      for (const day of days) {
        const res = await postOrder(demoOrderBody({ delivery_date: dateAfter(day), quantity: day + 1 }));
        expect(res.statusCode, res.body).toBe(201);
        created.push((res.json() as { order: Order }).order);
      }
    }, 120_000);

    const datesAsc = () => Array.from({ length: N }, (_, i) => dateAfter(i));

    it('answers page 1 with 50 orders by delivery date ascending and the total', async () => {
      const page = await get<{ orders: Order[]; total: number }>('/api/orders');
      expect(page.total).toBe(N);
      expect(page.orders).toHaveLength(50);
      expect(page.orders.map((o) => o.deliveryDate)).toEqual(datesAsc().slice(0, 50));
    });

    it('answers page 2 with the remaining 10, and an empty page 3 with the total', async () => {
      const page2 = await get<{ orders: Order[]; total: number }>('/api/orders?page=2');
      expect(page2.total).toBe(N);
      expect(page2.orders.map((o) => o.deliveryDate)).toEqual(datesAsc().slice(50));
      const page3 = await get<{ orders: Order[]; total: number }>('/api/orders?page=3');
      expect(page3).toEqual({ orders: [], total: N });
      // Together the pages hold every created order once.
      const page1 = await get<{ orders: Order[] }>('/api/orders?page=1');
      expect(new Set([...page1.orders, ...page2.orders].map((o) => o.id))).toEqual(new Set(created.map((o) => o.id)));
    });

    it('reverses with sort_order=desc', async () => {
      const page = await get<{ orders: Order[]; total: number }>('/api/orders?sort_order=desc');
      expect(page.total).toBe(N);
      expect(page.orders.map((o) => o.deliveryDate)).toEqual(datesAsc().reverse().slice(0, 50));
    });

    it('respects limit and sort_by', async () => {
      const small = await get<{ orders: Order[]; total: number }>('/api/orders?limit=7&page=9');
      expect(small.total).toBe(N);
      expect(small.orders.map((o) => o.deliveryDate)).toEqual(datesAsc().slice(56));
      const byQuantity = await get<{ orders: Order[] }>('/api/orders?sort_by=quantity&sort_order=desc&limit=3');
      expect(byQuantity.orders.map((o) => o.quantity)).toEqual([60, 59, 58]);
    });

    it('refuses a limit outside 1..500 and an unknown sort key with the German text', async () => {
      for (const [query, field] of [
        ['limit=0', 'limit'],
        ['limit=501', 'limit'],
        ['page=0', 'page'],
        ['sort_by=password', 'sort_by'],
      ] as const) {
        expect(await get(`/api/orders?${query}`, 400)).toEqual({ success: false, error: messages.http.invalidField(field) });
      }
    });
  });

  describe('GET /api/orders/:id', () => {
    it('answers the order with its plant, delivery plant, material, loading point, customer and creator', async () => {
      const res = await postOrder(demoOrderBody({ customer_id: demoId('customer', 'Nordbeton GmbH'), notes: 'Bitte vorher anrufen' }));
      expect(res.statusCode, res.body).toBe(201);
      const { order } = await get<{ order: Order }>(`/api/orders/${(res.json() as { order: Order }).order.id}`);
      expect(order).toMatchObject({
        orderNumber: expect.stringMatching(/^S\d{6}-\d{4}$/),
        status: 'offen',
        quantity: 27,
        unit: 'to',
        deliveryDate: '2026-11-23',
        deliveryTimeFixed: '08:00',
        notes: 'Bitte vorher anrufen',
        plant: { name: 'Zementwerk Lägerdorf', city: 'Lägerdorf' },
        deliveryPlant: { name: 'Betonwerk Kiel', city: 'Kiel' },
        material: { name: 'CEM I 42,5 R', category: 'Zement' },
        loadingPoint: { name: 'Silo 1' },
        customer: { company: 'Nordbeton GmbH', contactPerson: 'Jan Petersen', email: 'disposition@nordbeton.example' },
        creator: { firstName: 'Frank', lastName: 'Berger' },
      });
    });

    it('answers customer null for an order without customer, and the creator of another user', async () => {
      const auftrag = await t.login('auftrag');
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: { authorization: `Bearer ${auftrag}` },
        payload: demoOrderBody(),
      });
      expect(res.statusCode).toBe(201);
      const { order } = await get<{ order: Order }>(`/api/orders/${(res.json() as { order: Order }).order.id}`);
      expect(order.customer).toBeNull();
      expect(order.creator).toEqual({ firstName: 'Julia', lastName: 'Neumann' });
    });

    it('answers 404 with the German text for an unknown id', async () => {
      expect(await get(`/api/orders/${randomUUID()}`, 404)).toEqual({ success: false, error: messages.order.notFound });
    });

    it('reads its own writes: the POST answer holds the order and an immediate GET finds it', async () => {
      const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => postOrder(demoOrderBody({ quantity: 100 + i }))));
      for (const [i, res] of answers.entries()) {
        expect(res.statusCode).toBe(201);
        const posted = res.json() as { success: boolean; order: Order };
        expect(posted.success).toBe(true);
        expect(posted.order.quantity).toBe(100 + i);
        const got = await get<{ order: Order }>(`/api/orders/${posted.order.id}`);
        expect(got.order).toEqual(posted.order);
      }
    });
  });

  describe('master data', () => {
    it('GET /api/plants answers the 13 demo plants with the fields of the spec', async () => {
      const { plants } = await get<{ plants: Plant[] }>('/api/plants');
      expect(plants).toHaveLength(13);
      expect(plants.map((p) => p.name)).toEqual(catalog.plants.map((p) => p.name).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
      for (const p of plants) {
        for (const key of [
          'id',
          'name',
          'city',
          'address',
          'street',
          'postalCode',
          'contactPerson',
          'phone',
          'plant_type',
          'plant_role',
          'status',
        ]) {
          expect(p, `${p.name}.${key}`).toHaveProperty(key);
        }
      }
      expect(plants.find((p) => p.name === 'Zementwerk Lägerdorf')).toMatchObject({
        id: demoId('plant', 'Zementwerk Lägerdorf'),
        city: 'Lägerdorf',
        street: 'Am Zementwerk 1',
        postalCode: '25566',
        address: 'Am Zementwerk 1, 25566 Lägerdorf',
        plant_type: 'zementwerk',
        plant_role: 'loading',
        status: 'active',
      });
    });

    it('GET /api/plants/search?q=kies&plant_role=loading answers the gravel plants, best score first, equal scores by name', async () => {
      const { plants } = await get<{ plants: Plant[] }>('/api/plants/search?q=kies&plant_role=loading');
      expect(plants.map((p) => p.name)).toEqual(['Kieswerk Kaltenkirchen', 'Kieswerk Moorburg']);
    });

    it('orders by score, then name, drops score 0 and keeps to the role', async () => {
      const all = await get<{ plants: Plant[] }>('/api/plants/search?q=hamburg');
      expect(all.plants.map((p) => p.name)).toEqual(['Betonwerk Hamburg-Billbrook', 'Terminal Hamburg-Hafen', 'Kieswerk Moorburg']);
      const loading = await get<{ plants: Plant[] }>('/api/plants/search?q=hamburg&plant_role=loading');
      expect(loading.plants.map((p) => p.name)).toEqual(['Terminal Hamburg-Hafen', 'Kieswerk Moorburg']);
      const delivery = await get<{ plants: Plant[] }>('/api/plants/search?q=hamburg&plant_role=delivery');
      expect(delivery.plants.map((p) => p.name)).toEqual(['Betonwerk Hamburg-Billbrook']);

      const werk = await get<{ plants: Plant[] }>('/api/plants/search?q=werk&plant_role=loading&limit=50');
      expect(werk.plants.length).toBeGreaterThan(2);
      const scores = werk.plants.map((p) => scorePlant(p, 'werk'));
      expect(scores.every((s) => s > 0)).toBe(true);
      for (let i = 1; i < werk.plants.length; i++) {
        const [a, b] = [werk.plants[i - 1]!, werk.plants[i]!];
        expect(
          scores[i - 1]! > scores[i]! || (scores[i - 1] === scores[i] && a.name.localeCompare(b.name, 'de') <= 0),
          `${a.name} before ${b.name}`,
        ).toBe(true);
      }
      expect(werk.plants.every((p) => ['loading', 'both'].includes(p.plant_role))).toBe(true);
      const limited = await get<{ plants: Plant[] }>('/api/plants/search?q=werk&plant_role=loading&limit=2');
      expect(limited.plants).toEqual(werk.plants.slice(0, 2));
      expect(await get('/api/plants/search?q=xyzzy')).toEqual({ plants: [] });
    });

    it('GET /api/loading-points answers every loading point with its plant name, and filters by plant', async () => {
      const { loading_points } = await get<{ loading_points: { id: string; name: string; plant_id: string; plant_name: string }[] }>(
        '/api/loading-points',
      );
      expect(loading_points).toHaveLength(catalog.loadingPoints.length);
      for (const lp of catalog.loadingPoints) {
        expect(loading_points).toContainEqual(
          expect.objectContaining({
            id: demoId('loading-point', `${lp.plant}/${lp.name}`),
            name: lp.name,
            plant_id: demoId('plant', lp.plant),
            plant_name: lp.plant,
          }),
        );
      }
      const lägerdorf = await get<{ loading_points: { name: string }[] }>(
        `/api/loading-points?plant_id=${demoId('plant', 'Zementwerk Lägerdorf')}`,
      );
      expect(lägerdorf.loading_points.map((lp) => lp.name)).toEqual(['Silo 1', 'Silo 2', 'Silo 3']);
    });

    it('GET /api/materials answers every material', async () => {
      const { materials } = await get<{
        materials: { id: string; name: string; category: string; unit: string; materialCode: string; assignedPlants: string[] }[];
      }>('/api/materials');
      expect(materials).toHaveLength(catalog.materials.length);
      expect(new Set(materials.map((m) => m.name))).toEqual(new Set(catalog.materials.map((m) => m.name)));
      expect(materials.find((m) => m.name === 'CEM I 42,5 R')).toMatchObject({
        id: demoId('material', 'CEM I 42,5 R'),
        materialCode: 'Z-1425R',
        category: 'Zement',
        unit: 'to',
        assignedPlants: expect.arrayContaining([demoId('plant', 'Zementwerk Lägerdorf'), demoId('plant', 'Zementwerk Rüdersdorf')]),
      });
    });

    it('GET /api/customers/search/query finds by company and contact person and respects the limit', async () => {
      const nord = await get<{ customers: { id: string; company: string }[] }>('/api/customers/search/query?q=nord&limit=5');
      expect(nord).toEqual({
        customers: [
          {
            id: demoId('customer', 'Nordbeton GmbH'),
            company: 'Nordbeton GmbH',
            contactPerson: 'Jan Petersen',
            email: 'disposition@nordbeton.example',
          },
        ],
      });
      const byPerson = await get<{ customers: { company: string }[] }>('/api/customers/search/query?q=PETERSEN');
      expect(byPerson.customers.map((c) => c.company)).toEqual(['Nordbeton GmbH']);
      const gmbh = await get<{ customers: { company: string }[] }>('/api/customers/search/query?q=gmbh&limit=3');
      expect(gmbh.customers).toHaveLength(3);
      expect(gmbh.customers.every((c) => c.company.toLowerCase().includes('gmbh'))).toBe(true);
      const any = await get<{ customers: unknown[] }>('/api/customers/search/query?limit=5');
      expect(any.customers).toHaveLength(5);
    });

    // Adds plants: keep after the tests that count the demo plants.
    it('plant_role=delivery leaves out loading points and terminals, even when their role is both', async () => {
      const master = masterDataCommands(t.infra);
      const meta = { userId: null, commandName: 'Test:CreatePlant' };
      await master.createPlant(randomUUID(), { name: 'Terminal Kiel-Nord', city: 'Kiel', plantType: 'terminal', plantRole: 'both' }, meta);
      const { position } = await master.createPlant(
        randomUUID(),
        { name: 'Verladestelle Kiel-Süd', city: 'Kiel', plantType: 'loading_point', plantRole: 'both' },
        meta,
      );
      expect(await t.services.runner.waitFor(position)).toBe(true);

      const delivery = await get<{ plants: Plant[] }>('/api/plants/search?q=kiel&plant_role=delivery');
      expect(delivery.plants.map((p) => p.name)).toEqual(['Betonwerk Kiel']);
      const loading = await get<{ plants: Plant[] }>('/api/plants/search?q=kiel&plant_role=loading');
      expect(loading.plants.map((p) => p.name).sort()).toEqual(['Terminal Kiel-Nord', 'Verladestelle Kiel-Süd']);
      const allDelivery = await get<{ plants: Plant[] }>('/api/plants/search?plant_role=delivery');
      expect(allDelivery.plants.map((p) => p.name)).toEqual([
        'Betonwerk Berlin-Spandau',
        'Betonwerk Bremen',
        'Betonwerk Hamburg-Billbrook',
        'Betonwerk Kiel',
        'Betonwerk Lübeck',
        'Fertigteilwerk Rostock',
        'Mischwerk Neumünster',
      ]);
    });
  });
});
