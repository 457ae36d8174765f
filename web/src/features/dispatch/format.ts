import { messages } from '@dispo/domain/messages';
import type { Tour } from '../../api/dispositionTypes';

const numberFormat = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 2 });

export function formatNumber(value: number): string {
  return numberFormat.format(value);
}

export function unitLabel(unit: string): string {
  return (messages.labels.unitShort as Readonly<Record<string, string>>)[unit] ?? unit;
}

/** '27 t', '12,5 m³'. */
export function formatQuantity(quantity: number | null | undefined, unit: string): string {
  if (quantity === null || quantity === undefined || Number.isNaN(quantity)) return '';
  return `${formatNumber(quantity)} ${unitLabel(unit)}`;
}

/** §4: planned Geplant, in_progress Unterwegs, completed Abgeschlossen, cancelled Storniert. */
export function tourStatusLabel(status: string): string {
  return (messages.dispatch.tourStatus as Readonly<Record<string, string>>)[status] ?? status;
}

export const TOUR_STATUSES = ['planned', 'in_progress', 'completed', 'cancelled'] as const;

export function tourNumberOf(tour: Pick<Tour, 'tour_number' | 'tourNumber'>): string {
  return tour.tour_number || tour.tourNumber || '';
}

export function vehicleStatusLabel(status: string): string {
  return (messages.labels.vehicleStatus as Readonly<Record<string, string>>)[status] ?? status;
}

export function vehicleTypeLabel(type: string): string {
  return (messages.labels.vehicleType as Readonly<Record<string, string>>)[type] ?? type;
}

/** Sum of the stops' quantities in tonnes where the unit is t, else of all quantities. */
export function tourQuantity(tour: Pick<Tour, 'orders' | 'total_quantity'>): string {
  const stops = tour.orders ?? [];
  if (stops.length === 0) return '';
  const units = new Set(stops.map((stop) => stop.transportOrder.unit));
  const total = tour.total_quantity ?? stops.reduce((sum, stop) => sum + (stop.transportOrder.quantity || 0), 0);
  return units.size === 1 ? formatQuantity(total, [...units][0] ?? 'to') : formatNumber(total);
}
