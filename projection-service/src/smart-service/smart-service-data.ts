import type { DayTour } from '@dispo/domain/smart-service/conflicts';
import type { GeoPoint } from '@dispo/domain/travel/geo';
import type { SqlExecutor } from '@dispo/events/sql/client';

/** The vehicle as the Smart Service needs it, with its home plant's place. */
export interface SmartVehicle {
  id: string;
  licensePlate: string;
  brand: string | null;
  makeModel: string | null;
  vehicleType: string;
  payloadKg: number | null;
  status: string;
  enabledForDispatch: boolean;
  homePlantName: string | null;
  home: GeoPoint | null;
}

const point = (lat: unknown, lng: unknown): GeoPoint | null => (lat == null || lng == null ? null : { lat: Number(lat), lng: Number(lng) });

function vehicleOf(r: Record<string, unknown>): SmartVehicle {
  return {
    id: String(r.id),
    licensePlate: String(r.license_plate),
    brand: r.brand == null ? null : String(r.brand),
    makeModel: r.make_model == null ? null : String(r.make_model),
    vehicleType: String(r.vehicle_type),
    payloadKg: r.payload_kg == null ? null : Number(r.payload_kg),
    status: String(r.status),
    enabledForDispatch: r.enabled_for_dispatch === true,
    homePlantName: r.home_plant_name == null ? null : String(r.home_plant_name),
    home: point(r.home_lat, r.home_lng),
  };
}

const VEHICLES = `
  SELECT v.id, v.license_plate, v.brand, v.make_model, v.vehicle_type, v.payload_kg, v.status, v.enabled_for_dispatch, v.home_plant_name,
    (SELECT p.lat FROM read.plants p WHERE p.name = v.home_plant_name ORDER BY p.created_at LIMIT 1) AS home_lat,
    (SELECT p.lng FROM read.plants p WHERE p.name = v.home_plant_name ORDER BY p.created_at LIMIT 1) AS home_lng
  FROM read.vehicles v`;

export async function smartVehicle(sql: SqlExecutor, id: string): Promise<SmartVehicle | null> {
  const { rows } = await sql.query(`${VEHICLES} WHERE v.id = $1`, [id]);
  return rows[0] ? vehicleOf(rows[0]) : null;
}

/** Vehicles released for dispatch (dispatch.md §1): who may take tours over. */
export async function releasedVehicles(sql: SqlExecutor): Promise<SmartVehicle[]> {
  const { rows } = await sql.query(`${VEHICLES} WHERE v.enabled_for_dispatch ORDER BY v.license_plate`);
  return rows.map(vehicleOf);
}

/** A live tour of the day with what the Smart Service weighs: orders, heaviest load, where it ends. */
export interface SmartTour extends DayTour {
  vehicleId: string;
  status: string;
  /** Heaviest order, kg (weight, else quantity in t); null when none is known. */
  heaviestLoadKg: number | null;
  /** Where the tour's last order is delivered (or loaded): the vehicle's place while on it. */
  lastPlace: GeoPoint | null;
}

/** The day's tours that still run (planned or under way), of the vehicles given or of all. */
export async function toursOfDay(sql: SqlExecutor, date: string, vehicleIds?: readonly string[]): Promise<SmartTour[]> {
  const { rows } = await sql.query(
    `SELECT t.id, t.tour_number, t.vehicle_id, t.start_time, t.end_time, t.status,
       (SELECT count(*) FROM read.tour_orders o WHERE o.tour_id = t.id) AS order_count,
       (SELECT max(coalesce(r.weight_tons, CASE WHEN r.unit = 'to' THEN r.quantity WHEN r.unit = 'kg' THEN r.quantity / 1000 END)) * 1000
          FROM read.tour_orders o JOIN read.orders r ON r.id = o.order_id WHERE o.tour_id = t.id) AS heaviest_kg,
       (SELECT coalesce(dp.lat, lp.lat) FROM read.tour_orders o JOIN read.orders r ON r.id = o.order_id
          LEFT JOIN read.plants dp ON dp.id = r.delivery_plant_id LEFT JOIN read.plants lp ON lp.id = r.plant_id
          WHERE o.tour_id = t.id ORDER BY o.sequence_number DESC LIMIT 1) AS last_lat,
       (SELECT coalesce(dp.lng, lp.lng) FROM read.tour_orders o JOIN read.orders r ON r.id = o.order_id
          LEFT JOIN read.plants dp ON dp.id = r.delivery_plant_id LEFT JOIN read.plants lp ON lp.id = r.plant_id
          WHERE o.tour_id = t.id ORDER BY o.sequence_number DESC LIMIT 1) AS last_lng
     FROM read.tours t
     WHERE t.date = $1::date AND t.status IN ('planned', 'in_progress') AND ($2::text[] IS NULL OR t.vehicle_id = ANY($2))
     ORDER BY t.vehicle_id, t.start_time`,
    [date, vehicleIds ? [...vehicleIds] : null],
  );
  return rows.map((r) => ({
    tourId: String(r.id),
    tourNumber: String(r.tour_number),
    vehicleId: String(r.vehicle_id),
    startTime: String(r.start_time),
    endTime: r.end_time == null ? null : String(r.end_time),
    status: String(r.status),
    orderCount: Number(r.order_count),
    heaviestLoadKg: r.heaviest_kg == null ? null : Math.round(Number(r.heaviest_kg)),
    lastPlace: point(r.last_lat, r.last_lng),
  }));
}
