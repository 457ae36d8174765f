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
export interface PlacedStop extends TourStop {
  orderNumber: string | null;
  /** The wanted delivery time (its window, for the route optimizer). */
  deliveryTime: { type: string; fixed: string | null; from: string | null; to: string | null };
}

/** Order streams read at once: a 40-stop tour does not put 120 reads ahead of every other request's (PGlite runs one query at a time). */
const STOP_READS_AT_ONCE = 8;

export async function tourStops(store: EventStore, orderIds: readonly string[]): Promise<PlacedStop[]> {
  // Each plant once, however many of the tour's orders load or deliver there.
  const plants = new Map<string, Promise<GeoPoint | null>>();
  const point = (plantId: string | null | undefined) => {
    if (!plantId) return Promise.resolve(null);
    let known = plants.get(plantId);
    if (!known) plants.set(plantId, (known = plantPoint(store, plantId)));
    return known;
  };
  const stops: PlacedStop[] = [];
  for (let i = 0; i < orderIds.length; i += STOP_READS_AT_ONCE) {
    const chunk = orderIds.slice(i, i + STOP_READS_AT_ONCE);
    stops.push(
      ...(await Promise.all(
        chunk.map(async (orderId) => {
          const { state } = await loadAggregate(store, orderDecider, streamIds.order(orderId));
          const order = state.exists ? state.entity : null;
          const [loading, delivery] = await Promise.all([point(order?.plantId), point(order?.deliveryPlantId)]);
          return {
            orderId,
            orderNumber: order?.orderNumber ?? null,
            loading,
            delivery,
            deliveryTime: { type: order?.deliveryTimeType ?? 'none', fixed: order?.deliveryTimeFixed ?? null, from: order?.deliveryTimeFrom ?? null, to: order?.deliveryTimeTo ?? null },
          };
        }),
      )),
    );
  }
  return stops;
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
