import { analyzeCapacity, type CapacityAnalysis, type CapacityOrder } from '@dispo/domain/quick-order/index';
import type { SqlExecutor } from '@dispo/events/sql/client';

/** Statuses of orders that no longer need a truck (delivered, billed, cancelled, refused). */
const DONE = ['geliefert', 'abgeschlossen', 'abgerechnet', 'storno', 'storniert', 'abgelehnt'];
/** Vehicle statuses that can drive (not in the workshop, not out of service). */
const DRIVING = ['available', 'active', 'in_use'];

/**
 * The facts of one day from the read tables and their analysis (docs/capacity-analysis.md):
 * dispatch-released vehicles and their payload, the day's tours, and the day's orders not yet on a tour.
 */
export async function capacityAnalysis(sql: SqlExecutor, q: { date: string; timeFrom: string; timeTo: string; plantId: string | null }): Promise<CapacityAnalysis> {
  const [vehicles, tours, orders] = await Promise.all([
    sql.query('SELECT id, payload_kg FROM read.vehicles WHERE enabled_for_dispatch AND status = ANY($1)', [DRIVING]),
    sql.query(
      `SELECT t.vehicle_id, t.start_time, t.end_time FROM read.tours t JOIN read.vehicles v ON v.id = t.vehicle_id
       WHERE t.date = $1::date AND v.enabled_for_dispatch`,
      [q.date],
    ),
    sql.query(
      `SELECT o.plant_id, o.quantity, o.unit, o.weight_tons, o.delivery_time_type, o.delivery_time_fixed, o.delivery_time_from, o.delivery_time_to
       FROM read.orders o
       WHERE o.delivery_date = $1::date AND NOT (o.status = ANY($2))
         AND NOT EXISTS (SELECT 1 FROM read.tour_orders x WHERE x.order_id = o.id)`,
      [q.date, DONE],
    ),
  ]);
  const openOrders = orders.rows.flatMap((r): CapacityOrder[] => {
    const from = r.delivery_time_type === 'range' ? r.delivery_time_from : r.delivery_time_fixed;
    if (!from) return [];
    const tonnes = r.weight_tons !== null ? Number(r.weight_tons) : r.unit === 'to' ? Number(r.quantity) : r.unit === 'kg' ? Number(r.quantity) / 1000 : Number(r.quantity);
    return [{ tonnes, timeFrom: String(from), timeTo: r.delivery_time_type === 'range' && r.delivery_time_to ? String(r.delivery_time_to) : null, plantId: String(r.plant_id) }];
  });
  return analyzeCapacity({
    timeFrom: q.timeFrom,
    timeTo: q.timeTo,
    plantId: q.plantId,
    vehicles: vehicles.rows.map((r) => ({ id: String(r.id), payloadKg: r.payload_kg === null ? null : Number(r.payload_kg) })),
    tours: tours.rows.map((r) => ({ vehicleId: String(r.vehicle_id), startTime: String(r.start_time), endTime: r.end_time === null ? null : String(r.end_time) })),
    openOrders,
  });
}
