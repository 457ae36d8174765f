import type { SqlExecutor } from '@dispo/events/sql/client';
import type { NoticeBus } from '@dispo/platform/bus/notice-bus';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ProjectionRunner } from '../runner';

/** GET /api/health, without a token: database, bus and projection lag, for load balancers and operators. */
export const healthRoute: FastifyPluginAsyncZod<{ sql: SqlExecutor; bus: NoticeBus; runner: ProjectionRunner }> = async (
  app,
  { sql, bus, runner },
) => {
  app.get('/api/health', { schema: { tags: ['Betrieb'], security: [] } }, async (_req, reply) => {
    const database = await sql.query('SELECT 1').then(
      () => 'ok' as const,
      () => 'error' as const,
    );
    const busState = await bus.ping().then(
      () => 'ok' as const,
      () => 'error' as const,
    );
    const lagEvents = database === 'ok' ? await runner.lag().catch(() => null) : null;
    const { position, error } = runner.health();
    const ok = database === 'ok' && busState === 'ok' && error === null;
    reply.code(ok ? 200 : 503);
    return {
      status: ok ? 'ok' : 'gestört',
      database,
      bus: { kind: bus.kind, state: busState },
      projections: { position, lagEvents, error: error ? 'Projektion fehlgeschlagen' : null },
    };
  });
};
