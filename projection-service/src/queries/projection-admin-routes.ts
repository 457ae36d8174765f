import { messages } from '@dispo/domain/messages';
import { requireRoles } from '@dispo/platform/http/auth';
import { HttpError } from '@dispo/platform/http/errors';
import { requestText } from '@dispo/platform/http/text-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ProjectionRunner } from '../runner';

const nameParams = z.strictObject({ name: requestText().min(1).max(100) });

/**
 * The projections for admins (/betrieb in the web client): each one's checkpoint and, when parked, the
 * event it could not apply; and resuming a parked one after its cause was fixed (runner.ts, ADR 0015).
 */
export const projectionAdminRoutes: FastifyPluginAsyncZod<{ runner: ProjectionRunner }> = async (app, { runner }) => {
  // requireRoles always lets admins through; naming no other role leaves them alone.
  const adminOnly = { onRequest: requireRoles('admin') };

  app.get('/api/admin/projections', { ...adminOnly, schema: { tags: ['Betrieb'], summary: 'Projektionen und ihr Stand (nur Administratoren)' } }, async () => {
    const { position, parked, checkpoints } = runner.health();
    const failures = new Map(parked.map((f) => [f.projection, f]));
    return {
      position,
      projections: checkpoints.map((c) => ({ name: c.name, position: c.position, failure: failures.get(c.name) ?? null })),
    };
  });

  app.post(
    '/api/admin/projections/:name/resume',
    { ...adminOnly, schema: { tags: ['Betrieb'], summary: 'Angehaltene Projektion fortsetzen', params: nameParams } },
    async (req) => {
      if (!(await runner.resume(req.params.name))) throw new HttpError(404, messages.operations.unknownProjection);
      return { success: true, message: messages.operations.resumed(req.params.name) };
    },
  );
};
