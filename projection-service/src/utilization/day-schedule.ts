import { minutesOf } from '@dispo/domain/tour/clock';
import type { GeoPoint } from '@dispo/domain/travel/index';
import { type CandidateOrder, deliveryWindow, DEFAULT_ORDER_TONS, DEFAULT_PAYLOAD_KG, type ScheduledTour } from '@dispo/domain/utilization/index';
import type { SqlExecutor } from '@dispo/events/sql/client';
import { countedTour } from '../dispatch/counted-tours';

type Row = Record<string, unknown>;
const str = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));
const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
const point = (lat: unknown, lng: unknown): GeoPoint | null => (lat === null || lat === undefined || lng === null || lng === undefined ? null : { lat: Number(lat), lng: Number(lng) });
const minutes = (v: unknown): number | null => (v ? minutesOf(String(v)) : null);

/** A vehicle released for dispatch as the utilisation needs it: payload and home plant. */
export interface DispatchVehicleFacts {
  id: string;
  licensePlate: string;
  status: string;
  payloadTons: number;
  homePlantName: string | null;
  home: GeoPoint | null;
}

/** Vehicles released for dispatch (or the one asked for, released or not), by plate. */
export async function vehicleFacts(sql: SqlExecutor, vehicleId?: string): Promise<DispatchVehicleFacts[]> {
  const { rows } = await sql.query(
    `SELECT v.id, v.license_plate, v.status, v.payload_kg, v.home_plant_name, hp.lat, hp.lng
     FROM read.vehicles v
     LEFT JOIN LATERAL (SELECT p.lat, p.lng FROM read.plants p WHERE p.name = v.home_plant_name ORDER BY p.created_at LIMIT 1) hp ON true
     WHERE ($1::text IS NULL AND v.enabled_for_dispatch) OR v.id = $1
     ORDER BY v.license_plate`,
    [vehicleId ?? null],
  );
  return rows.map((r) => ({
    id: String(r.id),
    licensePlate: String(r.license_plate),
    status: String(r.status),
    payloadTons: (num(r.payload_kg) ?? DEFAULT_PAYLOAD_KG) / 1000,
    homePlantName: str(r.home_plant_name),
    home: point(r.lat, r.lng),
  }));
}

/**
 * The tours of a day per vehicle (or of one vehicle), with the first loading and last delivery plant
 * of each and its tonnage: two queries, whatever the number of tours. A tour without planned end
 * lasts `defaultMinutes`.
 */
export async function daySchedule(sql: SqlExecutor, date: string, defaultMinutes: number, vehicleId?: string): Promise<Map<string, ScheduledTour[]>> {
  const [tours, stops] = await Promise.all([
    sql.query(
      `SELECT t.id, t.tour_number, t.vehicle_id, t.start_time, t.end_time, t.status, t.empty_km, t.loaded_km, sp.lat AS start_lat, sp.lng AS start_lng
       FROM read.tours t LEFT JOIN read.plants sp ON sp.id = t.start_plant_id
       WHERE t.date = $1::date AND ($2::text IS NULL OR t.vehicle_id = $2) AND ${countedTour('t')} ORDER BY t.start_time, t.tour_number`,
      [date, vehicleId ?? null],
    ),
    sql.query(
      `SELECT x.tour_id, coalesce(o.weight_tons, CASE WHEN o.unit = 'to' THEN o.quantity END)::float8 AS tons,
              lp.lat AS loading_lat, lp.lng AS loading_lng, dp.lat AS delivery_lat, dp.lng AS delivery_lng
       FROM read.tour_orders x JOIN read.tours t ON t.id = x.tour_id JOIN read.orders o ON o.id = x.order_id
       LEFT JOIN read.plants lp ON lp.id = o.plant_id LEFT JOIN read.plants dp ON dp.id = o.delivery_plant_id
       WHERE t.date = $1::date AND ($2::text IS NULL OR t.vehicle_id = $2) ORDER BY x.tour_id, x.sequence_number`,
      [date, vehicleId ?? null],
    ),
  ]);
  const stopsOf = new Map<string, Row[]>();
  for (const stop of stops.rows) {
    const id = String(stop.tour_id);
    const list = stopsOf.get(id);
    if (list) list.push(stop);
    else stopsOf.set(id, [stop]);
  }
  const byVehicle = new Map<string, ScheduledTour[]>();
  for (const r of tours.rows) {
    const id = String(r.id);
    const own = stopsOf.get(id) ?? [];
    const first = own[0];
    const last = own[own.length - 1];
    const start = minutesOf(String(r.start_time));
    const end = minutes(r.end_time);
    const scheduled: ScheduledTour = {
      id,
      tourNumber: String(r.tour_number),
      status: String(r.status),
      start,
      end: end === null ? start + defaultMinutes : Math.max(end, start + 1),
      endAssumed: end === null,
      startPoint: point(r.start_lat, r.start_lng) ?? (first ? point(first.loading_lat, first.loading_lng) : null),
      firstLoading: first ? point(first.loading_lat, first.loading_lng) : null,
      lastDelivery: last ? point(last.delivery_lat, last.delivery_lng) : null,
      emptyKm: num(r.empty_km),
      loadedKm: num(r.loaded_km),
      tons: own.reduce((sum, s) => sum + (num(s.tons) ?? 0), 0),
      orderCount: own.length,
    };
    const vehicle = String(r.vehicle_id);
    const list = byVehicle.get(vehicle);
    if (list) list.push(scheduled);
    else byVehicle.set(vehicle, [scheduled]);
  }
  return byVehicle;
}

export interface OrderFacts extends CandidateOrder {
  status: string;
  deliveryDate: string;
  deliveryCity: string | null;
}

/** Open orders of a day (or any one order by id) as candidates: plants' places, tonnes and the wanted window. */
export async function candidateOrders(sql: SqlExecutor, where: { date?: string; id?: string }): Promise<OrderFacts[]> {
  const { rows } = await sql.query(
    `SELECT o.id, o.order_number, o.status, o.delivery_date::text AS delivery_date, o.material_name, o.customer_company, o.quantity, o.unit, o.weight_tons,
            o.plant_name, o.delivery_plant_name, o.delivery_plant_city, o.delivery_address, dp.address AS delivery_plant_address,
            o.delivery_time_type, o.delivery_time_fixed, o.delivery_time_from, o.delivery_time_to,
            lp.lat AS loading_lat, lp.lng AS loading_lng, dp.lat AS delivery_lat, dp.lng AS delivery_lng
     FROM read.orders o
     LEFT JOIN read.plants lp ON lp.id = o.plant_id
     LEFT JOIN read.plants dp ON dp.id = o.delivery_plant_id
     WHERE ($1::text IS NOT NULL AND o.id = $1) OR ($1::text IS NULL AND o.status = 'offen' AND o.delivery_date = $2::date)
     ORDER BY o.order_number`,
    [where.id ?? null, where.date ?? null],
  );
  return rows.map((r) => {
    const tons = num(r.weight_tons) ?? (r.unit === 'to' ? Number(r.quantity) : DEFAULT_ORDER_TONS);
    return {
      id: String(r.id),
      orderNumber: String(r.order_number),
      status: String(r.status),
      deliveryDate: String(r.delivery_date),
      material: str(r.material_name),
      customer: str(r.customer_company),
      tons,
      loading: point(r.loading_lat, r.loading_lng),
      delivery: point(r.delivery_lat, r.delivery_lng),
      loadingName: str(r.plant_name),
      deliveryName: str(r.delivery_plant_name),
      deliveryAddress: str(r.delivery_address) ?? str(r.delivery_plant_address),
      deliveryCity: str(r.delivery_plant_city),
      window: deliveryWindow({ type: str(r.delivery_time_type), fixed: minutes(r.delivery_time_fixed), from: minutes(r.delivery_time_from), to: minutes(r.delivery_time_to) }),
    };
  });
}
