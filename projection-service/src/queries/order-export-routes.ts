import { PassThrough } from 'node:stream';
import { messages } from '@dispo/domain/messages';
import type { SqlExecutor } from '@dispo/events/sql/client';
import { readerRoles, requireRoles } from '@dispo/platform/http/auth';
import { HttpError } from '@dispo/platform/http/errors';
import { localDateText, requestText } from '@dispo/platform/http/text-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { countExport, exportCsv, exportFileName, exportRows, plantName, writeExportXlsx } from '../export/order-export';

const blankIsAbsent = (v: unknown) => (v === '' ? undefined : v);
const query = z.strictObject({
  date: localDateText(),
  plantId: z.preprocess(blankIsAbsent, requestText().trim().min(1).max(100).optional()),
  preview: z.enum(['true', 'false']).optional(),
  format: z.enum(['excel', 'csv']).default('excel'),
});

/** RFC 6266: an ASCII name for old clients and the exact UTF-8 one (plant names have umlauts). */
function attachment(name: string): string {
  const ascii = name.normalize('NFKD').replace(/[^\x20-\x7e]/g, '').replace(/"/g, '');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * GET /api/orders/export (orders.md §7.2, §2.11): the orders of a delivery day, of one loading plant
 * or all; `preview=true` answers their count, else the file (xlsx, or CSV when asked).
 */
export const orderExportRoutes: FastifyPluginAsyncZod<{ sql: SqlExecutor }> = async (app, { sql }) => {
  app.get(
    '/api/orders/export',
    { onRequest: requireRoles(...readerRoles), schema: { tags: ['Aufträge'], summary: 'Excel-Export eines Liefertags', querystring: query } },
    async (req, reply) => {
      const filter = { date: req.query.date, ...(req.query.plantId ? { plantId: req.query.plantId } : {}) };
      if (req.query.preview === 'true') return { success: true, count: await countExport(sql, filter) };
      const plant = filter.plantId ? await plantName(sql, filter.plantId) : null;
      if (filter.plantId && plant === null) throw new HttpError(404, messages.masterData.plantNotFound);
      const rows = await exportRows(sql, filter);
      reply.header('cache-control', 'private, no-store');
      if (req.query.format === 'csv') {
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', attachment(exportFileName(filter.date, plant, 'csv')))
          .send(exportCsv(rows));
      }
      const stream = new PassThrough();
      reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', attachment(exportFileName(filter.date, plant, 'xlsx')));
      void writeExportXlsx(rows, stream).catch((error: unknown) => stream.destroy(error as Error));
      return reply.send(stream);
    },
  );
};
