import { messages } from '@dispo/domain/messages';
import type { SqlExecutor } from '@dispo/events/sql/client';
import { readerRoles, requireRoles } from '@dispo/platform/http/auth';
import { HttpError } from '@dispo/platform/http/errors';
import { localDateText, requestText } from '@dispo/platform/http/text-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type BillingTariff, billingOrderById, billingStats, confirmedBillings, pendingBillings } from '../billing/billing-queries';
import { billingRecord, billingRecordCsv } from '../billing/billing-record';

const blankIsAbsent = (v: unknown) => (v === '' ? undefined : v);
const filterQuery = {
  plantId: z.preprocess(blankIsAbsent, requestText().trim().min(1).max(100).optional()),
  startDate: z.preprocess(blankIsAbsent, localDateText().optional()),
  endDate: z.preprocess(blankIsAbsent, localDateText().optional()),
};
/** orders.md §9: the order list loads confirmed billings with limit 1000. */
const CONFIRMED_LIMIT_MAX = 1000;

/** Billing reads (orders.md §7.3, docs/api/orders.md "Billing"): everyone who reads orders reads these. */
export const billingQueryRoutes: FastifyPluginAsyncZod<{ sql: SqlExecutor; tariff: BillingTariff }> = async (app, { sql, tariff }) => {
  const read = { onRequest: requireRoles(...readerRoles) };
  const tags = ['Abrechnung'];

  app.get('/api/billing/pending', { ...read, schema: { tags, querystring: z.strictObject(filterQuery) } }, async (req) => {
    const orders = await pendingBillings(sql, tariff, req.query);
    return { success: true, orders, total: orders.length };
  });

  app.get(
    '/api/billing/confirmed',
    {
      ...read,
      schema: {
        tags,
        querystring: z.strictObject({
          ...filterQuery,
          page: z.coerce.number().int().min(1).default(1),
          limit: z.coerce.number().int().min(1).max(CONFIRMED_LIMIT_MAX).default(50),
        }),
      },
    },
    async (req) => {
      const { orders, total } = await confirmedBillings(sql, tariff, req.query);
      return { success: true, orders, total, page: req.query.page, limit: req.query.limit };
    },
  );

  app.get('/api/billing/stats', { ...read, schema: { tags, querystring: z.strictObject(filterQuery) } }, async (req) => ({
    success: true,
    stats: await billingStats(sql, tariff, req.query),
  }));

  app.get(
    '/api/billing/export/:id',
    {
      ...read,
      schema: {
        tags,
        params: z.strictObject({ id: requestText().trim().min(1).max(100) }),
        querystring: z.strictObject({ format: z.enum(['json', 'csv']).default('json') }),
      },
    },
    async (req, reply) => {
      const order = await billingOrderById(sql, tariff, req.params.id);
      if (!order) throw new HttpError(404, messages.order.notFound);
      const record = billingRecord(order);
      const name = messages.billingExport.fileName(record.orderNumber);
      reply.header('cache-control', 'private, no-store');
      if (req.query.format === 'json') {
        reply.header('content-disposition', `attachment; filename="${name}.json"`);
        return record;
      }
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}.csv"`)
        .send(billingRecordCsv(record));
    },
  );
};
