import type { SqlExecutor } from '@dispo/events/sql/client';
import { readerRoles, requireRoles } from '@dispo/platform/http/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOrderSettings, userTemplates } from '../templates/template-view';

/**
 * The user's own order templates and order-intake settings (orders.md §7.4, §7.6). Every role has
 * them; each user sees only their own (the token's subject), so there is no user id in the path.
 */
export const personalRoutes: FastifyPluginAsyncZod<{ sql: SqlExecutor }> = async (app, { sql }) => {
  const read = { onRequest: requireRoles(...readerRoles) };

  app.get('/api/user/order-templates', { ...read, schema: { tags: ['Templates'] } }, async (req) => ({
    success: true,
    data: await userTemplates(sql, req.user.sub),
  }));

  app.get('/api/user/order-settings', { ...read, schema: { tags: ['Einstellungen'] } }, async (req) => {
    const { settings, stored } = await userOrderSettings(sql, req.user.sub);
    return { success: true, settings, stored };
  });
};
