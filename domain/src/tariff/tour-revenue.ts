import type { PricedOrder } from '@dispo/events/catalog/index';
import type { DistancePort, GeoPoint } from '../travel/index';
import { type FreightTariff, loadRevenue } from './revenue';

/** Tonnes assumed for a load whose weight and quantity are unknown (fleet.md §9 'Schätzung (27t)'). */
export const ESTIMATED_LOAD_TONNES = 27;

/** A delivered order as the revenue needs it. */
export interface DeliveredLoad {
  orderId: string;
  orderNumber: string | null;
  actualWeight: number | null;
  /** Quantity in tonnes (unit t), or the order's stated weight. */
  tonnes: number | null;
  category: string | null;
  /** Road km of the loaded leg; null without coordinates. */
  loadedKm: number | null;
}

/** Tonnes to price: the actual weight when known, else the quantity, else the 27 t estimate. */
export function pricedTonnes(load: Pick<DeliveredLoad, 'actualWeight' | 'tonnes'>): { tonnes: number; estimated: boolean } {
  if (load.actualWeight !== null && load.actualWeight > 0) return { tonnes: load.actualWeight, estimated: false };
  if (load.tonnes !== null && load.tonnes > 0) return { tonnes: load.tonnes, estimated: false };
  return { tonnes: ESTIMATED_LOAD_TONNES, estimated: true };
}

const round2 = (n: number) => Math.round(n * 100) / 100;
const round1 = (n: number) => Math.round(n * 10) / 10;

/** The road km of a tour: every empty run, every loaded leg and the way home. */
export interface TourKm {
  emptyKm: number;
  loadedKm: number;
  homeKm: number;
}

/**
 * A completed tour's revenue (issue 14): each delivered order per the tariff of the tour's day;
 * orders without a price are counted, not guessed; null revenue when no order has a price.
 */
export function tourRevenue(tariff: FreightTariff | null, loads: readonly DeliveredLoad[], km: TourKm) {
  const orders: PricedOrder[] = loads.map((load) => {
    const { tonnes, estimated } = pricedTonnes(load);
    const revenue =
      tariff === null || load.loadedKm === null ? null : loadRevenue(tariff, { tonnes, category: load.category, loadedKm: load.loadedKm });
    return {
      orderId: load.orderId,
      orderNumber: load.orderNumber,
      tonnes,
      tonnesEstimated: estimated,
      category: load.category,
      loadedKm: load.loadedKm === null ? null : round1(load.loadedKm),
      revenue,
    };
  });
  const priced = orders.filter((o) => o.revenue !== null);
  return {
    orders,
    revenue: priced.length === 0 ? null : round2(priced.reduce((sum, o) => sum + o.revenue!, 0)),
    estimated: priced.some((o) => o.tonnesEstimated),
    unpricedOrders: orders.length - priced.length,
    emptyKm: round1(km.emptyKm),
    loadedKm: round1(km.loadedKm),
    homeKm: round1(km.homeKm),
    totalKm: round1(km.emptyKm + km.loadedKm + km.homeKm),
  };
}

/**
 * A tour's km driven through the one distance port: from `start` (the home plant, or where the
 * vehicle stood) empty to the first loading plant, each order's loaded leg, empty between orders, and
 * from the last delivery back `home`. Stops without coordinates add nothing; their loaded km is null.
 */
export async function tourKm(
  distance: DistancePort,
  start: GeoPoint | null,
  stops: readonly { loading: GeoPoint | null; delivery: GeoPoint | null }[],
  home: GeoPoint | null,
): Promise<TourKm & { loadedLegs: (number | null)[] }> {
  let emptyKm = 0;
  let loadedKm = 0;
  const loadedLegs: (number | null)[] = [];
  let at = start;
  for (const stop of stops) {
    if (at && stop.loading) emptyKm += (await distance.leg(at, stop.loading)).km;
    if (stop.loading && stop.delivery) {
      const leg = (await distance.leg(stop.loading, stop.delivery)).km;
      loadedKm += leg;
      loadedLegs.push(leg);
    } else loadedLegs.push(null);
    at = stop.delivery ?? stop.loading ?? at;
  }
  const homeKm = at && home && stops.length > 0 ? (await distance.leg(at, home)).km : 0;
  return { emptyKm, loadedKm, homeKm, loadedLegs };
}
