import { executeCommand } from '@dispo/command-service/command-handler';
import { billingCommands } from '@dispo/command-service/billing/billing-commands';
import { dispatchCommands } from '@dispo/command-service/dispatch/dispatch-commands';
import { orderCommands } from '@dispo/command-service/orders/order-commands';
import { reservationDecision, reservationOwner } from '@dispo/command-service/reserve';
import type { OrderInput } from '@dispo/domain/order/index';
import { berlinDate, berlinInstant } from '@dispo/domain/shared/berlin-date';
import { clockOf, minutesOf } from '@dispo/domain/tour/clock';
import { type DistancePort, type RoadLeg, straightLineRoads } from '@dispo/domain/travel/index';
import type { OrderStatus, TourStatus } from '@dispo/events/catalog/index';
import type { EventRegistry } from '@dispo/events/registry';
import type { EventStore } from '@dispo/events/store/port';
import type { DemoCatalog } from '../demo-catalog';
import { demoId } from './demo-ids';
import { OPTIMIZED_AFTER_MINUTES, optimizeTour, toursToOptimize } from './optimizations';
import { type HistoryPlan, type Moment, type PlannedDeliveryTime, type PlannedOrder, planHistory } from './history-plan';

/** The claim that the demo business was seeded into this event log: once, whichever process starts first. */
const HISTORY_CLAIM = { kind: 'demo-business', value: 'history' } as const;
/** The evening a past day's dispo is completed. */
const DAY_COMPLETED_AT = '20:15';
/** Minutes after unloading that the dispatcher types in slip number and weight from the driver's photo. */
const SLIP_ENTRY_DELAY = 12;
/** Commands appended at once: shares the store's group commit without racing one stream. */
const PARALLEL_STREAMS = 16;

export interface HistoryOptions {
  /** Weeks before today; default `operations.historyWeeks`. */
  weeks?: number;
  /** Today (Europe/Berlin); default the Berlin date of the wall clock. */
  today?: string;
  /** The wall clock: no event claims a later instant. */
  now?: () => Date;
  distance?: DistancePort;
  seed?: number;
  onProgress?(daysDone: number, daysTotal: number): void;
}

export interface HistoryResult {
  /** False when an earlier start seeded it (or is seeding it). */
  seeded: boolean;
  orders: number;
  tours: number;
  days: number;
}

type Ctx = { store: EventStore; registry: EventRegistry };

/** One command of the plan at its moment of the business. */
interface Step {
  at: Moment;
  order: number;
  /** The streams it writes: steps that share one run one after another, in plan order. */
  streams: string[];
  run(meta: { at: Date }): Promise<unknown>;
}

/** Road legs between every two plants of the catalogue, asked of the distance port once. */
async function legTable(catalog: DemoCatalog, distance: DistancePort): Promise<(from: string, to: string) => RoadLeg> {
  const plants = catalog.plants;
  const table = new Map<string, RoadLeg>();
  for (const a of plants) for (const b of plants) table.set(`${a.name}|${b.name}`, await distance.leg(a, b));
  return (from, to) => {
    const leg = table.get(`${from}|${to}`);
    if (!leg) throw new Error(`Keine Strecke ${from} → ${to}`);
    return leg;
  };
}

function deliveryTimeInput(t: PlannedDeliveryTime): Pick<OrderInput, 'deliveryTimeType' | 'deliveryTimeFixed' | 'deliveryTimeFrom' | 'deliveryTimeTo'> {
  return t.type === 'fixed'
    ? { deliveryTimeType: 'fixed', deliveryTimeFixed: t.fixed, deliveryTimeFrom: null, deliveryTimeTo: null }
    : { deliveryTimeType: 'range', deliveryTimeFixed: null, deliveryTimeFrom: t.from, deliveryTimeTo: t.to };
}

function orderInput(o: PlannedOrder): OrderInput {
  return {
    plantId: demoId('plant', o.route.from),
    deliveryPlantId: demoId('plant', o.route.to),
    loadingPointId: demoId('loading-point', `${o.route.from}/${o.route.point}`),
    materialId: demoId('material', o.material),
    customerId: o.route.customer ? demoId('customer', o.route.customer) : null,
    quantity: o.quantity,
    unit: o.unit,
    weightTons: o.weightTons,
    deliveryDate: o.deliveryDate,
    ...deliveryTimeInput(o.deliveryTime),
    priority: o.priority,
    transportType: o.transportType,
    notes: o.notes,
  };
}

const later = (m: Moment, minutes: number): Moment => ({ date: m.date, minute: m.minute + minutes });
const compare = (a: Moment, b: Moment) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.minute - b.minute);

/** The commands that carry the plan out, each with its moment, user and the streams it writes. */
function stepsOf(plan: HistoryPlan, ctx: Ctx, catalog: DemoCatalog, distance: DistancePort, leg: (from: string, to: string) => RoadLeg): Step[] {
  const orders = orderCommands(ctx);
  const { loadingMinutes, unloadingMinutes } = catalog.tariff;
  const dispatch = dispatchCommands({
    ...ctx,
    travel: { distance, handling: { loadingMinutes, unloadingMinutes }, homePlantId: async (name) => demoId('plant', name) },
  });
  const billing = billingCommands(ctx);
  const someone = (role: string) => catalog.users.find((u) => u.roles.includes(role as never))?.username ?? catalog.users[0]!.username;
  const dispatcher = someone('dispatcher');
  const accountant = someone('billing');
  const user = (username: string) => demoId('user', username);
  const byKey = new Map(plan.orders.map((o) => [o.key, o]));
  // Derived from the day of seeding and the plan: two starts on one day write the same orders.
  const ids = new Map(plan.orders.map((o) => [o.key, demoId('order', `${plan.today}/${o.key}`)]));
  const tourIds = new Map<string, string>();
  const steps: Step[] = [];
  const step = (at: Moment, streams: string[], run: Step['run']) => steps.push({ at, order: steps.length, streams, run });
  const as = (username: string, commandName: string, at: Date) => ({ userId: user(username), commandName, at });

  for (const o of plan.orders) {
    const id = ids.get(o.key)!;
    step(o.created, [`order-${id}`], ({ at }) => orders.createOrder(id, orderInput(o), as(o.createdBy, 'CreateOrder', at)));
    for (const move of o.postponed ?? []) {
      step(move.at, [`order-${id}`], ({ at }) => orders.updateOrder(id, { changes: { deliveryDate: move.to } }, as(dispatcher, 'UpdateOrder', at)));
    }
    if (o.billing) {
      const { confirmed, undone } = o.billing;
      step(confirmed, [`order-${id}`], ({ at }) => billing.confirm(id, as(accountant, 'ConfirmBilling', at)));
      if (undone) step(undone.at, [`order-${id}`], ({ at }) => billing.undo(id, undone.reason, as(accountant, 'UndoBilling', at)));
    }
    if (o.outcome === 'cancelled' && o.cancelled) {
      const when = compare(o.cancelled, later(o.created, 15)) < 0 ? later(o.created, 15) : o.cancelled;
      step(when, [`order-${id}`], ({ at }) => orders.changeStatus(id, 'storno', as(o.createdBy, 'UpdateOrder', at)));
    }
  }
  const status = (key: string, to: OrderStatus) => (meta: { at: Date }) =>
    orders.changeStatus(ids.get(key)!, to, as(dispatcher, 'UpdateOrder', meta.at));
  const tourStatus = (tourKey: string, to: TourStatus) => (meta: { at: Date }) =>
    dispatch.changeStatus(tourIds.get(tourKey)!, to, as(dispatcher, 'ChangeTourStatus', meta.at));

  // Some past tours were put together the other way round and then optimized (seed/optimizations.ts).
  const optimized = toursToOptimize(plan, leg, { loadingMinutes, unloadingMinutes });
  for (const tour of plan.tours) {
    const vehicleId = demoId('vehicle', tour.plate);
    const tourLane = `tour-${tour.key}`;
    (optimized.has(tour.key) ? [...tour.orderKeys].reverse() : tour.orderKeys).forEach((key, i) => {
      const o = byKey.get(key)!;
      const id = ids.get(key)!;
      const at = later(tour.planned, i);
      if (o.agreedTime) {
        const agreed = o.agreedTime;
        step(at, [`order-${id}`], ({ at }) =>
          orders.updateOrder(id, { changes: deliveryTimeInput(agreed) }, { ...as(dispatcher, 'UpdateOrder', at) }),
        );
      }
      step(at, [tourLane, `order-${id}`], async ({ at }) => {
        // The truck starts where the plan has it; a vehicle in the workshop today drove then (warning confirmed).
        const result = await dispatch.assign(
          { orderId: id, vehicleId, date: tour.date, startTime: tour.startTime, startPlantId: demoId('plant', tour.from), confirmWarnings: true },
          as(dispatcher, 'AssignOrder', at),
        );
        if (result.tourId) tourIds.set(tour.key, result.tourId);
      });
    });
    if (optimized.has(tour.key)) {
      step(later(tour.planned, OPTIMIZED_AFTER_MINUTES), [tourLane], ({ at }) =>
        optimizeTour({ ...ctx, distance, catalog }, { today: plan.today, tourKey: tour.key, tourId: tourIds.get(tour.key)!, userId: user(dispatcher), at }),
      );
    }
    const day = (minute: number): Moment => ({ date: tour.date, minute });
    // A tour's status change moves its orders too (dispatch-commands changeStatus).
    const withOrders = [tourLane, ...tour.orderKeys.map((key) => `order-${ids.get(key)}`)];
    if (tour.outcome !== 'planned') step(day(minutesOf(tour.startTime)), withOrders, tourStatus(tour.key, 'in_progress'));
    tour.orderKeys.forEach((key, i) => {
      const o = byKey.get(key)!;
      const run = tour.runs[i]!;
      const lane = [`order-${ids.get(key)}`];
      if (o.outcome === 'dispatched') return;
      step(day(run.loaded), lane, status(key, 'unterwegs'));
      if (o.outcome === 'problem') step(day(run.arrival), lane, status(key, 'problem'));
      if (o.outcome !== 'delivered') return;
      step(day(run.done), lane, status(key, 'geliefert'));
      step(day(run.done + SLIP_ENTRY_DELAY), lane, ({ at }) =>
        orders.updateOrder(
          ids.get(key)!,
          { changes: {}, deliverySlipNumber: o.deliverySlipNumber ?? null, actualWeight: o.actualWeight ?? null },
          as(dispatcher, 'PatchOrder', at),
        ),
      );
    });
    if (tour.outcome === 'completed') step(day(Math.ceil(tour.end)), withOrders, tourStatus(tour.key, 'completed'));
  }

  const toursByDay = new Map<string, { tours: number; vehicles: Set<string> }>();
  for (const t of plan.tours) {
    const d = toursByDay.get(t.date) ?? { tours: 0, vehicles: new Set<string>() };
    d.tours += 1;
    d.vehicles.add(t.plate);
    toursByDay.set(t.date, d);
  }
  for (const date of plan.completedDays) {
    const facts = toursByDay.get(date) ?? { tours: 0, vehicles: new Set<string>() };
    step({ date, minute: minutesOf(DAY_COMPLETED_AT) }, [`dispo-day-${date}`], ({ at }) =>
      dispatch.completeDay(
        date,
        { openOrderCount: 0, tourCount: facts.tours, vehicleCount: facts.vehicles.size },
        // The tour plans of the past were mailed then; the seed sends none now.
        { send: false, recipients: [] },
        as(dispatcher, 'CompleteDispoDay', at),
      ),
    );
  }
  return steps.sort((a, b) => compare(a.at, b.at) || a.order - b.order);
}

/**
 * Runs the steps in the order of their moments. Consecutive steps are taken together, up to
 * PARALLEL_STREAMS, while none writes a stream another of them writes: their appends share the
 * store's group commit, and no two race for one stream (a step that would closes the window).
 */
async function runSteps(steps: Step[], now: () => Date, onDay: (date: string) => void): Promise<void> {
  let i = 0;
  let lastDate: string | null = null;
  while (i < steps.length) {
    const taken = new Set<string>();
    const window: Step[] = [];
    const date = steps[i]!.at.date;
    while (i < steps.length && window.length < PARALLEL_STREAMS && steps[i]!.at.date === date && !steps[i]!.streams.some((id) => taken.has(id))) {
      for (const id of steps[i]!.streams) taken.add(id);
      window.push(steps[i]!);
      i++;
    }
    if (date !== lastDate) {
      if (lastDate !== null) onDay(lastDate);
      lastDate = date;
    }
    const wall = now();
    await Promise.all(
      window.map((s) => {
        const at = berlinInstant(s.at.date, clockOf(Math.floor(s.at.minute)));
        return s.run({ at: at.getTime() > wall.getTime() ? wall : at });
      }),
    );
  }
  if (lastDate !== null) onDay(lastDate);
}

/**
 * Seeds the demo business (issue "Demo business"): the weeks before today, today as of TODAY_AS_OF,
 * and open orders of the next workdays, through the command handlers with real users and the
 * moments of the business. Claimed once per event log: a second start (or a second process) writes
 * nothing.
 */
export async function seedHistory(ctx: Ctx, catalog: DemoCatalog, options: HistoryOptions = {}): Promise<HistoryResult> {
  const now = options.now ?? (() => new Date());
  const today = options.today ?? berlinDate(now());
  const owner = demoId('demo-business', today);
  if (await reservationOwner(ctx.store, HISTORY_CLAIM.kind, HISTORY_CLAIM.value)) return { seeded: false, orders: 0, tours: 0, days: 0 };
  const distance = options.distance ?? straightLineRoads(catalog.tariff);
  const leg = await legTable(catalog, distance);
  const plan = planHistory({ catalog, today, weeks: options.weeks ?? catalog.operations.historyWeeks, leg, seed: options.seed });
  try {
    await executeCommand(ctx.store, ctx.registry, { userId: null, commandName: 'Seed:DemoBusiness' }, async () => [
      await reservationDecision(ctx.store, HISTORY_CLAIM.kind, HISTORY_CLAIM.value, owner, 'demo-business'),
    ]);
  } catch {
    // Another process claimed it between the look and the append.
    return { seeded: false, orders: 0, tours: 0, days: 0 };
  }
  const steps = stepsOf(plan, ctx, catalog, distance, leg);
  const days = new Set(steps.map((s) => s.at.date));
  let done = 0;
  await runSteps(steps, now, () => options.onProgress?.(++done, days.size));
  return { seeded: true, orders: plan.orders.length, tours: plan.tours.length, days: plan.days.length };
}

/** Whether an earlier start claimed the demo business (complete or not). */
export async function historySeeded(store: EventStore): Promise<boolean> {
  return (await reservationOwner(store, HISTORY_CLAIM.kind, HISTORY_CLAIM.value)) !== null;
}
