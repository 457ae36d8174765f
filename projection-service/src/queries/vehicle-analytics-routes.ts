import { berlinDate } from '@dispo/domain/shared/berlin-date';
import { messages } from '@dispo/domain/messages';
import { defaultRange } from '@dispo/domain/vehicle-analytics/index';
import type { SqlExecutor } from '@dispo/events/sql/client';
import { readerRoles, requireRoles } from '@dispo/platform/http/auth';
import { HttpError } from '@dispo/platform/http/errors';
import { localDateText, requestText } from '@dispo/platform/http/text-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  type AnalyticsRange,
  analyticsHistory,
  financialOverview,
  maintenanceCosts,
  tourAnalytics,
  utilization,
} from '../fleet/vehicle-analytics-view';
import { json } from '../fleet/view-values';
import { analyticsPdfFileName, renderVehicleAnalyticsPdf } from '../pdf/render-vehicle-analytics-pdf';
import { sendPdf } from './workshop-routes';

const tags = ['Fuhrpark'];
const s = messages.vehicleAnalyticsScreen;
const blankIsAbsent = (v: unknown) => (v === '' ? undefined : v);
const params = z.strictObject({ vehicleId: requestText().trim().min(1).max(100) });
/** The optional date range of fleet.md §7 (`from`/`to`, or `startDate`/`endDate` as the history service names them). */
const rangeQuery = z.strictObject({
  from: z.preprocess(blankIsAbsent, localDateText().optional()),
  to: z.preprocess(blankIsAbsent, localDateText().optional()),
  startDate: z.preprocess(blankIsAbsent, localDateText().optional()),
  endDate: z.preprocess(blankIsAbsent, localDateText().optional()),
});
/** Longest range asked for: two years. */
const MAX_RANGE_DAYS = 731;

/** §9: default the last 3 months to today; the end not before the start. */
export function analyticsRange(q: z.infer<typeof rangeQuery>, today: string): AnalyticsRange {
  const fallback = defaultRange(today);
  const to = q.to ?? q.endDate ?? fallback.to;
  const from = q.from ?? q.startDate ?? defaultRange(to).from;
  if (to < from) throw new HttpError(400, s.invalidRange);
  if ((Date.parse(to) - Date.parse(from)) / 86_400_000 > MAX_RANGE_DAYS) throw new HttpError(400, s.rangeTooLong);
  return { from, to };
}

/**
 * fleet.md §7 vehicle analytics (issue 14): history, tours, financial, utilization and
 * maintenance-costs of one vehicle over a range, the PDF report of the same figures, and the tariff
 * (admins). Everything from read tables.
 */
export const vehicleAnalyticsQueryRoutes: FastifyPluginAsyncZod<{ sql: SqlExecutor; today?: () => string }> = async (app, { sql, today }) => {
  const read = { onRequest: requireRoles(...readerRoles) };
  const day = today ?? (() => berlinDate(new Date()));
  const base = '/api/vehicle-analytics/:vehicleId';
  const schema = { tags, params, querystring: rangeQuery };
  const vehicleOr404 = async (vehicleId: string) => {
    const { rows } = await sql.query<{ license_plate: string }>('SELECT license_plate FROM read.vehicles WHERE id = $1', [vehicleId]);
    if (!rows[0]) throw new HttpError(404, messages.fleetCommands.vehicleNotFound);
    return rows[0].license_plate;
  };
  const prepare = async (req: { params: { vehicleId: string }; query: z.infer<typeof rangeQuery> }) => {
    const range = analyticsRange(req.query, day());
    const plate = await vehicleOr404(req.params.vehicleId);
    return { range, plate, id: req.params.vehicleId };
  };

  app.get(`${base}/history`, { ...read, schema }, async (req) => {
    const { id, range } = await prepare(req);
    return { history: await analyticsHistory(sql, id, range), range };
  });
  app.get(`${base}/tours`, { ...read, schema }, async (req) => {
    const { id, range } = await prepare(req);
    return { tourAnalytics: await tourAnalytics(sql, id, range), range };
  });
  app.get(`${base}/financial`, { ...read, schema }, async (req) => {
    const { id, range } = await prepare(req);
    return { financial: await financialOverview(sql, id, range), range };
  });
  app.get(`${base}/utilization`, { ...read, schema }, async (req) => {
    const { id, range } = await prepare(req);
    return { utilization: await utilization(sql, id, range), range };
  });
  app.get(`${base}/maintenance-costs`, { ...read, schema }, async (req) => {
    const { id, range } = await prepare(req);
    const breakdown = await maintenanceCosts(sql, id, range);
    return { maintenanceCosts: { total: Math.round(breakdown.reduce((sum, m) => sum + m.amount, 0) * 100) / 100, count: breakdown.length, items: breakdown }, range };
  });
  app.get(`${base}/report.pdf`, { ...read, schema }, async (req, reply) => {
    const { id, range, plate } = await prepare(req);
    const [financial, util, history] = await Promise.all([financialOverview(sql, id, range), utilization(sql, id, range), analyticsHistory(sql, id, range)]);
    const pdf = await renderVehicleAnalyticsPdf({ plate, ...range, financial, utilization: util, historyCount: history.length }, new Date());
    return sendPdf(reply, pdf, analyticsPdfFileName(plate, range.from, range.to));
  });

  app.get('/api/tariff', { onRequest: requireRoles(), schema: { tags: ['Tarif'] } }, async () => readTariff(sql, day()));
};

/** GET /api/tariff: the version valid today and every version, oldest first. */
export async function readTariff(sql: SqlExecutor, today: string) {
  const { rows } = await sql.query('SELECT valid_from, tariff, set_by, set_at FROM read.tariff_versions ORDER BY valid_from');
  const versions = rows.map((r) => ({
    validFrom: String(r.valid_from),
    ...json<Record<string, unknown>>(r.tariff, {}),
    setBy: r.set_by === null ? null : String(r.set_by),
    setAt: r.set_at instanceof Date ? r.set_at.toISOString() : String(r.set_at),
  }));
  const current = [...versions].reverse().find((v) => v.validFrom <= today) ?? null;
  return { tariff: current, versions };
}
