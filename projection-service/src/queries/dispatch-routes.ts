import { messages } from '@dispo/domain/messages';
import type { SqlExecutor } from '@dispo/events/sql/client';
import { readerRoles, requireRoles } from '@dispo/platform/http/auth';
import { HttpError } from '@dispo/platform/http/errors';
import { localDateText, requestText } from '@dispo/platform/http/text-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dispatchStats, dispoDay, openOrders, tours, type VehicleLookup } from '../dispatch/dispatch-views';

const date = localDateText();
/**
 * Open orders per answer: a busy day of the Disposition fits in one (the client pages through more),
 * and no answer grows with the whole backlog (9,915 open orders were 8.8 MB).
 */
export const OPEN_ORDERS_PAGE = 1000;
/** A range of at most a quarter keeps the stats query small. */
const MAX_STATS_DAYS = 92;

export interface DispatchQueryOptions {
  sql: SqlExecutor;
  vehicles: VehicleLookup;
  /** Vehicles released for dispatch with their tours of the day (dispatch.md §3 "Vehicle"). */
  dispatchVehicles(date: string): Promise<unknown[]>;
  today(): string;
}

/** Disposition reads (docs/api/disposition.md). */
export const dispatchQueryRoutes: FastifyPluginAsyncZod<DispatchQueryOptions> = async (app, opts) => {
  const read = { onRequest: requireRoles(...readerRoles) };
  const tags = ['Disposition'];

  app.get('/api/disposition/vehicles', { ...read, schema: { tags, querystring: z.strictObject({ date: date.optional() }) } }, async (req) => ({
    vehicles: await opts.dispatchVehicles(req.query.date ?? opts.today()),
  }));

  const openOrdersQuery = z.strictObject({
    date: date.optional(),
    offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
    limit: z.coerce.number().int().min(1).max(OPEN_ORDERS_PAGE).default(OPEN_ORDERS_PAGE),
  });
  app.get('/api/disposition/orders/open', { ...read, schema: { tags, querystring: openOrdersQuery } }, async (req) => {
    const page = await openOrders(opts.sql, req.query);
    return { orders: page.orders, next_offset: page.nextOffset };
  });

  app.get('/api/disposition/tours/:date', { ...read, schema: { tags, params: z.strictObject({ date }) } }, async (req) => ({
    tours: await tours(opts.sql, { date: req.params.date }, opts.vehicles),
  }));

  app.get(
    '/api/disposition/tours/details/:id',
    { ...read, schema: { tags, params: z.strictObject({ id: requestText().trim().min(1).max(100) }) } },
    async (req) => {
      const [tour] = await tours(opts.sql, { id: req.params.id }, opts.vehicles);
      if (!tour) throw new HttpError(404, messages.dispatch.tourNotFound);
      return { tour };
    },
  );

  app.get('/api/disposition/day/:date', { ...read, schema: { tags, params: z.strictObject({ date }) } }, async (req) => ({
    day: await dispoDay(opts.sql, req.params.date),
  }));

  app.get(
    '/api/disposition/stats',
    { ...read, schema: { tags, querystring: z.strictObject({ date: date.optional(), dateFrom: date.optional(), dateTo: date.optional() }) } },
    async (req) => {
      const from = req.query.dateFrom ?? req.query.date ?? opts.today();
      const to = req.query.dateTo ?? req.query.date ?? from;
      const days = (Date.parse(to) - Date.parse(from)) / 86_400_000;
      if (!(days >= 0 && days < MAX_STATS_DAYS)) throw new HttpError(400, messages.validation.invalidDate);
      return { stats: await dispatchStats(opts.sql, from, to) };
    },
  );
};
