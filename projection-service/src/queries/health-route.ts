import type { SqlExecutor } from '@dispo/events/sql/client';
import { logHoldBack } from '@dispo/events/store/sql-horizon';
import type { NoticeBus } from '@dispo/platform/bus/notice-bus';
import { tokenClaimsSchema } from '@dispo/platform/http/auth';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ProjectionRunner } from '../runner';

/** An admin's token shows the details; anyone else (load balancers) sees up or down only. */
async function isAdmin(request: FastifyRequest): Promise<boolean> {
  if (!request.headers.authorization) return false;
  try {
    await request.jwtVerify();
  } catch {
    return false;
  }
  const claims = tokenClaimsSchema.safeParse(request.user);
  return claims.success && claims.data.roles.includes('admin');
}

/** Events committed but unreadable behind an open write transaction for longer than this: `eingeschränkt` (ADR 0019). */
const HOLD_BACK_DEGRADED_AFTER_S = 5;

/**
 * GET /api/health, without a token: 200 while the database answers and the runner's batches commit,
 * else 503. `status` says more: `eingeschränkt` while a projection is parked, the bus is away or an
 * open write transaction has held committed events back for more than a few seconds (the app still
 * works). Positions, the parked projections and the blocking transaction only for admins.
 */
export const healthRoute: FastifyPluginAsyncZod<{ sql: SqlExecutor; bus: NoticeBus; runner: ProjectionRunner }> = async (
  app,
  { sql, bus, runner },
) => {
  app.get('/api/health', { schema: { tags: ['Betrieb'], security: [] } }, async (request, reply) => {
    const database = await sql.query('SELECT 1').then(
      () => 'ok' as const,
      () => 'error' as const,
    );
    const busState = await bus.ping().then(
      () => 'ok' as const,
      () => 'error' as const,
    );
    const { position, error, parked, checkpoints } = runner.health();
    const holdBack = database === 'ok' ? await logHoldBack(sql).catch(() => null) : null;
    const stalled = holdBack !== null && holdBack.heldForSeconds > HOLD_BACK_DEGRADED_AFTER_S;
    const up = database === 'ok' && error === null;
    const status = !up ? 'gestört' : parked.length > 0 || busState !== 'ok' || stalled ? 'eingeschränkt' : 'ok';
    reply.code(up ? 200 : 503);
    if (!(await isAdmin(request))) return { status };
    const lagEvents = database === 'ok' ? await runner.lag().catch(() => null) : null;
    return {
      status,
      database,
      bus: { kind: bus.kind, state: busState, downSince: bus.state().downSince },
      projections: {
        position,
        lagEvents,
        error: error ? 'Projektion fehlgeschlagen' : null,
        parked,
        checkpoints,
        logHoldBack: holdBack,
      },
    };
  });
};
