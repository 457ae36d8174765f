import { acceptsDeliveryData } from '@dispo/domain/order/order-status';
import type { OrderStatus as KnownStatus } from '@dispo/events/catalog/enums';
import type { Order } from '../../api/types';
import { messages } from '@dispo/domain/messages';
import { formatDate, formatDateTime, formatNumber, todayInBerlin } from '../../components/format';

// The generic formats live in components/format.ts; the order screen's modules import them from here.
export { formatDate, formatDateTime, formatNumber, todayInBerlin };

function hhmm(time: string | null | undefined): string | null {
  if (!time) return null;
  const match = /^(\d{1,2}):(\d{2})/.exec(time);
  return match ? `${match[1]!.padStart(2, '0')}:${match[2]}` : time;
}

/** Fixed time 'HH:MM' or range 'HH:MM–HH:MM'; empty when the order has no time. */
export function formatDeliveryTime(
  order: Pick<Order, 'deliveryTimeType' | 'deliveryTimeFixed' | 'deliveryTimeFrom' | 'deliveryTimeTo'>,
): string {
  if (order.deliveryTimeType === 'range') {
    const from = hhmm(order.deliveryTimeFrom);
    const to = hhmm(order.deliveryTimeTo);
    if (from && to) return `${from}–${to}`;
    return from ?? to ?? '';
  }
  return hhmm(order.deliveryTimeFixed) ?? '';
}

export function unitLabel(unit: string): string {
  return (messages.labels.unitShort as Readonly<Record<string, string>>)[unit] ?? unit;
}

/** '27 t', '12,5 m³' */
export function formatQuantity(quantity: number | null | undefined, unit: string): string {
  if (quantity === null || quantity === undefined || Number.isNaN(quantity)) return messages.orderTable.notSet;
  return `${formatNumber(quantity)} ${unitLabel(unit)}`;
}

export function statusLabel(status: string): string {
  return (messages.labels.orderStatus as Readonly<Record<string, string>>)[status] ?? status.charAt(0).toUpperCase() + status.slice(1);
}

/** An open order whose delivery date has passed (its date is shown in red, orders.md §2.2). */
export function isOverdue(order: Pick<Order, 'status' | 'deliveryDate'>, today: string = todayInBerlin()): boolean {
  return order.status === 'offen' && Boolean(order.deliveryDate) && order.deliveryDate.slice(0, 10) < today;
}

const clockFormat = new Intl.DateTimeFormat('de-DE', { timeZone: 'Europe/Berlin', hour: '2-digit', minute: '2-digit' });

/** ISO timestamp → '09:30' in Europe/Berlin, or null. */
export function formatClock(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : clockFormat.format(date);
}

export function fullName(person: { firstName: string; lastName: string } | null | undefined): string | null {
  if (!person) return null;
  const name = [person.firstName, person.lastName].filter(Boolean).join(' ').trim();
  return name || null;
}

export function labelOf(map: Readonly<Record<string, string>>, value: string | null | undefined): string {
  if (!value) return messages.orderTable.notSet;
  return map[value] ?? value;
}

export function priorityLabel(priority: string | null | undefined): string {
  return labelOf(messages.labels.priority, priority);
}

export function transportTypeLabel(type: string | null | undefined): string {
  return labelOf(messages.labels.transportType, type);
}

/** CSS modifier of a status badge: 'bestätigt' → 'status--bestatigt'. */
export function statusClass(status: string): string {
  return `status status--${status
    .normalize('NFD')
    .replace(/[^a-z]/gi, '')
    .toLowerCase()}`;
}

/** Statuses whose rows show the assigned vehicle's licence plate (§2.2). */
const PLATE_STATUSES = new Set(['disponiert', 'unterwegs', 'abgeschlossen', 'abgerechnet', 'problem', 'storno']);

export function showsLicensePlate(order: Pick<Order, 'status' | 'assignedVehicleLicensePlate'>): boolean {
  return PLATE_STATUSES.has(order.status) && Boolean(order.assignedVehicleLicensePlate);
}

export function isCancelledStatus(status: string): boolean {
  return status === 'storno' || status === 'storniert';
}

/**
 * Slip number and weight can be entered in the Abrechnung column (§2.2, §4.2): the order was
 * dispatched, is not yet bound to billing, and a storno row only after its explicit unlock.
 */
export function acceptsDeliveryDataEntry(order: Pick<Order, 'status' | 'billingState' | 'billingPending' | 'billingConfirmed' | 'deliveryDataUnlocked'>): boolean {
  if (!acceptsDeliveryData(order.status as KnownStatus) || billingStateOf(order) !== 'pending') return false;
  return !isCancelledStatus(order.status) || order.deliveryDataUnlocked === true;
}

/** A storno row whose slip number and weight are still locked: it offers the unlock (§2.2). */
export function offersDeliveryDataUnlock(order: Pick<Order, 'status' | 'billingState' | 'billingPending' | 'billingConfirmed' | 'deliveryDataUnlocked'>): boolean {
  return isCancelledStatus(order.status) && order.deliveryDataUnlocked !== true && billingStateOf(order) === 'pending';
}

/** Billing display state (§4.2); the server sends it, older answers are derived from the flags. */
export function billingStateOf(
  order: Pick<Order, 'billingState' | 'billingPending' | 'billingConfirmed'>,
): 'pending' | 'processing' | 'confirmed' {
  if (order.billingState) return order.billingState;
  if (order.billingConfirmed) return 'confirmed';
  if (order.billingPending) return 'processing';
  return 'pending';
}

/** Abgerechnet rows cannot be selected (§4.2). */
export function isSettled(order: Pick<Order, 'status' | 'billingState' | 'billingPending' | 'billingConfirmed'>): boolean {
  return order.status === 'abgerechnet' || billingStateOf(order) === 'confirmed';
}

/** §4.2: processing, confirmed, abgerechnet or storno lock the cells; the server says so in `locked`. */
export function isLockedOrder(order: Pick<Order, 'locked' | 'status' | 'billingState' | 'billingPending' | 'billingConfirmed'>): boolean {
  if (typeof order.locked === 'boolean') return order.locked;
  return isSettled(order) || billingStateOf(order) === 'processing' || isCancelledStatus(order.status);
}
