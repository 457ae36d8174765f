import type { DistancePort, GeoPoint, HandlingMinutes, RoadLeg } from '../travel/index';
import { tourRuns } from '../travel/index';
import { clockOf, minutesOf } from './clock';

/** What times are planned with: the one distance port and the catalogue's minutes at the plants. */
export interface TravelModel {
  distance: DistancePort;
  handling: HandlingMinutes;
}

/** One order of a tour as the travel model drives it: loaded at one plant, delivered at another. */
export interface TourStop {
  orderId: string;
  loading: GeoPoint | null;
  delivery: GeoPoint | null;
}

export interface PlannedTourTimes {
  /** Null when a stop has no coordinates: the tour then lasts the assumed hour (dispatch.md §9). */
  endTime: string | null;
  stops: { orderId: string; sequenceNumber: number; estimatedArrival: string }[];
  emptyKm: number | null;
  loadedKm: number | null;
}

/** dispatch.md §9 (orders.md §9): without coordinates, a stop arrives 30 minutes after the one before. */
const FALLBACK_MINUTES_PER_STOP = 30;

const round1 = (km: number) => Math.round(km * 10) / 10;

/** The legs of the stops in sequence: empty run from where the truck is, loaded leg to the delivery. */
export async function stopLegs(distance: DistancePort, start: GeoPoint | null, stops: readonly { loading: GeoPoint; delivery: GeoPoint }[]) {
  const legs: { empty: RoadLeg; loaded: RoadLeg }[] = [];
  let at = start;
  for (const stop of stops) {
    // Unknown start: the truck is taken to be at the first loading plant.
    const empty = at ? await distance.leg(at, stop.loading) : { km: 0, minutes: 0 };
    legs.push({ empty, loaded: await distance.leg(stop.loading, stop.delivery) });
    at = stop.delivery;
  }
  return legs;
}

/**
 * A tour's planned end and each stop's estimated arrival at its delivery plant: the loads driven one
 * after another from the tour's start (docs/order-status.md "Tour times"). Times past midnight are
 * shown as 23:59, the last minute of the tour's day.
 */
export async function planTourTimes(
  travel: TravelModel,
  tour: { startTime: string; start: GeoPoint | null; stops: readonly TourStop[] },
): Promise<PlannedTourTimes> {
  const startMinute = minutesOf(tour.startTime);
  const located = tour.stops.every((s) => s.loading !== null && s.delivery !== null);
  if (!located || tour.stops.length === 0) {
    return {
      endTime: null,
      stops: tour.stops.map((s, i) => ({ orderId: s.orderId, sequenceNumber: i + 1, estimatedArrival: clockOf(startMinute + FALLBACK_MINUTES_PER_STOP * i) })),
      emptyKm: null,
      loadedKm: null,
    };
  }
  const legs = await stopLegs(travel.distance, tour.start, tour.stops as readonly { loading: GeoPoint; delivery: GeoPoint }[]);
  const { runs, end } = tourRuns(travel.handling, startMinute, legs);
  return {
    endTime: clockOf(Math.ceil(end)),
    stops: tour.stops.map((s, i) => ({ orderId: s.orderId, sequenceNumber: i + 1, estimatedArrival: clockOf(Math.round(runs[i]!.arrival)) })),
    emptyKm: round1(legs.reduce((sum, l) => sum + l.empty.km, 0)),
    loadedKm: round1(legs.reduce((sum, l) => sum + l.loaded.km, 0)),
  };
}
