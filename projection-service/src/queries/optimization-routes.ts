import { messages } from '@dispo/domain/messages';
import type { SqlExecutor } from '@dispo/events/sql/client';
import { readerRoles, requireRoles } from '@dispo/platform/http/auth';
import { HttpError } from '@dispo/platform/http/errors';
import { requestText } from '@dispo/platform/http/text-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { operationResult, operationStatus, tourOptimization } from '../optimization/optimization-views';

const idParams = z.strictObject({ id: requestText().trim().min(1).max(100) });

/** GET routes of route optimization (dispatch.md §7, docs/api/optimization.md). */
export const optimizationQueryRoutes: FastifyPluginAsyncZod<{ sql: SqlExecutor }> = async (app, { sql }) => {
  const readers = requireRoles(...readerRoles);
  const tags = ['Optimierung'];

  app.get('/api/optimization/operations/:id/status', { onRequest: readers, schema: { tags, params: idParams } }, async (req) => {
    const status = await operationStatus(sql, req.params.id);
    if (!status) throw new HttpError(404, messages.optimization.notFound);
    return { success: true, ...status };
  });

  app.get('/api/optimization/operations/:id/result', { onRequest: readers, schema: { tags, params: idParams } }, async (req) => {
    const result = await operationResult(sql, req.params.id);
    if (!result) throw new HttpError(404, messages.optimization.notFound);
    if (!result.result) throw new HttpError(409, messages.optimization.notReady, { status: result.status });
    return { success: true, ...result };
  });

  app.get('/api/optimization/tours/:id/optimization', { onRequest: readers, schema: { tags, params: idParams } }, async (req) => ({
    success: true,
    ...(await tourOptimization(sql, req.params.id)),
  }));
};
