import { messages } from '@dispo/domain/messages';
import { formatDateTimeDe, formatIsoDateDe } from './format';
import { COLOR, contentWidth, FONT, left, letterhead, pageFooters, pdfText, renderPdf, SIZE } from './layout';
import { type Column, drawTable } from './table';

const ws = messages.workshopScreen;

/** One row of a history PDF, as the history views answer it. */
export interface HistoryPdfEntry {
  performedAt: string | null;
  actionTitle: string;
  description: string;
  performer: { firstName: string; lastName: string } | null;
  systemGenerated?: boolean;
}

export interface HistoryPdf {
  kind: 'vehicle' | 'trailer';
  plate: string;
  startDate: string;
  endDate: string;
  entries: readonly HistoryPdfEntry[];
}

const COLUMNS: Column[] = [
  { header: ws.pdfColumns.at, weight: 80 },
  { header: ws.pdfColumns.activity, weight: 110, bold: true },
  { header: ws.pdfColumns.description, weight: 230 },
  { header: ws.pdfColumns.performer, weight: 90 },
];

/** `Fahrzeughistorie_HH-AB_123_2026-08-26_2026-11-26.pdf`: the plate made safe for a file name. */
export function historyPdfFileName(h: Pick<HistoryPdf, 'kind' | 'plate' | 'startDate' | 'endDate'>): string {
  const base = h.kind === 'vehicle' ? ws.pdfFileVehicle : ws.pdfFileTrailer;
  return `${base}_${h.plate.replace(/[^A-Za-z0-9ÄÖÜäöü-]+/g, '_')}_${h.startDate}_${h.endDate}.pdf`;
}

function performerName(e: HistoryPdfEntry): string {
  if (e.performer) return `${e.performer.firstName} ${e.performer.lastName}`.trim();
  return ws.system;
}

/**
 * The history of a vehicle or trailer over a date range as a PDF (fleet.md §2 "PDF export"): title
 * with the plate, range and count, then one table row per entry, newest first.
 */
export function renderHistoryPdf(history: HistoryPdf, now: Date): Promise<Buffer> {
  const title = history.kind === 'vehicle' ? ws.pdfTitleVehicle(history.plate) : ws.pdfTitleTrailer(history.plate);
  const range = ws.pdfRange(formatIsoDateDe(history.startDate), formatIsoDateDe(history.endDate));
  return renderPdf({ title, subject: `${title} · ${range}`, now }, (doc) => {
    let y = letterhead(doc, title);
    doc
      .font(FONT)
      .fontSize(SIZE.body)
      .fillColor(COLOR.muted)
      .text(pdfText(`${range} · ${ws.pdfEntries(history.entries.length)} · ${ws.printedAt(formatDateTimeDe(now))}`), left(doc), y - 6, {
        width: contentWidth(doc),
      });
    y += 14;
    if (history.entries.length === 0) {
      doc.font(FONT).fontSize(12).fillColor(COLOR.text).text(pdfText(messages.workshop.noActivities), left(doc), y + 6, { width: contentWidth(doc) });
    } else {
      const rows = history.entries.map((e) => [
        e.performedAt ? formatDateTimeDe(new Date(e.performedAt)) : '',
        e.actionTitle,
        e.description,
        performerName(e),
      ]);
      drawTable(doc, COLUMNS, rows, left(doc), y, contentWidth(doc));
    }
    pageFooters(doc, `${messages.orderPdf.company.name} · ${title} · ${range}`);
  });
}
