import { messages } from '@dispo/domain/messages';
import { ORDER_PRIORITIES, ORDER_STATUSES, TRANSPORT_TYPES } from '@dispo/events/catalog/index';
import type { SqlExecutor } from '@dispo/events/sql/client';
import { readerRoles, requireRoles } from '@dispo/platform/http/auth';
import { HttpError } from '@dispo/platform/http/errors';
import { localDateText, requestText } from '@dispo/platform/http/text-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listOrders, ORDER_SEARCH_FIELDS, orderSortColumns, suggestOrders } from '../orders/order-list';
import { findOrder } from '../orders/order-view';

const id = requestText().trim().max(100);
/** Query strings carry text: 'true'/'1' are true, 'false'/'0'/'' false. */
const flag = z.enum(['true', 'false', '1', '0', '']).transform((v) => v === 'true' || v === '1');
const blankIsAbsent = (v: unknown) => (v === '' ? undefined : v);

export const orderListQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(500).default(50),
  sort_by: z.preprocess(blankIsAbsent, z.enum(Object.keys(orderSortColumns) as [keyof typeof orderSortColumns, ...(keyof typeof orderSortColumns)[]]).optional()),
  sort_order: z.enum(['asc', 'desc']).default('asc'),
  search: requestText().max(200).optional(),
  searchField: z.preprocess(blankIsAbsent, z.enum(ORDER_SEARCH_FIELDS).optional()),
  plant: z.preprocess(blankIsAbsent, id.optional()),
  loadingPoint: z.preprocess(blankIsAbsent, id.optional()),
  status: z.preprocess(blankIsAbsent, z.enum([...ORDER_STATUSES, 'all']).optional()),
  material: z.preprocess(blankIsAbsent, id.optional()),
  priority: z.preprocess(blankIsAbsent, z.enum(ORDER_PRIORITIES).optional()),
  dateFrom: z.preprocess(blankIsAbsent, localDateText().optional()),
  dateTo: z.preprocess(blankIsAbsent, localDateText().optional()),
  transportType: z.preprocess(blankIsAbsent, z.enum(TRANSPORT_TYPES).optional()),
  minQuantity: z.preprocess(blankIsAbsent, z.coerce.number().finite().min(0).optional()),
  pumpRequired: flag.optional(),
  craneRequired: flag.optional(),
  createdFrom: z.preprocess(blankIsAbsent, localDateText().optional()),
  hideSettled: flag.optional(),
});

/** GET /api/orders (filters, paging, sorting), suggestions for the search box, and GET /api/orders/:id. */
export const orderRoutes: FastifyPluginAsyncZod<{ sql: SqlExecutor }> = async (app, { sql }) => {
  const read = { onRequest: requireRoles(...readerRoles) };

  app.get('/api/orders', { ...read, schema: { tags: ['Aufträge'], querystring: orderListQuerySchema } }, async (req) => {
    const { page, limit, sort_by, sort_order, ...filters } = req.query;
    return listOrders(sql, { ...filters, page, limit, sortBy: sort_by, sortOrder: sort_order });
  });

  app.get(
    '/api/orders/suggestions',
    { ...read, schema: { tags: ['Aufträge'], querystring: z.strictObject({ q: requestText().max(200).default('') }) } },
    async (req) => ({ suggestions: await suggestOrders(sql, req.query.q) }),
  );

  app.get(
    '/api/orders/:id',
    { ...read, schema: { tags: ['Aufträge'], params: z.strictObject({ id: requestText().min(1).max(100) }) } },
    async (req) => {
      const order = await findOrder(sql, req.params.id);
      if (!order) throw new HttpError(404, messages.order.notFound);
      return { order };
    },
  );
};
