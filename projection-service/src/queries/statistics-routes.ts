import { messages } from '@dispo/domain/messages';
import { addDays } from '@dispo/domain/shared/berlin-date';
import type { SqlExecutor } from '@dispo/events/sql/client';
import { readerRoles, requireRoles } from '@dispo/platform/http/auth';
import { HttpError } from '@dispo/platform/http/errors';
import { localDateText } from '@dispo/platform/http/text-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dailySummary, materialStats, orderMetrics, type Period, vehicleStats } from '../statistics/statistics-queries';

/** A year at most: the modal offers 7, 30 and 90 days; a longer range is a mistake or a load test. */
export const MAX_PERIOD_DAYS = 366;

const period = z.strictObject({ dateFrom: localDateText(), dateTo: localDateText() });
const day = z.strictObject({ date: localDateText() });

/** Both dates are real; the range must run forwards and stay within a year. */
function checked(p: Period): Period {
  if (p.dateFrom > p.dateTo) throw new HttpError(400, messages.statisticsScreen.invalidPeriod);
  if (addDays(p.dateFrom, MAX_PERIOD_DAYS - 1) < p.dateTo) throw new HttpError(400, messages.statisticsScreen.periodTooLong(MAX_PERIOD_DAYS));
  return p;
}

/** GET /api/statistics/* (orders.md §7.5): every reader; each answers `{ data }`. */
export const statisticsRoutes: FastifyPluginAsyncZod<{ sql: SqlExecutor }> = async (app, { sql }) => {
  const read = { onRequest: requireRoles(...readerRoles) };
  const tags = ['Statistik'];
  app.get('/api/statistics/daily-summary', { ...read, schema: { tags, summary: 'Tagesübersicht', querystring: day } }, async (req) => ({
    success: true,
    data: await dailySummary(sql, req.query.date),
  }));
  app.get(
    '/api/statistics/order-metrics',
    { ...read, schema: { tags, summary: 'Auftragskennzahlen', querystring: period } },
    async (req) => ({
      success: true,
      data: await orderMetrics(sql, checked(req.query)),
    }),
  );
  app.get(
    '/api/statistics/material-stats',
    { ...read, schema: { tags, summary: 'Materialstatistik', querystring: period } },
    async (req) => ({
      success: true,
      data: await materialStats(sql, checked(req.query)),
    }),
  );
  app.get(
    '/api/statistics/vehicle-stats',
    { ...read, schema: { tags, summary: 'Fahrzeugstatistik', querystring: period } },
    async (req) => ({
      success: true,
      data: await vehicleStats(sql, checked(req.query)),
    }),
  );
};
