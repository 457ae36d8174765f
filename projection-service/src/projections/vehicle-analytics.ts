import type { EventData } from '@dispo/events/catalog/index';
import type { RecordedEvent } from '@dispo/events/envelope';
import type { Notice } from '@dispo/platform/bus/notice-bus';
import type { Projection } from '../projection';
import { readTableLifecycle } from './read-table-lifecycle';

const notice = (vehicleId: string | undefined): Notice[] => (vehicleId ? [{ subject: 'dispo.fleet.vehicle_analytics_updated', payload: { vehicleId } }] : []);

/**
 * read.vehicle_tour_analytics (issue 14, fleet.md §3 Tour analytics per day): one row per live tour
 * with its vehicle, day, times, orders, planned km and, once completed, the km driven and the revenue
 * of TourRevenueCalculated. The analytics routes sum it per vehicle and day; no log scan per request.
 * Kept from the tour and revenue events alone, so a rebuild gives the same rows.
 */
export const vehicleAnalyticsProjection: Projection = {
  name: 'vehicle_analytics',

  ...readTableLifecycle(
    'read.vehicle_tour_analytics',
    `tour_id text PRIMARY KEY, vehicle_id text NOT NULL, date date NOT NULL, tour_number text NOT NULL,
      status text NOT NULL, start_time text NOT NULL, end_time text, order_ids jsonb NOT NULL DEFAULT '[]',
      planned_km numeric, total_km numeric, empty_km numeric, loaded_km numeric, home_km numeric,
      revenue numeric, revenue_estimated boolean NOT NULL DEFAULT false, revenue_calculated boolean NOT NULL DEFAULT false,
      unpriced_orders integer NOT NULL DEFAULT 0, order_revenues jsonb NOT NULL DEFAULT '[]', tariff_valid_from text`,
    { vehicle_tour_analytics_vehicle_idx: 'vehicle_id, date' },
  ),

  async apply(tx, event: RecordedEvent): Promise<Notice[] | undefined> {
    const vehicleOf = async (tourId: string) =>
      (await tx.query<{ vehicle_id: string }>('SELECT vehicle_id FROM read.vehicle_tour_analytics WHERE tour_id = $1', [tourId])).rows[0]?.vehicle_id;
    switch (event.type) {
      case 'TourCreated': {
        const d = event.data as EventData<'TourCreated'>;
        await tx.query(
          `INSERT INTO read.vehicle_tour_analytics (tour_id, vehicle_id, date, tour_number, status, start_time, end_time)
           VALUES ($1, $2, $3, $4, 'planned', $5, $6) ON CONFLICT (tour_id) DO NOTHING`,
          [d.id, d.vehicleId, d.date, d.tourNumber, d.startTime, d.endTime],
        );
        return notice(d.vehicleId);
      }
      case 'TourOrderAdded': {
        const d = event.data as EventData<'TourOrderAdded'>;
        await tx.query(
          `UPDATE read.vehicle_tour_analytics SET order_ids = order_ids || to_jsonb($2::text)
           WHERE tour_id = $1 AND NOT order_ids ? $2`,
          [d.tourId, d.orderId],
        );
        return notice(await vehicleOf(d.tourId));
      }
      case 'TourMoved': {
        const d = event.data as EventData<'TourMoved'>;
        await tx.query('UPDATE read.vehicle_tour_analytics SET vehicle_id = $2, date = $3, start_time = $4, end_time = $5 WHERE tour_id = $1', [
          d.id,
          d.toVehicleId,
          d.toDate,
          d.toStartTime,
          d.toEndTime,
        ]);
        return [...notice(d.fromVehicleId), ...(d.toVehicleId === d.fromVehicleId ? [] : notice(d.toVehicleId))];
      }
      case 'TourTimesPlanned': {
        const d = event.data as EventData<'TourTimesPlanned'>;
        const planned = d.emptyKm === null || d.loadedKm === null ? null : d.emptyKm + d.loadedKm;
        await tx.query('UPDATE read.vehicle_tour_analytics SET end_time = $2, planned_km = $3 WHERE tour_id = $1', [d.id, d.endTime, planned]);
        return notice(await vehicleOf(d.id));
      }
      case 'TourStatusChanged': {
        const d = event.data as EventData<'TourStatusChanged'>;
        // A cancelled tour carries no orders; a reopened one is priced again when it is completed again.
        await tx.query(
          `UPDATE read.vehicle_tour_analytics SET status = $2,
             order_ids = CASE WHEN $2 = 'cancelled' THEN '[]'::jsonb ELSE order_ids END,
             revenue_calculated = CASE WHEN $3 THEN false ELSE revenue_calculated END,
             revenue = CASE WHEN $3 THEN NULL ELSE revenue END,
             total_km = CASE WHEN $3 THEN NULL ELSE total_km END
           WHERE tour_id = $1`,
          [d.id, d.to, d.from === 'completed'],
        );
        return notice(await vehicleOf(d.id));
      }
      case 'TourDissolved': {
        const d = event.data as EventData<'TourDissolved'>;
        const vehicleId = await vehicleOf(d.id);
        await tx.query('DELETE FROM read.vehicle_tour_analytics WHERE tour_id = $1', [d.id]);
        return notice(vehicleId);
      }
      case 'TourRevenueCalculated': {
        const d = event.data as EventData<'TourRevenueCalculated'>;
        await tx.query(
          `UPDATE read.vehicle_tour_analytics SET total_km = $2, empty_km = $3, loaded_km = $4, home_km = $5, revenue = $6,
             revenue_estimated = $7, revenue_calculated = true, unpriced_orders = $8, order_revenues = $9, tariff_valid_from = $10
           WHERE tour_id = $1`,
          [d.tourId, d.totalKm, d.emptyKm, d.loadedKm, d.homeKm, d.revenue, d.estimated, d.unpricedOrders, JSON.stringify(d.orders), d.tariffValidFrom],
        );
        return notice(d.vehicleId);
      }
    }
    return undefined;
  },
};
