import type { DistancePort, GeoPoint, HandlingMinutes, RoadLeg } from '../travel/index';
import type { RouteProblem } from './route-problem';

/** A load of the tour: where it is loaded and delivered, and its delivery window (minutes of the day). */
export interface RouteOrder {
  loading: GeoPoint;
  delivery: GeoPoint;
  window: readonly [number, number];
}

/** The legs a route problem needs, asked of the one distance port (n² + 2n legs). */
export async function routeProblem(
  distance: DistancePort,
  handling: HandlingMinutes,
  tour: { start: GeoPoint | null; startMinute: number; orders: readonly RouteOrder[] },
): Promise<RouteProblem> {
  const none: RoadLeg = { km: 0, minutes: 0 };
  const { orders } = tour;
  const start = tour.start;
  const fromStart = await Promise.all(orders.map((o) => (start ? distance.leg(start, o.loading) : Promise.resolve(none))));
  const loaded = await Promise.all(orders.map((o) => distance.leg(o.loading, o.delivery)));
  const between = await Promise.all(orders.map((a) => Promise.all(orders.map((b) => distance.leg(a.delivery, b.loading)))));
  return { startMinute: tour.startMinute, handling, fromStart, between, loaded, windows: orders.map((o) => o.window) };
}
