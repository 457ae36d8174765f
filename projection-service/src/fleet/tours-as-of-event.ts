import type { EventData } from '@dispo/events/catalog/index';
import type { RecordedEvent } from '@dispo/events/envelope';
import type { SqlExecutor } from '@dispo/events/sql/client';

/** What a vehicle's history says of a tour: its number, day and start, and the vehicle it runs on. */
export interface TourFacts {
  tourId: string;
  vehicleId: string;
  tourNumber: string;
  date: string;
  startTime: string;
}

/**
 * The tours (vehicle, number, day) and which orders ride on them, billed or not, as of the event a
 * history projection is applying, kept in its own tables `read.<prefix>_tours` and
 * `read.<prefix>_tour_orders` from the tour and order events it has seen. read.tours belongs to
 * another projection that may be ahead or rebuilt apart, so the history is made from these alone
 * and a rebuild of it alone writes the same rows.
 */
export function toursAsOfEvent(prefix: string) {
  const tours = `read.${prefix}_tours`;
  const orders = `read.${prefix}_tour_orders`;
  const setBilled = (tx: SqlExecutor, orderId: string, billed: boolean) => tx.query(`UPDATE ${orders} SET billed = $2 WHERE order_id = $1`, [orderId, billed]);
  /** The tour as of the event being applied; null if this projection never saw it created. */
  async function tour(tx: SqlExecutor, id: string): Promise<TourFacts | null> {
    const { rows } = await tx.query<{ vehicle_id: string; tour_number: string; date: string; start_time: string }>(
      `SELECT vehicle_id, tour_number, date, start_time FROM ${tours} WHERE id = $1`,
      [id],
    );
    const r = rows[0];
    return r ? { tourId: id, vehicleId: r.vehicle_id, tourNumber: r.tour_number, date: r.date, startTime: r.start_time } : null;
  }
  return {
    async setup(sql: SqlExecutor) {
      await sql.query(
        `CREATE TABLE IF NOT EXISTS ${tours} (id text PRIMARY KEY, vehicle_id text NOT NULL, tour_number text NOT NULL, date text NOT NULL, start_time text NOT NULL)`,
      );
      await sql.query(`CREATE TABLE IF NOT EXISTS ${orders} (order_id text PRIMARY KEY, tour_id text NOT NULL, billed boolean NOT NULL)`);
      await sql.query(`CREATE INDEX IF NOT EXISTS ${prefix}_tour_orders_tour_idx ON ${orders} (tour_id)`);
    },
    async reset(sql: SqlExecutor) {
      await sql.query(`TRUNCATE ${tours}, ${orders}`);
    },
    async drop(sql: SqlExecutor) {
      await sql.query(`DROP TABLE IF EXISTS ${tours}`);
      await sql.query(`DROP TABLE IF EXISTS ${orders}`);
    },
    /** Records what the event changes; call before the event's entries are made (they show the change). */
    async track(tx: SqlExecutor, event: RecordedEvent) {
      switch (event.type) {
        case 'TourCreated': {
          const d = event.data as EventData<'TourCreated'>;
          await tx.query(
            `INSERT INTO ${tours} (id, vehicle_id, tour_number, date, start_time) VALUES ($1, $2, $3, $4, $5)
             ON CONFLICT (id) DO UPDATE SET vehicle_id = EXCLUDED.vehicle_id, tour_number = EXCLUDED.tour_number, date = EXCLUDED.date, start_time = EXCLUDED.start_time`,
            [d.id, d.vehicleId, d.tourNumber, d.date, d.startTime],
          );
          break;
        }
        case 'TourMoved': {
          const d = event.data as EventData<'TourMoved'>;
          await tx.query(`UPDATE ${tours} SET vehicle_id = $2, date = $3, start_time = $4 WHERE id = $1`, [d.id, d.toVehicleId, d.toDate, d.toStartTime]);
          break;
        }
        case 'OrderAssignedToTour': {
          const d = event.data as EventData<'OrderAssignedToTour'>;
          await tx.query(`INSERT INTO ${orders} (order_id, tour_id, billed) VALUES ($1, $2, false) ON CONFLICT (order_id) DO UPDATE SET tour_id = EXCLUDED.tour_id, billed = false`, [
            d.id,
            d.tourId,
          ]);
          break;
        }
        case 'OrderReleasedFromTour':
        case 'OrderDeleted':
          await tx.query(`DELETE FROM ${orders} WHERE order_id = $1`, [(event.data as { id: string }).id]);
          break;
        case 'OrderBillingConfirmed':
          await setBilled(tx, (event.data as EventData<'OrderBillingConfirmed'>).id, true);
          break;
        case 'OrderBillingUndone':
        case 'OrderRemovedFromBilling':
          await setBilled(tx, (event.data as { id: string }).id, false);
          break;
      }
    },
    tour,
    /** The order's tour when this order's billing left none of the tour's orders unbilled (the tour is billed). */
    async tourBilledWith(tx: SqlExecutor, orderId: string): Promise<TourFacts | null> {
      const { rows } = await tx.query<{ tour_id: string }>(
        `SELECT o.tour_id FROM ${orders} o WHERE o.order_id = $1 AND o.billed
           AND NOT EXISTS (SELECT 1 FROM ${orders} x WHERE x.tour_id = o.tour_id AND NOT x.billed)`,
        [orderId],
      );
      return rows[0] ? tour(tx, rows[0].tour_id) : null;
    },
  };
}
