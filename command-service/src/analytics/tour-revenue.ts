import { materialDecider } from '@dispo/domain/material/index';
import { orderDecider } from '@dispo/domain/order/index';
import { type TariffState, tariffDecider, tariffOn, tourKm, tourRevenue } from '@dispo/domain/tariff/index';
import type { TourRecord } from '@dispo/domain/tour/index';
import { vehicleDecider } from '@dispo/domain/vehicle/index';
import { messages } from '@dispo/domain/messages';
import { streamIds, tourRevenueCalculated } from '@dispo/events/catalog/index';
import { HttpError } from '@dispo/platform/http/errors';
import type { EventStore } from '@dispo/events/store/port';
import { type Decision, type Loaded, loadAggregate } from '../command-handler';
import { plantPoint, type TourTravel } from '../dispatch/tour-travel';

/** The current tariff versions (stream `tariff`). */
export function loadTariff(store: EventStore): Promise<Loaded<TariffState>> {
  return loadAggregate(store, tariffDecider, streamIds.tariff());
}

/**
 * The TourRevenueCalculated decision of a tour completed now (issue 14): its km through the one
 * distance port (start → loading plants → deliveries → home plant) and each delivered order priced by
 * the tariff of the tour's day. Appended with the status change, so every completed tour has one.
 */
export async function tourRevenueDecision(store: EventStore, travel: TourTravel, tour: TourRecord, now: string): Promise<Decision> {
  const streamId = streamIds.tourRevenue(tour.id);
  const [{ version }, tariffs, vehicle] = await Promise.all([
    store.readStream(streamId).then((events) => ({ version: events.length > 0 ? events[events.length - 1]!.streamVersion : ('no_stream' as const) })),
    loadTariff(store),
    loadAggregate(store, vehicleDecider, streamIds.vehicle(tour.vehicleId)),
  ]);
  const orders = await Promise.all(
    tour.orderIds.map(async (orderId) => {
      const { state } = await loadAggregate(store, orderDecider, streamIds.order(orderId));
      if (!state.exists || state.entity.status === 'storno') return null;
      const o = state.entity;
      const [material, loading, delivery] = await Promise.all([
        loadAggregate(store, materialDecider, streamIds.material(o.materialId)),
        plantPoint(store, o.plantId),
        plantPoint(store, o.deliveryPlantId),
      ]);
      const tonnes = o.unit === 'to' ? o.quantity : o.unit === 'kg' ? o.quantity / 1000 : o.weightTons;
      return {
        load: {
          orderId,
          orderNumber: o.orderNumber,
          actualWeight: o.actualWeight,
          tonnes: tonnes ?? null,
          category: material.state.exists ? (material.state.entity.category ?? null) : null,
        },
        stop: { loading, delivery },
      };
    }),
  );
  const delivered = orders.filter((o) => o !== null);
  const homeName = vehicle.state.exists ? (vehicle.state.entity.details.homePlantName ?? null) : null;
  const homeId = homeName && travel.homePlantId ? await travel.homePlantId(homeName) : null;
  const [start, home] = await Promise.all([plantPoint(store, tour.startPlantId ?? homeId), plantPoint(store, homeId)]);
  const km = await tourKm(
    travel.distance,
    start,
    delivered.map((o) => o.stop),
    home,
  );
  const applied = tariffOn(tariffs.state, tour.date);
  const result = tourRevenue(
    applied?.tariff ?? null,
    delivered.map((o, i) => ({ ...o.load, loadedKm: km.loadedLegs[i] ?? null })),
    km,
  );
  const data = {
    tourId: tour.id,
    tourNumber: tour.tourNumber,
    vehicleId: tour.vehicleId,
    date: tour.date,
    tariffValidFrom: applied?.validFrom ?? null,
    ...result,
    calculatedAt: now,
  };
  // The tariff's, the orders' and the roads' bounds together allow more than the event's (a tariff at
  // its largest prices one load beyond any euro bound): such a completion is refused in words, not with
  // the log's schema error, and nothing is appended.
  const fits = tourRevenueCalculated.schema.safeParse(data);
  if (!fits.success) {
    const fields = [...new Set(fits.error.issues.map((issue) => issue.path.join('.')))];
    throw new HttpError(422, messages.dispatch.revenueOutOfBounds(tour.tourNumber), { fields });
  }
  return { streamId, expectedVersion: version, events: [{ type: 'TourRevenueCalculated', data }] };
}
