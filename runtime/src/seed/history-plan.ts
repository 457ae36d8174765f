import { plannedWeightTons } from '@dispo/domain/order/planned-weight';
import { addDays, weekdayOf } from '@dispo/domain/shared/berlin-date';
import { clockOf, minutesOf } from '@dispo/domain/tour/clock';
import { type HandlingMinutes, type RoadLeg, tourRuns } from '@dispo/domain/travel/index';
import type { OrderPriority, TransportType, Unit } from '@dispo/events/catalog/index';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import type { RandomGenerator } from 'pure-rand/types/RandomGenerator';
import type { DemoCatalog, DemoRoute } from '../demo-catalog';

/**
 * The demo business as a plan: which orders come in on which day, how they are planned into tours,
 * and how each ends. Pure and deterministic (a fixed random seed), so two starts on the same day
 * plan the same business; `history.ts` carries the plan out through the command handlers.
 */

/** The fixed random seed of the demo business. */
export const DEMO_RANDOM_SEED = 20261125;
/** Today's operations are shown as they stand at this Berlin time, whenever the product starts. */
export const TODAY_AS_OF = '11:00';
/** Workdays after today that get open orders, ready to plan. */
export const OPEN_DAYS_AHEAD = 3;
/** Today's orders that came in this morning and are still open in the Disposition's sidebar. */
export const OPEN_ORDERS_TODAY = 5;
/** A vehicle's day: its first tour leaves its home plant from here, and its last load is unloaded by the end. */
export const SHIFT_START = '06:00';
export const SHIFT_END = '21:00';
/** Tours start on the Disposition's half-hour slots (dispatch.md §9). */
const SLOT_MINUTES = 30;
/** How often an order is moved to the next workday before the customer takes it elsewhere. */
const MAX_POSTPONEMENTS = 2;
/** Loads one tour drives at most before the vehicle gets a new tour. */
const MAX_LOADS_PER_TOUR = 2;
/** A delivery this much before the wanted time is still fine; earlier, the vehicle waits for a new tour. */
const EARLY_TOLERANCE_MINUTES = 30;
/** A fixed delivery time is met within this many minutes either side. */
const FIXED_TIME_TOLERANCE_MINUTES = 30;
/** The empty run the order desk allows for before a truck is at the loading plant in the morning. */
const EARLIEST_EMPTY_RUN_MINUTES = 60;
/** Share of orders that are part loads (the rest are near the material's standard load size). */
const PART_LOAD_SHARE = 0.15;

const NOTES = [
  'Bitte 30 Minuten vor Ankunft anrufen.',
  'Zufahrt über Tor 3, Waage am Eingang.',
  'Anlieferung nur mit Silozug.',
  'Lieferschein doppelt mitgeben.',
  'Entladestelle hinter Halle 2.',
  'Baustelle: Einfahrt von der Nordseite.',
];

export type OrderOutcome = 'delivered' | 'problem' | 'cancelled' | 'on_the_way' | 'dispatched' | 'open';
export type TourOutcome = 'completed' | 'in_progress' | 'planned';

export type PlannedDeliveryTime = { type: 'fixed'; fixed: string } | { type: 'range'; from: string; to: string };

/** A moment of the business: a Berlin date and a minute of its day. */
export interface Moment {
  date: string;
  minute: number;
}

export interface PlannedOrder {
  /** Unique within the plan, e.g. `2026-11-24#07`. */
  key: string;
  route: DemoRoute;
  material: string;
  quantity: number;
  unit: Unit;
  weightTons: number;
  deliveryDate: string;
  deliveryTime: PlannedDeliveryTime;
  priority: OrderPriority;
  transportType: TransportType;
  notes: string | null;
  /** Who took the order, and when. */
  createdBy: string;
  created: Moment;
  outcome: OrderOutcome;
  /** No truck could take it that day: moved to the next workday, agreed with the customer at `at`. */
  postponed?: { to: string; at: Moment }[];
  /**
   * No truck could make the wanted time: when planning, the dispatcher agreed a later one with the
   * customer (changed on the order before it joins its tour).
   */
  agreedTime?: PlannedDeliveryTime;
  cancelled?: Moment;
  /** Set for delivered orders. */
  deliverySlipNumber?: string;
  actualWeight?: number;
  /** Delivered orders billing has settled, and the few whose settlement it took back. */
  billing?: { confirmed: Moment; undone?: { at: Moment; reason: string } };
}

export interface PlannedTour {
  key: string;
  plate: string;
  date: string;
  startTime: string;
  /** The plant the vehicle starts the tour from: its home, or where its previous tour ended. */
  from: string;
  /** In sequence. */
  orderKeys: string[];
  /** Per order (same sequence): leaving the loading plant, arriving at the delivery plant, unloaded. */
  runs: { loaded: number; arrival: number; done: number }[];
  /** Minute of the day the last load is unloaded. */
  end: number;
  /** When the dispatcher planned it (the workday before, in the afternoon). */
  planned: Moment;
  outcome: TourOutcome;
}

export interface HistoryPlan {
  today: string;
  /** Every day with operations, oldest first (no Sundays). */
  days: string[];
  /** Past days whose dispo is completed in the evening. */
  completedDays: string[];
  orders: PlannedOrder[];
  tours: PlannedTour[];
}

export interface PlanVehicle {
  plate: string;
  payloadTonnes: number;
  home: string;
}

export interface PlanInput {
  catalog: DemoCatalog;
  today: string;
  weeks: number;
  /** Road legs between the catalogue's plants (from the distance port), by plant name. */
  leg(from: string, to: string): RoadLeg;
  seed?: number;
}

/** The random draws of the plan: one generator, used in a fixed order. */
class Draw {
  private readonly rng: RandomGenerator;
  constructor(seed: number) {
    this.rng = xoroshiro128plus(seed);
  }
  int(min: number, max: number): number {
    return uniformInt(this.rng, min, max);
  }
  /** In [0, 1). */
  unit(): number {
    return uniformInt(this.rng, 0, 999_999) / 1_000_000;
  }
  chance(p: number): boolean {
    return this.unit() < p;
  }
  pick<T>(items: readonly T[]): T {
    return items[this.int(0, items.length - 1)]!;
  }
  weighted<T extends { weight: number }>(items: readonly T[]): T {
    const total = items.reduce((sum, i) => sum + i.weight, 0);
    let x = this.unit() * total;
    for (const item of items) {
      x -= item.weight;
      if (x < 0) return item;
    }
    return items[items.length - 1]!;
  }
}

const roundHalf = (x: number) => Math.round(x * 2) / 2;
const slotUp = (minute: number) => Math.ceil(minute / SLOT_MINUTES) * SLOT_MINUTES;

/** The office day (not a Sunday) `offset` office days from `date`; negative counts back. */
function officeDay(date: string, offset: number): string {
  let d = date;
  for (let i = 0; i < Math.abs(offset); ) {
    d = addDays(d, Math.sign(offset));
    if (weekdayOf(d) !== 0) i++;
  }
  return d;
}

/**
 * Vehicles a dispatcher plans with: released for dispatch. A vehicle that is in the workshop today
 * (status other than available) drove in the weeks before, but not today.
 */
export function planVehicles(catalog: DemoCatalog, day: 'past' | 'today'): PlanVehicle[] {
  return catalog.vehicles
    .filter((v) => v.enabled_for_dispatch && v.payload_kg > 0 && (day === 'past' || v.status === 'available'))
    .map((v) => ({ plate: v.license_plate, payloadTonnes: v.payload_kg / 1000, home: v.home_plant_name }));
}

function wantedWindow(t: PlannedDeliveryTime): [number, number] {
  if (t.type === 'fixed') return [minutesOf(t.fixed) - FIXED_TIME_TOLERANCE_MINUTES, minutesOf(t.fixed) + FIXED_TIME_TOLERANCE_MINUTES];
  return [minutesOf(t.from), minutesOf(t.to)];
}

/** The delivery time agreed instead: the planned arrival, to the quarter hour, keeping a range's width. */
function agreedLater(wanted: PlannedDeliveryTime, arrival: number): PlannedDeliveryTime {
  const quarter = Math.ceil(arrival / 15) * 15;
  if (wanted.type === 'fixed') return { type: 'fixed', fixed: clockOf(quarter) };
  const width = minutesOf(wanted.to) - minutesOf(wanted.from);
  const from = quarter - 30;
  return { type: 'range', from: clockOf(from), to: clockOf(Math.min(from + width, 23 * 60 + 45)) };
}

interface VehicleDay {
  vehicle: PlanVehicle;
  freeAt: number;
  at: string;
  tour: PlannedTour | null;
}

/**
 * Plans one day's orders into tours, in the order of their wanted time: each goes to the vehicle
 * that brings it least late with the shortest empty run, continuing that vehicle's tour when the
 * load can follow at once, else on a new tour at the next half-hour slot. No load is heavier than
 * the vehicle carries, and a vehicle's tours follow one another (none overlaps the next).
 * Orders no vehicle can deliver before the end of the shift stay unplanned (returned).
 */
function planDay(
  date: string,
  orders: PlannedOrder[],
  vehicles: PlanVehicle[],
  /** Where each vehicle stands in the morning (by plate); updated to where its day ends. */
  positions: Map<string, string>,
  handling: HandlingMinutes,
  leg: PlanInput['leg'],
): { tours: PlannedTour[]; unplanned: PlannedOrder[] } {
  const days: VehicleDay[] = vehicles.map((vehicle) => ({ vehicle, freeAt: minutesOf(SHIFT_START), at: positions.get(vehicle.plate) ?? vehicle.home, tour: null }));
  const tours: PlannedTour[] = [];
  const unplanned: PlannedOrder[] = [];
  const byKey = new Map(orders.map((o) => [o.key, o]));
  // Loads that must leave first are planned first: the wanted time less the loading and loaded drive.
  const leaveBy = (o: PlannedOrder) => wantedWindow(o.deliveryTime)[1] - handling.loadingMinutes - leg(o.route.from, o.route.to).minutes;
  const byWantedTime = [...orders].sort((a, b) => leaveBy(a) - leaveBy(b) || a.key.localeCompare(b.key));
  const shiftEnd = minutesOf(SHIFT_END);
  for (const order of byWantedTime) {
    const [from, to] = wantedWindow(order.deliveryTime);
    let best: { day: VehicleDay; departure: number; cost: number; continues: boolean } | null = null;
    for (const day of days) {
      if (day.vehicle.payloadTonnes < order.weightTons) continue;
      const empty = leg(day.at, order.route.from);
      const loaded = leg(order.route.from, order.route.to);
      const lead = empty.minutes + handling.loadingMinutes + loaded.minutes;
      const options: { departure: number; continues: boolean }[] = [];
      if (day.tour && day.tour.orderKeys.length < MAX_LOADS_PER_TOUR && day.freeAt + lead >= from - EARLY_TOLERANCE_MINUTES) {
        options.push({ departure: day.freeAt, continues: true });
      }
      options.push({ departure: slotUp(Math.max(day.freeAt, from - lead)), continues: false });
      for (const option of options) {
        const arrival = option.departure + lead;
        if (arrival + handling.unloadingMinutes > shiftEnd) continue;
        const late = Math.max(0, arrival - to);
        const cost = late * 3 + empty.minutes + (option.continues ? 0 : 15);
        if (!best || cost < best.cost) best = { day, ...option, cost };
      }
    }
    if (!best) {
      unplanned.push(order);
      continue;
    }
    const { day } = best;
    if (!best.continues || !day.tour) {
      day.tour = {
        key: `${date}/${day.vehicle.plate}/${clockOf(best.departure)}`,
        plate: day.vehicle.plate,
        date,
        startTime: clockOf(best.departure),
        from: day.at,
        orderKeys: [],
        runs: [],
        end: best.departure,
        planned: { date, minute: 0 },
        outcome: 'planned',
      };
      tours.push(day.tour);
    }
    const tour = day.tour;
    tour.orderKeys.push(order.key);
    // The whole tour is driven again from its start: its times are what the travel model says.
    const legs = tour.orderKeys.map((key, i) => {
      const o = byKey.get(key)!;
      const before = i === 0 ? tour.from : byKey.get(tour.orderKeys[i - 1]!)!.route.to;
      return { empty: leg(before, o.route.from), loaded: leg(o.route.from, o.route.to) };
    });
    const { runs, end } = tourRuns(handling, minutesOf(tour.startTime), legs);
    tour.runs = runs.map((r) => ({ loaded: r.loadingStart + handling.loadingMinutes, arrival: r.arrival, done: r.done }));
    tour.end = end;
    const arrival = runs[runs.length - 1]!.arrival;
    if (arrival > to) order.agreedTime = agreedLater(order.deliveryTime, arrival);
    day.freeAt = end;
    day.at = order.route.to;
  }
  for (const day of days) positions.set(day.vehicle.plate, day.at);
  return { tours, unplanned };
}

/** The plan of the demo business for `weeks` weeks before `today`, today, and the next workdays. */
export function planHistory(input: PlanInput): HistoryPlan {
  const { catalog, today } = input;
  const ops = catalog.operations;
  // Two streams: what comes in does not depend on how it was planned.
  const draw = new Draw(input.seed ?? DEMO_RANDOM_SEED);
  const fate = new Draw((input.seed ?? DEMO_RANDOM_SEED) + 1);
  const vehicles = planVehicles(catalog, 'past');
  const todaysVehicles = planVehicles(catalog, 'today');
  const materials = new Map(catalog.materials.map((m) => [m.name, m]));
  const handling = { loadingMinutes: catalog.tariff.loadingMinutes, unloadingMinutes: catalog.tariff.unloadingMinutes };
  const takers = catalog.users.filter((u) => u.roles.includes('order_taker')).map((u) => u.username);

  const days: string[] = [];
  for (let d = addDays(today, -7 * input.weeks); d <= today; d = addDays(d, 1)) if (weekdayOf(d) !== 0) days.push(d);
  const ahead: string[] = [];
  for (let d = addDays(today, 1); ahead.length < OPEN_DAYS_AHEAD; d = addDays(d, 1)) if (weekdayOf(d) !== 0 && weekdayOf(d) !== 6) ahead.push(d);

  const orders: PlannedOrder[] = [];
  const tours: PlannedTour[] = [];
  const todayAsOf = minutesOf(TODAY_AS_OF);

  const newOrder = (date: string, n: number, createdOn: string): PlannedOrder => {
    const route = draw.weighted(ops.routes);
    const name = draw.pick(route.materials);
    const material = materials.get(name)!;
    // The planned weight by the order rule (weight follows quantity); a material without density counts as tonnes.
    const weightOf = (quantity: number) => plannedWeightTons(quantity, material.unit, material.densityTonsPerCubicMetre) ?? quantity;
    const tonnesPerUnit = weightOf(1);
    // A load is sized to a truck of the fleet: the standard load size, or less where that truck carries less.
    const truck = draw.pick(vehicles);
    const full = Math.min(material.standardLoadSize, truck.payloadTonnes / tonnesPerUnit);
    const quantity = Math.max(1, draw.chance(PART_LOAD_SHARE) ? roundHalf(full * (0.45 + 0.4 * draw.unit())) : Math.floor((full - 2 * draw.unit()) * 2) / 2);
    // The order desk promises no time a truck cannot make: loaded at the shift's start, driven straight there.
    const direct = input.leg(route.from, route.to).minutes + handling.loadingMinutes;
    const earliestHour = Math.min(ops.deliveryHours.last, Math.max(ops.deliveryHours.first, Math.ceil((minutesOf(SHIFT_START) + EARLIEST_EMPTY_RUN_MINUTES + direct) / 60)));
    const hour = draw.int(earliestHour, ops.deliveryHours.last);
    const half = draw.chance(0.3) ? 30 : 0;
    const start = hour * 60 + half;
    const deliveryTime: PlannedDeliveryTime = draw.chance(0.65)
      ? { type: 'fixed', fixed: clockOf(start) }
      : { type: 'range', from: clockOf(start), to: clockOf(Math.min(start + 60 * draw.int(2, 4), (ops.deliveryHours.last + 2) * 60)) };
    const p = draw.unit();
    const priority: OrderPriority = p < 0.05 ? 'low' : p < 0.85 ? 'normal' : p < 0.95 ? 'high' : 'urgent';
    return {
      key: `${date}#${String(n).padStart(2, '0')}`,
      route,
      material: name,
      quantity,
      unit: material.unit,
      weightTons: weightOf(quantity),
      deliveryDate: date,
      deliveryTime,
      priority,
      transportType: material.category === 'Zement' || material.category === 'Zusatzstoff' ? 'silo' : 'standard',
      notes: draw.chance(0.15) ? draw.pick(NOTES) : null,
      createdBy: draw.pick(takers),
      created: { date: createdOn, minute: draw.int(7 * 60, 13 * 60 + 30) },
      outcome: 'open',
    };
  };

  const ordersOn = (date: string): number => {
    const n = draw.int(ops.ordersPerWorkday.min, ops.ordersPerWorkday.max);
    return weekdayOf(date) === 6 ? Math.round(n * ops.saturdayShare) : n;
  };

  const completedDays: string[] = [];
  /** Orders postponed to the day being planned. */
  let carried: PlannedOrder[] = [];
  // Trucks stay overnight where their last load was unloaded, and start from there the next day.
  const positions = new Map<string, string>();
  let slips = 0;
  for (const date of days) {
    const count = ordersOn(date);
    const isToday = date === today;
    const dayOrders: PlannedOrder[] = [];
    for (let n = 0; n < count; n++) {
      const leadDays = draw.int(1, 3);
      dayOrders.push(newOrder(date, n, officeDay(date, -leadDays)));
    }
    if (isToday) {
      // This morning's calls: still open, wanted this afternoon.
      for (let n = 0; n < OPEN_ORDERS_TODAY; n++) {
        const o = newOrder(date, count + n, date);
        o.created = { date, minute: draw.int(7 * 60, todayAsOf - 15) };
        o.deliveryTime = { type: 'fixed', fixed: clockOf(draw.int(13, 16) * 60) };
        orders.push(o);
      }
    }
    for (const o of dayOrders) {
      if (fate.chance(ops.shareCancelled)) {
        o.outcome = 'cancelled';
        o.cancelled = { date: o.created.date, minute: Math.min(o.created.minute + fate.int(30, 180), 17 * 60) };
      }
    }
    const planned = [...carried, ...dayOrders.filter((o) => o.outcome !== 'cancelled')];
    const { tours: dayTours, unplanned } = planDay(date, planned, isToday ? todaysVehicles : vehicles, positions, handling, input.leg);
    // No vehicle could take it: the dispatcher agreed the next workday with the customer (twice at
    // most; then the customer took it elsewhere and it was cancelled).
    const nextDay = days[days.indexOf(date) + 1] ?? ahead[0]!;
    carried = [];
    for (const o of unplanned) {
      const at = { date: officeDay(date, -1), minute: 13 * 60 + 50 };
      if ((o.postponed?.length ?? 0) < MAX_POSTPONEMENTS) {
        o.postponed = [...(o.postponed ?? []), { to: nextDay, at }];
        if (nextDay <= today) carried.push(o);
      } else {
        o.outcome = 'cancelled';
        o.cancelled = at;
      }
    }
    const planningDay = officeDay(date, -1);
    let planMinute = 14 * 60;
    const byKey = new Map(planned.map((o) => [o.key, o]));
    for (const tour of dayTours.sort((a, b) => a.plate.localeCompare(b.plate) || a.startTime.localeCompare(b.startTime))) {
      tour.planned = { date: planningDay, minute: planMinute };
      planMinute += 2 * tour.orderKeys.length;
      const started = !isToday || minutesOf(tour.startTime) <= todayAsOf;
      const ended = !isToday || tour.end <= todayAsOf;
      tour.outcome = ended ? 'completed' : started ? 'in_progress' : 'planned';
      tour.orderKeys.forEach((key, i) => {
        const o = byKey.get(key)!;
        const run = tour.runs[i]!;
        if (isToday && run.loaded > todayAsOf) o.outcome = 'dispatched';
        else if (isToday && run.arrival > todayAsOf) o.outcome = 'on_the_way';
        else if (fate.chance(ops.shareWithProblem)) o.outcome = 'problem';
        else {
          o.outcome = 'delivered';
          slips += 1;
          o.deliverySlipNumber = `${date.slice(2, 4)}${date.slice(5, 7)}${date.slice(8, 10)}-${String(slips).padStart(5, '0')}`;
          const deviation = (2 * fate.unit() - 1) * ops.weightDeviationTonnes;
          const payload = vehicles.find((v) => v.plate === tour.plate)!.payloadTonnes;
          o.actualWeight = Math.round(Math.min(payload, Math.max(0.5, o.weightTons + deviation)) * 100) / 100;
        }
      });
    }
    orders.push(...dayOrders);
    tours.push(...dayTours);
    if (!isToday) completedDays.push(date);
  }
  // The next workdays: taken in the last days, nothing planned yet.
  for (const date of ahead) {
    const count = ordersOn(date);
    for (let n = 0; n < count; n++) {
      const o = newOrder(date, n, officeDay(date, -draw.int(1, 3)));
      if (o.created.date > today || (o.created.date === today && o.created.minute > todayAsOf)) o.created = { date: today, minute: draw.int(7 * 60, todayAsOf - 5) };
      orders.push(o);
    }
  }
  planBilling(orders, today, new Draw((input.seed ?? DEMO_RANDOM_SEED) + 2));
  return { today, days, completedDays, orders, tours };
}

/** Office days after a delivery that billing settles it (from 09:00, two minutes an order). */
const BILLING_LAG_DAYS = 2;
/** Share of settled-in-time deliveries that billing keeps open (queries with the customer). */
const BILLING_KEPT_OPEN_SHARE = 0.04;
/** Settlements billing took back, with their reasons. */
const UNDO_REASONS = [
  'Gewicht laut Waagschein des Kunden 0,8 t geringer – Rückfrage beim Kunden.',
  'Lieferschein fehlt in der Ablage – Kopie beim Fahrer angefordert.',
];

/**
 * Billing (the user with role billing): each delivery is settled two office days later, in the
 * order of delivery, unless that day is still ahead (then it waits) or it is one of the few kept
 * open; two settlements are taken back the day after, with a reason.
 */
function planBilling(orders: PlannedOrder[], today: string, draw: Draw): void {
  const deliveredOn = (o: PlannedOrder) => o.postponed?.at(-1)?.to ?? o.deliveryDate;
  const delivered = orders.filter((o) => o.outcome === 'delivered').sort((a, b) => deliveredOn(a).localeCompare(deliveredOn(b)) || a.key.localeCompare(b.key));
  const perDay = new Map<string, number>();
  const settled: PlannedOrder[] = [];
  for (const o of delivered) {
    const day = officeDay(deliveredOn(o), BILLING_LAG_DAYS);
    const n = perDay.get(day) ?? 0;
    const minute = 9 * 60 + 2 * n;
    if (day > today || (day === today && minute > minutesOf(TODAY_AS_OF))) continue;
    if (draw.chance(BILLING_KEPT_OPEN_SHARE)) continue;
    perDay.set(day, n + 1);
    o.billing = { confirmed: { date: day, minute } };
    settled.push(o);
  }
  // Two settlements of last week are taken back the next office day, late morning.
  const lastWeek = settled.filter((o) => o.billing!.confirmed.date < addDays(today, -2)).slice(-40);
  UNDO_REASONS.forEach((reason, i) => {
    const o = lastWeek[Math.floor(((i + 1) * lastWeek.length) / (UNDO_REASONS.length + 1))];
    if (o?.billing) o.billing.undone = { at: { date: officeDay(o.billing.confirmed.date, 1), minute: 11 * 60 + 15 * i }, reason };
  });
}
