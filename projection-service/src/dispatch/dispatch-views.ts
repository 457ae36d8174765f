import { isDelivered } from '@dispo/domain/order/order-status';
import { keptTourReason } from '@dispo/domain/tour/tour-decider';
import type { OrderStatus, TourStatus } from '@dispo/events/catalog/index';
import { countedTour } from './counted-tours';
import { workshopConflicts } from './workshop-conflicts';
import type { SqlExecutor } from '@dispo/events/sql/client';
import { clockOf, overlaps, tourSpan } from '@dispo/domain/tour/clock';
import { optimizationByTour } from '../optimization/optimization-views';
import { dispatchOrderType } from '@dispo/domain/order/dispatch-type';

const str = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));
const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/** An open order as the dispatch sidebar shows it (dispatch.md §3 "Open order"), with plant coordinates. */
export async function openOrders(sql: SqlExecutor, page: { date?: string; offset: number; limit: number }) {
  // One row more than asked tells whether another page follows, without counting them all.
  const { rows } = await sql.query(
    `SELECT o.*, lp.lat AS loading_lat, lp.lng AS loading_lng, dp.lat AS delivery_lat, dp.lng AS delivery_lng, dp.address AS delivery_plant_address
     FROM read.orders o
     LEFT JOIN read.plants lp ON lp.id = o.plant_id
     LEFT JOIN read.plants dp ON dp.id = o.delivery_plant_id
     WHERE o.status = 'offen' AND ($1::date IS NULL OR o.delivery_date = $1::date)
     ORDER BY o.delivery_date, coalesce(o.delivery_time_fixed, o.delivery_time_from), o.order_number
     LIMIT $2 OFFSET $3`,
    [page.date ?? null, page.limit + 1, page.offset],
  );
  const more = rows.length > page.limit;
  return { orders: rows.slice(0, page.limit).map(openOrderView), nextOffset: more ? page.offset + page.limit : null };
}

function openOrderView(r: Record<string, unknown>) {
  return {
    id: String(r.id),
    order_number: String(r.order_number),
    type: 'transport_order',
    order_type: dispatchOrderType({
      transportType: str(r.transport_type),
      vehicleRequirements: str(r.vehicle_requirements),
      deliveryPlantId: str(r.delivery_plant_id),
      deliveryAddress: str(r.delivery_address),
      accessConditions: str(r.access_conditions),
    }),
    customer_name: str(r.customer_company),
    delivery_plant_id: str(r.delivery_plant_id),
    delivery_plant_name: str(r.delivery_plant_name),
    loading_plant_id: str(r.plant_id),
    loading_plant_name: str(r.plant_name),
    plant_name: str(r.plant_name),
    loading_point_name: str(r.loading_point_name),
    material_name: str(r.material_name),
    materials: r.material_name ? [String(r.material_name)] : [],
    quantity: Number(r.quantity),
    unit: String(r.unit),
    delivery_date: String(r.delivery_date),
    delivery_time_type: String(r.delivery_time_type),
    delivery_time_fixed: str(r.delivery_time_fixed),
    delivery_time_from: str(r.delivery_time_from),
    delivery_time_to: str(r.delivery_time_to),
    status: String(r.status),
    priority: String(r.priority),
    notes: str(r.notes),
    internalNotes: str(r.internal_notes),
    delivery_address: str(r.delivery_address) ?? str(r.delivery_plant_address),
    delivery_lat: num(r.delivery_lat),
    delivery_lng: num(r.delivery_lng),
    loading_lat: num(r.loading_lat),
    loading_lng: num(r.loading_lng),
  };
}

export interface TourOrderView {
  id: string;
  sequenceNumber: number;
  estimatedArrival: string;
  transportOrder: {
    id: string;
    orderNumber: string;
    status: string;
    customerName: string | null;
    loadingPlantName: string | null;
    loadingPointName: string | null;
    deliveryPlantName: string | null;
    materialName: string | null;
    quantity: number;
    unit: string;
    /** The planned weight in t (weight follows quantity); null when not known. */
    weightTons: number | null;
  };
}

/** A tour's vehicle as dispatch.md §3 "Tour" names it; the timeline has the full one from /vehicles. */
export interface TourVehicleView {
  id: string;
  license_plate: string | null;
  brand: string | null;
  driver: { full_name: string } | null;
  payloadKg: number | null;
}

/** The licence plate and facts of a vehicle, once the fleet's read.vehicles has them. */
export type VehicleLookup = (ids: readonly string[]) => Promise<Map<string, TourVehicleView>>;

type Row = Record<string, unknown>;

/**
 * The tours asked for and every other tour of their vehicles and days (the peers a conflict can be
 * with), in one query: by date, all tours of that date; by id, the tours of its vehicle and day.
 */
async function toursWithPeers(sql: SqlExecutor, where: { date?: string; id?: string }): Promise<Row[]> {
  const { rows } = await sql.query(
    `SELECT id, tour_number, vehicle_id, date, start_time, end_time, status, empty_km, loaded_km FROM read.tours t
     WHERE ($1::date IS NULL OR date = $1::date)
       AND ($2::text IS NULL OR (vehicle_id, date) IN (SELECT vehicle_id, date FROM read.tours WHERE id = $2))
       -- A cancelled tour is not drawn and conflicts with nothing; asked for by id, it is still answered.
       AND (${countedTour('t')} OR id = $2)
     ORDER BY date, start_time, tour_number`,
    [where.date ?? null, where.id ?? null],
  );
  return rows;
}

/** The stops of the tours, grouped by tour in sequence; only the order fields the answer carries. */
async function stopsByTour(sql: SqlExecutor, tourIds: readonly string[]): Promise<Map<string, Row[]>> {
  const { rows } = await sql.query(
    `SELECT x.tour_id, x.sequence_number, x.estimated_arrival, o.id, o.order_number, o.status, o.customer_company, o.plant_name, o.loading_point_name,
            o.delivery_plant_name, o.material_name, o.quantity, o.unit, o.weight_tons, o.billing_pending, o.billing_confirmed
     FROM read.tour_orders x JOIN read.orders o ON o.id = x.order_id
     WHERE x.tour_id = ANY($1) ORDER BY x.tour_id, x.sequence_number`,
    [tourIds],
  );
  return groupBy(rows, (row) => String(row.tour_id));
}

function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

const spanOf = (tour: Row) => tourSpan(String(tour.start_time), str(tour.end_time));

/** Ids of the tours that overlap another tour of the same vehicle and day (dispatch.md §4 "Conflicts"). */
function conflictingIds(tours: readonly Row[]): Set<string> {
  const conflicting = new Set<string>();
  for (const group of groupBy(tours, (tour) => `${String(tour.vehicle_id)}|${String(tour.date)}`).values()) {
    const spans = group.map(spanOf);
    for (let i = 0; i < group.length; i++) {
      for (let j = i + 1; j < group.length; j++) {
        if (!overlaps(spans[i]!, spans[j]!)) continue;
        conflicting.add(String(group[i]!.id));
        conflicting.add(String(group[j]!.id));
      }
    }
  }
  return conflicting;
}

function stopView(stop: Row, date: string, tourStart: number): TourOrderView {
  // The travel model's arrival (TourTimesPlanned); before it is planned, orders.md §9: the tour's
  // start plus 30 minutes per stop before this one.
  const arrival = str(stop.estimated_arrival) ?? clockOf(tourStart + 30 * (Number(stop.sequence_number) - 1));
  return {
    id: String(stop.id),
    sequenceNumber: Number(stop.sequence_number),
    estimatedArrival: `${date}T${arrival}`,
    transportOrder: {
      id: String(stop.id),
      orderNumber: String(stop.order_number),
      status: String(stop.status),
      customerName: str(stop.customer_company),
      loadingPlantName: str(stop.plant_name),
      loadingPointName: str(stop.loading_point_name),
      deliveryPlantName: str(stop.delivery_plant_name),
      materialName: str(stop.material_name),
      quantity: Number(stop.quantity),
      unit: String(stop.unit),
      weightTons: num(stop.weight_tons),
    },
  };
}

/**
 * The tours of a day (or one tour) with their vehicle and orders in sequence; `hasConflict` flags two
 * overlapping tours of one vehicle (dispatch.md §4 "Conflicts"). Only what the timeline and the tour
 * details show (docs/api/disposition.md): three queries, whatever the number of tours.
 */
export async function tours(sql: SqlExecutor, where: { date?: string; id?: string }, vehicles: VehicleLookup) {
  const all = await toursWithPeers(sql, where);
  const answered = where.id === undefined ? all : all.filter((tour) => tour.id === where.id);
  if (answered.length === 0) return [];
  const ids = answered.map((tour) => String(tour.id));
  const [stops, vehicleById, optimizations] = await Promise.all([
    stopsByTour(sql, ids),
    vehicles([...new Set(answered.map((tour) => String(tour.vehicle_id)))]),
    optimizationByTour(sql, ids),
  ]);
  const conflicting = conflictingIds(all);
  const inWorkshop = await workshopConflicts(
    sql,
    answered.map((r) => ({ id: String(r.id), vehicleId: String(r.vehicle_id), date: String(r.date), span: spanOf(r) })),
  );
  return answered.map((r) => {
    const id = String(r.id);
    const date = String(r.date);
    const start = spanOf(r)[0];
    const orders = (stops.get(id) ?? []).map((stop) => stopView(stop, date, start));
    const vehicleId = String(r.vehicle_id);
    return {
      id,
      tour_number: String(r.tour_number),
      tourNumber: String(r.tour_number),
      vehicle_id: vehicleId,
      vehicle: vehicleById.get(vehicleId) ?? { id: vehicleId, license_plate: null, brand: null, driver: null, payloadKg: null },
      date,
      start_time: String(r.start_time),
      startTime: `${date}T${String(r.start_time)}`,
      end_time: str(r.end_time),
      endTime: r.end_time ? `${date}T${String(r.end_time)}` : null,
      status: String(r.status),
      orders,
      total_quantity: orders.reduce((sum, o) => sum + o.transportOrder.quantity, 0),
      empty_km: num(r.empty_km),
      loaded_km: num(r.loaded_km),
      // dispatch.md §3 "Tour": the latest optimization's status and savings (null: never optimized).
      optimization_status: optimizations.get(id)?.optimization_status ?? null,
      optimization_savings: optimizations.get(id)?.optimization_savings ?? null,
      route_optimized: optimizations.get(id)?.route_optimized ?? false,
      hasConflict: conflicting.has(id),
      workshopConflict: inWorkshop.get(id) ?? null,
      // Issue 31: why the screen offers neither reset nor delete (the command's own refusal), or null.
      keptReason: keptTourReason(
        { status: String(r.status) as TourStatus, tourNumber: String(r.tour_number) },
        (stops.get(id) ?? [])
          .filter((stop) =>
            isDelivered({
              status: String(stop.status) as OrderStatus,
              billingPending: stop.billing_pending === true,
              billingConfirmed: stop.billing_confirmed === true,
            }),
          )
          .map((stop) => String(stop.order_number)),
      ),
    };
  });
}

/**
 * GET /api/disposition/stats (docs/api/disposition.md): per day of the range, tours, orders on tours,
 * tonnage on tours, vehicles used, and orders still open.
 */
export async function dispatchStats(sql: SqlExecutor, from: string, to: string) {
  const { rows } = await sql.query(
    `WITH days AS (SELECT generate_series($1::date, $2::date, interval '1 day')::date AS day)
     SELECT d.day::text AS date,
       (SELECT count(*)::int FROM read.tours t WHERE t.date = d.day AND ${countedTour('t')}) AS tours,
       (SELECT count(*)::int FROM read.tour_orders x JOIN read.tours t ON t.id = x.tour_id WHERE t.date = d.day) AS orders,
       (SELECT coalesce(sum(coalesce(o.weight_tons, CASE WHEN o.unit = 'to' THEN o.quantity END)), 0)::float8
          FROM read.tour_orders x JOIN read.tours t ON t.id = x.tour_id JOIN read.orders o ON o.id = x.order_id WHERE t.date = d.day) AS tonnage,
       (SELECT count(DISTINCT t.vehicle_id)::int FROM read.tours t WHERE t.date = d.day AND ${countedTour('t')}) AS vehicles,
       (SELECT count(*)::int FROM read.orders o WHERE o.status = 'offen' AND o.delivery_date = d.day) AS open_orders
     FROM days d ORDER BY d.day`,
    [from, to],
  );
  const days = rows.map((r) => ({
    date: String(r.date),
    tours: Number(r.tours),
    orders: Number(r.orders),
    tonnage: Number(r.tonnage),
    vehiclesUsed: Number(r.vehicles),
    openOrders: Number(r.open_orders),
  }));
  const sum = (key: 'tours' | 'orders' | 'tonnage' | 'openOrders') => days.reduce((total, d) => total + d[key], 0);
  return { days, totals: { tours: sum('tours'), orders: sum('orders'), tonnage: sum('tonnage'), openOrders: sum('openOrders') } };
}

/** What completing a day needs to know (dispatch.md §4): open orders left, tours and vehicles. */
export async function dayFacts(sql: SqlExecutor, date: string) {
  const { rows } = await sql.query<{ open: number; tours: number; vehicles: number }>(
    `SELECT (SELECT count(*)::int FROM read.orders WHERE status = 'offen' AND delivery_date = $1::date) AS open,
            (SELECT count(*)::int FROM read.tours t WHERE date = $1::date AND ${countedTour('t')}) AS tours,
            (SELECT count(DISTINCT vehicle_id)::int FROM read.tours t WHERE date = $1::date AND ${countedTour('t')}) AS vehicles`,
    [date],
  );
  const r = rows[0];
  // The candidates only: the command checks each tour against its stream.
  const ids = await sql.query<{ id: string }>(
    `SELECT id FROM read.tours t WHERE date = $1::date AND ${countedTour('t')} ORDER BY start_time, id`,
    [date],
  );
  return {
    openOrderCount: Number(r?.open ?? 0),
    tourCount: Number(r?.tours ?? 0),
    vehicleCount: Number(r?.vehicles ?? 0),
    tourIds: ids.rows.map((row) => String(row.id)),
  };
}

/** Tour numbers of a vehicle's planned or running tours from `today` on (taking it out of dispatch is refused then). */
export async function vehicleFutureTours(sql: SqlExecutor, vehicleId: string, today: string): Promise<string[]> {
  const { rows } = await sql.query<{ tour_number: string }>(
    `SELECT tour_number FROM read.tours WHERE vehicle_id = $1 AND date >= $2::date AND status IN ('planned', 'in_progress') ORDER BY date, start_time`,
    [vehicleId, today],
  );
  return rows.map((r) => r.tour_number);
}

/** A running or planned tour of a vehicle (the fleet's delete dialog names them). */
export interface VehicleLiveTour {
  id: string;
  tourNumber: string;
  date: string;
  startTime: string;
  status: string;
}

/**
 * The vehicle's tours running now or planned from `today` on, by the read table (a running tour of an
 * earlier day counts too). The delete command reads its candidates here and confirms each from its stream.
 */
export async function vehicleLiveTours(sql: SqlExecutor, vehicleId: string, today: string): Promise<VehicleLiveTour[]> {
  const { rows } = await sql.query<{ id: string; tour_number: string; date: string; start_time: string; status: string }>(
    `SELECT id, tour_number, to_char(date, 'YYYY-MM-DD') AS date, start_time, status FROM read.tours
     WHERE vehicle_id = $1 AND (status = 'in_progress' OR (status = 'planned' AND date >= $2::date)) ORDER BY date, start_time`,
    [vehicleId, today],
  );
  return rows.map((r) => ({ id: r.id, tourNumber: r.tour_number, date: r.date, startTime: r.start_time, status: r.status }));
}

/**
 * GET /api/disposition/day/:date: whether the day was completed (Dispo abschließen), how often, by
 * whom and when last (read.dispo_days).
 */
export async function dispoDay(sql: SqlExecutor, date: string) {
  const { rows } = await sql.query(
    `SELECT d.completions, d.last_completed_by, d.last_completed_at, d.tour_count, d.vehicle_count, u.first_name, u.last_name, u.username,
            c.tour_number AS changed_tour, c.changed_at
     FROM read.dispo_days d LEFT JOIN read.users u ON u.id = d.last_completed_by LEFT JOIN read.dispo_day_changes c ON c.date = d.date
     WHERE d.date = $1::date`,
    [date],
  );
  const r = rows[0];
  if (!r)
    return {
      date,
      completed: false,
      completions: 0,
      completedAt: null,
      completedBy: null,
      tourCount: null,
      vehicleCount: null,
      changedSinceTourPlan: null,
    };
  const name = [str(r.first_name), str(r.last_name)].filter(Boolean).join(' ') || str(r.username) || String(r.last_completed_by);
  return {
    date,
    completed: true,
    completions: Number(r.completions),
    completedAt: new Date(String(r.last_completed_at)).toISOString(),
    completedBy: { id: String(r.last_completed_by), full_name: name },
    tourCount: Number(r.tour_count),
    vehicleCount: Number(r.vehicle_count),
    // Issue 31: the plan changed after the tour plan went out (the first change since).
    changedSinceTourPlan: r.changed_at
      ? { tourNumber: String(r.changed_tour), changedAt: new Date(String(r.changed_at)).toISOString() }
      : null,
  };
}
