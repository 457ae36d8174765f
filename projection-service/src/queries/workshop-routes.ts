import { messages } from '@dispo/domain/messages';
import { addDays, berlinDate } from '@dispo/domain/shared/berlin-date';
import { VEHICLE_HISTORY_ACTIONS } from '@dispo/domain/vehicle/history-actions';
import type { SqlExecutor } from '@dispo/events/sql/client';
import { readerRoles, requireRoles } from '@dispo/platform/http/auth';
import { HttpError } from '@dispo/platform/http/errors';
import { localDateText, requestText } from '@dispo/platform/http/text-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { appointmentsOf, findAppointment, pendingAppointmentsOf, type SubjectKind } from '../fleet/appointment-view';
import { vehicleHistory } from '../fleet/history-view';
import { trailerHistory } from '../fleet/trailer-history-view';
import { findTrailer } from '../fleet/trailer-view';
import { findVehicle } from '../fleet/vehicle-view';
import { findWorkshop, workshopsFor } from '../fleet/workshop-register';
import { historyPdfFileName, renderHistoryPdf } from '../pdf/render-history-pdf';

const tags = ['Fuhrpark'];
const id = requestText().trim().min(1).max(100);
const idParams = z.strictObject({ id });
const blankIsAbsent = (v: unknown) => (v === '' ? undefined : v);
const localDate = localDateText();
/** fleet.md §4: the trailer history filter lists these action types. */
export const TRAILER_HISTORY_ACTIONS = [
  'MAINTENANCE_SCHEDULED',
  'MAINTENANCE_COMPLETED',
  'STATUS_CHANGED',
  'UPDATED',
  'SETTINGS_CHANGED',
  'ASSIGNMENT_CHANGED',
  'DOCUMENT_ADDED',
  'DOCUMENT_REMOVED',
] as const;
/** fleet.md §9: default history range, the last 3 months to today. */
const DEFAULT_RANGE_DAYS = 91;

const historyQuery = <T extends readonly [string, ...string[]]>(actions: T) =>
  z.strictObject({
    startDate: z.preprocess(blankIsAbsent, localDate.optional()),
    endDate: z.preprocess(blankIsAbsent, localDate.optional()),
    actionType: z.preprocess(blankIsAbsent, z.enum(actions).optional()),
  });

function pdfRange(q: { startDate?: string; endDate?: string }) {
  const endDate = q.endDate ?? berlinDate(new Date());
  return { startDate: q.startDate ?? addDays(endDate, -DEFAULT_RANGE_DAYS), endDate };
}

export interface WorkshopRouteOptions {
  sql: SqlExecutor;
}

/** GET routes of workshop appointments, trailer history and the history PDFs (docs/api/fleet.md). */
export const workshopQueryRoutes: FastifyPluginAsyncZod<WorkshopRouteOptions> = async (app, { sql }) => {
  const read = { onRequest: requireRoles(...readerRoles) };
  const today = () => berlinDate(new Date());
  const subjectOr404 = async (kind: SubjectKind, subjectId: string) => {
    const found = kind === 'vehicle' ? await findVehicle(sql, subjectId) : await findTrailer(sql, subjectId);
    if (!found) throw new HttpError(404, kind === 'vehicle' ? messages.fleetCommands.vehicleNotFound : messages.fleetCommands.trailerNotFound);
    return found;
  };

  for (const [kind, base] of [['vehicle', '/api/vehicles'], ['trailer', '/api/auflieger']] as const) {
    app.get(`${base}/:id/appointments`, { ...read, schema: { tags, params: idParams } }, async (req) => {
      await subjectOr404(kind, req.params.id);
      return appointmentsOf(sql, kind, req.params.id, today());
    });
    app.get(`${base}/:id/appointments/pending`, { ...read, schema: { tags, params: idParams } }, async (req) => {
      await subjectOr404(kind, req.params.id);
      return { appointments: await pendingAppointmentsOf(sql, kind, req.params.id, today()) };
    });
  }

  app.get('/api/appointments/:id', { ...read, schema: { tags, params: idParams } }, async (req) => {
    const appointment = await findAppointment(sql, req.params.id, today());
    if (!appointment) throw new HttpError(404, messages.workshopScreen.appointmentNotFound);
    return { appointment };
  });

  app.get(
    '/api/workshops',
    { ...read, schema: { tags, querystring: z.strictObject({ vehicleId: z.preprocess(blankIsAbsent, id.optional()) }) } },
    async (req) => ({ workshops: await workshopsFor(sql, req.query.vehicleId ?? null) }),
  );

  app.get('/api/workshops/:id', { ...read, schema: { tags, params: idParams } }, async (req) => {
    const workshop = await findWorkshop(sql, req.params.id);
    if (!workshop) throw new HttpError(404, messages.smartServiceScreen.workshopNotFound);
    return { workshop };
  });

  app.get('/api/auflieger/:id/history', { ...read, schema: { tags, params: idParams, querystring: historyQuery(TRAILER_HISTORY_ACTIONS) } }, async (req) => {
    const history = await trailerHistory(sql, req.params.id, req.query);
    if (history.length === 0) await subjectOr404('trailer', req.params.id);
    return { history };
  });

  app.get(
    '/api/auflieger/:id/history/pdf',
    { ...read, schema: { tags, params: idParams, querystring: historyQuery(TRAILER_HISTORY_ACTIONS) } },
    async (req, reply) => {
      const trailer = await subjectOr404('trailer', req.params.id);
      const range = pdfRange(req.query);
      const entries = await trailerHistory(sql, req.params.id, { ...req.query, ...range });
      const plate = 'kennzeichen' in trailer ? trailer.kennzeichen : req.params.id;
      const pdf = await renderHistoryPdf({ kind: 'trailer', plate, ...range, entries }, new Date());
      return sendPdf(reply, pdf, historyPdfFileName({ kind: 'trailer', plate, ...range }));
    },
  );

  app.get(
    '/api/vehicles/:id/history/pdf',
    { ...read, schema: { tags, params: idParams, querystring: historyQuery(VEHICLE_HISTORY_ACTIONS) } },
    async (req, reply) => {
      const vehicle = await subjectOr404('vehicle', req.params.id);
      const range = pdfRange(req.query);
      const entries = await vehicleHistory(sql, req.params.id, { ...req.query, ...range });
      const plate = 'license_plate' in vehicle ? vehicle.license_plate : req.params.id;
      const pdf = await renderHistoryPdf({ kind: 'vehicle', plate, ...range, entries }, new Date());
      return sendPdf(reply, pdf, historyPdfFileName({ kind: 'vehicle', plate, ...range }));
    },
  );
};

export function sendPdf(reply: import('fastify').FastifyReply, pdf: Buffer, fileName: string) {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`)
    .header('cache-control', 'private, no-store')
    .send(pdf);
}
