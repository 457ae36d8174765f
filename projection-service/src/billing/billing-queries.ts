import { type FreightTariff, loadRevenue } from '@dispo/domain/tariff/revenue';
import { type StraightLineSettings, straightLineLeg } from '@dispo/domain/travel/index';
import type { SqlExecutor } from '@dispo/events/sql/client';
import { orderView, type OrderView } from '../orders/order-view';

export type BillingTariff = FreightTariff & StraightLineSettings;

export interface BillingFilter {
  plantId?: string;
  /** Delivery dates, inclusive (YYYY-MM-DD): billing settles what was delivered in a period. */
  startDate?: string;
  endDate?: string;
}

/** An order with what billing needs beside it: weights compared, loaded road km and the tariff's revenue. */
export type BillingOrder = OrderView & {
  weightDifference: number | null;
  loadedKm: number | null;
  revenue: number | null;
};

const ROUTE_COLUMNS = `lp.lat AS loading_lat, lp.lng AS loading_lng, dp.lat AS delivery_lat, dp.lng AS delivery_lng`;
const ROUTE_JOINS = 'LEFT JOIN read.plants lp ON lp.id = o.plant_id LEFT JOIN read.plants dp ON dp.id = o.delivery_plant_id';

const round2 = (x: number) => Math.round(x * 100) / 100;

function billingOrder(row: Record<string, unknown>, tariff: BillingTariff): BillingOrder {
  const order = orderView(row);
  const coords = [row.loading_lat, row.loading_lng, row.delivery_lat, row.delivery_lng].map((v) => (v === null || v === undefined ? null : Number(v)));
  const [aLat, aLng, bLat, bLng] = coords;
  const loadedKm =
    aLat != null && aLng != null && bLat != null && bLng != null ? round2(straightLineLeg(tariff, { lat: aLat, lng: aLng }, { lat: bLat, lng: bLng }).km) : null;
  const tonnes = order.actualWeight ?? order.weightTons;
  const revenue = tonnes === null || loadedKm === null ? null : loadRevenue(tariff, { tonnes, category: order.material?.category ?? null, loadedKm });
  const weightDifference = order.actualWeight !== null && order.weightTons !== null ? round2(order.actualWeight - order.weightTons) : null;
  return { ...order, weightDifference, loadedKm, revenue };
}

function where(filter: BillingFilter, first: string): { sql: string; params: unknown[] } {
  const conditions = [first];
  const params: unknown[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  if (filter.plantId) conditions.push(`o.plant_id = ${param(filter.plantId)}`);
  if (filter.startDate) conditions.push(`o.delivery_date >= ${param(filter.startDate)}`);
  if (filter.endDate) conditions.push(`o.delivery_date <= ${param(filter.endDate)}`);
  return { sql: conditions.join(' AND '), params };
}

/** GET /api/billing/pending: slip number and weight entered, not (or no longer) confirmed; oldest delivery first. */
export async function pendingBillings(sql: SqlExecutor, tariff: BillingTariff, filter: BillingFilter = {}): Promise<BillingOrder[]> {
  const w = where(filter, 'o.billing_pending AND NOT o.billing_confirmed');
  const { rows } = await sql.query(
    `SELECT o.*, ${ROUTE_COLUMNS} FROM read.orders o ${ROUTE_JOINS} WHERE ${w.sql} ORDER BY o.delivery_date, o.order_number`,
    w.params,
  );
  return rows.map((r) => billingOrder(r, tariff));
}

/** GET /api/billing/confirmed: settled orders, newest confirmation first, a page at a time. */
export async function confirmedBillings(
  sql: SqlExecutor,
  tariff: BillingTariff,
  filter: BillingFilter & { page: number; limit: number },
): Promise<{ orders: BillingOrder[]; total: number }> {
  const w = where(filter, 'o.billing_confirmed');
  const paging = [filter.limit, (filter.page - 1) * filter.limit];
  const [{ rows }, count] = await Promise.all([
    sql.query(
      `SELECT o.*, ${ROUTE_COLUMNS} FROM read.orders o ${ROUTE_JOINS} WHERE ${w.sql}
        ORDER BY o.billing_confirmed_at DESC, o.order_number LIMIT $${w.params.length + 1} OFFSET $${w.params.length + 2}`,
      [...w.params, ...paging],
    ),
    sql.query<{ n: string }>(`SELECT count(*)::text AS n FROM read.orders o WHERE ${w.sql}`, w.params),
  ]);
  return { orders: rows.map((r) => billingOrder(r, tariff)), total: Number(count.rows[0]?.n ?? 0) };
}

export async function billingOrderById(sql: SqlExecutor, tariff: BillingTariff, id: string): Promise<BillingOrder | null> {
  const { rows } = await sql.query(`SELECT o.*, ${ROUTE_COLUMNS} FROM read.orders o ${ROUTE_JOINS} WHERE o.id = $1`, [id]);
  return rows[0] ? billingOrder(rows[0], tariff) : null;
}

export interface BillingGroupStats {
  count: number;
  estimatedTonnes: number;
  actualTonnes: number;
  revenue: number;
}

/**
 * GET /api/billing/stats (docs/api/orders.md "Billing"): orders in billing delivered in the period,
 * pending (not confirmed; `undone` are those whose confirmation was taken back) and confirmed, with
 * estimated and actual tonnes, the difference, and the tariff's revenue.
 */
export async function billingStats(sql: SqlExecutor, tariff: BillingTariff, filter: BillingFilter) {
  const w = where(filter, '(o.billing_pending OR o.billing_confirmed)');
  const { rows } = await sql.query(`SELECT o.*, ${ROUTE_COLUMNS} FROM read.orders o ${ROUTE_JOINS} WHERE ${w.sql}`, w.params);
  const empty = (): BillingGroupStats => ({ count: 0, estimatedTonnes: 0, actualTonnes: 0, revenue: 0 });
  const groups = { pending: empty(), confirmed: empty(), undone: empty() };
  let withoutRevenue = 0;
  for (const row of rows) {
    const o = billingOrder(row, tariff);
    const add = (g: BillingGroupStats) => {
      g.count += 1;
      g.estimatedTonnes += o.weightTons ?? 0;
      g.actualTonnes += o.actualWeight ?? 0;
      g.revenue += o.revenue ?? 0;
    };
    add(o.billingConfirmed ? groups.confirmed : groups.pending);
    if (!o.billingConfirmed && o.billingReversedAt !== null) add(groups.undone);
    if (o.revenue === null) withoutRevenue += 1;
  }
  const rounded = (g: BillingGroupStats): BillingGroupStats => ({
    count: g.count,
    estimatedTonnes: round2(g.estimatedTonnes),
    actualTonnes: round2(g.actualTonnes),
    revenue: round2(g.revenue),
  });
  const estimated = groups.pending.estimatedTonnes + groups.confirmed.estimatedTonnes;
  const actual = groups.pending.actualTonnes + groups.confirmed.actualTonnes;
  return {
    filter: { plantId: filter.plantId ?? null, startDate: filter.startDate ?? null, endDate: filter.endDate ?? null },
    pending: rounded(groups.pending),
    confirmed: rounded(groups.confirmed),
    undone: rounded(groups.undone),
    estimatedWeight: round2(estimated),
    actualWeight: round2(actual),
    weightDifference: round2(actual - estimated),
    revenue: round2(groups.pending.revenue + groups.confirmed.revenue),
    currency: 'EUR' as const,
    /** Orders the tariff has no price for (no base price for the category, or no coordinates). */
    withoutRevenue,
  };
}
