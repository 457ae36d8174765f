import { messages } from '@dispo/domain/messages';
import { berlinDate, berlinOffsetMinutes } from '@dispo/domain/shared/berlin-date';
import { clockText } from '@dispo/domain/smart-service/opening-hours';
import { DEFAULT_RADIUS_KM, RADIUS_OPTIONS } from '@dispo/domain/smart-service/workshop-ranking';
import type { DistancePort } from '@dispo/domain/travel/index';
import type { SqlExecutor } from '@dispo/events/sql/client';
import { readerRoles, requireRoles } from '@dispo/platform/http/auth';
import { HttpError } from '@dispo/platform/http/errors';
import { localDateText, requestText } from '@dispo/platform/http/text-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { vehicleAppointmentsIn } from '../fleet/appointment-view';
import { analyzeVehicle, searchWorkshops, type SmartServiceContext } from '../smart-service/smart-service-analysis';
import { smartVehicle } from '../smart-service/smart-service-data';

export interface SmartServiceQueryOptions {
  sql: SqlExecutor;
  /** The one distance port (straight line × road factor offline, a routing service when configured). */
  distance: DistancePort;
  /** The clock (tests fix it). */
  now?: () => Date;
}

const tags = ['Smart Service'];
const id = requestText().trim().min(1).max(100);
const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, messages.workshopScreen.invalidTime);
const radius = z
  .number()
  .refine((n) => (RADIUS_OPTIONS as readonly number[]).includes(n), { message: `Umkreis: ${RADIUS_OPTIONS.join(', ')} km` })
  .default(DEFAULT_RADIUS_KM);
const blankIsAbsent = (v: unknown) => (v === '' ? undefined : v);

/** Body fields in camelCase as fleet.md §7 names them; vehicle id and date are required (dispatch.md §5). */
const analyzeBody = z.strictObject({
  vehicleId: id.optional(),
  selectedDate: localDateText().optional(),
  radiusKm: radius,
  isEmergency: z.boolean().default(false),
  appointmentTime: clock.optional(),
  serviceType: requestText().max(40).optional(),
  service: requestText().max(60).optional(),
});
const searchBody = z.strictObject({
  vehicleId: id.optional(),
  selectedDate: localDateText().optional(),
  date: localDateText().optional(),
  time: clock.optional(),
  radiusKm: radius,
  service: requestText().max(60).optional(),
  onlyOpen: z.boolean().optional(),
  isEmergency: z.boolean().default(false),
});
const appointmentsQuery = z.strictObject({
  status: z.preprocess(blankIsAbsent, z.enum(['pending', 'completed', 'not_completed', 'cancelled']).optional()),
  from: z.preprocess(blankIsAbsent, localDateText().optional()),
  to: z.preprocess(blankIsAbsent, localDateText().optional()),
});

/** The Smart Service's reading routes (docs/api/smart-service.md): search, analysis, a vehicle's appointments. */
export const smartServiceQueryRoutes: FastifyPluginAsyncZod<SmartServiceQueryOptions> = async (app, opts) => {
  const read = { onRequest: requireRoles(...readerRoles) };
  const now = () => {
    const at = opts.now?.() ?? new Date();
    const minutes = (at.getUTCHours() * 60 + at.getUTCMinutes() + berlinOffsetMinutes(at)) % 1440;
    return { date: berlinDate(at), time: clockText(minutes) };
  };
  const ctx: SmartServiceContext = { sql: opts.sql, distance: opts.distance, now };
  const needed = (vehicleId: string | undefined, date: string | undefined) => {
    if (!vehicleId || !date) throw new HttpError(400, messages.smartService.vehicleIdMissing);
    return { vehicleId, date };
  };

  app.post('/api/smart-service/search-workshops', { ...read, schema: { tags, body: searchBody } }, async (req) => {
    const b = req.body;
    const { vehicleId, date } = needed(b.vehicleId, b.selectedDate ?? b.date ?? now().date);
    const vehicle = await smartVehicle(opts.sql, vehicleId);
    if (!vehicle) throw new HttpError(404, messages.fleetCommands.vehicleNotFound);
    const time = b.time ?? (b.isEmergency && date === now().date ? now().time : '09:00');
    const onlyOpen = b.onlyOpen ?? true;
    const { workshops, position } = await searchWorkshops(ctx, {
      vehicle, date, time, radiusKm: b.radiusKm, service: b.service, onlyOpen, emergency: b.isEmergency,
    });
    return {
      workshops,
      searchParams: { vehicleId, date, time, radiusKm: b.radiusKm, service: b.service ?? null, onlyOpen, isEmergency: b.isEmergency, position },
    };
  });

  app.post('/api/smart-service/analyze-vehicle', { ...read, schema: { tags, body: analyzeBody } }, async (req) => {
    const b = req.body;
    const { vehicleId, date } = needed(b.vehicleId, b.selectedDate);
    const analysis = await analyzeVehicle(ctx, { ...b, vehicleId, selectedDate: date });
    if (!analysis) throw new HttpError(404, messages.fleetCommands.vehicleNotFound);
    return { success: true, analysis };
  });

  app.get(
    '/api/smart-service/appointments/:vehicleId',
    { ...read, schema: { tags, params: z.strictObject({ vehicleId: id }), querystring: appointmentsQuery } },
    async (req) => {
      if (!(await smartVehicle(opts.sql, req.params.vehicleId))) throw new HttpError(404, messages.fleetCommands.vehicleNotFound);
      return { appointments: await vehicleAppointmentsIn(opts.sql, req.params.vehicleId, req.query, now().date) };
    },
  );
};
