import { messages } from '@dispo/domain/messages';
import type { LogPosition } from '@dispo/events/envelope';
import { requireRoles } from '@dispo/platform/http/auth';
import { HttpError } from '@dispo/platform/http/errors';
import { requestText } from '@dispo/platform/http/text-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type OptimizationContext, optimizationCommands } from './optimization-commands';

export interface OptimizationRouteOptions extends OptimizationContext {
  waitForProjections(position: LogPosition): Promise<boolean>;
  /** The tour's latest operation id and the one whose result is applied (read side). */
  latestOperationId(tourId: string): Promise<string | null>;
  appliedOperationId(tourId: string): Promise<string | null>;
  /** The tour's optimization record as GET /api/optimization/tours/:id/optimization answers it. */
  readOptimization(tourId: string): Promise<unknown>;
}

const id = requestText().trim().min(1).max(100);
const idParams = z.strictObject({ id });
/** dispatch.md §7: `optimizedRoutes`, `savings`; the operation defaults to the tour's latest. */
const applyBody = z.strictObject({
  operationId: id.optional(),
  optimizedRoutes: z.array(z.union([id, z.strictObject({ orderId: id }).passthrough()])).max(200).optional(),
  savings: z.record(z.string(), z.unknown()).optional(),
});

/** Optimization requests of one process waiting for their turn at most (each waits at most the projection's 5 s). */
const MAX_WAITING_REQUESTS = 50;

/** Route optimization commands (docs/api/optimization.md). Dispatchers and fleet managers plan tours. */
export const optimizationRoutes: FastifyPluginAsyncZod<OptimizationRouteOptions> = async (app, opts) => {
  const commands = optimizationCommands(opts);
  const planners = requireRoles('dispatcher', 'fleet_manager');
  const tags = ['Optimierung'];
  const meta = (userId: string, commandName: string) => ({ userId, commandName });

  // The limits count read.tour_optimizations: requests of this process take turns until their
  // operation is in the read table, so two at once cannot both pass (ADR 0020). The line is bounded.
  let requests: Promise<unknown> = Promise.resolve();
  let waiting = 0;
  app.post('/api/optimization/tours/:id/optimize', { onRequest: planners, schema: { tags, params: idParams } }, async (req, reply) => {
    if (waiting >= MAX_WAITING_REQUESTS) throw new HttpError(429, messages.http.tooManyRequests);
    waiting++;
    const turn = requests.then(async () => {
      const { operationId, position } = await commands.request(req.params.id, meta(req.user.sub, 'RequestOptimization'));
      await opts.waitForProjections(position);
      return operationId;
    });
    requests = turn.catch(() => undefined);
    const operationId = await turn.finally(() => waiting--);
    reply.code(202);
    return { success: true, operationId, status: 'pending' };
  });

  app.post('/api/optimization/tours/:id/apply', { onRequest: planners, schema: { tags, params: idParams, body: applyBody } }, async (req) => {
    const operationId = req.body.operationId ?? (await opts.latestOperationId(req.params.id));
    if (!operationId) throw new HttpError(404, messages.optimization.notFound);
    const routes = req.body.optimizedRoutes?.map((r) => (typeof r === 'string' ? r : r.orderId));
    const { position } = await commands.apply(req.params.id, operationId, routes, meta(req.user.sub, 'ApplyOptimization'));
    await opts.waitForProjections(position);
    return { success: true, ...(await opts.readOptimization(req.params.id) as object) };
  });

  app.delete('/api/optimization/tours/:id/optimization', { onRequest: planners, schema: { tags, params: idParams } }, async (req) => {
    const operationId = (await opts.appliedOperationId(req.params.id)) ?? (await opts.latestOperationId(req.params.id));
    if (!operationId) throw new HttpError(409, messages.optimization.nothingToReset);
    const { position } = await commands.reset(req.params.id, operationId, meta(req.user.sub, 'ResetOptimization'));
    await opts.waitForProjections(position);
    return { success: true, ...(await opts.readOptimization(req.params.id) as object) };
  });
};
