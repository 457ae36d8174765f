import type { OptimizationEvent } from '@dispo/events/catalog/index';
import { describe, expect, it } from 'vitest';
import { messages } from '../messages';
import { givenWhenThen } from '../testing/given-when-then';
import { MAX_OPEN_OPTIMIZATIONS_PER_TOUR, MAX_OPEN_OPTIMIZATIONS_PER_USER, operationDecider } from './operation-decider';

const op = givenWhenThen(operationDecider);
const t0 = '2026-11-26T08:00:00.000Z';
const requested: OptimizationEvent = { type: 'OptimizationRequested', data: { operationId: 'op-1', tourId: 't-1', orderIds: ['a', 'b'], requestedBy: 'u', requestedAt: t0 } };
const started = (attempt: number, at = t0): OptimizationEvent => ({ type: 'OptimizationStarted', data: { operationId: 'op-1', tourId: 't-1', attempt, worker: `w-${attempt}`, startedAt: at } });
const route = { orderIds: ['a', 'b'], emptyKm: 10, endMinute: 600, arrivals: [500, 580], lateOrderIds: [] };
const result = { method: 'exact' as const, feasible: true, original: route, optimized: route, savings: { distanceSaved: 0, timeSaved: 0, costSaved: 0 } };

describe('optimization operations', () => {
  it('needs two orders to be requested', () => {
    op.given([]).when({ type: 'RequestOptimization', operationId: 'op-1', tourId: 't-1', orderIds: ['a'], userId: 'u', now: t0 }).thenThrows(messages.optimization.tooFewOrders, 'validation');
    op.given([]).when({ type: 'RequestOptimization', operationId: 'op-1', tourId: 't-1', orderIds: ['a', 'b'], userId: 'u', now: t0 }).thenEmits([requested]);
  });

  it('refuses a tour beyond the stops limit, a second open operation of the tour and a fourth of the user', () => {
    const request = (orderIds: string[], open?: { ofTour: number; ofUser: number }) =>
      op.given([]).when({ type: 'RequestOptimization', operationId: 'op-1', tourId: 't-1', orderIds, userId: 'u', open, now: t0 });
    const ids = (n: number) => Array.from({ length: n }, (_, i) => `o-${i}`);
    expect([MAX_OPEN_OPTIMIZATIONS_PER_TOUR, MAX_OPEN_OPTIMIZATIONS_PER_USER]).toEqual([1, 3]);
    expect(request(ids(40), { ofTour: 0, ofUser: 2 }).emitted()).toHaveLength(1);
    request(ids(41)).thenThrows(messages.optimization.tooManyOrders(40), 'validation');
    expect(messages.optimization.tooManyOrders(40)).toBe('Touren mit mehr als 40 Aufträgen werden nicht optimiert.');
    request(['a', 'b'], { ofTour: 1, ofUser: 1 }).thenThrows(messages.optimization.alreadyRunning, 'conflict');
    request(['a', 'b'], { ofTour: 0, ofUser: 3 }).thenThrows(messages.optimization.userLimit(3), 'conflict');
  });

  it('is claimed once; a claim is taken over only after the lease, with the next attempt', () => {
    op.given([requested]).when({ type: 'StartOptimization', worker: 'w-1', leaseMs: 60_000, now: t0 }).thenEmits([started(1)]);
    op.given([requested, started(1)]).when({ type: 'StartOptimization', worker: 'w-2', leaseMs: 60_000, now: '2026-11-26T08:00:59.000Z' }).thenEmits([]);
    op.given([requested, started(1)])
      .when({ type: 'StartOptimization', worker: 'w-2', leaseMs: 60_000, now: '2026-11-26T08:01:00.000Z' })
      .thenEmits([started(2, '2026-11-26T08:01:00.000Z')]);
  });

  it('records the outcome of the current attempt only, once', () => {
    const completed = op.given([requested, started(1), started(2)]).when({ type: 'CompleteOptimization', attempt: 2, result, now: t0 }).emitted();
    expect(completed).toHaveLength(1);
    // The first worker, whose claim was taken over, records nothing.
    op.given([requested, started(1), started(2)]).when({ type: 'CompleteOptimization', attempt: 1, result, now: t0 }).thenEmits([]);
    op.given([requested, started(1), ...completed]).when({ type: 'CompleteOptimization', attempt: 1, result, now: t0 }).thenEmits([]);
    op.given([requested, started(1), started(2)]).when({ type: 'FailOptimization', attempt: 1, reason: 'x', now: t0 }).thenEmits([]);
  });

  it('applies a completed result, resets it once', () => {
    op.given([requested, started(1)]).when({ type: 'ApplyOptimization', userId: 'u', now: t0 }).thenThrows(messages.optimization.notReady, 'conflict');
    const done = op.given([requested, started(1)]).when({ type: 'CompleteOptimization', attempt: 1, result, now: t0 }).emitted();
    const applied = op.given([requested, started(1), ...done]).when({ type: 'ApplyOptimization', userId: 'u', now: t0 }).emitted();
    expect(applied).toEqual([{ type: 'OptimizationApplied', data: { operationId: 'op-1', tourId: 't-1', appliedBy: 'u', appliedAt: t0 } }]);
    const reset = op.given([requested, started(1), ...done, ...applied]).when({ type: 'ResetOptimization', userId: 'u', now: t0 }).emitted();
    expect(reset).toEqual([{ type: 'OptimizationReset', data: { operationId: 'op-1', tourId: 't-1', wasApplied: true, resetBy: 'u', resetAt: t0 } }]);
    op.given([requested, started(1), ...done, ...applied, ...reset]).when({ type: 'ResetOptimization', userId: 'u', now: t0 }).thenThrows(messages.optimization.nothingToReset, 'conflict');
  });
});
