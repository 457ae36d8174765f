import { messages } from '@dispo/domain/messages';
import { stringify } from 'csv-stringify/sync';
import type { BillingOrder } from './billing-queries';

/** The billing record of one order (GET /api/billing/export/:id): what an accounting tool takes in. */
export function billingRecord(o: BillingOrder) {
  return {
    orderNumber: o.orderNumber,
    deliveryDate: o.deliveryDate.slice(0, 10),
    customer: o.customer?.company ?? null,
    loadingPlant: o.plant?.name ?? null,
    loadingPoint: o.loadingPoint?.name ?? null,
    deliveryPlant: o.deliveryPlant?.name ?? null,
    material: o.material?.name ?? null,
    quantity: o.quantity,
    unit: o.unit,
    vehicle: o.assignedVehicleLicensePlate,
    deliverySlipNumber: o.deliverySlipNumber,
    estimatedWeight: o.weightTons,
    actualWeight: o.actualWeight,
    weightDifference: o.weightDifference,
    loadedKm: o.loadedKm,
    revenue: o.revenue,
    currency: 'EUR' as const,
    billingState: o.billingState,
    billingConfirmedAt: o.billingConfirmedAt,
    billingReversalReason: o.billingReversalReason,
    status: o.status,
  };
}
export type BillingRecord = ReturnType<typeof billingRecord>;

const decimal = new Intl.NumberFormat('de-DE', { useGrouping: false, maximumFractionDigits: 2 });
const germanNumber = (n: number | null) => (n === null ? '' : decimal.format(n));
const germanDate = (isoDate: string | null) => (isoDate ? `${isoDate.slice(8, 10)}.${isoDate.slice(5, 7)}.${isoDate.slice(0, 4)}` : '');
const berlinDateTime = new Intl.DateTimeFormat('de-DE', { timeZone: 'Europe/Berlin', dateStyle: 'medium', timeStyle: 'short' });

/**
 * The record as CSV the way German accounting tools read it: `;` between fields, decimal commas,
 * dates dd.mm.yyyy, a header row in German, CRLF line ends, a BOM so spreadsheet tools see UTF-8.
 */
export function billingRecordCsv(r: BillingRecord): string {
  const h = messages.billingExport;
  const columns: [string, string][] = [
    [h.orderNumber, r.orderNumber],
    [h.deliveryDate, germanDate(r.deliveryDate)],
    [h.customer, r.customer ?? ''],
    [h.loadingPlant, r.loadingPlant ?? ''],
    [h.loadingPoint, r.loadingPoint ?? ''],
    [h.deliveryPlant, r.deliveryPlant ?? ''],
    [h.material, r.material ?? ''],
    [h.quantity, germanNumber(r.quantity)],
    [h.unit, messages.labels.unit[r.unit as keyof typeof messages.labels.unit] ?? r.unit],
    [h.vehicle, r.vehicle ?? ''],
    [h.deliverySlipNumber, r.deliverySlipNumber ?? ''],
    [h.estimatedWeight, germanNumber(r.estimatedWeight)],
    [h.actualWeight, germanNumber(r.actualWeight)],
    [h.weightDifference, germanNumber(r.weightDifference)],
    [h.loadedKm, germanNumber(r.loadedKm)],
    [h.revenue, germanNumber(r.revenue)],
    [h.billingState, messages.orderScreen.billingState[r.billingState]],
    [h.billingConfirmedAt, r.billingConfirmedAt ? berlinDateTime.format(new Date(r.billingConfirmedAt)) : ''],
  ];
  return `\uFEFF${stringify([columns.map(([label]) => label), columns.map(([, value]) => value)], { delimiter: ';', record_delimiter: '\r\n' })}`;
}
