import { randomUUID } from 'node:crypto';
import { messages } from '@dispo/domain/messages';
import type { LogPosition } from '@dispo/events/envelope';
import { requireRoles } from '@dispo/platform/http/auth';
import { HttpError } from '@dispo/platform/http/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { definedOnly, idParams } from './fleet-body';
import { FLEET_WRITERS, type FleetRouteOptions } from './fleet-route-options';
import { BULK_MAX, bulkDispatchBodySchema, vehicleBodySchema, vehicleInputFromBody } from './vehicle-body';
import { vehicleCommands } from './vehicle-commands';

const tags = ['Fuhrpark'];

/** Vehicle commands of fleet.md §7: create, update (also the single dispatch toggle), delete, bulk dispatch. */
export const vehicleRoutes: FastifyPluginAsyncZod<FleetRouteOptions> = async (app, opts) => {
  const commands = vehicleCommands(opts);
  const writers = requireRoles(...FLEET_WRITERS);
  const meta = (userId: string, commandName: string) => ({ userId, commandName });
  const answer = async (vehicleId: string, position: LogPosition) => {
    await opts.waitForProjections(position);
    const vehicle = await opts.readVehicle(vehicleId);
    if (!vehicle) throw new HttpError(404, messages.fleetCommands.vehicleNotFound);
    return { success: true as const, vehicle };
  };

  app.post('/api/vehicles', { onRequest: writers, schema: { tags, body: vehicleBodySchema } }, async (req, reply) => {
    const vehicleId = randomUUID();
    const { position } = await commands.createVehicle(vehicleId, vehicleInputFromBody(req.body), meta(req.user.sub, 'CreateVehicle'));
    reply.code(201);
    return answer(vehicleId, position);
  });

  // The full form, or only { enabled_for_dispatch } for the dispatch toggle: keys left out keep their value.
  app.put('/api/vehicles/:id', { onRequest: writers, schema: { tags, params: idParams, body: vehicleBodySchema } }, async (req) => {
    const changes = definedOnly(vehicleInputFromBody(req.body));
    const { position } = await commands.updateVehicle(req.params.id, changes, meta(req.user.sub, 'UpdateVehicle'));
    return answer(req.params.id, position);
  });

  app.delete('/api/vehicles/:id', { onRequest: writers, schema: { tags, params: idParams } }, async (req) => {
    const { position } = await commands.deleteVehicle(req.params.id, meta(req.user.sub, 'DeleteVehicle'));
    await opts.waitForProjections(position);
    return { success: true };
  });

  // fleet.md §4: the bulk toggle is one update per vehicle and does nothing without a selection.
  app.post('/api/vehicles/bulk-dispatch', { onRequest: writers, schema: { tags, body: bulkDispatchBodySchema } }, async (req) => {
    if (req.body.vehicle_ids.length > BULK_MAX) throw new HttpError(400, messages.fleetCommands.bulkTooMany(BULK_MAX));
    const { position, updated, failed } = await commands.bulkDispatch(
      req.body.vehicle_ids,
      req.body.enabled_for_dispatch,
      meta(req.user.sub, 'BulkDispatch'),
    );
    await opts.waitForProjections(position);
    return { success: true, updated, failed };
  });
};
