import { COLOR, contentBottom, type Doc, ensureSpace, FONT, FONT_BOLD, hline, pdfText } from './layout';

/** A table column: its header, its share of the table width, and how its cells align. */
export interface Column {
  header: string;
  /** Relative width; the table's width is shared out by these weights. */
  weight: number;
  align?: 'left' | 'right';
  /** Cells in bold (the key of a row, e.g. the order number). */
  bold?: boolean;
}

const FONT_SIZE = 8.5;
const HEADER_SIZE = 7.5;
const PAD = 3.5;

/** Column widths in points for a table `width` wide. */
export function columnWidths(columns: readonly Column[], width: number): number[] {
  const total = columns.reduce((sum, c) => sum + c.weight, 0);
  return columns.map((c) => (width * c.weight) / total);
}

function cellFont(doc: Doc, column: Column): void {
  doc.font(column.bold ? FONT_BOLD : FONT).fontSize(FONT_SIZE);
}

/** Height of one body row: its tallest cell plus padding. */
export function measureRow(doc: Doc, columns: readonly Column[], widths: readonly number[], cells: readonly string[]): number {
  let height = 0;
  columns.forEach((column, i) => {
    cellFont(doc, column);
    const h = doc.heightOfString(pdfText(cells[i] ?? ''), { width: (widths[i] ?? 0) - 2 * PAD });
    height = Math.max(height, h);
  });
  return height + 2 * PAD;
}

export function measureHeader(doc: Doc, columns: readonly Column[], widths: readonly number[]): number {
  doc.font(FONT_BOLD).fontSize(HEADER_SIZE);
  return Math.max(...columns.map((c, i) => doc.heightOfString(pdfText(c.header), { width: (widths[i] ?? 0) - 2 * PAD }))) + 2 * PAD;
}

function drawHeader(doc: Doc, columns: readonly Column[], widths: readonly number[], x: number, y: number, width: number): number {
  const height = measureHeader(doc, columns, widths);
  doc.save().rect(x, y, width, height).fill(COLOR.boxFill).restore();
  let cx = x;
  columns.forEach((column, i) => {
    const w = widths[i] ?? 0;
    doc
      .font(FONT_BOLD)
      .fontSize(HEADER_SIZE)
      .fillColor(COLOR.accent)
      .text(pdfText(column.header), cx + PAD, y + PAD, { width: w - 2 * PAD, align: column.align ?? 'left' });
    cx += w;
  });
  hline(doc, x, y + height, width);
  return y + height;
}

/**
 * Draws a table from `y`: a tinted header row, then the rows with wrapping cells. A row that does not
 * fit starts a new page, where the header is repeated; a row taller than a whole page is cut with an
 * ellipsis. Answers the y below the table.
 */
export function drawTable(
  doc: Doc,
  columns: readonly Column[],
  rows: readonly (readonly string[])[],
  x: number,
  y: number,
  width: number,
): number {
  const widths = columnWidths(columns, width);
  const headerHeight = measureHeader(doc, columns, widths);
  const firstRow = rows[0] ? measureRow(doc, columns, widths, rows[0]) : 0;
  // Keep the header with the first row.
  y = ensureSpace(doc, y, headerHeight + Math.min(firstRow, 60));
  y = drawHeader(doc, columns, widths, x, y, width);
  for (const cells of rows) {
    const pageRoom = contentBottom(doc) - doc.page.margins.top - headerHeight;
    const height = Math.min(measureRow(doc, columns, widths, cells), pageRoom);
    if (y + height > contentBottom(doc)) {
      doc.addPage();
      y = drawHeader(doc, columns, widths, x, doc.page.margins.top, width);
    }
    let cx = x;
    columns.forEach((column, i) => {
      const w = widths[i] ?? 0;
      cellFont(doc, column);
      doc.fillColor(COLOR.text).text(pdfText(cells[i] ?? ''), cx + PAD, y + PAD, {
        width: w - 2 * PAD,
        height: height - 2 * PAD,
        ellipsis: true,
        align: column.align ?? 'left',
      });
      cx += w;
    });
    y += height;
    hline(doc, x, y, width, COLOR.rule, 0.5);
  }
  return y;
}
