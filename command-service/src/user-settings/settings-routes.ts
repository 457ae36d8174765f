import { userOrderSettingsSchema } from '@dispo/events/catalog/index';
import type { LogPosition } from '@dispo/events/envelope';
import type { EventRegistry } from '@dispo/events/registry';
import type { EventStore } from '@dispo/events/store/port';
import { readerRoles, requireRoles } from '@dispo/platform/http/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { templateCommands } from '../templates/template-commands';

export interface SettingsRouteOptions {
  store: EventStore;
  registry: EventRegistry;
  waitForProjections(position: LogPosition): Promise<boolean>;
  /** The settings as GET /api/user/order-settings answers them. */
  readSettings(userId: string): Promise<unknown>;
}

/**
 * The user's own order-intake settings (orders.md §2.12, §3, §7.6; docs/api/orders.md). Preferences
 * of one's own screen, not business data: every role keeps them, auditors too (ADR 0010).
 * PUT takes any subset of the fields of §3 (their own names) and answers the whole settings.
 */
export const settingsRoutes: FastifyPluginAsyncZod<SettingsRouteOptions> = async (app, opts) => {
  const everyone = requireRoles(...readerRoles);
  const tags = ['Einstellungen'];
  const commands = templateCommands(opts);
  const answer = async (userId: string, position: LogPosition) => {
    await opts.waitForProjections(position);
    return opts.readSettings(userId);
  };

  app.put('/api/user/order-settings', { onRequest: everyone, schema: { tags, body: userOrderSettingsSchema.partial() } }, async (req) => {
    const userId = req.user.sub;
    const { position } = await commands.saveSettings(userId, req.body, { userId, commandName: 'SaveUserOrderSettings' });
    return answer(userId, position);
  });

  app.post('/api/user/order-settings/reset', { onRequest: everyone, schema: { tags } }, async (req) => {
    const userId = req.user.sub;
    const { position } = await commands.resetSettings(userId, { userId, commandName: 'ResetUserOrderSettings' });
    return answer(userId, position);
  });
};
