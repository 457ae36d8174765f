import { optimizationCommands } from '@dispo/command-service/optimization/optimization-commands';
import { solveInThisThread } from '@dispo/command-service/optimization/route-solver-pool';
import { deliveryWindow, evaluateRoute, type RouteProblem, solveRoute } from '@dispo/domain/optimization/index';
import { minutesOf } from '@dispo/domain/tour/clock';
import type { DistancePort, HandlingMinutes, RoadLeg } from '@dispo/domain/travel/index';
import type { EventRegistry } from '@dispo/events/registry';
import type { EventStore } from '@dispo/events/store/port';
import type { DemoCatalog } from '../demo-catalog';
import { demoId } from './demo-ids';
import type { HistoryPlan, PlannedOrder, PlannedTour } from './history-plan';

/**
 * Route optimizations of the demo business: on some past two-load tours the dispatcher first put
 * the loads the other way round, then had the route optimized and applied the result, which is the
 * plan's sequence. Chosen where the optimizer (the product's own solver, on the same legs) gives
 * exactly the plan's sequence and it saves empty km, so the seeded times stay the plan's.
 */

/** Every how-many-th qualifying past tour was optimized. */
const EVERY_NTH = 3;
/** Minutes after the tour was planned that the dispatcher optimized it. */
export const OPTIMIZED_AFTER_MINUTES = 5;

type Leg = (from: string, to: string) => RoadLeg;

function problemOf(tour: PlannedTour, orders: readonly PlannedOrder[], leg: Leg, handling: HandlingMinutes): RouteProblem {
  const window = (o: PlannedOrder) => {
    const t = o.agreedTime ?? o.deliveryTime;
    return deliveryWindow(t.type === 'fixed' ? { type: 'fixed', fixed: t.fixed } : { type: 'range', from: t.from, to: t.to });
  };
  return {
    startMinute: minutesOf(tour.startTime),
    handling,
    fromStart: orders.map((o) => leg(tour.from, o.route.from)),
    between: orders.map((a) => orders.map((b) => leg(a.route.to, b.route.from))),
    loaded: orders.map((o) => leg(o.route.from, o.route.to)),
    windows: orders.map(window),
  };
}

/** Keys of the past tours that were assigned the other way round and then optimized. */
export function toursToOptimize(plan: HistoryPlan, leg: Leg, handling: HandlingMinutes): Set<string> {
  const byKey = new Map(plan.orders.map((o) => [o.key, o]));
  const chosen = new Set<string>();
  let qualifying = 0;
  for (const tour of plan.tours) {
    if (tour.date >= plan.today || tour.orderKeys.length !== 2) continue;
    const problem = problemOf(tour, tour.orderKeys.map((k) => byKey.get(k)!), leg, handling);
    const planned = evaluateRoute(problem, [0, 1]);
    const reversed = evaluateRoute(problem, [1, 0]);
    const solved = solveRoute(problem, [1, 0]);
    if (!planned.feasible || solved.sequence.join() !== '0,1' || reversed.emptyKm - planned.emptyKm < 1) continue;
    if (qualifying++ % EVERY_NTH === 0) chosen.add(tour.key);
  }
  return chosen;
}

/** The id of a seeded optimization: the same on every fresh start of the same day. */
export const seededOperationId = (today: string, tourKey: string) => demoId('optimization', `${today}/${tourKey}`);

/**
 * The dispatcher's optimization of a tour: requested, solved by the product's worker logic (in the
 * seed, at once), and applied, at the given instant.
 */
export function optimizeTour(
  ctx: { store: EventStore; registry: EventRegistry; distance: DistancePort; catalog: DemoCatalog },
  input: { today: string; tourKey: string; tourId: string; userId: string; at: Date },
): Promise<void> {
  const { tariff } = ctx.catalog;
  const commands = optimizationCommands({
    store: ctx.store,
    registry: ctx.registry,
    travel: { distance: ctx.distance, handling: { loadingMinutes: tariff.loadingMinutes, unloadingMinutes: tariff.unloadingMinutes } },
    // Two-load tours of past days, solved before the service answers any request.
    solver: solveInThisThread,
    costPerKm: (type) => {
      const price = type ? tariff.costPerKm[type] : undefined;
      return typeof price === 'number' ? price : typeof tariff.costPerKm.default === 'number' ? tariff.costPerKm.default : 1;
    },
  });
  const operationId = seededOperationId(input.today, input.tourKey);
  const meta = (commandName: string) => ({ userId: input.userId, commandName, at: input.at });
  return (async () => {
    await commands.request(input.tourId, meta('RequestOptimization'), operationId);
    await commands.run(operationId, 'seed', { userId: null, commandName: 'RunOptimization', at: input.at });
    await commands.apply(input.tourId, operationId, undefined, meta('ApplyOptimization'));
  })();
}
