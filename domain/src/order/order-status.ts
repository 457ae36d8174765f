import type { OrderStatus } from '@dispo/events/catalog/index';

/**
 * Which status may follow which (docs/order-status.md). The spec lists the values (orders.md §4.1)
 * but no rules; this is what a dispatcher expects: work moves forward, can be set back one step or
 * to "problem", and nothing leaves `abgerechnet` except through billing. `abgerechnet` itself is
 * reached only through billing, never by a status change.
 */
export const ORDER_STATUS_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  offen: ['geplant', 'bestätigt', 'bereit', 'disponiert', 'storniert', 'storno', 'problem'],
  geplant: ['offen', 'bestätigt', 'bereit', 'disponiert', 'storniert', 'storno', 'problem'],
  bestätigt: ['offen', 'geplant', 'bereit', 'disponiert', 'storniert', 'storno', 'problem'],
  bereit: ['offen', 'geplant', 'bestätigt', 'disponiert', 'storniert', 'storno', 'problem'],
  disponiert: ['offen', 'geplant', 'unterwegs', 'geliefert', 'storniert', 'storno', 'problem'],
  unterwegs: ['disponiert', 'geliefert', 'abgeschlossen', 'problem'],
  geliefert: ['unterwegs', 'abgeschlossen', 'problem'],
  abgeschlossen: ['geliefert', 'problem'],
  problem: ['offen', 'geplant', 'disponiert', 'unterwegs', 'geliefert', 'abgeschlossen', 'storniert', 'storno'],
  abgelehnt: ['offen', 'problem', 'storniert', 'storno'],
  // A cancelled order can be reactivated; its fields stay locked until then (§4.2).
  storniert: ['offen'],
  storno: ['offen'],
  abgerechnet: [],
};

export function canChangeStatus(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_STATUS_TRANSITIONS[from].includes(to);
}

export const CANCELLED_STATUSES: readonly OrderStatus[] = ['storniert', 'storno'];

export function isCancelled(status: OrderStatus): boolean {
  return CANCELLED_STATUSES.includes(status);
}

/** Statuses in which the order was delivered or is on its way: a storno is too late. */
const UNDER_WAY: readonly OrderStatus[] = ['unterwegs', 'geliefert', 'abgeschlossen', 'abgerechnet'];

export function canIssueStorno(status: OrderStatus): boolean {
  return !UNDER_WAY.includes(status);
}

/** Delivered, completed or settled statuses: the truck has driven (docs/invariants.md). */
const DELIVERED: readonly OrderStatus[] = ['geliefert', 'abgeschlossen', 'abgerechnet'];

/**
 * The order was delivered or is bound to billing: the tour that carried it is kept (never reset,
 * deleted or cancelled), and the order is never offen again (docs/invariants.md).
 */
export function isDelivered(o: LockFacts): boolean {
  return DELIVERED.includes(o.status) || o.billingPending || o.billingConfirmed;
}

/** Slip number and weight exist only for an order that was dispatched (or is cancelled, §2.2). */
const DELIVERY_DATA_STATUSES: readonly OrderStatus[] = [
  'disponiert',
  'unterwegs',
  'geliefert',
  'abgeschlossen',
  'problem',
  'storniert',
  'storno',
  'abgelehnt',
];

export function acceptsDeliveryData(status: OrderStatus): boolean {
  return DELIVERY_DATA_STATUSES.includes(status);
}

/** Billing display state of orders.md §4.2. */
export type BillingState = 'pending' | 'processing' | 'confirmed';

export interface LockFacts {
  status: OrderStatus;
  billingPending: boolean;
  billingConfirmed: boolean;
}

export function billingState(o: Pick<LockFacts, 'billingPending' | 'billingConfirmed'>): BillingState {
  if (o.billingConfirmed) return 'confirmed';
  if (o.billingPending) return 'processing';
  return 'pending';
}

/** §4.2: once processing, confirmed, abgerechnet or storno, the order's cells are locked. */
export function isLocked(o: LockFacts): boolean {
  return o.billingPending || o.billingConfirmed || o.status === 'abgerechnet' || isCancelled(o.status);
}
