import { randomUUID } from 'node:crypto';
import { messages } from '@dispo/domain/messages';
import type { LogPosition } from '@dispo/events/envelope';
import type { EventRegistry } from '@dispo/events/registry';
import type { EventStore } from '@dispo/events/store/port';
import { requireRoles } from '@dispo/platform/http/auth';
import { HttpError } from '@dispo/platform/http/errors';
import { requestText } from '@dispo/platform/http/text-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { workshopCommands } from './workshop-commands';

export interface WorkshopRouteOptions {
  store: EventStore;
  registry: EventRegistry;
  waitForProjections(position: LogPosition): Promise<boolean>;
  /** The workshop as GET /api/workshops/:id shows it. */
  readWorkshop(id: string): Promise<unknown>;
}

const tags = ['Werkstätten'];
const text = (max: number) => requestText().max(max).nullable().optional();
const idParams = z.strictObject({ id: requestText().trim().min(1).max(100) });
/** fleet.md §3 Workshop, as admins enter it; the domain says what is required. */
const workshopBody = z.strictObject({
  name: text(200),
  brand: text(100),
  address: text(300),
  phone: text(100),
  website: text(300),
  lat: z.number().nullable().optional(),
  lng: z.number().nullable().optional(),
  services: z.array(requestText().max(100)).max(30).nullable().optional(),
  openingHours: text(300),
  rating: z.number().nullable().optional(),
  mobile: z.boolean().nullable().optional(),
});

/** The workshop register (docs/api/smart-service.md): admins add, change and remove workshops. */
export const workshopCommandRoutes: FastifyPluginAsyncZod<WorkshopRouteOptions> = async (app, opts) => {
  const commands = workshopCommands(opts);
  const admins = requireRoles('admin');
  const meta = (userId: string, commandName: string) => ({ userId, commandName });
  const answer = async (id: string, position: LogPosition) => {
    await opts.waitForProjections(position);
    const workshop = await opts.readWorkshop(id);
    if (!workshop) throw new HttpError(404, messages.smartServiceScreen.workshopNotFound);
    return { success: true as const, workshop };
  };

  app.post('/api/workshops', { onRequest: admins, schema: { tags, body: workshopBody } }, async (req, reply) => {
    const id = randomUUID();
    const { position } = await commands.registerWorkshop(id, req.body, meta(req.user.sub, 'RegisterWorkshop'));
    reply.code(201);
    return answer(id, position);
  });

  app.put('/api/workshops/:id', { onRequest: admins, schema: { tags, params: idParams, body: workshopBody } }, async (req) => {
    const { position } = await commands.changeWorkshop(req.params.id, req.body, meta(req.user.sub, 'ChangeWorkshop'));
    return answer(req.params.id, position);
  });

  app.delete('/api/workshops/:id', { onRequest: admins, schema: { tags, params: idParams } }, async (req) => {
    const { position } = await commands.removeWorkshop(req.params.id, meta(req.user.sub, 'RemoveWorkshop'));
    await opts.waitForProjections(position);
    return { success: true };
  });
};
