import type { Writable } from 'node:stream';
import { messages } from '@dispo/domain/messages';
import type { SqlExecutor } from '@dispo/events/sql/client';
import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';

/** One order as the export lists it. */
export interface ExportRow {
  orderNumber: string;
  deliveryDate: string;
  time: string;
  customer: string | null;
  loadingPlant: string | null;
  loadingPoint: string | null;
  deliveryPlant: string | null;
  material: string | null;
  quantity: number;
  unit: string;
  weight: number | null;
  status: string;
  priority: string;
  vehicle: string | null;
  slip: string | null;
  actualWeight: number | null;
  notes: string | null;
}

export interface ExportFilter {
  /** Delivery date, YYYY-MM-DD. */
  date: string;
  /** The loading plant (Abgangswerk); all when absent. */
  plantId?: string;
}

const WHERE = 'WHERE delivery_date = $1 AND ($2::text IS NULL OR plant_id = $2)';

export async function countExport(sql: SqlExecutor, f: ExportFilter): Promise<number> {
  const { rows } = await sql.query<{ n: string }>(`SELECT count(*)::text AS n FROM read.orders ${WHERE}`, [f.date, f.plantId ?? null]);
  return Number(rows[0]?.n ?? 0);
}

/** The plant's name for the file name; null when it does not exist. */
export async function plantName(sql: SqlExecutor, plantId: string): Promise<string | null> {
  const { rows } = await sql.query<{ name: string }>('SELECT name FROM read.plants WHERE id = $1', [plantId]);
  return rows[0]?.name ?? null;
}

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const text = (v: unknown) => (v === null || v === undefined ? null : String(v));

export async function exportRows(sql: SqlExecutor, f: ExportFilter): Promise<ExportRow[]> {
  const { rows } = await sql.query<Record<string, unknown>>(
    `SELECT * FROM read.orders ${WHERE} ORDER BY coalesce(delivery_time_fixed, delivery_time_from), order_number`,
    [f.date, f.plantId ?? null],
  );
  return rows.map((r) => ({
    orderNumber: String(r.order_number),
    deliveryDate: String(r.delivery_date).slice(0, 10),
    time: r.delivery_time_type === 'range' ? `${text(r.delivery_time_from) ?? ''}–${text(r.delivery_time_to) ?? ''}` : (text(r.delivery_time_fixed) ?? ''),
    customer: text(r.customer_company),
    loadingPlant: text(r.plant_name),
    loadingPoint: text(r.loading_point_name),
    deliveryPlant: text(r.delivery_plant_name),
    material: text(r.material_name),
    quantity: Number(r.quantity),
    unit: messages.labels.unitShort[String(r.unit) as keyof typeof messages.labels.unitShort] ?? String(r.unit),
    weight: num(r.weight_tons),
    status: messages.labels.orderStatus[String(r.status) as keyof typeof messages.labels.orderStatus] ?? String(r.status),
    priority: messages.labels.priority[String(r.priority) as keyof typeof messages.labels.priority] ?? String(r.priority),
    vehicle: text(r.assigned_vehicle_license_plate),
    slip: text(r.delivery_slip_number),
    actualWeight: num(r.actual_weight),
    notes: text(r.notes),
  }));
}

const c = messages.exportScreen.columns;
/** Columns in order: header, key, width, kind. */
const COLUMNS: [string, keyof ExportRow, number, 'text' | 'date' | 'number'][] = [
  [c.orderNumber, 'orderNumber', 16, 'text'],
  [c.deliveryDate, 'deliveryDate', 12, 'date'],
  [c.time, 'time', 12, 'text'],
  [c.customer, 'customer', 30, 'text'],
  [c.loadingPlant, 'loadingPlant', 24, 'text'],
  [c.loadingPoint, 'loadingPoint', 16, 'text'],
  [c.deliveryPlant, 'deliveryPlant', 26, 'text'],
  [c.material, 'material', 22, 'text'],
  [c.quantity, 'quantity', 10, 'number'],
  [c.unit, 'unit', 8, 'text'],
  [c.weight, 'weight', 12, 'number'],
  [c.status, 'status', 14, 'text'],
  [c.priority, 'priority', 10, 'text'],
  [c.vehicle, 'vehicle', 12, 'text'],
  [c.slip, 'slip', 18, 'text'],
  [c.actualWeight, 'actualWeight', 14, 'number'],
  [c.notes, 'notes', 40, 'text'],
];

/** Excel dates are days; a business date is written as that day at midnight UTC, shown dd.mm.yyyy. */
const excelDate = (isoDate: string) => new Date(`${isoDate}T00:00:00Z`);

/**
 * The day's orders as xlsx, streamed (exceljs' streaming writer): German headers, real dates and
 * numbers with German display formats, a frozen header row, an auto filter, widths that fit, and
 * the sums of quantity, weight and actual weight at the bottom.
 */
export async function writeExportXlsx(rows: readonly ExportRow[], out: Writable): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
  const sheet = workbook.addWorksheet(messages.exportScreen.sheet, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = COLUMNS.map(([header, key, width, kind]) => ({
    header,
    key,
    width,
    style: kind === 'date' ? { numFmt: 'dd.mm.yyyy' } : kind === 'number' ? { numFmt: '#,##0.00' } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: COLUMNS.length } };
  for (const row of rows) sheet.addRow({ ...row, deliveryDate: excelDate(row.deliveryDate) }).commit();
  const sum = (key: 'quantity' | 'weight' | 'actualWeight') => rows.reduce((total, r) => total + (r[key] ?? 0), 0);
  const totals = sheet.addRow({ orderNumber: messages.exportScreen.sum, quantity: sum('quantity'), weight: sum('weight'), actualWeight: sum('actualWeight') });
  totals.font = { bold: true };
  totals.commit();
  sheet.commit();
  await workbook.commit();
}

/** The same as CSV the way German spreadsheet tools read it: `;`, decimal commas, dd.mm.yyyy, BOM. */
export function exportCsv(rows: readonly ExportRow[]): string {
  const decimal = new Intl.NumberFormat('de-DE', { useGrouping: false, maximumFractionDigits: 2 });
  const cell = (row: ExportRow, key: keyof ExportRow, kind: string) => {
    const value = row[key];
    if (value === null) return '';
    if (kind === 'number') return decimal.format(Number(value));
    if (kind === 'date') return `${String(value).slice(8, 10)}.${String(value).slice(5, 7)}.${String(value).slice(0, 4)}`;
    return String(value);
  };
  const records = [COLUMNS.map(([header]) => header), ...rows.map((row) => COLUMNS.map(([, key, , kind]) => cell(row, key, kind)))];
  return `\uFEFF${stringify(records, { delimiter: ';', record_delimiter: '\r\n' })}`;
}

/** `Transportauftraege_{date}_{plant name or Alle}` (orders.md §7.2). */
export function exportFileName(date: string, plant: string | null, extension: 'xlsx' | 'csv'): string {
  return `Transportauftraege_${date}_${plant ?? messages.exportScreen.fileAll}.${extension}`;
}
