import { messages } from '@dispo/domain/messages';
import { CAPACITY_DEFAULT_WINDOW } from '@dispo/domain/quick-order/index';
import { isBefore, isClockTime } from '@dispo/domain/shared/index';
import type { SqlExecutor } from '@dispo/events/sql/client';
import { readerRoles, requireRoles } from '@dispo/platform/http/auth';
import { HttpError } from '@dispo/platform/http/errors';
import { localDateText, requestText } from '@dispo/platform/http/text-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { capacityAnalysis } from '../quick-order/capacity-data';
import { lastQuickOrder, routeMaterialHistory } from '../quick-order/route-history';

const id = requestText().trim().min(1).max(100);
const date = localDateText();
const time = requestText().refine(isClockTime, messages.validation.invalidTime);
const blankIsAbsent = (v: unknown) => (v === '' || v === null ? undefined : v);

/**
 * What the quick-order wizard reads (docs/api/order-intake-tools.md): the route material history
 * (§7.1), the last quick order of a plant (§7.2) and the capacity analysis (§7.5). Every role reads.
 */
export const quickOrderQueryRoutes: FastifyPluginAsyncZod<{ sql: SqlExecutor; now?: () => Date }> = async (
  app,
  { sql, now = () => new Date() },
) => {
  const read = { onRequest: requireRoles(...readerRoles) };

  app.get(
    '/api/plants/:id/material-history',
    {
      ...read,
      schema: {
        tags: ['Schnellauftrag'],
        params: z.strictObject({ id }),
        querystring: z.strictObject({ deliveryPlantId: z.preprocess(blankIsAbsent, id.optional()) }),
      },
    },
    async (req) => ({
      success: true,
      history: { materials: await routeMaterialHistory(sql, req.params.id, req.query.deliveryPlantId, now()) },
    }),
  );

  app.get(
    '/api/orders/last-quick-order/:plantId',
    { ...read, schema: { tags: ['Schnellauftrag'], params: z.strictObject({ plantId: id }) } },
    async (req) => ({
      success: true,
      order: await lastQuickOrder(sql, req.params.plantId),
    }),
  );

  app.get(
    '/api/capacity-analysis/quick-check/:date',
    {
      ...read,
      schema: {
        tags: ['Schnellauftrag'],
        params: z.strictObject({ date }),
        querystring: z.strictObject({ plantId: z.preprocess(blankIsAbsent, id.optional()) }),
      },
    },
    async (req) => {
      const analysis = await analyze(sql, {
        date: req.params.date,
        timeFrom: CAPACITY_DEFAULT_WINDOW.from,
        timeTo: CAPACITY_DEFAULT_WINDOW.to,
        plantId: req.query.plantId ?? null,
      });
      return {
        success: true,
        data: { date: req.params.date, timeFrom: CAPACITY_DEFAULT_WINDOW.from, timeTo: CAPACITY_DEFAULT_WINDOW.to, ...analysis },
      };
    },
  );
};

async function analyze(sql: SqlExecutor, q: { date: string; timeFrom: string; timeTo: string; plantId: string | null }) {
  if (!isBefore(q.timeFrom, q.timeTo)) throw new HttpError(400, messages.intakeTools.invalidWindow);
  return capacityAnalysis(sql, q);
}

/**
 * POST /api/capacity-analysis/analyze reads only, but is a POST (§7.5): the proxy sends every POST to
 * a command-service, so that half registers it (it reads the same read tables, as /orders/parse does).
 */
export const capacityAnalyzeRoute: FastifyPluginAsyncZod<{ sql: SqlExecutor }> = async (app, { sql }) => {
  const read = { onRequest: requireRoles(...readerRoles) };
  app.post(
    '/api/capacity-analysis/analyze',
    {
      ...read,
      schema: {
        tags: ['Schnellauftrag'],
        body: z.strictObject({
          date,
          timeFrom: time.default(CAPACITY_DEFAULT_WINDOW.from),
          timeTo: time.default(CAPACITY_DEFAULT_WINDOW.to),
          plantId: id.nullable().optional(),
        }),
      },
    },
    async (req) => {
      const analysis = await analyze(sql, { ...req.body, plantId: req.body.plantId ?? null });
      return { success: true, analysis };
    },
  );
};
