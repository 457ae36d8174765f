import type { EventData } from '@dispo/events/catalog/index';
import type { RecordedEvent } from '@dispo/events/envelope';
import type { SqlExecutor } from '@dispo/events/sql/client';
import type { Notice } from '@dispo/platform/bus/notice-bus';
import type { Projection } from '../projection';
import { updateRow } from './upsert';

/** The tour as the socket events carry it (the same shape GET /api/disposition/tours answers per tour). */
async function notice(tx: SqlExecutor, subject: string, id: string): Promise<Notice[]> {
  const { rows } = await tx.query('SELECT id, tour_number, vehicle_id, date, start_time, end_time, status FROM read.tours WHERE id = $1', [id]);
  const t = rows[0];
  if (!t) return [];
  return [
    {
      subject,
      payload: {
        tour: {
          id: t.id,
          tourNumber: t.tour_number,
          vehicleId: t.vehicle_id,
          date: String(t.date),
          startTime: t.start_time,
          endTime: t.end_time,
          status: t.status,
        },
      },
    },
  ];
}

/**
 * read.tours and read.tour_orders: the live tours of every day (dissolved tours leave; their events
 * stay in the log). Socket events tour_created, tour_updated, tour_deleted.
 */
export const toursProjection: Projection = {
  name: 'tours',
  // 2: planned times (start plant, km, arrivals) from TourTimesPlanned.
  schemaVersion: 2,

  async setup(sql) {
    await sql.query(`CREATE TABLE IF NOT EXISTS read.tours (
      id text PRIMARY KEY, tour_number text NOT NULL, vehicle_id text NOT NULL, date date NOT NULL,
      start_time text NOT NULL, end_time text, status text NOT NULL,
      start_plant_id text, empty_km numeric, loaded_km numeric,
      created_by text NOT NULL, created_at timestamptz NOT NULL, updated_at timestamptz NOT NULL, version integer NOT NULL)`);
    await sql.query('CREATE INDEX IF NOT EXISTS tours_date_idx ON read.tours (date, vehicle_id, start_time)');
    await sql.query(`CREATE TABLE IF NOT EXISTS read.tour_orders (
      tour_id text NOT NULL, order_id text NOT NULL, sequence_number integer NOT NULL, estimated_arrival text,
      PRIMARY KEY (tour_id, order_id))`);
    await sql.query('CREATE INDEX IF NOT EXISTS tour_orders_order_idx ON read.tour_orders (order_id)');
  },

  async reset(sql) {
    await sql.query('TRUNCATE read.tours, read.tour_orders');
  },

  async drop(sql) {
    await sql.query('DROP TABLE IF EXISTS read.tours, read.tour_orders');
  },

  async apply(tx, event: RecordedEvent): Promise<Notice[] | undefined> {
    switch (event.type) {
      case 'TourCreated': {
        const d = event.data as EventData<'TourCreated'>;
        await tx.query(
          `INSERT INTO read.tours (id, tour_number, vehicle_id, date, start_time, end_time, status, created_by, created_at, updated_at, version)
           VALUES ($1, $2, $3, $4, $5, $6, 'planned', $7, $8, $8, $9) ON CONFLICT (id) DO NOTHING`,
          [d.id, d.tourNumber, d.vehicleId, d.date, d.startTime, d.endTime, d.createdBy, d.createdAt, event.streamVersion],
        );
        return notice(tx, 'dispo.tours.tour_created', d.id);
      }
      case 'TourOrderAdded': {
        const d = event.data as EventData<'TourOrderAdded'>;
        await tx.query(
          'INSERT INTO read.tour_orders (tour_id, order_id, sequence_number) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
          [d.tourId, d.orderId, d.sequenceNumber],
        );
        await updateRow(tx, 'read.tours', d.tourId, { updated_at: d.addedAt, version: event.streamVersion });
        // The first order comes with TourCreated; announcing it once is enough.
        return d.sequenceNumber === 1 ? undefined : notice(tx, 'dispo.tours.tour_updated', d.tourId);
      }
      case 'TourMoved': {
        const d = event.data as EventData<'TourMoved'>;
        await updateRow(tx, 'read.tours', d.id, {
          vehicle_id: d.toVehicleId,
          date: d.toDate,
          start_time: d.toStartTime,
          end_time: d.toEndTime,
          updated_at: d.movedAt,
          version: event.streamVersion,
        });
        return notice(tx, 'dispo.tours.tour_updated', d.id);
      }
      case 'TourStatusChanged': {
        const d = event.data as EventData<'TourStatusChanged'>;
        await updateRow(tx, 'read.tours', d.id, { status: d.to, updated_at: d.changedAt, version: event.streamVersion });
        // A cancelled tour released its orders (OrderReleasedFromTour on each).
        if (d.to === 'cancelled') await tx.query('DELETE FROM read.tour_orders WHERE tour_id = $1', [d.id]);
        return notice(tx, 'dispo.tours.tour_updated', d.id);
      }
      case 'TourTimesPlanned': {
        const d = event.data as EventData<'TourTimesPlanned'>;
        await updateRow(tx, 'read.tours', d.id, {
          end_time: d.endTime,
          start_plant_id: d.startPlantId,
          empty_km: d.emptyKm,
          loaded_km: d.loadedKm,
          version: event.streamVersion,
        });
        if (d.stops.length > 0) {
          await tx.query(
            `UPDATE read.tour_orders x SET estimated_arrival = s.arrival, sequence_number = s.seq
             FROM unnest($2::text[], $3::text[], $4::int[]) AS s(order_id, arrival, seq)
             WHERE x.tour_id = $1 AND x.order_id = s.order_id`,
            [d.id, d.stops.map((s) => s.orderId), d.stops.map((s) => s.estimatedArrival), d.stops.map((s) => s.sequenceNumber)],
          );
        }
        return notice(tx, 'dispo.tours.tour_updated', d.id);
      }
      case 'TourResequenced': {
        const d = event.data as EventData<'TourResequenced'>;
        await tx.query(
          `UPDATE read.tour_orders x SET sequence_number = s.seq
           FROM unnest($2::text[]) WITH ORDINALITY AS s(order_id, seq) WHERE x.tour_id = $1 AND x.order_id = s.order_id`,
          [d.id, d.to],
        );
        await updateRow(tx, 'read.tours', d.id, { updated_at: d.resequencedAt, version: event.streamVersion });
        return notice(tx, 'dispo.tours.tour_updated', d.id);
      }
      case 'TourDissolved': {
        const d = event.data as EventData<'TourDissolved'>;
        await tx.query('DELETE FROM read.tour_orders WHERE tour_id = $1', [d.id]);
        await tx.query('DELETE FROM read.tours WHERE id = $1', [d.id]);
        return [{ subject: 'dispo.tours.tour_deleted', payload: { id: d.id, reason: d.reason } }];
      }
    }
    return undefined;
  },
};
