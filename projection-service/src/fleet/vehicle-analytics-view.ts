import { minutesOf } from '@dispo/domain/tour/clock';
import {
  dayUtilization,
  dayUtilizationBand,
  financialFigures,
  maintenanceShareBand,
  marginAssessment,
  marginBand,
  tourOrderStatus,
  tourOrderStatusLabel,
  tourStatusLabel,
  utilizationFigures,
} from '@dispo/domain/vehicle-analytics/index';
import type { PricedOrder } from '@dispo/events/catalog/index';
import type { SqlExecutor } from '@dispo/events/sql/client';
import { historyView } from './history-view';
import { json, num, str } from './view-values';

/** A date range of Berlin calendar days, both ends included. */
export interface AnalyticsRange {
  from: string;
  to: string;
}

const round1 = (n: number) => Math.round(n * 10) / 10;
const round2 = (n: number) => Math.round(n * 100) / 100;
const dateText = (v: unknown) => (v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10));

/** dispatch.md §9: a tour without an end lasts one hour. */
function tourHours(start: string, end: string | null): number {
  if (!end) return 1;
  const minutes = minutesOf(end) - minutesOf(start);
  return minutes > 0 ? minutes / 60 : 1;
}

/** An entry with the amounts and reading the dialog also reads (fleet.md §3 Vehicle history entry). */
function analyticsEntry(r: Record<string, unknown>) {
  const e = historyView(r);
  return { ...e, revenueAmount: num(e.details.revenueAmount), costAmount: num(e.details.costAmount), odometerReading: num(e.details.odometerReading) };
}

/** The vehicle's history in the range, newest first: Berlin days turned into instants, one index range. */
export async function analyticsHistory(sql: SqlExecutor, vehicleId: string, range: AnalyticsRange) {
  const { rows } = await sql.query(
    `SELECT * FROM read.vehicle_history
     WHERE vehicle_id = $1 AND performed_at >= ($2::date::timestamp AT TIME ZONE 'Europe/Berlin')
       AND performed_at < (($3::date + 1)::timestamp AT TIME ZONE 'Europe/Berlin')
     ORDER BY performed_at DESC, global_position DESC, id DESC`,
    [vehicleId, range.from, range.to],
  );
  return rows.map(analyticsEntry);
}

/** One entry by id (the answer of POST …/history). */
export async function analyticsHistoryEntry(sql: SqlExecutor, vehicleId: string, id: string) {
  const { rows } = await sql.query('SELECT * FROM read.vehicle_history WHERE vehicle_id = $1 AND id = $2', [vehicleId, id]);
  return rows[0] ? analyticsEntry(rows[0]) : null;
}

interface TourRow {
  tour_id: string;
  date: unknown;
  tour_number: string;
  status: string;
  start_time: string;
  end_time: string | null;
  order_ids: unknown;
  planned_km: unknown;
  total_km: unknown;
  revenue: unknown;
  revenue_estimated: boolean;
  revenue_calculated: boolean;
  unpriced_orders: number;
  order_revenues: unknown;
}

async function tourRows(sql: SqlExecutor, vehicleId: string, range: AnalyticsRange): Promise<TourRow[]> {
  const { rows } = await sql.query<TourRow>(
    `SELECT tour_id, date, tour_number, status, start_time, end_time, order_ids, planned_km, total_km, revenue,
            revenue_estimated, revenue_calculated, unpriced_orders, order_revenues
     FROM read.vehicle_tour_analytics
     WHERE vehicle_id = $1 AND date >= $2::date AND date <= $3::date AND status <> 'cancelled'
     ORDER BY date, start_time`,
    [vehicleId, range.from, range.to],
  );
  return rows;
}

async function driverName(sql: SqlExecutor, vehicleId: string): Promise<string | null> {
  const { rows } = await sql.query<{ first_name: string | null; last_name: string | null }>(
    'SELECT u.first_name, u.last_name FROM read.vehicles v JOIN read.users u ON u.id = v.assigned_driver_id WHERE v.id = $1',
    [vehicleId],
  );
  const r = rows[0];
  return r ? [r.first_name, r.last_name].filter(Boolean).join(' ') || null : null;
}

/** fleet.md §3 Tour analytics per day: each day with its tours, their orders, km and revenue. */
export async function tourAnalytics(sql: SqlExecutor, vehicleId: string, range: AnalyticsRange) {
  const [tours, driver] = await Promise.all([tourRows(sql, vehicleId, range), driverName(sql, vehicleId)]);
  // The tours' orders by primary key, tour by tour (an index lookup each, not a scan for a list of ids).
  const { rows: orderRows } =
    tours.length === 0
      ? { rows: [] as Record<string, unknown>[] }
      : await sql.query(
          `SELECT o.id, o.order_number, o.status, o.billing_confirmed, o.customer_company, o.material_name,
                  o.delivery_plant_name, o.delivery_plant_city, o.delivery_address
           FROM read.vehicle_tour_analytics t
           CROSS JOIN LATERAL jsonb_array_elements_text(t.order_ids) AS x(order_id)
           JOIN read.orders o ON o.id = x.order_id
           WHERE t.vehicle_id = $1 AND t.date >= $2::date AND t.date <= $3::date AND t.status <> 'cancelled'`,
          [vehicleId, range.from, range.to],
        );
  const orders = new Map(orderRows.map((o) => [String(o.id), o]));
  const days = new Map<string, { date: string; totalRevenue: number; totalDistance: number; orderCount: number; tours: unknown[] }>();
  for (const t of tours) {
    const date = dateText(t.date);
    const priced = new Map(json<PricedOrder[]>(t.order_revenues, []).map((p) => [p.orderId, p]));
    const revenue = t.revenue_calculated ? num(t.revenue) : null;
    const distance = num(t.total_km) ?? num(t.planned_km) ?? 0;
    const tourOrders = json<string[]>(t.order_ids, []).map((orderId, index) => {
      const o = orders.get(orderId);
      const status = tourOrderStatus(String(o?.status ?? 'disponiert'));
      const billingConfirmed = Boolean(o?.billing_confirmed);
      const p = priced.get(orderId);
      return {
        id: orderId,
        sequenceNumber: index + 1,
        status,
        statusLabel: tourOrderStatusLabel(status, billingConfirmed),
        calculatedRevenue: p?.revenue ?? null,
        tonnes: p?.tonnes ?? null,
        revenueEstimated: p?.tonnesEstimated ?? false,
        transportOrder: {
          orderNumber: str(o?.order_number),
          billingConfirmed,
          customer: { company: str(o?.customer_company) },
          material: { name: str(o?.material_name) },
          deliveryAddress: str(o?.delivery_address),
          deliveryPlant: o?.delivery_plant_name ? { name: String(o.delivery_plant_name), city: str(o.delivery_plant_city) } : null,
        },
      };
    });
    const tour = {
      id: t.tour_id,
      tourNumber: t.tour_number,
      status: t.status,
      statusLabel: tourStatusLabel(t.status, revenue, t.revenue_estimated),
      calculatedRevenue: revenue,
      revenueEstimated: t.revenue_estimated,
      revenueCalculated: t.revenue_calculated,
      unpricedOrders: t.unpriced_orders,
      totalDistance: round1(distance),
      startTime: `${date}T${t.start_time}`,
      endTime: t.end_time ? `${date}T${t.end_time}` : null,
      hours: round1(tourHours(t.start_time, t.end_time)),
      driverName: driver,
      tourOrders,
    };
    const day = days.get(date) ?? { date, totalRevenue: 0, totalDistance: 0, orderCount: 0, tours: [] };
    day.totalRevenue = round2(day.totalRevenue + (revenue ?? 0));
    day.totalDistance = round1(day.totalDistance + distance);
    day.orderCount += tourOrders.length;
    day.tours.push(tour);
    days.set(date, day);
  }
  return [...days.values()];
}

/** Completed workshop appointments of the vehicle in the range with their invoice amount (fleet.md §3 maintenanceBreakdown). */
export async function maintenanceCosts(sql: SqlExecutor, vehicleId: string, range: AnalyticsRange) {
  const { rows } = await sql.query(
    `SELECT id, appointment_type, date, workshop, custom_workshop, notes, completion
     FROM read.workshop_appointments
     WHERE subject_kind = 'vehicle' AND subject_id = $1 AND status = 'completed' AND date >= $2 AND date <= $3
     ORDER BY date DESC, time DESC`,
    [vehicleId, range.from, range.to],
  );
  return rows.map((r) => {
    const completion = json<{ invoiceAmount?: number | null; notes?: string | null }>(r.completion, {});
    return {
      id: String(r.id),
      type: String(r.appointment_type),
      date: String(r.date),
      workshop: str(r.custom_workshop) ?? str(r.workshop),
      notes: str(completion.notes) ?? str(r.notes),
      amount: round2(completion.invoiceAmount ?? 0),
    };
  });
}

/** EUR per driven km of the vehicle's type, from the tariff valid at the end of the range. */
async function costPerKm(sql: SqlExecutor, vehicleId: string, to: string): Promise<number> {
  const { rows } = await sql.query<{ tariff: unknown; vehicle_type: string | null }>(
    `SELECT (SELECT tariff FROM read.tariff_versions WHERE valid_from <= $2 ORDER BY valid_from DESC LIMIT 1) AS tariff,
            (SELECT vehicle_type FROM read.vehicles WHERE id = $1) AS vehicle_type`,
    [vehicleId, to],
  );
  const table = json<{ costPerKm?: Record<string, number> } | null>(rows[0]?.tariff, null)?.costPerKm ?? {};
  const type = rows[0]?.vehicle_type;
  return (type ? table[type] : undefined) ?? table.default ?? 0;
}

/** One day of a vehicle as the financial overview and the utilisation sum it. */
interface DaySums {
  date: string;
  tours: number;
  completedTours: number;
  orders: number;
  distance: number;
  revenue: number;
  completedKm: number;
  toursWithoutRevenue: number;
  hours: number;
}

/**
 * The vehicle's days in the range, summed in SQL over read.vehicle_tour_analytics (one index range):
 * tours, orders, km (driven when priced, else planned), revenue, tour hours (one hour without an end).
 */
async function daySums(sql: SqlExecutor, vehicleId: string, range: AnalyticsRange): Promise<DaySums[]> {
  const { rows } = await sql.query(
    `SELECT to_char(date, 'YYYY-MM-DD') AS date, count(*) AS tours,
            count(*) FILTER (WHERE status = 'completed') AS completed_tours,
            sum(jsonb_array_length(order_ids)) AS orders,
            sum(coalesce(total_km, planned_km, 0)) AS distance,
            sum(CASE WHEN revenue_calculated THEN coalesce(revenue, 0) ELSE 0 END) AS revenue,
            sum(CASE WHEN status = 'completed' THEN coalesce(total_km, planned_km, 0) ELSE 0 END) AS completed_km,
            count(*) FILTER (WHERE status = 'completed' AND (NOT revenue_calculated OR revenue IS NULL)) AS without_revenue,
            sum(CASE WHEN end_time IS NULL OR end_time <= start_time THEN 60
                     ELSE (split_part(end_time, ':', 1)::int * 60 + split_part(end_time, ':', 2)::int)
                        - (split_part(start_time, ':', 1)::int * 60 + split_part(start_time, ':', 2)::int) END) AS minutes
     FROM read.vehicle_tour_analytics
     WHERE vehicle_id = $1 AND date >= $2::date AND date <= $3::date AND status <> 'cancelled'
     GROUP BY date ORDER BY date`,
    [vehicleId, range.from, range.to],
  );
  return rows.map((r) => ({
    date: String(r.date),
    tours: Number(r.tours),
    completedTours: Number(r.completed_tours),
    orders: Number(r.orders ?? 0),
    distance: round1(Number(r.distance ?? 0)),
    revenue: round2(Number(r.revenue ?? 0)),
    completedKm: Number(r.completed_km ?? 0),
    toursWithoutRevenue: Number(r.without_revenue),
    hours: round1(Number(r.minutes ?? 0) / 60),
  }));
}

/** fleet.md §3 Financial overview, with the bands of §9; tourAnalytics as the sums per day. */
export async function financialOverview(sql: SqlExecutor, vehicleId: string, range: AnalyticsRange) {
  const [days, breakdown, perKm] = await Promise.all([
    daySums(sql, vehicleId, range),
    maintenanceCosts(sql, vehicleId, range),
    costPerKm(sql, vehicleId, range.to),
  ]);
  const revenue = days.reduce((sum, d) => sum + d.revenue, 0);
  const km = days.reduce((sum, d) => sum + d.completedKm, 0);
  const maintenance = breakdown.reduce((sum, m) => sum + m.amount, 0);
  const figures = financialFigures(revenue, maintenance, km * perKm);
  return {
    ...figures,
    costPerKm: perKm,
    completedTours: days.reduce((sum, d) => sum + d.completedTours, 0),
    toursWithoutRevenue: days.reduce((sum, d) => sum + d.toursWithoutRevenue, 0),
    marginBand: figures.profitMargin === null ? null : marginBand(figures.profitMargin),
    assessment: figures.profitMargin === null ? null : marginAssessment(figures.profitMargin),
    maintenanceShareBand: figures.maintenanceShare === null ? null : maintenanceShareBand(figures.maintenanceShare),
    tourAnalytics: days.map((d) => ({ date: d.date, totalRevenue: d.revenue, totalDistance: d.distance, orderCount: d.orders, tourCount: d.tours })),
    maintenanceBreakdown: breakdown,
  };
}

/** fleet.md §3 Utilisation, with the rating, efficiency, trends and recommendations of §9. */
export async function utilization(sql: SqlExecutor, vehicleId: string, range: AnalyticsRange) {
  const days = await daySums(sql, vehicleId, range);
  const perDay = days.map((d) => {
    const percent = dayUtilization(d.hours);
    return { date: d.date, tours: d.tours, orders: d.orders, distance: d.distance, revenue: d.revenue, hours: d.hours, utilization: percent, band: dayUtilizationBand(percent) };
  });
  const figures = utilizationFigures({
    from: range.from,
    to: range.to,
    activeDays: days.length,
    totalOrders: days.reduce((sum, d) => sum + d.orders, 0),
    totalDistance: days.reduce((sum, d) => sum + d.distance, 0),
    totalHours: days.reduce((sum, d) => sum + d.hours, 0),
  });
  return {
    ...figures,
    tourStats: {
      totalTours: days.reduce((sum, d) => sum + d.tours, 0),
      completedTours: days.reduce((sum, d) => sum + d.completedTours, 0),
      dailyPerformance: perDay,
    },
  };
}
