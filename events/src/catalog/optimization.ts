import { z } from 'zod';
import { defineEvent, type EventOf } from '../registry';
import { amountSchema, countSchema, idSchema, positiveCountSchema, timestampSchema } from './fields';

/**
 * A route optimization of one tour (dispatch.md §4 "Optimization status", §7): an operation with
 * its own stream `optimization-<operationId>`. Requested by a dispatcher, claimed by one worker
 * (Started, appended at the stream's expected version: of several instances one wins; a claim
 * whose worker died is taken over after a lease with the next attempt), then Completed or Failed;
 * a completed result can be Applied to the tour and Reset again.
 */
export const OPTIMIZATION_STATUSES = ['pending', 'in_progress', 'completed', 'failed'] as const;
export const optimizationStatusSchema = z.enum(OPTIMIZATION_STATUSES);
export type OptimizationStatus = z.infer<typeof optimizationStatusSchema>;

const km = amountSchema;
/** A route driven: its sequence of order ids, empty km, end and arrivals (minutes of the tour's day). */
const routeSchema = z.strictObject({
  orderIds: z.array(idSchema),
  emptyKm: km.nonnegative(),
  endMinute: amountSchema,
  arrivals: z.array(amountSchema),
  lateOrderIds: z.array(idSchema),
});
export type OptimizedRoute = z.infer<typeof routeSchema>;

export const optimizationRequested = defineEvent({
  type: 'OptimizationRequested',
  schemaVersion: 1,
  schema: z.strictObject({ operationId: idSchema, tourId: idSchema, orderIds: z.array(idSchema), requestedBy: idSchema, requestedAt: timestampSchema }),
});

export const optimizationStarted = defineEvent({
  type: 'OptimizationStarted',
  schemaVersion: 1,
  schema: z.strictObject({
    operationId: idSchema,
    tourId: idSchema,
    /** 1 for the first claim; a claim taken over after its worker died counts on. */
    attempt: positiveCountSchema,
    worker: z.string().min(1),
    startedAt: timestampSchema,
  }),
});

export const optimizationCompleted = defineEvent({
  type: 'OptimizationCompleted',
  schemaVersion: 1,
  schema: z.strictObject({
    operationId: idSchema,
    tourId: idSchema,
    attempt: positiveCountSchema,
    /** exact (dynamic programming) or heuristic (above 12 orders). */
    method: z.enum(['exact', 'heuristic']),
    /** False when no sequence meets every delivery window (the least late one is proposed). */
    feasible: z.boolean(),
    original: routeSchema,
    optimized: routeSchema,
    /** dispatch.md §3: km, seconds, euros; negative when meeting the windows costs more. */
    savings: z.strictObject({ distanceSaved: km, timeSaved: amountSchema, costSaved: amountSchema }),
    completedAt: timestampSchema,
  }),
});

export const optimizationFailed = defineEvent({
  type: 'OptimizationFailed',
  schemaVersion: 1,
  schema: z.strictObject({ operationId: idSchema, tourId: idSchema, attempt: countSchema, reason: z.string().min(1), failedAt: timestampSchema }),
});

export const optimizationApplied = defineEvent({
  type: 'OptimizationApplied',
  schemaVersion: 1,
  schema: z.strictObject({ operationId: idSchema, tourId: idSchema, appliedBy: idSchema, appliedAt: timestampSchema }),
});

/** The tour is back in its original sequence (or the result was discarded unapplied). */
export const optimizationReset = defineEvent({
  type: 'OptimizationReset',
  schemaVersion: 1,
  schema: z.strictObject({ operationId: idSchema, tourId: idSchema, wasApplied: z.boolean(), resetBy: idSchema, resetAt: timestampSchema }),
});

export const optimizationEventDefinitions = [
  optimizationRequested,
  optimizationStarted,
  optimizationCompleted,
  optimizationFailed,
  optimizationApplied,
  optimizationReset,
] as const;
export type OptimizationEvent = EventOf<(typeof optimizationEventDefinitions)[number]>;
