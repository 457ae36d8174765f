import { randomUUID } from 'node:crypto';
import { DomainError } from '@dispo/domain/decider';
import { messages } from '@dispo/domain/messages';
import {
  compareRoutes,
  deliveryWindow,
  evaluateRoute,
  operationDecider,
  type OperationState,
  routeProblem,
} from '@dispo/domain/optimization/index';
import { minutesOf, type TourState, tourDecider } from '@dispo/domain/tour/index';
import type { GeoPoint } from '@dispo/domain/travel/index';
import { vehicleDecider } from '@dispo/domain/vehicle/index';
import { type EventData, type OptimizedRoute, streamIds, type TourEvent } from '@dispo/events/catalog/index';
import type { EventRegistry } from '@dispo/events/registry';
import type { EventStore } from '@dispo/events/store/port';
import { HttpError } from '@dispo/platform/http/errors';
import { WorkerJobError } from '@dispo/platform/workers/worker-pool';
import { type CommandMeta, commandTime, type Decision, executeCommand, loadAggregate } from '../command-handler';
import { plantPoint, type TourTravel, tourStops, tourTimesEvents } from '../dispatch/tour-travel';
import type { RouteSolver } from './route-solver-pool';

type Meta = CommandMeta & { userId: string };

/** A worker silent this long after its claim is taken to be dead; another takes the operation over. */
export const DEFAULT_LEASE_MS = 60_000;

export interface OptimizationContext {
  store: EventStore;
  registry: EventRegistry;
  travel: TourTravel;
  /** Running cost per driven km of a vehicle type (catalogue `tariff.costPerKm`, with its default). */
  costPerKm(vehicleType: string | null): number;
  leaseMs?: number;
  /** Solves off the event loop (createRouteSolverPool); the demo seed alone solves in its own thread. */
  solver: RouteSolver;
  /**
   * The open (pending or running) operations of a tour and of a user, from read.tour_optimizations,
   * which the request limits count (ADR 0020); unset (the demo seed): not limited.
   */
  openOperations?(tourId: string, userId: string): Promise<{ ofTour: number; ofUser: number }>;
}

/**
 * What the operation records when its solve fails: the refusal, or a solver thread that timed out
 * or crashed (the same tour would do it again: no retry). Null when it was not the solve's fault
 * (aborted at shutdown, pool closed, database error): the operation stays open for a retry.
 */
function failureReason(error: unknown): string | null {
  if (error instanceof DomainError) return error.message;
  if (error instanceof WorkerJobError) {
    if (error.reason === 'timeout') return messages.optimization.solverTimeout;
    if (error.reason === 'crashed' || error.reason === 'failed') return messages.optimization.solverCrashed;
  }
  return null;
}

const round1 = (x: number) => Math.round(x * 10) / 10;
const round2 = (x: number) => Math.round(x * 100) / 100;

/**
 * Route optimization as an asynchronous operation (dispatch.md §4, §7; docs/order-status.md
 * "Route optimization"): requested at once, solved by one worker, applied to and reset on the tour
 * through the tour decider.
 */
export function optimizationCommands(ctx: OptimizationContext) {
  const leaseMs = ctx.leaseMs ?? DEFAULT_LEASE_MS;
  const loadOperation = (operationId: string) => loadAggregate(ctx.store, operationDecider, streamIds.optimization(operationId));
  const loadTour = (tourId: string) => loadAggregate(ctx.store, tourDecider, streamIds.tour(tourId));

  function liveTour(state: TourState) {
    if (!state.exists || state.entity.dissolved) throw new DomainError('not_found', messages.dispatch.tourNotFound);
    return state.entity;
  }

  /** The tour re-sequenced (and its times planned again) plus the operation's own event, in one append. */
  async function resequence(
    tourId: string,
    operationId: string,
    orderIds: readonly string[] | null,
    reason: 'optimization_applied' | 'optimization_reset',
    operationEvents: (op: OperationState) => Decision['events'],
    meta: Meta,
  ) {
    const at = commandTime(meta);
    return executeCommand(ctx.store, ctx.registry, meta, async () => {
      const [tour, op] = await Promise.all([loadTour(tourId), loadOperation(operationId)]);
      const live = liveTour(tour.state);
      if (!op.state.exists || op.state.entity.tourId !== tourId) throw new DomainError('not_found', messages.optimization.notFound);
      const opEvents = operationEvents(op.state);
      let tourEvents: TourEvent[] = [];
      if (orderIds) {
        tourEvents = tourDecider.decide({ type: 'ResequenceTour', tourId, orderIds, operationId, reason, userId: meta.userId, now: at }, tour.state);
        if (tourEvents.length > 0) tourEvents = [...tourEvents, ...(await tourTimesEvents(ctx.store, ctx.travel, tour.state, tourEvents, live.startPlantId, at))];
      }
      return [
        { streamId: streamIds.tour(tourId), expectedVersion: tour.version, events: tourEvents },
        { streamId: streamIds.optimization(operationId), expectedVersion: op.version, events: opEvents },
      ];
    });
  }

  /** Solves the tour as it stands now: its current sequence against the optimum. */
  async function solve(tourId: string, signal?: AbortSignal) {
    const tour = liveTour((await loadTour(tourId)).state);
    if (tour.orderIds.length < 2) throw new DomainError('validation', messages.optimization.tooFewOrders);
    const [stops, start, vehicle] = await Promise.all([
      tourStops(ctx.store, tour.orderIds),
      plantPoint(ctx.store, tour.startPlantId),
      loadAggregate(ctx.store, vehicleDecider, streamIds.vehicle(tour.vehicleId)),
    ]);
    if (stops.some((s) => !s.loading || !s.delivery)) throw new DomainError('validation', messages.optimization.noCoordinates);
    const problem = await routeProblem(ctx.travel.distance, ctx.travel.handling, {
      start,
      startMinute: minutesOf(tour.startTime),
      orders: stops.map((s) => ({ loading: s.loading as GeoPoint, delivery: s.delivery as GeoPoint, window: deliveryWindow(s.deliveryTime) })),
    });
    const current = tour.orderIds.map((_, i) => i);
    const original = { ...evaluateRoute(problem, current), sequence: current };
    const solved = await ctx.solver(problem, current, { signal });
    // Zero savings is a result too: the current sequence stays when nothing beats it.
    const best = compareRoutes(solved, original) < 0 ? solved : { ...original, method: solved.method };
    const route = (r: typeof original): OptimizedRoute => ({
      orderIds: r.sequence.map((i) => tour.orderIds[i]!),
      emptyKm: round1(r.emptyKm),
      endMinute: round1(r.endMinute),
      arrivals: r.arrivals.map(round1),
      lateOrderIds: r.sequence.filter((_, k) => r.lateness[k]! > 0).map((i) => tour.orderIds[i]!),
    });
    const distanceSaved = round1(original.emptyKm - best.emptyKm);
    const vehicleType = vehicle.state.exists ? vehicle.state.entity.details.vehicleType : null;
    return {
      method: best.method,
      feasible: best.feasible,
      original: route(original),
      optimized: route(best),
      savings: {
        distanceSaved,
        timeSaved: Math.round((original.endMinute - best.endMinute) * 60),
        costSaved: round2((original.emptyKm - best.emptyKm) * ctx.costPerKm(vehicleType)),
      },
    };
  }

  return {
    /** POST /api/optimization/tours/:id/optimize: the operation is requested; a worker solves it. */
    async request(tourId: string, meta: Meta, operationId: string = randomUUID()) {
      const result = await executeCommand(ctx.store, ctx.registry, meta, async () => {
        const [loaded, open] = await Promise.all([loadTour(tourId), ctx.openOperations?.(tourId, meta.userId)]);
        const tour = liveTour(loaded.state);
        const events = operationDecider.decide(
          { type: 'RequestOptimization', operationId, tourId, orderIds: tour.orderIds, userId: meta.userId, open, now: commandTime(meta) },
          operationDecider.initialState,
        );
        return [{ streamId: streamIds.optimization(operationId), expectedVersion: 'no_stream' as const, events }];
      });
      return { ...result, operationId };
    },

    /** A worker's claim: the next attempt, or null when the operation is not free to claim (or another worker won). */
    async claim(operationId: string, worker: string, meta: CommandMeta = { userId: null, commandName: 'ClaimOptimization' }) {
      const claim = await executeCommand(ctx.store, ctx.registry, meta, async () => {
        const op = await loadOperation(operationId);
        const events = operationDecider.decide({ type: 'StartOptimization', worker, leaseMs, now: commandTime(meta) }, op.state);
        return [{ streamId: streamIds.optimization(operationId), expectedVersion: op.version, events }];
      }).catch((error: unknown) => {
        // Another worker claimed it at the same moment.
        if (error instanceof HttpError && error.statusCode === 409) return null;
        throw error;
      });
      const started = claim?.decisions[0]?.events.find((e) => e.type === 'OptimizationStarted');
      return started ? (started.data as EventData<'OptimizationStarted'>) : null;
    },

    /**
     * The worker's part: claims the operation (one claimant wins), solves it and records the
     * outcome under its attempt. Answers whether this call claimed it.
     */
    async run(
      operationId: string,
      worker: string,
      meta: CommandMeta = { userId: null, commandName: 'RunOptimization' },
      signal?: AbortSignal,
    ): Promise<boolean> {
      const claimed = await this.claim(operationId, worker, meta);
      if (!claimed) return false;
      const { attempt, tourId } = claimed;
      let outcome: { type: 'CompleteOptimization'; result: Awaited<ReturnType<typeof solve>> } | { type: 'FailOptimization'; reason: string };
      try {
        outcome = { type: 'CompleteOptimization', result: await solve(tourId, signal) };
      } catch (error) {
        const reason = failureReason(error);
        // Stopped (shutdown) or not run: the claim lapses and a worker takes the operation over.
        if (reason === null) throw error;
        outcome = { type: 'FailOptimization', reason };
      }
      await executeCommand(ctx.store, ctx.registry, meta, async () => {
        const op = await loadOperation(operationId);
        const now = commandTime(meta);
        const events = operationDecider.decide(
          outcome.type === 'CompleteOptimization' ? { type: 'CompleteOptimization', attempt, result: outcome.result, now } : { type: 'FailOptimization', attempt, reason: outcome.reason, now },
          op.state,
        );
        return [{ streamId: streamIds.optimization(operationId), expectedVersion: op.version, events }];
      });
      return true;
    },

    /**
     * POST /api/optimization/tours/:id/apply: the tour takes the optimized sequence. `optimizedRoutes`
     * (order ids in sequence), when given, must be the operation's result.
     */
    async apply(tourId: string, operationId: string, optimizedRoutes: readonly string[] | undefined, meta: Meta) {
      const op = await loadOperation(operationId);
      const result = op.state.exists ? op.state.entity.result : null;
      if (!result) throw new DomainError('conflict', messages.optimization.notReady);
      if (optimizedRoutes && optimizedRoutes.join() !== result.optimized.orderIds.join()) throw new DomainError('validation', messages.optimization.resultMismatch);
      return resequence(
        tourId,
        operationId,
        result.optimized.orderIds,
        'optimization_applied',
        (state) => operationDecider.decide({ type: 'ApplyOptimization', userId: meta.userId, now: commandTime(meta) }, state),
        meta,
      );
    },

    /** DELETE /api/optimization/tours/:id/optimization: the tour goes back to its original sequence. */
    async reset(tourId: string, operationId: string, meta: Meta) {
      const op = await loadOperation(operationId);
      const record = op.state.exists ? op.state.entity : null;
      if (!record?.result) throw new DomainError('conflict', messages.optimization.nothingToReset);
      return resequence(
        tourId,
        operationId,
        record.applied ? record.result.original.orderIds : null,
        'optimization_reset',
        (state) => operationDecider.decide({ type: 'ResetOptimization', userId: meta.userId, now: commandTime(meta) }, state),
        meta,
      );
    },

  };
}
export type OptimizationCommands = ReturnType<typeof optimizationCommands>;
