import { messages } from '@dispo/domain/messages';
import { VEHICLE_HISTORY_ACTIONS } from '@dispo/domain/vehicle/history-actions';
import type { SqlExecutor } from '@dispo/events/sql/client';
import { readerRoles, requireRoles } from '@dispo/platform/http/auth';
import { HttpError } from '@dispo/platform/http/errors';
import { localDateText, requestText } from '@dispo/platform/http/text-schemas';
import { blobStore } from '@dispo/platform/storage/blob-store';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { berlinDate } from '@dispo/domain/shared/berlin-date';
import { vehicleLiveTours } from '../dispatch/dispatch-views';
import { findDocumentFile, listDocuments } from '../fleet/document-view';
import { listFuelCards } from '../fleet/fuel-card-view';
import { vehicleHistory } from '../fleet/history-view';
import { listTrailers } from '../fleet/trailer-view';
import { userView } from '../fleet/user-view';
import { findVehicle, listVehicles } from '../fleet/vehicle-view';

const tags = ['Fuhrpark'];
const id = requestText().trim().min(1).max(100);
const idParams = z.strictObject({ id });
const blankIsAbsent = (v: unknown) => (v === '' ? undefined : v);
const localDate = localDateText();
/** fleet.md §2: the driver search starts at 2 characters. */
const MIN_SEARCH_LENGTH = 2;

/** `filename*` of RFC 6266 for any name, and an ASCII fallback for old clients. */
function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** GET routes of fleet.md §7 (vehicles, trailers, fuel cards, driver search) and of the documents and history. */
export const fleetRoutes: FastifyPluginAsyncZod<{ sql: SqlExecutor }> = async (app, { sql }) => {
  const read = { onRequest: requireRoles(...readerRoles) };
  const blobs = blobStore(sql);
  const vehicleOr404 = async (vehicleId: string) => {
    const vehicle = await findVehicle(sql, vehicleId);
    if (!vehicle) throw new HttpError(404, messages.fleetCommands.vehicleNotFound);
    return vehicle;
  };

  app.get('/api/vehicles', { ...read, schema: { tags } }, async () => ({ vehicles: await listVehicles(sql) }));

  app.get(
    '/api/vehicles/search/users',
    {
      ...read,
      schema: {
        tags,
        querystring: z.strictObject({ q: requestText().max(200).default(''), limit: z.coerce.number().int().min(1).max(50).default(20) }),
      },
    },
    async (req) => {
      const term = req.query.q.trim().toLowerCase();
      if (term.length < MIN_SEARCH_LENGTH) return { users: [] };
      const { rows } = await sql.query<{ id: string; first_name: string; last_name: string; email: string; roles: string[] }>(
        `SELECT id, first_name, last_name, email, roles FROM read.users
         WHERE strpos(lower(first_name || ' ' || last_name), $1) > 0 OR strpos(lower(last_name || ' ' || first_name), $1) > 0
            OR strpos(lower(username), $1) > 0 OR strpos(lower(email), $1) > 0
         ORDER BY last_name, first_name LIMIT $2`,
        [term, req.query.limit],
      );
      return { users: rows.map(userView) };
    },
  );

  app.get('/api/vehicles/:id', { ...read, schema: { tags, params: idParams } }, async (req) => ({
    vehicle: await vehicleOr404(req.params.id),
  }));

  // Issue 31: the delete dialog names these tours and offers no delete while there are any.
  app.get('/api/vehicles/:id/live-tours', { ...read, schema: { tags, params: idParams } }, async (req) => {
    await vehicleOr404(req.params.id);
    return { tours: await vehicleLiveTours(sql, req.params.id, berlinDate(new Date())) };
  });

  app.get(
    '/api/vehicles/:id/history',
    {
      ...read,
      schema: {
        tags,
        params: idParams,
        querystring: z.strictObject({
          startDate: z.preprocess(blankIsAbsent, localDate.optional()),
          endDate: z.preprocess(blankIsAbsent, localDate.optional()),
          actionType: z.preprocess(blankIsAbsent, z.enum(VEHICLE_HISTORY_ACTIONS).optional()),
        }),
      },
    },
    async (req) => {
      const history = await vehicleHistory(sql, req.params.id, req.query);
      // A deleted vehicle keeps its history; only an id that never had one is unknown.
      if (history.length === 0) await vehicleOr404(req.params.id);
      return { history };
    },
  );

  app.get('/api/vehicles/:id/documents', { ...read, schema: { tags, params: idParams } }, async (req) => {
    await vehicleOr404(req.params.id);
    return { documents: await listDocuments(sql, req.params.id) };
  });

  app.get(
    '/api/vehicles/:id/documents/:documentId/download',
    { ...read, schema: { tags, params: z.strictObject({ id, documentId: id }) } },
    async (req, reply) => {
      const file = await findDocumentFile(sql, req.params.id, req.params.documentId);
      const blob = file ? await blobs.get(file.sha256) : null;
      if (!file || !blob) throw new HttpError(404, messages.fleetCommands.documentNotFound);
      const { document } = file;
      return reply
        .header('content-type', blob.contentType)
        .header('content-length', String(blob.sizeBytes))
        .header('content-disposition', contentDisposition(document.name))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(blob.content);
    },
  );

  app.get('/api/auflieger', { ...read, schema: { tags } }, async () => ({ auflieger: await listTrailers(sql) }));

  app.get('/api/fuel-cards', { ...read, schema: { tags } }, async () => ({ fuel_cards: await listFuelCards(sql) }));
};
