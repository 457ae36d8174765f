import { randomUUID } from 'node:crypto';
import { messages } from '@dispo/domain/messages';
import type { LogPosition } from '@dispo/events/envelope';
import { requireRoles } from '@dispo/platform/http/auth';
import { HttpError } from '@dispo/platform/http/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { definedOnly, idParams } from './fleet-body';
import { FLEET_WRITERS, type FleetRouteOptions } from './fleet-route-options';
import { fuelCardBodySchema, fuelCardInputFromBody } from './fuel-card-body';
import { fuelCardCommands } from './fuel-card-commands';

const tags = ['Fuhrpark'];

/**
 * Fuel card commands of fleet.md §7, and the explicit PIN reveal: the only answer that carries a
 * PIN, for fleet managers (and admins), recorded as FuelCardPinRevealed before it is answered.
 */
export const fuelCardRoutes: FastifyPluginAsyncZod<FleetRouteOptions> = async (app, opts) => {
  const commands = fuelCardCommands(opts);
  const writers = requireRoles(...FLEET_WRITERS);
  const meta = (userId: string, commandName: string) => ({ userId, commandName });
  const answer = async (cardId: string, position: LogPosition) => {
    await opts.waitForProjections(position);
    const card = await opts.readFuelCard(cardId);
    if (!card) throw new HttpError(404, messages.fleetCommands.fuelCardNotFound);
    return { success: true as const, fuel_card: card };
  };

  app.post('/api/fuel-cards', { onRequest: writers, schema: { tags, body: fuelCardBodySchema } }, async (req, reply) => {
    const cardId = randomUUID();
    const { position } = await commands.createFuelCard(
      cardId,
      fuelCardInputFromBody(req.body),
      req.body.pin_code,
      meta(req.user.sub, 'CreateFuelCard'),
    );
    reply.code(201);
    return answer(cardId, position);
  });

  app.put('/api/fuel-cards/:id', { onRequest: writers, schema: { tags, params: idParams, body: fuelCardBodySchema } }, async (req) => {
    const changes = definedOnly(fuelCardInputFromBody(req.body));
    const { position } = await commands.updateFuelCard(req.params.id, changes, req.body.pin_code, meta(req.user.sub, 'UpdateFuelCard'));
    return answer(req.params.id, position);
  });

  app.delete('/api/fuel-cards/:id', { onRequest: writers, schema: { tags, params: idParams } }, async (req) => {
    const { position } = await commands.deleteFuelCard(req.params.id, meta(req.user.sub, 'DeleteFuelCard'));
    await opts.waitForProjections(position);
    return { success: true };
  });

  app.post('/api/fuel-cards/:id/reveal-pin', { onRequest: writers, schema: { tags, params: idParams } }, async (req, reply) => {
    const pin = await commands.revealPin(req.params.id, meta(req.user.sub, 'RevealFuelCardPin'));
    // A PIN must not linger in a browser or proxy cache.
    reply.header('cache-control', 'no-store');
    return { success: true, pin_code: pin };
  });
};
