import type { EventData, OptimizationEvent, OptimizationStatus } from '@dispo/events/catalog/index';
import type { Decider } from '../decider';
import { messages } from '../messages';
import { type EntityState, noEntity, refuse } from '../shared';
import { MAX_TOUR_ORDERS } from '../tour/tour-decider';

/**
 * Open (pending or running) operations at most, per tour and per requesting user (ADR 0020): with
 * the stops per tour they bound the solver's work a dispatcher can queue.
 */
export const MAX_OPEN_OPTIMIZATIONS_PER_TOUR = 1;
export const MAX_OPEN_OPTIMIZATIONS_PER_USER = 3;

/** One optimization operation as its events describe it. */
export interface OperationRecord {
  operationId: string;
  tourId: string;
  /** The tour's sequence when it was requested. */
  orderIds: string[];
  status: OptimizationStatus;
  attempt: number;
  startedAt: string | null;
  result: EventData<'OptimizationCompleted'> | null;
  applied: boolean;
  reset: boolean;
}
export type OperationState = EntityState<OperationRecord>;

export interface RequestOptimization {
  type: 'RequestOptimization';
  operationId: string;
  tourId: string;
  orderIds: readonly string[];
  userId: string;
  /** The open operations of the tour and of the user now (read side); unknown: not limited (the demo seed). */
  open?: { ofTour: number; ofUser: number };
  now: string;
}

/** A worker claims the operation: pending, or started by a worker silent for longer than the lease. */
export interface StartOptimization {
  type: 'StartOptimization';
  worker: string;
  leaseMs: number;
  now: string;
}

export interface CompleteOptimization {
  type: 'CompleteOptimization';
  attempt: number;
  result: Omit<EventData<'OptimizationCompleted'>, 'operationId' | 'tourId' | 'attempt' | 'completedAt'>;
  now: string;
}

export interface FailOptimization {
  type: 'FailOptimization';
  attempt: number;
  reason: string;
  now: string;
}

export interface ApplyOptimization {
  type: 'ApplyOptimization';
  userId: string;
  now: string;
}

export interface ResetOptimization {
  type: 'ResetOptimization';
  userId: string;
  now: string;
}

export type OperationCommand = RequestOptimization | StartOptimization | CompleteOptimization | FailOptimization | ApplyOptimization | ResetOptimization;

function existing(state: OperationState): OperationRecord {
  if (!state.exists) return refuse('not_found', messages.optimization.notFound);
  return state.entity;
}

function patch(state: OperationState, changes: Partial<OperationRecord>): OperationState {
  return state.exists ? { exists: true, entity: { ...state.entity, ...changes } } : state;
}

export function evolveOperation(state: OperationState, event: OptimizationEvent): OperationState {
  switch (event.type) {
    case 'OptimizationRequested':
      return {
        exists: true,
        entity: {
          operationId: event.data.operationId,
          tourId: event.data.tourId,
          orderIds: event.data.orderIds,
          status: 'pending',
          attempt: 0,
          startedAt: null,
          result: null,
          applied: false,
          reset: false,
        },
      };
    case 'OptimizationStarted':
      return patch(state, { status: 'in_progress', attempt: event.data.attempt, startedAt: event.data.startedAt });
    case 'OptimizationCompleted':
      return patch(state, { status: 'completed', result: event.data });
    case 'OptimizationFailed':
      return patch(state, { status: 'failed' });
    case 'OptimizationApplied':
      return patch(state, { applied: true, reset: false });
    case 'OptimizationReset':
      return patch(state, { applied: false, reset: true });
  }
}

/** Whether a worker may claim the operation now (StartOptimization would not refuse). */
export function claimable(op: OperationRecord, now: string, leaseMs: number): boolean {
  if (op.status === 'pending') return true;
  return op.status === 'in_progress' && op.startedAt !== null && Date.parse(now) - Date.parse(op.startedAt) >= leaseMs;
}

/**
 * The operation's lifecycle. A worker's claim is a Started event appended at the stream's
 * expected version, so of two workers one claims; Completed and Failed name the attempt they belong
 * to, so a worker whose claim was taken over (it was silent beyond the lease) records nothing.
 */
export const operationDecider: Decider<OperationCommand, OperationState, OptimizationEvent> = {
  initialState: noEntity,
  evolve: evolveOperation,
  decide(command, state) {
    switch (command.type) {
      case 'RequestOptimization': {
        if (state.exists) return [];
        if (command.orderIds.length < 2) refuse('validation', messages.optimization.tooFewOrders);
        // Tours longer than the limit from before it still run; they are not optimized.
        if (command.orderIds.length > MAX_TOUR_ORDERS) refuse('validation', messages.optimization.tooManyOrders(MAX_TOUR_ORDERS));
        if (command.open && command.open.ofTour >= MAX_OPEN_OPTIMIZATIONS_PER_TOUR) refuse('conflict', messages.optimization.alreadyRunning);
        if (command.open && command.open.ofUser >= MAX_OPEN_OPTIMIZATIONS_PER_USER) refuse('conflict', messages.optimization.userLimit(MAX_OPEN_OPTIMIZATIONS_PER_USER));
        return [
          {
            type: 'OptimizationRequested',
            data: { operationId: command.operationId, tourId: command.tourId, orderIds: [...command.orderIds], requestedBy: command.userId, requestedAt: command.now },
          },
        ];
      }
      case 'StartOptimization': {
        const op = existing(state);
        if (!claimable(op, command.now, command.leaseMs)) return [];
        return [{ type: 'OptimizationStarted', data: { operationId: op.operationId, tourId: op.tourId, attempt: op.attempt + 1, worker: command.worker, startedAt: command.now } }];
      }
      case 'CompleteOptimization': {
        const op = existing(state);
        if (op.status !== 'in_progress' || op.attempt !== command.attempt) return [];
        return [{ type: 'OptimizationCompleted', data: { operationId: op.operationId, tourId: op.tourId, attempt: op.attempt, ...command.result, completedAt: command.now } }];
      }
      case 'FailOptimization': {
        const op = existing(state);
        if ((op.status !== 'in_progress' && op.status !== 'pending') || op.attempt !== command.attempt) return [];
        return [{ type: 'OptimizationFailed', data: { operationId: op.operationId, tourId: op.tourId, attempt: op.attempt, reason: command.reason, failedAt: command.now } }];
      }
      case 'ApplyOptimization': {
        const op = existing(state);
        if (op.status !== 'completed') refuse('conflict', messages.optimization.notReady);
        if (op.applied) return [];
        return [{ type: 'OptimizationApplied', data: { operationId: op.operationId, tourId: op.tourId, appliedBy: command.userId, appliedAt: command.now } }];
      }
      case 'ResetOptimization': {
        const op = existing(state);
        if (op.reset || op.status !== 'completed') refuse('conflict', messages.optimization.nothingToReset);
        return [{ type: 'OptimizationReset', data: { operationId: op.operationId, tourId: op.tourId, wasApplied: op.applied, resetBy: command.userId, resetAt: command.now } }];
      }
    }
  },
};
