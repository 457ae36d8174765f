import { messages } from '@dispo/domain/messages';
import type { SqlExecutor } from '@dispo/events/sql/client';
import { readerRoles, requireRoles } from '@dispo/platform/http/auth';
import { HttpError } from '@dispo/platform/http/errors';
import { requestText } from '@dispo/platform/http/text-schemas';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fullName, pdfFileName } from '../pdf/format';
import { loadOrderDocument, type OrderDocument } from '../pdf/order-document';
import { renderOrderPdf } from '../pdf/render-order-pdf';

const params = z.strictObject({ id: requestText().min(1).max(100) });

/**
 * GET /api/orders/:id/pdf and GET /api/orders/:id/storno-pdf (orders.md §7.2, §2.9, §4.4): the
 * transport order, and its cancellation that the client downloads before it removes the order.
 */
export const orderPdfRoutes: FastifyPluginAsyncZod<{ sql: SqlExecutor }> = async (app, { sql }) => {
  const read = { onRequest: requireRoles(...readerRoles) };

  async function load(id: string): Promise<OrderDocument> {
    const order = await loadOrderDocument(sql, id);
    if (!order) throw new HttpError(404, messages.order.notFound);
    return order;
  }

  function sendPdf(reply: FastifyReply, fileName: string, pdf: Buffer) {
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      // The document names people and addresses: no shared cache keeps it.
      .header('cache-control', 'private, no-store')
      .send(pdf);
  }

  app.get(
    '/api/orders/:id/pdf',
    { ...read, schema: { tags: ['Aufträge'], summary: 'Auftrags-PDF', params } },
    async (req, reply) => {
      const order = await load(req.params.id);
      const pdf = await renderOrderPdf(order, { storno: false, now: new Date() });
      return sendPdf(reply, pdfFileName('order', order.orderNumber), pdf);
    },
  );

  app.get(
    '/api/orders/:id/storno-pdf',
    { ...read, schema: { tags: ['Aufträge'], summary: 'Storno-PDF', params } },
    async (req, reply) => {
      const order = await load(req.params.id);
      const cancelledBy = fullName(req.user.firstName, req.user.lastName);
      const pdf = await renderOrderPdf(order, { storno: true, cancelledBy, now: new Date() });
      return sendPdf(reply, pdfFileName('storno', order.orderNumber), pdf);
    },
  );
};
