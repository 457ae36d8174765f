import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { appointmentRoutes } from './appointment-routes';
import { documentRoutes } from './document-routes';
import type { FleetRouteOptions } from './fleet-route-options';
import { fuelCardRoutes } from './fuel-card-routes';
import { trailerRoutes } from './trailer-routes';
import { vehicleRoutes } from './vehicle-routes';

export type { FleetRouteOptions } from './fleet-route-options';
export { createPinCipher, type PinCipher } from './pin-cipher';

/** Every fleet command route (docs/api/fleet.md): vehicles, trailers, fuel cards, vehicle documents,
 * workshop appointments. */
export const fleetCommandRoutes: FastifyPluginAsyncZod<FleetRouteOptions> = async (app, opts) => {
  await app.register(vehicleRoutes, opts);
  await app.register(trailerRoutes, opts);
  await app.register(fuelCardRoutes, opts);
  await app.register(documentRoutes, opts);
  await app.register(appointmentRoutes, opts);
};
