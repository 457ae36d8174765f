import { messages } from '@dispo/domain/messages';
import type { financialOverview, utilization } from '../fleet/vehicle-analytics-view';
import { formatDateTimeDe, formatEuroDe, formatIsoDateDe, formatKm, formatNumberDe } from './format';
import { COLOR, contentWidth, ensureSpace, FONT, FONT_BOLD, left, letterhead, pageFooters, pdfText, renderPdf, SIZE } from './layout';
import { drawTable } from './table';

const a = messages.vehicleAnalytics;
const s = messages.vehicleAnalyticsScreen;

export interface VehicleAnalyticsPdf {
  plate: string;
  from: string;
  to: string;
  financial: Awaited<ReturnType<typeof financialOverview>>;
  utilization: Awaited<ReturnType<typeof utilization>>;
  historyCount: number;
}

const percent = (n: number | null) => (n === null ? '–' : `${formatNumberDe(n)} %`);

/** `Fahrzeug-Analytics_IZ-MS_101_2026-08-26_2026-11-26.pdf` */
export function analyticsPdfFileName(plate: string, from: string, to: string): string {
  return `Fahrzeug-Analytics_${plate.replace(/[^A-Za-z0-9ÄÖÜäöü-]+/g, '_')}_${from}_${to}.pdf`;
}

/**
 * The figures of the 'Fahrzeug Analytics' dialog for a range as a PDF (issue 14: the real report
 * instead of console output): financial overview, utilisation with rating, efficiency and
 * recommendations, the tours per day and the maintenance costs.
 */
export function renderVehicleAnalyticsPdf(r: VehicleAnalyticsPdf, now: Date): Promise<Buffer> {
  const title = s.pdfTitle(r.plate);
  const range = s.range(formatIsoDateDe(r.from), formatIsoDateDe(r.to));
  const f = r.financial;
  const u = r.utilization;
  return renderPdf({ title, subject: `${title} · ${range}`, now }, (doc) => {
    const x = left(doc);
    const width = contentWidth(doc);
    let y = letterhead(doc, title);
    doc.font(FONT).fontSize(SIZE.body).fillColor(COLOR.muted).text(pdfText(`${range} · ${s.pdfCreated(formatDateTimeDe(now))}`), x, y - 6, { width });
    y += 16;
    const heading = (text: string) => {
      y = ensureSpace(doc, y, 60);
      doc.font(FONT_BOLD).fontSize(SIZE.heading).fillColor(COLOR.accent).text(pdfText(text), x, y, { width });
      y = doc.y + 6;
    };
    const table = (header: [string, number][], rows: string[][]) => {
      y = drawTable(doc, header.map(([h, weight]) => ({ header: h, weight })), rows, x, y, width) + 12;
    };
    const line = (text: string) => {
      y = ensureSpace(doc, y, 16);
      doc.font(FONT).fontSize(SIZE.body).fillColor(COLOR.text).text(pdfText(text), x, y, { width });
      y = doc.y + 4;
    };

    heading(a.tabs.financial);
    if (f.completedTours === 0 && f.maintenanceBreakdown.length === 0) line(a.noFinancialData);
    else {
      table(
        [
          [s.totalRevenue, 1],
          [s.maintenanceCosts, 1],
          [s.runningCosts, 1],
          [s.netProfit, 1],
          [s.profitMargin, 1],
        ],
        [
          [
            formatEuroDe(f.totalRevenue),
            formatEuroDe(f.totalMaintenanceCosts),
            formatEuroDe(f.totalRunningCosts),
            formatEuroDe(f.netProfit),
            f.marginBand ? `${percent(f.profitMargin)} (${a.marginBands[f.marginBand]})` : '–',
          ],
        ],
      );
      if (f.assessment) line(s.assessment[f.assessment]);
      if (f.maintenanceShareBand) line(`${s.maintenanceShare}: ${percent(f.maintenanceShare)} (${s.maintenanceShareBands[f.maintenanceShareBand]})`);
      if (f.toursWithoutRevenue > 0) line(a.noRevenue);
    }

    heading(a.tabs.utilization);
    if (u.activeDays === 0) line(a.noUtilizationData);
    else {
      table(
        [
          [s.utilizationRate, 1],
          [s.activeDays, 1],
          [s.averageOrdersPerDay, 1],
          [s.averageDistancePerDay, 1],
          [s.efficiency, 1],
        ],
        [
          [
            `${percent(u.utilizationRate)} (${a.utilizationRatings[u.rating]})`,
            `${u.activeDays} / ${u.totalDays}`,
            formatNumberDe(u.averageOrdersPerDay),
            formatKm(u.averageDistancePerDay),
            `${formatNumberDe(u.efficiencyScore)} (${s.grade} ${u.efficiencyGrade})`,
          ],
        ],
      );
      line(`${s.trends}: ${s.trendUtilization(u.trends.utilization)} · ${s.trendOrders(u.trends.orders)} · ${s.trendDistance(u.trends.distance)}`);
      line(`${s.recommendationsTitle}:`);
      for (const rec of u.recommendations) line(`• ${s.recommendations[rec]}`);
      if (u.recommendations.length === 0) line(`• ${s.recommendations.none}`);
    }

    heading(a.tabs.tours);
    if (f.tourAnalytics.length === 0) line(a.noTours);
    else
      table(
        [
          [s.day, 1],
          [s.tours, 0.7],
          [s.orders, 0.7],
          [s.distance, 1],
          [s.revenue, 1.2],
        ],
        f.tourAnalytics.map((d) => [formatIsoDateDe(d.date), String(d.tourCount), String(d.orderCount), `${formatKm(d.totalDistance)} km`, formatEuroDe(d.totalRevenue)]),
      );

    heading(s.maintenanceBreakdown);
    if (f.maintenanceBreakdown.length === 0) line(s.noMaintenance);
    else
      table(
        [
          [s.day, 1],
          [s.entryType, 1],
          [messages.workshopScreen.pdfColumns.description, 2],
          [s.maintenanceCosts, 1],
        ],
        f.maintenanceBreakdown.map((m) => [formatIsoDateDe(m.date), m.type, [m.workshop, m.notes].filter(Boolean).join(' · '), formatEuroDe(m.amount)]),
      );
    line(`${a.tabs.history}: ${r.historyCount}`);
    pageFooters(doc, `${messages.orderPdf.company.name} · ${title} · ${range}`);
  });
}
