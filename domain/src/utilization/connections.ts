import { messages } from '../messages';
import type { GeoPoint, HandlingMinutes } from '../travel/index';
import { canAddMore, roundUpToHalfHour } from './bands';
import type { LegOf } from './schedule';

/** An open order as a connection or a drop candidate: where it is loaded and delivered, and when wanted. */
export interface CandidateOrder {
  id: string;
  orderNumber: string;
  material: string | null;
  customer: string | null;
  tons: number;
  loading: GeoPoint | null;
  delivery: GeoPoint | null;
  loadingName: string | null;
  deliveryName: string | null;
  deliveryAddress: string | null;
  /** Wanted arrival at the delivery plant, minutes of the day (both null: no time wanted). */
  window: { from: number | null; to: number | null };
}

export type Compatibility = 'perfect' | 'good' | 'other';

/** dispatch.md §9: compatibility perfect 0.9, good 0.7, otherwise 0.5; confidence cap 0.95; top 5. */
export const COMPATIBILITY_FACTOR: Readonly<Record<Compatibility, number>> = { perfect: 0.9, good: 0.7, other: 0.5 };
export const CONFIDENCE_CAP = 0.95;
export const TOP_CONNECTIONS = 5;
/** §9: travel time estimate 2.5 minutes per km where the distance port gives no time. */
export const MINUTES_PER_KM = 2.5;

/** Empty runs up to these km are perfect / good connections (with a fitting time). */
export const PERFECT_EMPTY_KM = 15;
export const GOOD_EMPTY_KM = 40;
/** Minutes of lateness or earliness at which the time fit reaches 0. */
export const TIME_FIT_SPAN_MINUTES = 120;
/** Empty-run km at which the distance fit reaches 0. */
export const DISTANCE_FIT_SPAN_KM = 100;
/** A fixed delivery time counts as met within this many minutes either side. */
export const FIXED_TIME_TOLERANCE = 15;

/** The wanted window of an order: a fixed time ± 15 minutes, a range, or none. */
export function deliveryWindow(order: { type: string | null; fixed: number | null; from: number | null; to: number | null }): { from: number | null; to: number | null } {
  if (order.type === 'fixed' && order.fixed !== null) return { from: order.fixed - FIXED_TIME_TOLERANCE, to: order.fixed + FIXED_TIME_TOLERANCE };
  if (order.from !== null || order.to !== null) return { from: order.from, to: order.to };
  return { from: null, to: null };
}

/** Minutes an arrival lies outside the wanted window (0 inside it or without a window). */
export function windowDeviation(arrival: number, window: { from: number | null; to: number | null }): number {
  if (window.from !== null && arrival < window.from) return window.from - arrival;
  if (window.to !== null && arrival > window.to) return arrival - window.to;
  return 0;
}

/** 1 inside the window, falling linearly to 0 at 120 minutes outside it. */
export function timeFit(arrival: number, window: { from: number | null; to: number | null }): number {
  return Math.max(0, 1 - windowDeviation(arrival, window) / TIME_FIT_SPAN_MINUTES);
}

/** 1 without empty run, falling linearly to 0 at 100 km. */
export function distanceFit(emptyKm: number): number {
  return Math.max(0, 1 - emptyKm / DISTANCE_FIT_SPAN_KM);
}

export function compatibilityOf(emptyKm: number, time: number): Compatibility {
  if (emptyKm <= PERFECT_EMPTY_KM && time >= 0.8) return 'perfect';
  if (emptyKm <= GOOD_EMPTY_KM && time >= 0.5) return 'good';
  return 'other';
}

/**
 * Suitability of a connection (0..0.95): half the compatibility factor, half the fits (empty run
 * 50 %, time 30 %, payload 20 %), capped at the confidence cap.
 */
export function suitability(compatibility: Compatibility, fits: { distance: number; time: number; payload: number }): number {
  const base = 0.5 * fits.distance + 0.3 * fits.time + 0.2 * fits.payload;
  return Math.min(CONFIDENCE_CAP, Math.round((0.5 * COMPATIBILITY_FACTOR[compatibility] + 0.5 * base) * 100) / 100);
}

export interface Connection {
  order: CandidateOrder;
  /** Drop time: when the vehicle is free, rounded up to the next half hour. */
  startTime: number;
  /** Empty-run minutes from where the vehicle is to the loading plant. */
  travelTime: number;
  emptyKm: number;
  loadedKm: number;
  deliveryTime: number;
  endTime: number;
  totalTime: number;
  compatibility: Compatibility;
  suitabilityScore: number;
  /** After this load more than 5 t of payload remain (§9). */
  canAddMore: boolean;
  reasoning: string;
}

/**
 * The follow-up load `order` after the vehicle is free at `freeAt` at `from`: it leaves at the next
 * half hour, drives empty to the loading plant, loads, drives to the delivery plant and unloads.
 * Null when the order has no coordinates or weighs more than the vehicle carries.
 */
export function connectionAfter(
  order: CandidateOrder,
  from: GeoPoint,
  freeAt: number,
  payloadTons: number,
  handling: HandlingMinutes,
  legOf: LegOf,
): Connection | null {
  if (!order.loading || !order.delivery || order.tons > payloadTons) return null;
  const empty = legOf(from, order.loading);
  const loaded = legOf(order.loading, order.delivery);
  const startTime = roundUpToHalfHour(freeAt);
  const deliveryTime = Math.round(startTime + empty.minutes + handling.loadingMinutes + loaded.minutes);
  const endTime = deliveryTime + handling.unloadingMinutes;
  const time = timeFit(deliveryTime, order.window);
  const compatibility = compatibilityOf(empty.km, time);
  const score = suitability(compatibility, { distance: distanceFit(empty.km), time, payload: 1 });
  const emptyKm = Math.round(empty.km * 10) / 10;
  const deviation = windowDeviation(deliveryTime, order.window);
  const text = messages.utilization.connection;
  const reasoning = [
    text.emptyRun(emptyKm, order.loadingName ?? text.unknownPlant),
    deviation === 0 ? (order.window.from === null && order.window.to === null ? text.noWindow : text.inWindow) : text.offWindow(Math.round(deviation)),
    text.payload(order.tons, payloadTons),
    text.compatibility[compatibility],
  ].join(' ');
  return {
    order,
    startTime,
    travelTime: Math.round(empty.minutes),
    emptyKm,
    loadedKm: Math.round(loaded.km * 10) / 10,
    deliveryTime,
    endTime,
    totalTime: endTime - startTime,
    compatibility,
    suitabilityScore: score,
    canAddMore: canAddMore(payloadTons, order.tons),
    reasoning,
  };
}

/** The best connections (highest suitability first, then shortest empty run), at most `limit`. */
export function bestConnections(
  orders: readonly CandidateOrder[],
  from: GeoPoint,
  freeAt: number,
  payloadTons: number,
  handling: HandlingMinutes,
  legOf: LegOf,
  limit = TOP_CONNECTIONS,
): Connection[] {
  return orders
    .map((order) => connectionAfter(order, from, freeAt, payloadTons, handling, legOf))
    .filter((c): c is Connection => c !== null)
    .sort((a, b) => b.suitabilityScore - a.suitabilityScore || a.emptyKm - b.emptyKm || a.order.orderNumber.localeCompare(b.order.orderNumber))
    .slice(0, limit);
}
