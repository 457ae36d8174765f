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

/**
 * What a tour carries: the sum in its one unit ("27 t", "24 m³"); with mixed units the planned
 * weights in tonnes (weight follows quantity) when every stop has one, else each unit's sum ("18 t + 10 m³").
 * Never a number without a unit.
 */
export function tourQuantity(tour: Pick<Tour, 'orders' | 'total_quantity'>): string {
  const stops = tour.orders ?? [];
  if (stops.length === 0) return '';
  const byUnit = new Map<string, number>();
  for (const { transportOrder: o } of stops) byUnit.set(o.unit, (byUnit.get(o.unit) ?? 0) + (o.quantity || 0));
  const [only] = [...byUnit];
  if (byUnit.size === 1 && only) return formatQuantity(tour.total_quantity ?? only[1], only[0]);
  const weights = stops.map((stop) => stop.transportOrder.weightTons);
  if (weights.every((w): w is number => typeof w === 'number')) return formatQuantity(weights.reduce((sum, w) => sum + w, 0), 'to');
  return [...byUnit].map(([unit, total]) => formatQuantity(total, unit)).join(' + ');
}
