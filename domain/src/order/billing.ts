import type { OrderEvent } from '@dispo/events/catalog/index';
import { messages } from '../messages';
import { existingEntity, refuse } from '../shared';
import type { OrderState } from './order-state';
import { isCancelled } from './order-status';

/**
 * Billing of an order (orders.md §4.2, §7.3; docs/order-status.md "Billing"). Who may issue these
 * commands (billing staff and admins) is the routes' rule; the decider says what each does.
 */
export interface ConfirmBilling {
  type: 'ConfirmBilling';
  orderId: string;
  userId: string;
  now: string;
}

export interface UndoBilling {
  type: 'UndoBilling';
  orderId: string;
  reason: string;
  userId: string;
  now: string;
}

export interface RemoveFromBilling {
  type: 'RemoveFromBilling';
  orderId: string;
  userId: string;
  now: string;
}

/** §2.2: a storno row's slip number and weight can still be edited after an explicit unlock. */
export interface UnlockDeliveryData {
  type: 'UnlockDeliveryData';
  orderId: string;
  userId: string;
  now: string;
}

/** §4.7: a confirmed or ready order goes to the dispatchers. */
export interface TransferToDisposition {
  type: 'TransferToDisposition';
  orderId: string;
  userId: string;
  now: string;
}

export type BillingCommand = ConfirmBilling | UndoBilling | RemoveFromBilling | UnlockDeliveryData | TransferToDisposition;

/** Longest reason of an undo that is kept. */
export const UNDO_REASON_MAX = 500;

/** Statuses from which the disposition pipeline transfers (§4.7). */
export const TRANSFERABLE_STATUSES = ['bestätigt', 'bereit'] as const;

/** Ready for billing: slip number and weight entered (billingPending), not yet confirmed. */
export function confirmBilling(command: ConfirmBilling, state: OrderState): OrderEvent[] {
  const order = existingEntity(state, messages.order.notFound);
  if (order.billingConfirmed) refuse('conflict', messages.billing.alreadyConfirmed);
  if (!order.billingPending || order.deliverySlipNumber === null || order.actualWeight === null) refuse('conflict', messages.billing.notReady);
  return [{ type: 'OrderBillingConfirmed', data: { id: order.id, statusBefore: order.status, confirmedBy: command.userId, confirmedAt: command.now } }];
}

/** Only a confirmed order; the order stays bound to billing as a query (status problem). */
export function undoBilling(command: UndoBilling, state: OrderState): OrderEvent[] {
  const order = existingEntity(state, messages.order.notFound);
  const reason = command.reason.trim().slice(0, UNDO_REASON_MAX);
  if (reason === '') refuse('validation', messages.billing.reasonRequired, ['reason']);
  if (!order.billingConfirmed) refuse('conflict', messages.billing.notConfirmed);
  return [{ type: 'OrderBillingUndone', data: { id: order.id, reason, statusBefore: order.status, undoneBy: command.userId, undoneAt: command.now } }];
}

/** Releases an order bound to billing (pending or confirmed): its delivery data is cleared, it is abgelehnt. */
export function removeFromBilling(command: RemoveFromBilling, state: OrderState): OrderEvent[] {
  const order = existingEntity(state, messages.order.notFound);
  if (!order.billingPending && !order.billingConfirmed) refuse('conflict', messages.billing.notInBilling);
  return [
    {
      type: 'OrderRemovedFromBilling',
      data: {
        id: order.id,
        statusBefore: order.status,
        previousDeliverySlipNumber: order.deliverySlipNumber,
        previousActualWeight: order.actualWeight,
        removedBy: command.userId,
        removedAt: command.now,
      },
    },
  ];
}

export function unlockDeliveryData(command: UnlockDeliveryData, state: OrderState): OrderEvent[] {
  const order = existingEntity(state, messages.order.notFound);
  if (!isCancelled(order.status)) refuse('conflict', messages.order.unlockOnlyStorno);
  if (order.deliveryDataUnlocked) return [];
  return [{ type: 'OrderDeliveryDataUnlocked', data: { id: order.id, unlockedBy: command.userId, unlockedAt: command.now } }];
}

export function transferToDisposition(command: TransferToDisposition, state: OrderState): OrderEvent[] {
  const order = existingEntity(state, messages.order.notFound);
  if (!(TRANSFERABLE_STATUSES as readonly string[]).includes(order.status)) {
    refuse('conflict', messages.billing.transferNotEligible(order.orderNumber, messages.labels.orderStatus[order.status]));
  }
  if (order.transferredToDisposition) refuse('conflict', messages.billing.alreadyTransferred(order.orderNumber));
  return [
    { type: 'OrderTransferredToDisposition', data: { id: order.id, status: order.status, transferredBy: command.userId, transferredAt: command.now } },
  ];
}
