import { messages } from '@dispo/domain/messages';
import type { OrderDraft } from '@dispo/domain/order-text/types';
import type { LoadingPoint, Material, Order, OrderPriority, OrderUnit, Plant } from '../../api/types';

/**
 * Copy and paste of orders (orders.md §2.1, Ctrl+C and Ctrl+V): selected orders as tab-separated
 * text with German headers, and such rows (or rows from Excel) read back into order drafts.
 */

const h = messages.intakeTools.clipboardHeaders;
type Column = keyof typeof h;
export const CLIPBOARD_COLUMNS: Column[] = [
  'orderNumber',
  'deliveryDate',
  'time',
  'loadingPlant',
  'loadingPoint',
  'deliveryPlant',
  'material',
  'quantity',
  'unit',
  'priority',
  'status',
  'notes',
];

const germanDate = (iso: string) => {
  const [y, m, d] = iso.split('-');
  return `${d}.${m}.${y}`;
};
const clean = (value: string | null | undefined) => (value ?? '').replace(/[\t\r\n]+/g, ' ').trim();

function timeOf(order: Order): string {
  if (order.deliveryTimeType === 'range')
    return order.deliveryTimeFrom && order.deliveryTimeTo ? `${order.deliveryTimeFrom}-${order.deliveryTimeTo}` : '';
  return order.deliveryTimeFixed ?? '';
}

/** The selected orders as tab-separated text, one header row of German names first. */
export function ordersToTsv(orders: readonly Order[]): string {
  const rows = orders.map((o) => {
    const cells: Record<Column, string> = {
      orderNumber: o.orderNumber,
      deliveryDate: o.deliveryDate ? germanDate(o.deliveryDate) : '',
      time: timeOf(o),
      loadingPlant: o.plant?.name ?? '',
      loadingPoint: o.loadingPoint?.name ?? '',
      deliveryPlant: o.deliveryPlant?.name ?? '',
      material: o.material?.name ?? '',
      quantity: String(o.quantity).replace('.', ','),
      unit: messages.labels.unitShort[o.unit],
      priority: messages.labels.priority[o.priority],
      status: (messages.labels.orderStatus as Readonly<Record<string, string>>)[o.status] ?? o.status,
      notes: o.notes ?? '',
    };
    return CLIPBOARD_COLUMNS.map((c) => clean(cells[c])).join('\t');
  });
  return [CLIPBOARD_COLUMNS.map((c) => h[c]).join('\t'), ...rows].join('\n');
}

export interface PasteCatalogue {
  plants: readonly Plant[];
  loadingPoints: readonly LoadingPoint[];
  materials: readonly Material[];
}

export interface PastedRow {
  /** 1-based row of the pasted text (the header counts). */
  row: number;
  draft: OrderDraft;
  problems: string[];
}

const norm = (s: string) => s.toLocaleLowerCase('de-DE').replace(/\s+/g, ' ').trim();

/** Header names a column may have in a pasted sheet (ours first). */
const HEADER_ALIASES: Record<Column, string[]> = {
  orderNumber: [h.orderNumber, 'auftrag', 'auftrags-nr.', 'auftragsnr'],
  deliveryDate: [h.deliveryDate, 'datum', 'liefertermin'],
  time: [h.time, 'zeit', 'uhrzeit'],
  loadingPlant: [h.loadingPlant, 'werk', 'von', 'abgangswerk'],
  loadingPoint: [h.loadingPoint, 'ladestelle', 'silo'],
  deliveryPlant: [h.deliveryPlant, 'nach', 'ziel', 'empfänger'],
  material: [h.material, 'produkt', 'sorte'],
  quantity: [h.quantity, 'tonnen', 'menge (t)'],
  unit: [h.unit],
  priority: [h.priority],
  status: [h.status],
  notes: [h.notes, 'notiz', 'notizen', 'hinweis'],
};

function columnOf(header: string): Column | null {
  const n = norm(header);
  for (const column of CLIPBOARD_COLUMNS) if (HEADER_ALIASES[column].some((alias) => norm(alias) === n)) return column;
  return null;
}

function parseDate(text: string): string | null {
  const t = text.trim();
  let m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(t);
  if (m) return t;
  m = /^(\d{1,2})\.(\d{1,2})\.(\d{2}|\d{4})$/.exec(t);
  if (!m) return null;
  const year = m[3]!.length === 2 ? `20${m[3]}` : m[3]!;
  const iso = `${year}-${m[2]!.padStart(2, '0')}-${m[1]!.padStart(2, '0')}`;
  const d = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== iso ? null : iso;
}

const clock = (s: string) => {
  const m = /^(\d{1,2})(?::(\d{2}))?(?:\s*uhr)?$/i.exec(s.trim());
  if (!m) return null;
  const hour = Number(m[1]);
  const minute = Number(m[2] ?? '0');
  return hour < 24 && minute < 60 ? `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}` : null;
};

function parseTime(
  text: string,
): Pick<OrderDraft, 'deliveryTimeType' | 'deliveryTimeFixed' | 'deliveryTimeFrom' | 'deliveryTimeTo'> | null {
  const parts = text.split(/\s*[-–]\s*/);
  if (parts.length === 2) {
    const from = clock(parts[0]!);
    const to = clock(parts[1]!);
    return from && to ? { deliveryTimeType: 'range', deliveryTimeFixed: null, deliveryTimeFrom: from, deliveryTimeTo: to } : null;
  }
  const fixed = clock(text);
  return fixed ? { deliveryTimeType: 'fixed', deliveryTimeFixed: fixed, deliveryTimeFrom: null, deliveryTimeTo: null } : null;
}

function byLabel<T extends string>(labels: Readonly<Record<T, string>>, text: string, extra: Record<string, T> = {}): T | null {
  const n = norm(text);
  for (const [key, label] of Object.entries(labels) as [T, string][]) if (norm(label) === n || norm(key) === n) return key;
  return extra[n] ?? null;
}

function findByName<T extends { name: string }>(
  items: readonly T[],
  text: string,
  also: (item: T) => (string | null | undefined)[] = () => [],
): T | null {
  const n = norm(text);
  if (!n) return null;
  return (
    items.find((item) => norm(item.name) === n || also(item).some((x) => x && norm(x) === n)) ??
    items.find((item) => norm(item.name).startsWith(n)) ??
    null
  );
}

const emptyDraft = (): OrderDraft => ({
  materialId: null,
  materialName: null,
  customerId: null,
  customerName: null,
  loadingPlantId: null,
  loadingPlantName: null,
  deliveryPlantId: null,
  deliveryPlantName: null,
  loadingPointId: null,
  loadingPointName: null,
  quantity: null,
  unit: null,
  deliveryDate: null,
  deliveryTimeType: null,
  deliveryTimeFixed: null,
  deliveryTimeFrom: null,
  deliveryTimeTo: null,
  priority: null,
  notes: null,
});

/**
 * Reads pasted rows (tab-separated; a header row names the columns, else they are taken in the
 * order Ctrl+C writes them) into drafts with what was recognised and what was not.
 */
export function parsePastedOrders(text: string, catalogue: PasteCatalogue): PastedRow[] {
  const lines = text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .filter((line) => line.trim() !== '');
  if (lines.length === 0) return [];
  const first = lines[0]!.split('\t');
  const headerColumns = first.map(columnOf);
  const hasHeader = headerColumns.filter((c) => c !== null).length >= 2;
  const columns = hasHeader ? headerColumns : CLIPBOARD_COLUMNS;
  const t = messages.intakeTools;
  const o = messages.orderScreen;
  return lines.slice(hasHeader ? 1 : 0).flatMap((line, index): PastedRow[] => {
    const cells = line.split('\t');
    if (cells.length < 2) return [];
    const value = (column: Column) => {
      const i = columns.indexOf(column);
      return i < 0 ? '' : (cells[i] ?? '').trim();
    };
    const draft = emptyDraft();
    const problems: string[] = [];
    const need = (label: string, raw: string, found: string | null, invalid = false) => {
      if (!raw) problems.push(t.pasteMissing(label));
      else if (!found) problems.push(invalid ? t.pasteInvalid(label, raw) : t.pasteUnknown(label, raw));
    };

    const loading = findByName(catalogue.plants, value('loadingPlant'));
    draft.loadingPlantId = loading?.id ?? null;
    draft.loadingPlantName = loading?.name ?? (value('loadingPlant') || null);
    need(o.loadingPlant, value('loadingPlant'), draft.loadingPlantId);

    const delivery = findByName(catalogue.plants, value('deliveryPlant'));
    draft.deliveryPlantId = delivery?.id ?? null;
    draft.deliveryPlantName = delivery?.name ?? (value('deliveryPlant') || null);
    need(o.deliveryPlant, value('deliveryPlant'), draft.deliveryPlantId);

    const ownPoints = catalogue.loadingPoints.filter((p) => p.plant_id === draft.loadingPlantId);
    const point = value('loadingPoint') ? findByName(ownPoints, value('loadingPoint')) : ownPoints.length === 1 ? ownPoints[0]! : null;
    draft.loadingPointId = point?.id ?? null;
    draft.loadingPointName = point?.name ?? (value('loadingPoint') || null);
    need(o.loadingPoint, value('loadingPoint') || (ownPoints.length > 1 ? '' : value('loadingPlant')), draft.loadingPointId);

    const material = findByName(catalogue.materials, value('material'), (m) => [m.materialCode]);
    draft.materialId = material?.id ?? null;
    draft.materialName = material?.name ?? (value('material') || null);
    need(o.material, value('material'), draft.materialId);

    const quantityText = value('quantity').replace(/\./g, '').replace(',', '.');
    const quantity = quantityText ? Number(quantityText.replace(/[^\d.]/g, '')) : Number.NaN;
    draft.quantity = Number.isFinite(quantity) && quantity > 0 ? quantity : null;
    need(messages.intakeTools.quantity, value('quantity'), draft.quantity === null ? null : 'ok', true);

    draft.unit = value('unit')
      ? byLabel<OrderUnit>(messages.labels.unitShort, value('unit'), {
          tonnen: 'to',
          t: 'to',
          m3: 'm3',
          kubikmeter: 'm3',
          kg: 'kg',
          stück: 'stueck',
          stk: 'stueck',
        })
      : 'to';
    if (value('unit') && !draft.unit) problems.push(t.pasteInvalid(messages.intakeTools.unit, value('unit')));

    draft.deliveryDate = parseDate(value('deliveryDate'));
    need(o.deliveryDate, value('deliveryDate'), draft.deliveryDate, true);

    const time = value('time') ? parseTime(value('time')) : null;
    if (time) Object.assign(draft, time);
    need(messages.intakeTools.timeFixed, value('time'), time ? 'ok' : null, true);

    draft.priority = value('priority') ? byLabel<OrderPriority>(messages.labels.priority, value('priority')) : 'normal';
    draft.notes = value('notes') || null;
    return [{ row: index + (hasHeader ? 2 : 1), draft, problems }];
  });
}
