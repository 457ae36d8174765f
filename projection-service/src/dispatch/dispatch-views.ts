import type { SqlExecutor } from '@dispo/events/sql/client';
import { clockOf, overlaps, tourSpan } from '@dispo/domain/tour/clock';

const str = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));
const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/** An open order as the dispatch sidebar shows it (dispatch.md §3 "Open order"), with plant coordinates. */
export async function openOrders(sql: SqlExecutor, date?: string) {
  const { rows } = await sql.query(
    `SELECT o.*, lp.lat AS loading_lat, lp.lng AS loading_lng, dp.lat AS delivery_lat, dp.lng AS delivery_lng, dp.address AS delivery_plant_address
     FROM read.orders o
     LEFT JOIN read.plants lp ON lp.id = o.plant_id
     LEFT JOIN read.plants dp ON dp.id = o.delivery_plant_id
     WHERE o.status = 'offen' AND ($1::date IS NULL OR o.delivery_date = $1::date)
     ORDER BY o.delivery_date, coalesce(o.delivery_time_fixed, o.delivery_time_from), o.order_number`,
    [date ?? null],
  );
  return rows.map((r) => ({
    id: String(r.id),
    order_number: String(r.order_number),
    type: 'transport_order',
    order_type: 'transport',
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
  }));
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
    deliveryDate: string;
    deliveryTimeType: string;
    deliveryTimeFixed: string | null;
    deliveryTimeFrom: string | null;
    deliveryTimeTo: string | null;
  };
}

/** The licence plate and facts of a vehicle, once the fleet's read.vehicles has them. */
export type VehicleLookup = (ids: readonly string[]) => Promise<Map<string, Record<string, unknown>>>;

/**
 * The tours of a day (or one tour) with their vehicle and orders in sequence; `hasConflict` flags two
 * overlapping tours of one vehicle (dispatch.md §4 "Conflicts").
 */
export async function tours(sql: SqlExecutor, where: { date?: string; id?: string }, vehicles: VehicleLookup) {
  const { rows } = await sql.query(
    `SELECT * FROM read.tours WHERE ($1::date IS NULL OR date = $1::date) AND ($2::text IS NULL OR id = $2) ORDER BY date, start_time, tour_number`,
    [where.date ?? null, where.id ?? null],
  );
  if (rows.length === 0) return [];
  const ids = rows.map((r) => String(r.id));
  const { rows: stops } = await sql.query(
    `SELECT t.tour_id, t.sequence_number, o.* FROM read.tour_orders t JOIN read.orders o ON o.id = t.order_id
     WHERE t.tour_id = ANY($1) ORDER BY t.tour_id, t.sequence_number`,
    [ids],
  );
  const vehicleById = await vehicles(rows.map((r) => String(r.vehicle_id)));
  const all = rows.map((r) => {
    const span = tourSpan(String(r.start_time), str(r.end_time));
    const orders: TourOrderView[] = stops
      .filter((s) => s.tour_id === r.id)
      .map((s) => {
        // orders.md §9: tour start plus 30 minutes per stop before this one.
        const arrival = clockOf(span[0] + 30 * (Number(s.sequence_number) - 1));
        return {
          id: String(s.id),
          sequenceNumber: Number(s.sequence_number),
          estimatedArrival: `${String(r.date)}T${arrival}`,
          transportOrder: {
            id: String(s.id),
            orderNumber: String(s.order_number),
            status: String(s.status),
            customerName: str(s.customer_company),
            loadingPlantName: str(s.plant_name),
            loadingPointName: str(s.loading_point_name),
            deliveryPlantName: str(s.delivery_plant_name),
            materialName: str(s.material_name),
            quantity: Number(s.quantity),
            unit: String(s.unit),
            deliveryDate: String(s.delivery_date),
            deliveryTimeType: String(s.delivery_time_type),
            deliveryTimeFixed: str(s.delivery_time_fixed),
            deliveryTimeFrom: str(s.delivery_time_from),
            deliveryTimeTo: str(s.delivery_time_to),
          },
        };
      });
    const vehicle = vehicleById.get(String(r.vehicle_id)) ?? { id: String(r.vehicle_id), license_plate: null };
    return {
      id: String(r.id),
      tour_number: String(r.tour_number),
      tourNumber: String(r.tour_number),
      vehicle_id: String(r.vehicle_id),
      vehicle,
      date: String(r.date),
      start_time: String(r.start_time),
      startTime: `${String(r.date)}T${String(r.start_time)}`,
      end_time: str(r.end_time),
      endTime: r.end_time ? `${String(r.date)}T${String(r.end_time)}` : null,
      status: String(r.status),
      orders,
      tourOrders: orders,
      total_quantity: orders.reduce((sum, o) => sum + o.transportOrder.quantity, 0),
      hasConflict: false,
      span,
    };
  });
  // Conflicts are with any tour of the same vehicle and day, also those outside this answer.
  const { rows: peers } = await sql.query(
    'SELECT id, vehicle_id, date, start_time, end_time FROM read.tours WHERE vehicle_id = ANY($1) AND date = ANY($2::date[])',
    [[...new Set(all.map((a) => a.vehicle_id))], [...new Set(all.map((a) => a.date))]],
  );
  for (const a of all) {
    a.hasConflict = peers.some(
      (b) => b.id !== a.id && b.vehicle_id === a.vehicle_id && String(b.date) === a.date && overlaps(a.span, tourSpan(String(b.start_time), str(b.end_time))),
    );
  }
  return all.map(({ span: _span, ...tour }) => tour);
}

/**
 * GET /api/disposition/stats (docs/api/disposition.md): per day of the range, tours, orders on tours,
 * tonnage on tours, vehicles used, and orders still open.
 */
export async function dispatchStats(sql: SqlExecutor, from: string, to: string) {
  const { rows } = await sql.query(
    `WITH days AS (SELECT generate_series($1::date, $2::date, interval '1 day')::date AS day)
     SELECT d.day::text AS date,
       (SELECT count(*)::int FROM read.tours t WHERE t.date = d.day) AS tours,
       (SELECT count(*)::int FROM read.tour_orders x JOIN read.tours t ON t.id = x.tour_id WHERE t.date = d.day) AS orders,
       (SELECT coalesce(sum(coalesce(o.weight_tons, CASE WHEN o.unit = 'to' THEN o.quantity END)), 0)::float8
          FROM read.tour_orders x JOIN read.tours t ON t.id = x.tour_id JOIN read.orders o ON o.id = x.order_id WHERE t.date = d.day) AS tonnage,
       (SELECT count(DISTINCT t.vehicle_id)::int FROM read.tours t WHERE t.date = d.day) AS vehicles,
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
            (SELECT count(*)::int FROM read.tours WHERE date = $1::date) AS tours,
            (SELECT count(DISTINCT vehicle_id)::int FROM read.tours WHERE date = $1::date) AS vehicles`,
    [date],
  );
  const r = rows[0];
  return { openOrderCount: Number(r?.open ?? 0), tourCount: Number(r?.tours ?? 0), vehicleCount: Number(r?.vehicles ?? 0) };
}
