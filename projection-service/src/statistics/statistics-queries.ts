import type {
  DailySummary,
  MaterialStat,
  OrderMetrics,
  StatisticsPeriod as Period,
  VehicleStat,
} from '@dispo/domain/statistics/statistics-figures';
import type { SqlExecutor } from '@dispo/events/sql/client';
import { CANCELLED_STATUSES } from '../projections/order-statistics';

/**
 * The figures of the statistics modal (orders.md §2.14, §3 "Statistics", §7.5), summed from the
 * daily aggregates of the order_statistics projection (and read.tours for the dispatched count, as
 * the Disposition counts them). Every figure is defined in docs/read-models.md, "Statistics". A
 * period is a range of delivery dates (Europe/Berlin business days), both ends included.
 */

/** Delivered, and what follows delivery. */
const DELIVERED = `('geliefert', 'abgeschlossen', 'abgerechnet')`;
const CANCELLED = `(${CANCELLED_STATUSES.map((s) => `'${s}'`).join(', ')})`;

/** One decimal, as the modal shows weights (§2.14) and rates. */
const round1 = (value: number) => Math.round(value * 10) / 10;
const num = (value: unknown) => (value === null || value === undefined ? 0 : Number(value));

/** GET /api/statistics/daily-summary?date */
export async function dailySummary(sql: SqlExecutor, date: string): Promise<DailySummary> {
  const { rows } = await sql.query(
    `SELECT
       (SELECT count(*)::int FROM read.tour_orders x JOIN read.tours t ON t.id = x.tour_id WHERE t.date = $1::date) AS dispatched,
       coalesce(sum(s.orders) FILTER (WHERE s.status IN ${DELIVERED}), 0)::int AS completed,
       coalesce(sum(s.orders) FILTER (WHERE s.status = 'offen'), 0)::int AS open,
       coalesce(sum(s.estimated) FILTER (WHERE s.status NOT IN ${CANCELLED}), 0)::float8 AS estimated,
       coalesce(sum(s.actual), 0)::float8 AS actual,
       coalesce(sum(s.actual - s.weighed_estimated), 0)::float8 AS difference
     FROM read.order_stats_by_status s WHERE s.delivery_date = $1::date`,
    [date],
  );
  const r = rows[0] ?? {};
  return {
    date,
    dispatchedToday: num(r.dispatched),
    completedToday: num(r.completed),
    openOrders: num(r.open),
    estimatedWeight: round1(num(r.estimated)),
    actualWeight: round1(num(r.actual)),
    weightDifference: round1(num(r.difference)),
  };
}

/** Routes the answer lists; the modal shows the first 5 (§9). */
export const TOP_ROUTES = 10;

/** GET /api/statistics/order-metrics?dateFrom&dateTo */
export type { Period };

export async function orderMetrics(sql: SqlExecutor, { dateFrom, dateTo }: Period): Promise<OrderMetrics> {
  const range = [dateFrom, dateTo];
  const [status, days, routes, hours] = await Promise.all([
    sql.query(
      `SELECT status, sum(orders)::int AS n FROM read.order_stats_by_status
        WHERE delivery_date BETWEEN $1::date AND $2::date GROUP BY status HAVING sum(orders) > 0`,
      range,
    ),
    sql.query(
      `SELECT d.day::date::text AS date, coalesce(c.n, 0)::int AS n
         FROM generate_series($1::date, $2::date, interval '1 day') AS d(day)
         LEFT JOIN (SELECT delivery_date, sum(orders) AS n FROM read.order_stats_by_status
                     WHERE delivery_date BETWEEN $1::date AND $2::date GROUP BY delivery_date) c ON c.delivery_date = d.day::date
        ORDER BY d.day`,
      range,
    ),
    sql.query(
      `SELECT coalesce(p.name, '–') AS from_name, coalesce(q.name, '–') AS to_name, r.n
         FROM (SELECT plant_id, delivery_plant_id, sum(orders)::int AS n FROM read.order_stats_by_route
                WHERE delivery_date BETWEEN $1::date AND $2::date GROUP BY 1, 2 HAVING sum(orders) > 0) r
         LEFT JOIN read.plants p ON p.id = r.plant_id LEFT JOIN read.plants q ON q.id = r.delivery_plant_id
        ORDER BY r.n DESC, 1, 2 LIMIT ${TOP_ROUTES}`,
      range,
    ),
    sql.query(
      `SELECT hour, sum(orders)::int AS n FROM read.order_stats_by_hour
        WHERE delivery_date BETWEEN $1::date AND $2::date GROUP BY hour HAVING sum(orders) > 0 ORDER BY hour`,
      range,
    ),
  ]);
  const statusDistribution: Record<string, number> = {};
  for (const r of status.rows) statusDistribution[String(r.status)] = num(r.n);
  const total = Object.values(statusDistribution).reduce((sum, n) => sum + n, 0);
  const share = (n: number) => (total === 0 ? 0 : round1((n / total) * 100));
  return {
    totalOrders: total,
    statusDistribution,
    rates: {
      cancellationRate: share((statusDistribution.storniert ?? 0) + (statusDistribution.storno ?? 0)),
      problemRate: share(statusDistribution.problem ?? 0),
    },
    dailyTrends: days.rows.map((r) => ({ date: String(r.date), orderCount: num(r.n) })),
    topRoutes: routes.rows.map((r) => ({ fromPlantName: String(r.from_name), toPlantName: String(r.to_name), orderCount: num(r.n) })),
    hourlyDistribution: hours.rows.map((r) => ({ hour: num(r.hour), orderCount: num(r.n) })),
  };
}

/** GET /api/statistics/material-stats?dateFrom&dateTo: per material, heaviest first; cancelled orders left out. */
export async function materialStats(sql: SqlExecutor, { dateFrom, dateTo }: Period): Promise<MaterialStat[]> {
  const { rows } = await sql.query(
    `SELECT s.material_id, coalesce(m.name, '–') AS name, s.n, s.estimated, s.actual
       FROM (SELECT material_id, sum(orders)::int AS n, sum(estimated)::float8 AS estimated, sum(actual)::float8 AS actual
               FROM read.order_stats_by_material WHERE delivery_date BETWEEN $1::date AND $2::date
              GROUP BY material_id HAVING sum(orders) > 0) s
       LEFT JOIN read.materials m ON m.id = s.material_id
      ORDER BY s.estimated DESC, name`,
    [dateFrom, dateTo],
  );
  return rows.map((r) => ({
    materialId: String(r.material_id),
    materialName: String(r.name),
    orderCount: num(r.n),
    estimatedWeight: round1(num(r.estimated)),
    actualWeight: round1(num(r.actual)),
    averageOrderSize: round1(num(r.n) === 0 ? 0 : num(r.estimated) / num(r.n)),
  }));
}

/**
 * GET /api/statistics/vehicle-stats?dateFrom&dateTo: per vehicle that carried orders of the period
 * (assigned by the Disposition), most orders first; weight as weighed, else as planned.
 */
export async function vehicleStats(sql: SqlExecutor, { dateFrom, dateTo }: Period): Promise<VehicleStat[]> {
  const { rows } = await sql.query(
    `SELECT coalesce(v.license_plate, '–') AS plate, s.n, s.total
       FROM (SELECT vehicle_id, sum(orders)::int AS n, sum(total)::float8 AS total
               FROM read.order_stats_by_vehicle WHERE delivery_date BETWEEN $1::date AND $2::date
              GROUP BY vehicle_id HAVING sum(orders) > 0) s
       LEFT JOIN read.vehicles v ON v.id = s.vehicle_id
      ORDER BY s.n DESC, s.total DESC, 1`,
    [dateFrom, dateTo],
  );
  return rows.map((r) => ({
    licensePlate: String(r.plate),
    orderCount: num(r.n),
    totalWeight: round1(num(r.total)),
    averageWeight: round1(num(r.n) === 0 ? 0 : num(r.total) / num(r.n)),
  }));
}
