import { messages } from '@dispo/domain/messages';
import {
  formatDateDe,
  formatDeliveryTime,
  formatIsoDateDe,
  formatQuantity,
  formatWeight,
  labelOf,
  plantAddressLines,
  specialNeeds,
} from './format';
import {
  BOX,
  COLOR,
  contentBottom,
  contentWidth,
  type Doc,
  drawBox,
  drawRows,
  ensureSpace,
  factCells,
  FONT,
  FONT_BOLD,
  hline,
  LABEL_WIDTH,
  left,
  letterhead,
  measureRows,
  pageFooters,
  pdfText,
  renderPdf,
  type Row,
  sectionTitle,
  SIZE,
  visibleRows,
} from './layout';
import type { OrderDocument, PlantAddress } from './order-document';

const t = messages.orderPdf;

export interface RenderOptions {
  /** The cancellation variant: STORNO title, banner and diagonal mark. */
  storno: boolean;
  /** Who cancelled, for "Storniert am … durch …". */
  cancelledBy?: string | null;
  /** The time of printing: the cancellation date and the document's creation date. */
  now: Date;
}

/** The transport order of `order` as a PDF (A4, one page unless long notes need more). */
export function renderOrderPdf(order: OrderDocument, options: RenderOptions): Promise<Buffer> {
  const title = options.storno ? t.stornoTitle : t.title;
  return renderPdf({ title: `${title} ${order.orderNumber}`, subject: title, now: options.now }, (doc) => {
    let y = letterhead(doc, title, options.storno ? COLOR.storno : COLOR.text);
    if (options.storno) y = stornoBanner(doc, y, options);
    y = keyFacts(doc, order, y);
    y = plants(doc, order, y);
    y = deviatingDelivery(doc, order, y);
    y = section(doc, messages.orderDetail.sectionMaterial, materialRows(order), y);
    y = section(doc, messages.orderDetail.sectionTransport, transportRows(order), y);
    if (order.customer) y = section(doc, t.customer, customerRows(order.customer), y);
    if (order.notes) y = notes(doc, order.notes, y);
    // A cancelled order is not carried out: nothing for driver or recipient to sign.
    if (!options.storno) signatures(doc, y);
    // Footer on every page, and the diagonal STORNO mark over every page.
    pageFooters(doc, `${t.company.name} · ${title} ${order.orderNumber}`, options.storno ? stornoMark : undefined);
  });
}

/** The red banner under the title: who cancelled when, and that the order is void. */
function stornoBanner(doc: Doc, y: number, options: RenderOptions): number {
  const x = left(doc);
  const width = contentWidth(doc);
  const date = formatDateDe(options.now);
  const line = options.cancelledBy ? t.cancelledOnBy(date, options.cancelledBy) : t.cancelledOn(date);
  const height = 40;
  doc.save().rect(x, y, width, height).fill(COLOR.storno).restore();
  doc.font(FONT_BOLD).fontSize(11).fillColor(COLOR.white);
  doc.text(pdfText(`${t.stornoMark}  ·  ${line}`), x + 10, y + 8, { width: width - 20, lineBreak: false, ellipsis: true });
  doc.font(FONT).fontSize(SIZE.body).text(pdfText(t.stornoNotice), x + 10, y + 24, { width: width - 20, lineBreak: false });
  return y + height + 12;
}

/** Order number, creation date, delivery date and time in four cells. */
function keyFacts(doc: Doc, order: OrderDocument, y: number): number {
  return factCells(
    doc,
    [
      [t.orderNumber, order.orderNumber],
      [t.createdAt, formatDateDe(order.createdAt)],
      [t.deliveryDate, formatIsoDateDe(order.deliveryDate)],
      [t.deliveryTime, formatDeliveryTime(order)],
    ],
    y,
  );
}

const PLANT_LABEL_WIDTH = 88;

function plantRows(p: PlantAddress | null, loadingPoint?: string | null): Row[] {
  const rows: Row[] = [
    { label: t.contactPerson, value: p?.contactPerson ?? null },
    { label: t.phone, value: p?.phone ?? null },
  ];
  if (loadingPoint !== undefined) rows.push({ label: t.loadingPoint, value: loadingPoint ?? messages.orderTable.notSet });
  return rows;
}

/** Name and address lines of a plant box, as [text, bold] pairs. */
function plantHead(p: PlantAddress | null): [string, boolean][] {
  if (!p) return [[messages.orderTable.notSet, true]];
  return [[p.name, true], ...plantAddressLines(p).map((line): [string, boolean] => [line, false])];
}

function measurePlant(doc: Doc, p: PlantAddress | null, rows: Row[], width: number): number {
  let h = 0;
  for (const [text, bold] of plantHead(p)) {
    doc.font(bold ? FONT_BOLD : FONT).fontSize(bold ? 10.5 : SIZE.body);
    h += doc.heightOfString(pdfText(text), { width }) + 1;
  }
  return h + 6 + measureRows(doc, rows, width - PLANT_LABEL_WIDTH);
}

function drawPlant(doc: Doc, p: PlantAddress | null, rows: Row[], x: number, y: number, width: number): void {
  for (const [text, bold] of plantHead(p)) {
    doc
      .font(bold ? FONT_BOLD : FONT)
      .fontSize(bold ? 10.5 : SIZE.body)
      .fillColor(COLOR.text)
      .text(pdfText(text), x, y, { width });
    y = doc.y + 1;
  }
  drawRows(doc, rows, x, y + 6, width, PLANT_LABEL_WIDTH);
}

/** Loading plant (with loading point) and delivery plant side by side, boxes of equal height. */
function plants(doc: Doc, order: OrderDocument, y: number): number {
  const x = left(doc);
  const gap = 14;
  const boxWidth = (contentWidth(doc) - gap) / 2;
  const inner = boxWidth - 2 * BOX.padding;
  const loadingRows = plantRows(order.loadingPlant, order.loadingPoint);
  const deliveryRows = plantRows(order.deliveryPlant);
  const contentHeight = Math.max(
    measurePlant(doc, order.loadingPlant, loadingRows, inner),
    measurePlant(doc, order.deliveryPlant, deliveryRows, inner),
  );
  const height = BOX.titleHeight + 2 * BOX.padding + contentHeight;
  y = ensureSpace(doc, y, height);
  const boxes: [string, PlantAddress | null, Row[], number][] = [
    [t.loadingPlant, order.loadingPlant, loadingRows, x],
    [t.deliveryPlant, order.deliveryPlant, deliveryRows, x + boxWidth + gap],
  ];
  for (const [title, plant, rows, bx] of boxes) {
    drawBox(doc, title, bx, y, boxWidth, height);
    drawPlant(doc, plant, rows, bx + BOX.padding, y + BOX.titleHeight + BOX.padding, inner);
  }
  return y + height + 14;
}

/** The delivery address that differs from the delivery plant's, with its contact; only when given. */
function deviatingDelivery(doc: Doc, order: OrderDocument, y: number): number {
  const rows: Row[] = [
    { label: t.address, value: order.deliveryAddress },
    { label: t.contactPerson, value: order.deliveryContactPerson },
    { label: t.phone, value: order.deliveryPhone },
  ];
  return section(doc, t.deviatingDelivery, rows, y);
}

function materialRows(order: OrderDocument): Row[] {
  return [
    { label: t.material, value: order.material?.name ?? messages.orderTable.notSet },
    { label: t.materialCode, value: order.material?.code ?? null },
    { label: t.category, value: order.material?.category ?? null },
    { label: t.specification, value: order.materialSpecification },
    { label: t.quantity, value: formatQuantity(order.quantity, order.unit) },
    { label: t.weight, value: formatWeight(order.weightTons) },
  ];
}

function transportRows(order: OrderDocument): Row[] {
  const needs = specialNeeds(order);
  const urgent = order.priority === 'urgent' || order.priority === 'high';
  return [
    { label: t.priority, value: labelOf(messages.labels.priority, order.priority), emphasis: urgent ? COLOR.storno : undefined },
    { label: t.transportType, value: labelOf(messages.labels.transportType, order.transportType) },
    { label: t.specialNeeds, value: needs.length ? needs.join(', ') : t.none },
    { label: t.accessConditions, value: order.accessConditions },
    { label: t.vehicleRequirements, value: order.vehicleRequirements },
  ];
}

function customerRows(c: NonNullable<OrderDocument['customer']>): Row[] {
  return [
    { label: t.firm, value: c.company },
    { label: t.contactPerson, value: c.contactPerson },
    { label: t.phone, value: c.phone },
    { label: t.email, value: c.email },
  ];
}

/** A titled section of label/value rows; nothing at all when every value is empty. */
function section(doc: Doc, title: string, rows: Row[], y: number): number {
  const width = contentWidth(doc);
  const firstRowHeight = measureRows(doc, visibleRows(rows).slice(0, 1), width - LABEL_WIDTH);
  if (firstRowHeight === 0) return y;
  // Keep the title with at least its first row.
  y = sectionTitle(doc, title, y, firstRowHeight);
  return drawRows(doc, rows, left(doc), y, width) + 8;
}

/** The public notes as a paragraph; long notes flow onto further pages. */
function notes(doc: Doc, text: string, y: number): number {
  const width = contentWidth(doc);
  const value = pdfText(text);
  doc.font(FONT).fontSize(SIZE.body);
  const firstLines = Math.min(doc.heightOfString(value, { width }), 40);
  y = sectionTitle(doc, t.notes, y, firstLines);
  doc.font(FONT).fontSize(SIZE.body).fillColor(COLOR.text).text(value, left(doc), y, { width });
  return doc.y + 10;
}

const SIGNATURE_HEIGHT = 54;

/** Date and signature lines for driver and recipient, at the foot of the last page. */
function signatures(doc: Doc, y: number): void {
  y = ensureSpace(doc, y + 10, SIGNATURE_HEIGHT);
  y = Math.max(y, contentBottom(doc) - SIGNATURE_HEIGHT);
  const x = left(doc);
  const gap = 30;
  const colWidth = (contentWidth(doc) - gap) / 2;
  const dateWidth = 70;
  const lineY = y + 36;
  for (const [i, label] of [t.signatureDriver, t.signatureRecipient].entries()) {
    const cx = x + i * (colWidth + gap);
    hline(doc, cx, lineY, dateWidth, COLOR.text, 0.6);
    hline(doc, cx + dateWidth + 12, lineY, colWidth - dateWidth - 12, COLOR.text, 0.6);
    doc.font(FONT).fontSize(SIZE.small).fillColor(COLOR.muted);
    doc.text(pdfText(t.signatureDate), cx, lineY + 4, { width: dateWidth, lineBreak: false });
    doc.text(pdfText(label), cx + dateWidth + 12, lineY + 4, { width: colWidth - dateWidth - 12, lineBreak: false });
  }
}

/** The diagonal STORNO mark over the page. */
function stornoMark(doc: Doc): void {
  const size = 120;
  const text = pdfText(t.stornoMark);
  doc.font(FONT_BOLD).fontSize(size);
  const w = doc.widthOfString(text);
  const cx = doc.page.width / 2;
  const cy = doc.page.height / 2;
  doc.save();
  doc.rotate(-35, { origin: [cx, cy] });
  doc.fillColor(COLOR.storno, 0.14);
  doc.text(text, cx - w / 2, cy - size * 0.35, { lineBreak: false });
  doc.restore();
}
