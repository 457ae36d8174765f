import { messages } from '@dispo/domain/messages';
import { clockOf, tourSpan } from '@dispo/domain/tour/clock';
import { formatDateTimeDe, formatIsoDateDe, formatLongDateDe, formatNumberDe, formatQuantity, formatWeight, labelOf } from './format';
import {
  COLOR,
  contentWidth,
  type Doc,
  factCells,
  FONT,
  left,
  letterhead,
  pageFooters,
  pdfText,
  renderPdf,
  sectionTitle,
  SIZE,
} from './layout';
import { type Column, columnWidths, drawTable, measureHeader, measureRow } from './table';
import type { TourPlan, TourPlanStop, TourPlanTour } from './tour-plan-document';

const t = messages.tourPlan;

export interface TourPlanRenderOptions {
  /** The time of printing ("Stand: …" and the PDF's creation date). */
  now: Date;
}

/** `Tourenplan_2026-11-23.pdf` (the date is checked as YYYY-MM-DD before it gets here). */
export function tourPlanFileName(date: string): string {
  return `${t.fileName}_${date.replace(/[^0-9-]/g, '_')}.pdf`;
}

const COLUMNS: Column[] = [
  { header: t.columns.sequence, weight: 24, align: 'right' },
  { header: t.columns.arrival, weight: 54 },
  { header: t.columns.orderNumber, weight: 76, bold: true },
  { header: t.columns.loading, weight: 112 },
  { header: t.columns.delivery, weight: 96 },
  { header: t.columns.material, weight: 86 },
  { header: t.columns.quantity, weight: 62, align: 'right' },
  { header: t.columns.customer, weight: 96 },
  { header: t.columns.notes, weight: 136 },
];

const dash = messages.orderTable.notSet;

function stopCells(s: TourPlanStop): string[] {
  return [
    `${s.sequenceNumber}`,
    messages.orderPdf.timeFixed(s.estimatedArrival),
    s.orderNumber,
    [s.loadingPlant ?? dash, s.loadingPoint].filter(Boolean).join('\n'),
    s.deliveryPlant ?? dash,
    s.material ?? dash,
    formatQuantity(s.quantity, s.unit),
    s.customer ?? dash,
    s.notes ?? '',
  ];
}

/** 'HH-AB 123', or the vehicle id while the fleet does not know the plate yet. */
function vehicleName(tour: TourPlanTour): string {
  return tour.licensePlate ?? t.vehicleWithoutPlate(tour.vehicleId);
}

function tourFacts(tour: TourPlanTour): string {
  // Without end the tour lasts one hour (dispatch.md §9).
  const end = tour.endTime ? messages.orderPdf.timeFixed(tour.endTime) : t.endEstimated(clockOf(tourSpan(tour.startTime, null)[1]));
  const tons = tour.stops.reduce((sum, s) => sum + (s.tons ?? 0), 0);
  return [
    `${t.vehicle}: ${vehicleName(tour)}`,
    `${t.start}: ${messages.orderPdf.timeFixed(tour.startTime)}`,
    `${t.end}: ${end}`,
    `${t.status}: ${labelOf(messages.dispatch.tourStatus, tour.status)}`,
    `${t.orders}: ${tour.stops.length}`,
    `${t.tons}: ${formatWeight(Math.round(tons * 1000) / 1000) ?? dash}`,
  ].join('   ·   ');
}

/** One tour: its heading, a line of facts and the table of its orders. */
function drawTour(doc: Doc, tour: TourPlanTour, y: number): number {
  const x = left(doc);
  const width = contentWidth(doc);
  const facts = pdfText(tourFacts(tour));
  doc.font(FONT).fontSize(SIZE.body);
  const factsHeight = doc.heightOfString(facts, { width }) + 6;
  const widths = columnWidths(COLUMNS, width);
  const first = tour.stops[0];
  const firstRow = first ? measureHeader(doc, COLUMNS, widths) + Math.min(measureRow(doc, COLUMNS, widths, stopCells(first)), 60) : 14;
  // Keep the heading with its facts and the first order.
  y = sectionTitle(doc, `${t.tour(tour.tourNumber)} – ${vehicleName(tour)}`, y, factsHeight + firstRow);
  doc.font(FONT).fontSize(SIZE.body).fillColor(COLOR.text).text(facts, x, y, { width });
  y += factsHeight;
  if (tour.stops.length === 0) {
    doc.font(FONT).fontSize(SIZE.body).fillColor(COLOR.muted).text(pdfText(t.noOrders), x, y, { width });
    return doc.y + 16;
  }
  return drawTable(doc, COLUMNS, tour.stops.map(stopCells), x, y, width) + 18;
}

/**
 * The tour plan of one day (dispatch.md §4, §9) as a PDF, A4 landscape: a summary band, then each
 * tour sorted by licence plate with its orders in sequence; "Keine Touren geplant." on a day without.
 */
export function renderTourPlanPdf(plan: TourPlan, options: TourPlanRenderOptions): Promise<Buffer> {
  const title = t.title(formatLongDateDe(plan.date));
  return renderPdf({ title, subject: t.title(formatIsoDateDe(plan.date)), now: options.now, layout: 'landscape' }, (doc) => {
    let y = letterhead(doc, title);
    doc
      .font(FONT)
      .fontSize(SIZE.small)
      .fillColor(COLOR.muted)
      .text(pdfText(t.printedAt(formatDateTimeDe(options.now))), left(doc), y - 8, { width: contentWidth(doc), lineBreak: false });
    y += 8;
    if (plan.tours.length === 0) {
      doc
        .font(FONT)
        .fontSize(12)
        .fillColor(COLOR.text)
        .text(pdfText(t.empty), left(doc), y + 10, { width: contentWidth(doc) });
    } else {
      y = factCells(
        doc,
        [
          [t.tours, formatNumberDe(plan.totals.tours)],
          [t.vehicles, formatNumberDe(plan.totals.vehicles)],
          [t.orders, formatNumberDe(plan.totals.orders)],
          [t.tons, formatWeight(plan.totals.tons) ?? dash],
        ],
        y,
      );
      if (plan.tours.some((tour) => tour.status === 'cancelled')) {
        doc
          .font(FONT)
          .fontSize(SIZE.small)
          .fillColor(COLOR.muted)
          .text(pdfText(t.cancelledNotCounted), left(doc), y - 8, { width: contentWidth(doc) });
        y += 6;
      }
      for (const tour of plan.tours) y = drawTour(doc, tour, y);
    }
    pageFooters(doc, `${messages.orderPdf.company.name} · ${t.title(formatIsoDateDe(plan.date))}`);
  });
}
