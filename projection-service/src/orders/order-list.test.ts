import { seededRandom } from '@dispo/domain/order-text/testing/large-catalogue';
import { ORDER_PRIORITIES, ORDER_STATUSES } from '@dispo/events/catalog/index';
import { createTestSql, type TestSql } from '@dispo/events/testing/test-database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ordersProjection } from '../projections/orders';
import { referenceDataProjection } from '../projections/reference-data';
import { listOrders, type OrderListQuery, type OrderSearchField } from './order-list';
import { keyedListQuery } from './order-list-keys';

/**
 * The order list's keyed path (order-list-keys.ts) must answer exactly what the text comparison
 * answers: the same rows in the same order and the same total, for every filter, search field and
 * sort it takes on. Names overlap on purpose (`Kies` in materials, plants and customers).
 */

const PLANTS = ['Kieswerk Nord', 'Zementwerk Lübeck', 'Terminal Hamburg-Hafen', 'Baustelle Kiel', 'Mischwerk Elbe'];
const LOADING_POINTS = ['Silo 2', 'Silo 12', 'Halde West', 'Halde Ost', 'Kiesgrube', 'Rampe 1'];
const MATERIALS = ['Kies 0/32', 'Kies 2/8', 'Sand 0/2', 'CEM I 42,5 R', 'CEM II', 'Splitt 2/5', 'Schotter'];
const CUSTOMERS: [string, string | null][] = [
  ['Elbe Bau GmbH', 'Frau Kiesling'],
  ['Nordbeton AG', 'Herr Sand'],
  ['Bau Kies & Co', null],
  ['Lübecker Tiefbau', 'Herr Nord'],
  ['Offenbau KG', null],
  ['Silo Transport', 'Frau Elbe'],
];
const TERMS = [
  'kies', 'nord', 'bau', 'elbe', 'silo 2', 'silo', 'cem i', 'sand 0/2', 'lübeck', 'halde', 'offen', 'ge', 'storn', 'problem',
  's26', 's2611', '2611', '-1', '1-0', '0', '-', 's', 's261121-4711', '4711', 'bau kies', 'gmbh kies', 'zzz', '%', '_', 'o_f', '12',
];
const FIELDS: (OrderSearchField | undefined)[] = [undefined, 'all', 'customer', 'material', 'plant', 'status'];
const SORTS: OrderListQuery['sortBy'][] = [undefined, 'deliveryDate', 'orderNumber', 'quantity', 'priority'];
const FILTER_STATUSES: OrderListQuery['status'][] = [undefined, 'all', 'offen', 'disponiert', 'geliefert', 'storniert', 'problem'];

describe('order list: the keyed path answers as the text comparison', () => {
  let db: TestSql;
  const random = seededRandom(20);
  const pick = <T,>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const ids = { plants: PLANTS.map((_, i) => `plant-${i}`), loadingPoints: LOADING_POINTS.map((_, i) => `lp-${i}`), materials: MATERIALS.map((_, i) => `mat-${i}`) };

  beforeAll(async () => {
    db = await createTestSql();
    await db.sql.query('CREATE SCHEMA IF NOT EXISTS read');
    await referenceDataProjection.setup(db.sql);
    await ordersProjection.setup(db.sql);
    const now = '2026-11-20T08:00:00Z';
    for (const [i, name] of PLANTS.entries()) {
      await db.sql.query(
        `INSERT INTO read.plants (id, name, plant_type, plant_role, status, created_at, updated_at) VALUES ($1, $2, 'kieswerk', 'both', 'active', $3, $3)`,
        [ids.plants[i], name, now],
      );
    }
    for (const [i, name] of LOADING_POINTS.entries()) {
      await db.sql.query(
        `INSERT INTO read.loading_points (id, plant_id, name, loading_type, status, created_at, updated_at) VALUES ($1, $2, $3, 'silo', 'active', $4, $4)`,
        [ids.loadingPoints[i], ids.plants[i % PLANTS.length], name, now],
      );
    }
    for (const [i, name] of MATERIALS.entries()) {
      await db.sql.query(
        `INSERT INTO read.materials (id, name, unit, plant_specific, assigned_plant_ids, status, created_at, updated_at) VALUES ($1, $2, 'to', false, '{}', 'active', $3, $3)`,
        [ids.materials[i], name, now],
      );
    }
    for (const [i, [company, contact]] of CUSTOMERS.entries()) {
      await db.sql.query('INSERT INTO read.customers (id, company, contact_person, created_at, updated_at) VALUES ($1, $2, $3, $4, $4)', [`cust-${i}`, company, contact, now]);
    }
    const numbers = new Set<string>();
    for (let n = 0; n < 700; n++) {
      let number: string;
      do number = `S26${pick(['11', '12'])}${String(1 + Math.floor(random() * 28)).padStart(2, '0')}-${String(Math.floor(random() * 10_000)).padStart(4, '0')}`;
      while (numbers.has(number));
      numbers.add(number);
      if (n === 0) number = 'S261121-4711';
      const plant = Math.floor(random() * (PLANTS.length - 1)); // the last plant has no orders
      const lp = Math.floor(random() * LOADING_POINTS.length);
      const material = Math.floor(random() * MATERIALS.length);
      const customer = random() < 0.2 ? null : Math.floor(random() * CUSTOMERS.length);
      const fixed = random() < 0.6;
      const time = `${String(5 + Math.floor(random() * 14)).padStart(2, '0')}:${pick(['00', '15', '30'])}`;
      const priority = pick(ORDER_PRIORITIES);
      await db.sql.query(
        `INSERT INTO read.orders AS o (id, order_number, plant_id, plant_name, delivery_plant_id, delivery_plant_name, loading_point_id, loading_point_name,
           material_id, material_name, customer_id, customer_company, customer_contact_person, quantity, unit, delivery_date, delivery_time_type,
           delivery_time_fixed, delivery_time_from, delivery_time_to, priority, priority_rank, pump_available, crane_available, status, transport_type,
           created_at, updated_at, version)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, 'to', $15, $16, $17, $18, $19, $20, $21, false, false, $22, 'standard', $23, $23, 1)`,
        [
          `order-${n}`, number, ids.plants[plant], PLANTS[plant], ids.plants[(plant + 1 + n) % PLANTS.length], PLANTS[(plant + 1 + n) % PLANTS.length],
          ids.loadingPoints[lp], LOADING_POINTS[lp], ids.materials[material], MATERIALS[material],
          customer === null ? null : `cust-${customer}`, customer === null ? null : CUSTOMERS[customer]![0], customer === null ? null : CUSTOMERS[customer]![1],
          pick([10, 12.5, 20, 25, 27]), `2026-12-${String(1 + Math.floor(random() * 5)).padStart(2, '0')}`, fixed ? 'fixed' : 'range',
          fixed ? time : null, fixed ? null : random() < 0.8 ? time : null, null, priority, { low: 0, normal: 1, high: 2, urgent: 3 }[priority],
          pick(ORDER_STATUSES), now,
        ],
      );
    }
  }, 60_000);
  afterAll(async () => {
    await db?.dispose();
  });

  function randomQuery(): OrderListQuery {
    const q: OrderListQuery = {
      plant: pick(ids.plants),
      status: pick(FILTER_STATUSES),
      search: random() < 0.85 ? pick(TERMS) : undefined,
      searchField: pick(FIELDS),
      sortBy: pick(SORTS),
      sortOrder: random() < 0.5 ? 'asc' : 'desc',
      page: 1 + Math.floor(random() * 3),
      limit: 7,
    };
    if (random() < 0.15) q.material = pick(ids.materials);
    if (random() < 0.15) q.loadingPoint = pick(ids.loadingPoints);
    if (random() < 0.15) q.priority = pick(ORDER_PRIORITIES);
    if (random() < 0.15) q.dateFrom = '2026-12-02';
    if (random() < 0.15) q.dateTo = '2026-12-04';
    return q;
  }

  it('gives the same page and total for 400 random queries, most of them keyed', async () => {
    let keyed = 0;
    let nonEmpty = 0;
    for (let i = 0; i < 400; i++) {
      const q = randomQuery();
      if (await keyedListQuery(db.sql, q)) keyed++;
      const fast = await listOrders(db.sql, q);
      const text = await listOrders(db.sql, q, { keyed: false });
      expect({ q, ids: fast.orders.map((o) => o.orderNumber), total: fast.total }).toEqual({ q, ids: text.orders.map((o) => o.orderNumber), total: text.total });
      if (text.total > 0) nonEmpty++;
    }
    expect(keyed).toBe(400);
    expect(nonEmpty).toBeGreaterThan(100);
  }, 120_000);

  it('finds an order by its number, whole (first by relevance) or in part', async () => {
    const whole = await listOrders(db.sql, { plant: ids.plants[(await plantOf('S261121-4711'))]!, search: 'S261121-4711', page: 1, limit: 5, sortOrder: 'asc' });
    expect(whole.orders[0]?.orderNumber).toBe('S261121-4711');
    const part = await listOrders(db.sql, { plant: whole.orders[0]!.plantId!, search: '1-47', page: 1, limit: 50, sortOrder: 'asc' });
    expect(part.orders.map((o) => o.orderNumber)).toContain('S261121-4711');
    expect(part.orders.every((o) => o.orderNumber.toLowerCase().includes('1-47'))).toBe(true);
  });

  it('a term that is no name, status or order number finds nothing without reading orders', async () => {
    expect(await keyedListQuery(db.sql, { plant: ids.plants[0]!, search: 'zzz', page: 1, limit: 5, sortOrder: 'asc' })).toMatchObject({ empty: true });
  });

  it('leaves filters and sorts the index does not carry to the text comparison', async () => {
    const base: OrderListQuery = { plant: ids.plants[0]!, page: 1, limit: 5, sortOrder: 'asc' };
    expect(await keyedListQuery(db.sql, { ...base, plant: undefined })).toBeNull();
    expect(await keyedListQuery(db.sql, { ...base, sortBy: 'customer' })).toBeNull();
    expect(await keyedListQuery(db.sql, { ...base, status: 'abgerechnet' })).toBeNull();
    expect(await keyedListQuery(db.sql, { ...base, minQuantity: 20 })).toBeNull();
  });

  it('compares text where two master records share a key (hashtext is 32 bits)', async () => {
    // Two ids with one hashtext, found among 200,000 candidates (a collision is all but certain).
    const { rows } = await db.sql.query<{ a: string; b: string }>(
      `SELECT min(id) AS a, max(id) AS b FROM (SELECT 'm-' || g AS id FROM generate_series(1, 200000) AS g) c
       GROUP BY hashtext(id) HAVING count(*) > 1 LIMIT 1`,
    );
    const [pair] = rows;
    expect(pair).toBeDefined();
    await db.sql.query(
      `INSERT INTO read.materials (id, name, unit, plant_specific, assigned_plant_ids, status, created_at, updated_at)
       VALUES ($1, 'Quarzsand fein', 'to', false, '{}', 'active', now(), now()), ($2, 'Basalt', 'to', false, '{}', 'active', now(), now())`,
      [pair!.a, pair!.b],
    );
    const q: OrderListQuery = { plant: ids.plants[0]!, search: 'quarzsand', page: 1, limit: 5, sortOrder: 'asc' };
    expect(await keyedListQuery(db.sql, q)).toBeNull();
    expect(await keyedListQuery(db.sql, { ...q, material: pair!.b, search: undefined })).toBeNull();
    expect(await keyedListQuery(db.sql, { ...q, search: 'kies' })).not.toBeNull();
  }, 30_000);

  async function plantOf(orderNumber: string): Promise<number> {
    const { rows } = await db.sql.query<{ plant_id: string }>('SELECT plant_id FROM read.orders WHERE order_number = $1', [orderNumber]);
    return ids.plants.indexOf(rows[0]!.plant_id);
  }
});
