import { randomUUID } from 'node:crypto';
import { messages } from '@dispo/domain/messages';
import type { LogPosition } from '@dispo/events/envelope';
import { requireRoles } from '@dispo/platform/http/auth';
import { HttpError } from '@dispo/platform/http/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { definedOnly, idParams } from './fleet-body';
import { FLEET_WRITERS, type FleetRouteOptions } from './fleet-route-options';
import { trailerBodySchema, trailerInputFromBody } from './trailer-body';
import { trailerCommands } from './trailer-commands';

const tags = ['Fuhrpark'];

/** Trailer (Auflieger) commands of fleet.md §7. */
export const trailerRoutes: FastifyPluginAsyncZod<FleetRouteOptions> = async (app, opts) => {
  const commands = trailerCommands(opts);
  const writers = requireRoles(...FLEET_WRITERS);
  const meta = (userId: string, commandName: string) => ({ userId, commandName });
  const answer = async (trailerId: string, position: LogPosition) => {
    await opts.waitForProjections(position);
    const auflieger = await opts.readTrailer(trailerId);
    if (!auflieger) throw new HttpError(404, messages.fleetCommands.trailerNotFound);
    return { success: true as const, auflieger };
  };

  app.post('/api/auflieger', { onRequest: writers, schema: { tags, body: trailerBodySchema } }, async (req, reply) => {
    const trailerId = randomUUID();
    const { position } = await commands.createTrailer(trailerId, trailerInputFromBody(req.body), meta(req.user.sub, 'CreateTrailer'));
    reply.code(201);
    return answer(trailerId, position);
  });

  app.put('/api/auflieger/:id', { onRequest: writers, schema: { tags, params: idParams, body: trailerBodySchema } }, async (req) => {
    const changes = definedOnly(trailerInputFromBody(req.body));
    const { position } = await commands.updateTrailer(req.params.id, changes, meta(req.user.sub, 'UpdateTrailer'));
    return answer(req.params.id, position);
  });

  app.delete('/api/auflieger/:id', { onRequest: writers, schema: { tags, params: idParams } }, async (req) => {
    const { position } = await commands.deleteTrailer(req.params.id, meta(req.user.sub, 'DeleteTrailer'));
    await opts.waitForProjections(position);
    return { success: true };
  });
};
