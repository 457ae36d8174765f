import { messages } from '../messages';

/**
 * Capacity analysis of a delivery window (orders.md §2.6, §7.5; docs/capacity-analysis.md).
 *
 * The day is cut into hours. An hour's capacity is the number of dispatch-released vehicles working
 * in it (VEHICLE_WORK_FROM to VEHICLE_WORK_TO). Its load is what already uses vehicles in it: every
 * tour (start to end; without an end TOUR_HOURS_WITHOUT_END) and every order not yet on a tour, each
 * needing trips × TRIP_HOURS vehicle-hours (trips = weight / the fleet's mean payload, rounded up),
 * spread over its delivery window. Utilisation of a window = its load / its capacity in percent.
 */

/** §9: the capacity check's default window. */
export const CAPACITY_DEFAULT_WINDOW = { from: '07:00', to: '17:00' } as const;
/** A released vehicle's working hours: the dispatch day's start and the default tour end (dispatch.md §9). */
export const VEHICLE_WORK_FROM = 6;
export const VEHICLE_WORK_TO = 18;
/** Load at the plant, drive, unload and return for one truck load in the region. */
export const TRIP_HOURS = 2;
/** dispatch.md §9: a tour without end time counts 2 hours in utilisation. */
export const TOUR_HOURS_WITHOUT_END = 2;
/** A plant loads at most this many trucks an hour (one per quarter hour and loading point on average). */
export const PLANT_LOADS_PER_HOUR = 4;
/** A truck carries this many tonnes when no released vehicle states its payload. */
export const DEFAULT_PAYLOAD_T = 27;
/** At or above: warning; at or above critical: critical. */
export const WARNING_FROM_PERCENT = 70;
export const CRITICAL_FROM_PERCENT = 90;
/** How many alternative times are offered. */
export const ALTERNATIVES_MAX = 5;

export type RiskLevel = 'normal' | 'warning' | 'critical';

export interface CapacityVehicle {
  id: string;
  payloadKg: number | null;
}

export interface CapacityTour {
  vehicleId: string;
  startTime: string;
  endTime: string | null;
}

/** An order of the day that is not on a tour yet. */
export interface CapacityOrder {
  /** Tonnes (weightTons, or the quantity when it is in t). */
  tonnes: number;
  timeFrom: string;
  /** Null for a fixed time. */
  timeTo: string | null;
  /** Its loading plant. */
  plantId: string;
}

export interface CapacityInput {
  timeFrom: string;
  timeTo: string;
  /** The loading plant of the order being planned; its own load counts separately. */
  plantId: string | null;
  vehicles: readonly CapacityVehicle[];
  tours: readonly CapacityTour[];
  openOrders: readonly CapacityOrder[];
}

export interface AlternativeTime {
  time: string;
  availability: string;
}

export interface CapacityRecommendation {
  type: 'alternative_time' | 'add_capacity' | 'plant_load';
  message: string;
  suggestion: string;
  alternativeTimes: AlternativeTime[];
}

export interface CapacityAnalysis {
  riskLevel: RiskLevel;
  utilizationPercentage: number;
  recommendations: CapacityRecommendation[];
  /** Details behind the figure. */
  availableVehicles: number;
  plantOrdersInWindow: number;
  hourly: { hour: number; utilizationPercentage: number }[];
}

const hours = (time: string) => {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return h + m / 60;
};

const pad = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/** Overlap of [a, b) with [c, d) in hours. */
const overlap = (a: number, b: number, c: number, d: number) => Math.max(0, Math.min(b, d) - Math.max(a, c));

/** Labels of §2.6 by the utilisation of the alternative hour. */
export function availabilityLabel(percent: number): string {
  const c = messages.capacity;
  if (percent < 30) return c.availabilityVeryGood;
  if (percent < 50) return c.availabilityGood;
  if (percent < WARNING_FROM_PERCENT) return c.availabilityMedium;
  if (percent < CRITICAL_FROM_PERCENT) return c.availabilityModerate;
  return c.availabilityPoor;
}

export function riskLevelOf(percent: number): RiskLevel {
  if (percent >= CRITICAL_FROM_PERCENT) return 'critical';
  if (percent >= WARNING_FROM_PERCENT) return 'warning';
  return 'normal';
}

/** Hour slots of the day with their vehicle capacity and load in vehicle-hours. */
function hourlyLoad(input: CapacityInput) {
  const slots: { hour: number; capacity: number; load: number }[] = [];
  for (let h = 0; h < 24; h++) {
    const capacity = h >= VEHICLE_WORK_FROM && h < VEHICLE_WORK_TO ? input.vehicles.length : 0;
    slots.push({ hour: h, capacity, load: 0 });
  }
  const add = (from: number, to: number, vehicleHours: number) => {
    const span = Math.max(to - from, 1e-9);
    for (const slot of slots) slot.load += (vehicleHours * overlap(from, to, slot.hour, slot.hour + 1)) / span;
  };
  for (const tour of input.tours) {
    const start = hours(tour.startTime);
    const end = tour.endTime ? hours(tour.endTime) : start + TOUR_HOURS_WITHOUT_END;
    add(start, Math.max(end, start + 0.25), Math.max(end - start, 0.25));
  }
  const payloads = input.vehicles.map((v) => (v.payloadKg ?? 0) / 1000).filter((t) => t > 0);
  const payload = payloads.length > 0 ? payloads.reduce((a, b) => a + b, 0) / payloads.length : DEFAULT_PAYLOAD_T;
  for (const order of input.openOrders) {
    const trips = Math.max(1, Math.ceil(order.tonnes / payload));
    const from = hours(order.timeFrom);
    const to = order.timeTo ? Math.max(hours(order.timeTo), from + TRIP_HOURS) : from + TRIP_HOURS;
    add(from, to, trips * TRIP_HOURS);
  }
  return slots;
}

const percentOf = (load: number, capacity: number) => (capacity <= 0 ? (load > 0 ? 999 : 100) : Math.min(999, Math.round((100 * load) / capacity)));

export function analyzeCapacity(input: CapacityInput): CapacityAnalysis {
  const from = hours(input.timeFrom);
  const to = Math.max(hours(input.timeTo), from + 1);
  const slots = hourlyLoad(input);
  let load = 0;
  let capacity = 0;
  for (const slot of slots) {
    const share = overlap(from, to, slot.hour, slot.hour + 1);
    load += slot.load * share;
    capacity += slot.capacity * share;
  }
  // Without any released vehicle nothing can be delivered: critical, whatever else is planned.
  const utilizationPercentage = input.vehicles.length === 0 ? 100 : percentOf(load, capacity);
  let riskLevel = riskLevelOf(utilizationPercentage);

  const plantOrdersInWindow = input.plantId
    ? input.openOrders.filter((o) => o.plantId === input.plantId && overlap(from, to, hours(o.timeFrom), o.timeTo ? hours(o.timeTo) : hours(o.timeFrom) + 1) > 0).length
    : 0;
  const plantBusy = plantOrdersInWindow >= PLANT_LOADS_PER_HOUR * (to - from);
  if (plantBusy && riskLevel === 'normal') riskLevel = 'warning';

  const hourly = slots
    .filter((s) => s.hour >= VEHICLE_WORK_FROM && s.hour < VEHICLE_WORK_TO)
    .map((s) => ({ hour: s.hour, utilizationPercentage: percentOf(s.load, s.capacity) }));

  const recommendations: CapacityRecommendation[] = [];
  const t = messages.intakeTools;
  if (riskLevel !== 'normal') {
    const alternatives = hourly
      .filter((s) => s.hour + 1 <= from || s.hour >= to)
      .filter((s) => s.hour + 1 < VEHICLE_WORK_TO)
      .filter((s) => s.utilizationPercentage < utilizationPercentage || input.vehicles.length === 0)
      .sort((a, b) => a.utilizationPercentage - b.utilizationPercentage || a.hour - b.hour)
      .slice(0, ALTERNATIVES_MAX)
      .map((s) => ({ time: pad(s.hour), availability: availabilityLabel(s.utilizationPercentage) }));
    if (input.vehicles.length === 0) {
      recommendations.push({ type: 'add_capacity', message: t.capacityFewVehicles, suggestion: t.capacityAddVehicles, alternativeTimes: [] });
    } else if (alternatives.length > 0 || !plantBusy) {
      recommendations.push({
        type: 'alternative_time',
        message: riskLevel === 'critical' ? t.capacityOverloaded : t.capacityTight,
        suggestion: t.capacityMoveSuggestion,
        alternativeTimes: alternatives,
      });
    }
    if (plantBusy) {
      recommendations.push({ type: 'plant_load', message: t.capacityPlantBusy(plantOrdersInWindow), suggestion: t.capacityMoveSuggestion, alternativeTimes: [] });
    }
  }
  return { riskLevel, utilizationPercentage, recommendations, availableVehicles: input.vehicles.length, plantOrdersInWindow, hourly };
}
