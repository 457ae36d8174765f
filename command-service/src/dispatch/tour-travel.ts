import { orderDecider } from '@dispo/domain/order/index';
import { plantDecider } from '@dispo/domain/plant/index';
import { planTourTimes, type TourState, type TourStop, type TravelModel, tourDecider } from '@dispo/domain/tour/index';
import type { GeoPoint } from '@dispo/domain/travel/index';
import { streamIds, type TourEvent } from '@dispo/events/catalog/index';
import type { EventStore } from '@dispo/events/store/port';
import { loadAggregate } from '../command-handler';

/** The travel model of tour times, and where a vehicle is at home (its home plant's id by name). */
export interface TourTravel extends TravelModel {
  homePlantId?(homePlantName: string): Promise<string | null>;
}

/** A plant's place on the map; null when it has no coordinates or does not exist. */
export async function plantPoint(store: EventStore, plantId: string | null | undefined): Promise<GeoPoint | null> {
  if (!plantId) return null;
  const { state } = await loadAggregate(store, plantDecider, streamIds.plant(plantId));
  if (!state.exists || state.entity.lat == null || state.entity.lng == null) return null;
  return { lat: state.entity.lat, lng: state.entity.lng };
}

/** The orders of a tour as the travel model drives them: loading plant and delivery plant, in sequence. */
export async function tourStops(store: EventStore, orderIds: readonly string[]): Promise<(TourStop & { plantId: string | null; deliveryPlantId: string | null })[]> {
  return Promise.all(
    orderIds.map(async (orderId) => {
      const { state } = await loadAggregate(store, orderDecider, streamIds.order(orderId));
      const plantId = state.exists ? state.entity.plantId : null;
      const deliveryPlantId = state.exists ? state.entity.deliveryPlantId : null;
      const [loading, delivery] = await Promise.all([plantPoint(store, plantId), plantPoint(store, deliveryPlantId)]);
      return { orderId, plantId, deliveryPlantId, loading, delivery };
    }),
  );
}

/**
 * The TourTimesPlanned event for the tour as the events before it leave it (`state` and `events`
 * decided now): from `startPlantId`, each order driven in sequence. Nothing for a dissolved tour.
 */
export async function tourTimesEvents(
  store: EventStore,
  travel: TourTravel,
  state: TourState,
  events: readonly TourEvent[],
  startPlantId: string | null,
  now: string,
): Promise<TourEvent[]> {
  const after = events.reduce(tourDecider.evolve, state);
  if (!after.exists || after.entity.dissolved) return [];
  const tour = after.entity;
  const [stops, start] = await Promise.all([tourStops(store, tour.orderIds), plantPoint(store, startPlantId)]);
  const times = await planTourTimes(travel, { startTime: tour.startTime, start, stops });
  return tourDecider.decide({ type: 'PlanTourTimes', tourId: tour.id, startPlantId, times, now }, after);
}
