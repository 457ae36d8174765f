import { randomUUID } from 'node:crypto';
import { messages } from '@dispo/domain/messages';
import { VEHICLE_HISTORY_ACTIONS } from '@dispo/domain/vehicle/history-actions';
import { localDateSchema, MAX_HISTORY_AMOUNT, MAX_ODOMETER_READING, type TariffValues, tariffValuesSchema } from '@dispo/events/catalog/index';
import type { LogPosition } from '@dispo/events/envelope';
import type { EventRegistry } from '@dispo/events/registry';
import type { EventStore } from '@dispo/events/store/port';
import { requireRoles } from '@dispo/platform/http/auth';
import { HttpError } from '@dispo/platform/http/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { analyticsCommands } from './analytics-commands';

export interface AnalyticsRouteOptions {
  store: EventStore;
  registry: EventRegistry;
  waitForProjections(position: LogPosition): Promise<boolean>;
  /** The tariff as GET /api/tariff answers it. */
  readTariff(): Promise<unknown>;
  /** One history entry as GET …/history answers it. */
  readHistoryEntry(vehicleId: string, id: string): Promise<unknown>;
}

const t = messages.vehicleAnalyticsScreen;

/**
 * PUT /api/tariff body (snake_case, as every request body): each value checked by the field of
 * TariffSet's schema itself, so the route admits exactly what the event admits (issue 38). The route
 * adds only what a form needs more: at least one base price, a running cost for `default`.
 */
const tariffFields = tariffValuesSchema.shape;
const tariffBody = z.object({
  valid_from: localDateSchema,
  base_per_tonne: tariffFields.basePerTonne.refine((r) => Object.keys(r).length > 0),
  per_tonne_km: tariffFields.perTonneKm,
  minimum_per_load: tariffFields.minimumPerLoad,
  road_factor: tariffFields.roadFactor,
  average_speed_kmh: tariffFields.averageSpeedKmh,
  cost_per_km: tariffFields.costPerKm.refine((r) => 'default' in r),
  loading_minutes: tariffFields.loadingMinutes,
  unloading_minutes: tariffFields.unloadingMinutes,
});

/** POST /api/vehicle-analytics/:vehicleId/history body: fleet.md §3 Vehicle history entry fields. */
const historyBody = z.object({
  action_type: z.enum(VEHICLE_HISTORY_ACTIONS).default('UPDATED'),
  // Blank title or description: the form's own messages (checked in the handler).
  action_title: z.string().trim().max(200).default(''),
  description: z.string().trim().max(2000).default(''),
  category: z.enum(['data', 'status', 'settings', 'assignment', 'document', 'deadline', 'maintenance', 'tour', 'finance']).default('data'),
  priority: z.enum(['low', 'normal', 'high']).default('normal'),
  revenue_amount: z.number().finite().min(-MAX_HISTORY_AMOUNT).max(MAX_HISTORY_AMOUNT).nullable().optional(),
  cost_amount: z.number().finite().nonnegative().max(MAX_HISTORY_AMOUNT).nullable().optional(),
  odometer_reading: z.number().int().nonnegative().max(MAX_ODOMETER_READING).nullable().optional(),
});

/** The tariff (admin) and history entries added by hand (fleet managers), issue 14. */
export const analyticsCommandRoutes: FastifyPluginAsyncZod<AnalyticsRouteOptions> = async (app, opts) => {
  const commands = analyticsCommands(opts);
  const admins = requireRoles();
  const fleetManagers = requireRoles('fleet_manager');

  app.put('/api/tariff', { onRequest: admins, schema: { tags: ['Tarif'], body: tariffBody } }, async (req) => {
    const b = req.body;
    const tariff: TariffValues = {
      currency: 'EUR',
      basePerTonne: b.base_per_tonne,
      perTonneKm: b.per_tonne_km,
      minimumPerLoad: b.minimum_per_load,
      roadFactor: b.road_factor,
      averageSpeedKmh: b.average_speed_kmh,
      costPerKm: b.cost_per_km,
      loadingMinutes: b.loading_minutes,
      unloadingMinutes: b.unloading_minutes,
    };
    const { position } = await commands.setTariff(b.valid_from, tariff, { userId: req.user.sub, commandName: 'SetTariff' });
    await opts.waitForProjections(position);
    return { success: true, ...((await opts.readTariff()) as object) };
  });

  app.post(
    '/api/vehicle-analytics/:vehicleId/history',
    { onRequest: fleetManagers, schema: { tags: ['Fuhrpark'], params: z.object({ vehicleId: z.string().min(1) }), body: historyBody } },
    async (req, reply) => {
      const b = req.body;
      if (b.action_title === '') throw new HttpError(400, t.entryTitleRequired);
      if (b.description === '') throw new HttpError(400, t.entryDescriptionRequired);
      const id = randomUUID();
      const { position } = await commands.addHistoryEntry(
        {
          id,
          vehicleId: req.params.vehicleId,
          actionType: b.action_type,
          actionTitle: b.action_title,
          description: b.description,
          category: b.category,
          priority: b.priority,
          revenueAmount: b.revenue_amount ?? null,
          costAmount: b.cost_amount ?? null,
          odometerReading: b.odometer_reading ?? null,
        },
        { userId: req.user.sub, commandName: 'AddVehicleHistoryEntry' },
      );
      await opts.waitForProjections(position);
      reply.code(201);
      return { success: true, historyEntry: await opts.readHistoryEntry(req.params.vehicleId, id) };
    },
  );
};
