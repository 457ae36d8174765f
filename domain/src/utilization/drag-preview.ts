import { messages } from '../messages';
import type { GeoPoint, HandlingMinutes } from '../travel/index';
import { type CandidateOrder, distanceFit, timeFit, windowDeviation } from './connections';
import { clock, type LegOf, type ScheduledTour, sortedTours } from './schedule';

export type SlotColor = 'optimal' | 'acceptable' | 'problematic' | 'critical' | 'occupied';

export interface SlotRecommendation {
  time: string;
  color: SlotColor;
  score: number;
  reason: string;
  /** Minutes from leaving at the slot to the arrival at the delivery plant (null: occupied or unknown places). */
  travelTime: number | null;
}

/** Score bands of a free slot: 80 optimal, 60 acceptable, 40 problematic, below critical. */
export function slotColor(score: number): Exclude<SlotColor, 'occupied'> {
  if (score >= 80) return 'optimal';
  if (score >= 60) return 'acceptable';
  if (score >= 40) return 'problematic';
  return 'critical';
}

/** Weights of a free slot's score: arrival in the wanted window, and a short empty run. */
export const TIME_WEIGHT = 0.65;
export const DISTANCE_WEIGHT = 0.35;

export interface PreviewInput {
  tours: readonly ScheduledTour[];
  /** Where the vehicle starts its day (home plant) when no tour ends before the slot. */
  home: GeoPoint | null;
  order: CandidateOrder;
  /** Slot starts, minutes of the day. */
  slots: readonly number[];
  handling: HandlingMinutes;
  legOf: LegOf;
}

/**
 * dispatch.md §7 "Drag preview": how well the dragged order fits each slot of the vehicle. A slot
 * inside a tour is occupied; a free one is critical when the load would run into the next tour,
 * else scored from the arrival against the order's window and the empty run from where the vehicle
 * is (the end of the tour before, or its home plant).
 */
export function dragPreview(input: PreviewInput): SlotRecommendation[] {
  const text = messages.utilization.preview;
  const tours = sortedTours(input.tours);
  const { order, handling, legOf } = input;
  const loaded = order.loading && order.delivery ? legOf(order.loading, order.delivery) : null;
  return input.slots.map((slot) => {
    const time = clock(slot);
    const occupying = tours.find((tour) => tour.start <= slot && slot < tour.end);
    if (occupying) return { time, color: 'occupied', score: 0, reason: text.occupied(occupying.tourNumber, clock(occupying.start), clock(occupying.end)), travelTime: null };
    const before = [...tours].reverse().find((tour) => tour.end <= slot);
    const next = tours.find((tour) => tour.start > slot);
    const at = before ? before.lastDelivery : input.home;
    if (!loaded || !order.loading) {
      // Without coordinates nothing but the free time can be judged.
      return { time, color: 'acceptable', score: 60, reason: text.noPlaces, travelTime: null };
    }
    const empty = at ? legOf(at, order.loading) : { km: 0, minutes: 0 };
    const arrival = slot + empty.minutes + handling.loadingMinutes + loaded.minutes;
    const done = arrival + handling.unloadingMinutes;
    const travelTime = Math.round(arrival - slot);
    if (next && done > next.start) {
      return { time, color: 'critical', score: 0, reason: text.collides(next.tourNumber, clock(done), clock(next.start)), travelTime };
    }
    const fitTime = timeFit(arrival, order.window);
    const score = Math.round(100 * (TIME_WEIGHT * fitTime + DISTANCE_WEIGHT * distanceFit(empty.km)));
    const deviation = Math.round(windowDeviation(arrival, order.window));
    const parts = [
      text.arrival(clock(arrival)),
      order.window.from === null && order.window.to === null ? text.noWindow : deviation === 0 ? text.inWindow : arrival < (order.window.from ?? 0) ? text.early(deviation) : text.late(deviation),
      text.emptyRun(Math.round(empty.km * 10) / 10, before ? text.afterTour(before.tourNumber) : text.fromHome),
    ];
    return { time, color: slotColor(score), score, reason: parts.join(' '), travelTime };
  });
}
