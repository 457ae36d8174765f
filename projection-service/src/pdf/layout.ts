import { messages } from '@dispo/domain/messages';
import PDFDocument from 'pdfkit';
import { toWinAnsi } from './win-ansi';

/**
 * Drawing helpers shared by the documents (order PDF, tour plan): the document itself, fonts,
 * colours, page space, letterhead, fact cells, label/value rows, boxes and page footers.
 */

export type Doc = InstanceType<typeof PDFDocument>;

export const FONT = 'Helvetica';
export const FONT_BOLD = 'Helvetica-Bold';

export const COLOR = {
  text: '#1a1a1a',
  muted: '#5f6670',
  rule: '#b9bfc7',
  boxFill: '#eef1f5',
  accent: '#1f4e79',
  storno: '#c00000',
  white: '#ffffff',
} as const;

/** Bottom margin: room for the footer line (about 2 cm, within what office printers print). */
export const FOOTER_SPACE = 56;

export const SIZE = { body: 9.5, small: 8, label: 8.5, heading: 11 } as const;

/** The text as Helvetica can render it (see win-ansi.ts). */
export const pdfText = (s: string): string => toWinAnsi(s);

export const left = (doc: Doc): number => doc.page.margins.left;
export const contentWidth = (doc: Doc): number => doc.page.width - doc.page.margins.left - doc.page.margins.right;
/** The lowest y content may reach on the current page. */
export const contentBottom = (doc: Doc): number => doc.page.height - doc.page.margins.bottom;

/** Starts a new page unless `height` more points fit below `y`; answers where to continue. */
export function ensureSpace(doc: Doc, y: number, height: number): number {
  if (y + height <= contentBottom(doc)) return y;
  doc.addPage();
  return doc.page.margins.top;
}

export function hline(doc: Doc, x: number, y: number, width: number, color: string = COLOR.rule, lineWidth = 0.75): void {
  doc.save().moveTo(x, y).lineTo(x + width, y).lineWidth(lineWidth).strokeColor(color).stroke().restore();
}

/** One label/value row; a null or empty value leaves the row out. */
export interface Row {
  label: string;
  value: string | null;
  /** Value in bold and this colour (urgent priority). */
  emphasis?: string;
}

export const LABEL_WIDTH = 120;
const ROW_GAP = 3;

function rowFont(doc: Doc, row: Row): void {
  doc.font(row.emphasis ? FONT_BOLD : FONT).fontSize(SIZE.body);
}

export const visibleRows = (rows: Row[]): Row[] => rows.filter((r) => r.value !== null && r.value !== '');

/** Height of `rows` drawn with the value column `valueWidth` wide. */
export function measureRows(doc: Doc, rows: Row[], valueWidth: number): number {
  let h = 0;
  for (const row of visibleRows(rows)) {
    rowFont(doc, row);
    h += doc.heightOfString(pdfText(row.value ?? ''), { width: valueWidth }) + ROW_GAP;
  }
  return h;
}

/**
 * Draws rows from `y`, each starting on a new page when it does not fit; a value longer than a whole
 * page flows on by itself (pdfkit continues it on the next page). Answers the y below the rows.
 */
export function drawRows(doc: Doc, rows: Row[], x: number, y: number, width: number, labelWidth = LABEL_WIDTH): number {
  const valueWidth = width - labelWidth;
  for (const row of visibleRows(rows)) {
    const value = pdfText(row.value ?? '');
    rowFont(doc, row);
    const height = doc.heightOfString(value, { width: valueWidth });
    const pageRoom = contentBottom(doc) - doc.page.margins.top;
    if (height <= pageRoom) y = ensureSpace(doc, y, height);
    doc.font(FONT).fontSize(SIZE.label).fillColor(COLOR.muted).text(pdfText(row.label), x, y + 0.5, { width: labelWidth - 8 });
    const labelPage = doc.page;
    rowFont(doc, row);
    doc.fillColor(row.emphasis ?? COLOR.text).text(value, x + labelWidth, y, { width: valueWidth });
    // pdfkit leaves doc.y below the value, on a later page when it flowed over.
    y = (doc.page === labelPage ? Math.max(doc.y, y + height) : doc.y) + ROW_GAP;
  }
  return y;
}

/** A section title with a rule under it; answers the y for its content. */
export function sectionTitle(doc: Doc, title: string, y: number, minContentHeight: number): number {
  y = ensureSpace(doc, y, 22 + minContentHeight);
  const x = left(doc);
  doc.font(FONT_BOLD).fontSize(SIZE.heading).fillColor(COLOR.accent).text(pdfText(title), x, y, { width: contentWidth(doc), lineBreak: false });
  hline(doc, x, y + 15, contentWidth(doc));
  return y + 21;
}

/** Fixed parts of a box: a tinted title bar and the padding around the content. */
export const BOX = { titleHeight: 18, padding: 8 } as const;

/** A bordered box with a tinted title bar; the caller draws the content at `y + BOX.titleHeight + BOX.padding`. */
export function drawBox(doc: Doc, title: string, x: number, y: number, width: number, height: number): void {
  doc.save();
  doc.rect(x, y, width, BOX.titleHeight).fill(COLOR.boxFill);
  doc.rect(x, y, width, height).lineWidth(0.75).strokeColor(COLOR.rule).stroke();
  doc.restore();
  doc
    .font(FONT_BOLD)
    .fontSize(SIZE.label + 0.5)
    .fillColor(COLOR.accent)
    .text(pdfText(title), x + BOX.padding, y + 5, { width: width - 2 * BOX.padding, lineBreak: false });
}

export interface PdfInfo {
  /** The document title in the PDF properties. */
  title: string;
  subject: string;
  /** The time of printing: the PDF's creation date. */
  now: Date;
  layout?: 'portrait' | 'landscape';
}

/**
 * An A4 document in German: `draw` fills its pages (synchronously; pages are buffered so that footers
 * can be drawn once the page count is known); answers the finished PDF.
 */
export function renderPdf(info: PdfInfo, draw: (doc: Doc) => void): Promise<Buffer> {
  return new Promise<Buffer>((resolve, reject) => {
    try {
      const doc: Doc = new PDFDocument({
        size: 'A4',
        layout: info.layout ?? 'portrait',
        margins: { top: 40, left: 50, right: 50, bottom: FOOTER_SPACE },
        bufferPages: true,
        lang: 'de-DE',
        info: {
          Title: pdfText(info.title),
          Author: pdfText(messages.orderPdf.company.name),
          Subject: pdfText(info.subject),
          CreationDate: info.now,
        },
      });
      const chunks: Buffer[] = [];
      doc.on('data', (chunk: Buffer) => chunks.push(chunk));
      doc.on('end', () => resolve(Buffer.concat(chunks)));
      doc.on('error', reject);
      draw(doc);
      doc.end();
    } catch (error) {
      reject(error instanceof Error ? error : new Error(String(error)));
    }
  });
}

/** Letterhead (company left, contact right), a rule and the document title; answers the y below. */
export function letterhead(doc: Doc, title: string, titleColor: string = COLOR.text): number {
  const x = left(doc);
  const width = contentWidth(doc);
  const half = width / 2;
  const top = doc.page.margins.top;
  const c = messages.orderPdf.company;
  doc.font(FONT_BOLD).fontSize(13).fillColor(COLOR.accent).text(pdfText(c.name), x, top, { width: half + 60, lineBreak: false });
  doc.font(FONT).fontSize(SIZE.small).fillColor(COLOR.muted);
  doc.text(pdfText(`${c.street} · ${c.postalCodeCity}`), x, top + 18, { width: half + 60, lineBreak: false });
  doc.text(pdfText(c.phone), x + half, top + 4, { width: half, align: 'right', lineBreak: false });
  doc.text(pdfText(c.email), x + half, top + 16, { width: half, align: 'right', lineBreak: false });
  hline(doc, x, top + 34, width, COLOR.accent, 1.2);
  doc.font(FONT_BOLD).fontSize(20).fillColor(titleColor).text(pdfText(title), x, top + 46, { width, lineBreak: false });
  return top + 78;
}

/** A tinted band of label/value cells side by side (order number, dates; tour counts); answers the y below. */
export function factCells(doc: Doc, cells: readonly (readonly [label: string, value: string])[], y: number): number {
  const x = left(doc);
  const width = contentWidth(doc);
  const cellWidth = width / cells.length;
  const height = 38;
  doc.save().rect(x, y, width, height).fill(COLOR.boxFill).restore();
  doc.save().rect(x, y, width, height).lineWidth(0.75).strokeColor(COLOR.rule).stroke().restore();
  cells.forEach(([label, value], i) => {
    const cx = x + i * cellWidth;
    if (i > 0) doc.save().moveTo(cx, y).lineTo(cx, y + height).lineWidth(0.75).strokeColor(COLOR.rule).stroke().restore();
    doc.font(FONT).fontSize(SIZE.small).fillColor(COLOR.muted).text(pdfText(label), cx + 8, y + 7, { width: cellWidth - 16, lineBreak: false });
    doc
      .font(FONT_BOLD)
      .fontSize(11.5)
      .fillColor(COLOR.text)
      .text(pdfText(value), cx + 8, y + 19, { width: cellWidth - 16, lineBreak: false, ellipsis: true });
  });
  return y + height + 14;
}

/**
 * The footer line (`text` left, "Seite n von m" right) on every buffered page; `decorate` draws more
 * over each page (the storno mark). Call once all content is drawn.
 */
export function pageFooters(doc: Doc, text: string, decorate?: (doc: Doc) => void): void {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const x = left(doc);
    const width = contentWidth(doc);
    // Drawing below the content area would otherwise make pdfkit open yet another page.
    const bottomMargin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const footerY = doc.page.height - 34;
    hline(doc, x, footerY - 6, width);
    doc.font(FONT).fontSize(7.5).fillColor(COLOR.muted);
    doc.text(pdfText(text), x, footerY, { width: width - 90, lineBreak: false });
    doc.text(pdfText(messages.orderPdf.page(i - range.start + 1, range.count)), x + width - 90, footerY, { width: 90, align: 'right', lineBreak: false });
    decorate?.(doc);
    doc.page.margins.bottom = bottomMargin;
  }
}
