import type { OrderEvent, OrderStatus } from '@dispo/events/catalog/index';
import { describe, expect, it } from 'vitest';
import { messages } from '../messages';
import { givenWhenThen } from '../testing/given-when-then';
import { created, now } from '../testing/order-fixtures';
import { orderDecider } from './order-decider';

const order = givenWhenThen(orderDecider);
const later = '2026-11-22T16:00:00.000Z';
const meta = { orderId: 'o-1', userId: 'u-billing', now: later };

const statusChanged = (from: OrderStatus, to: OrderStatus): OrderEvent => ({
  type: 'OrderStatusChanged',
  data: { id: 'o-1', from, to, changedBy: 'u-dispo', changedAt: now },
});
const delivered: OrderEvent[] = [created, statusChanged('offen', 'disponiert'), statusChanged('disponiert', 'geliefert')];
const slipAndWeight: OrderEvent[] = [
  {
    type: 'OrderDeliveryDataRecorded',
    data: {
      id: 'o-1',
      deliverySlipNumber: 'LS-1',
      actualWeight: 26.9,
      previousDeliverySlipNumber: null,
      previousActualWeight: null,
      recordedBy: 'u-dispo',
      recordedAt: now,
    },
  },
  { type: 'OrderHandedToBilling', data: { id: 'o-1', handedAt: now } },
];
const inBilling = [...delivered, ...slipAndWeight];
const confirmedEvent: OrderEvent = { type: 'OrderBillingConfirmed', data: { id: 'o-1', statusBefore: 'geliefert', confirmedBy: 'u-billing', confirmedAt: later } };
const confirmed = [...inBilling, confirmedEvent];
const stornoed = [created, statusChanged('offen', 'storno')];

describe('billing: confirm', () => {
  it('settles an order with slip number and weight: status abgerechnet', () => {
    order.given(inBilling).when({ type: 'ConfirmBilling', ...meta }).thenEmits([confirmedEvent]);
    const state = [...confirmed].reduce(orderDecider.evolve, orderDecider.initialState);
    expect(state.exists && state.entity).toMatchObject({ status: 'abgerechnet', billingConfirmed: true, billingPending: true });
  });

  it('refuses an order without slip number and weight, and one already settled', () => {
    order.given(delivered).when({ type: 'ConfirmBilling', ...meta }).thenThrows(messages.billing.notReady, 'conflict');
    order.given(confirmed).when({ type: 'ConfirmBilling', ...meta }).thenThrows(messages.billing.alreadyConfirmed, 'conflict');
    order.given([]).when({ type: 'ConfirmBilling', ...meta }).thenThrows(messages.order.notFound, 'not_found');
  });
});

describe('billing: undo', () => {
  it('takes a confirmation back with its reason: status problem, still bound to billing', () => {
    order
      .given(confirmed)
      .when({ type: 'UndoBilling', ...meta, reason: '  Gewicht laut Waage falsch  ' })
      .thenEmits([
        { type: 'OrderBillingUndone', data: { id: 'o-1', reason: 'Gewicht laut Waage falsch', statusBefore: 'abgerechnet', undoneBy: 'u-billing', undoneAt: later } },
      ]);
    const state = [...confirmed, ...order.given(confirmed).when({ type: 'UndoBilling', ...meta, reason: 'x' }).emitted()].reduce(
      orderDecider.evolve,
      orderDecider.initialState,
    );
    expect(state.exists && state.entity).toMatchObject({ status: 'problem', billingConfirmed: false, billingPending: true });
  });

  it('needs a reason and a confirmed order', () => {
    order.given(confirmed).when({ type: 'UndoBilling', ...meta, reason: '   ' }).thenThrows(messages.billing.reasonRequired, 'validation');
    order.given(inBilling).when({ type: 'UndoBilling', ...meta, reason: 'Rückfrage' }).thenThrows(messages.billing.notConfirmed, 'conflict');
  });

  it('lets billing confirm the order again after the query is settled', () => {
    const undone: OrderEvent = { type: 'OrderBillingUndone', data: { id: 'o-1', reason: 'x', statusBefore: 'abgerechnet', undoneBy: 'u-billing', undoneAt: later } };
    order
      .given([...confirmed, undone])
      .when({ type: 'ConfirmBilling', ...meta })
      .thenEmits([{ type: 'OrderBillingConfirmed', data: { id: 'o-1', statusBefore: 'problem', confirmedBy: 'u-billing', confirmedAt: later } }]);
  });
});

describe('billing: remove', () => {
  it('clears slip number, weight and billing flags of a pending or settled order: status abgelehnt', () => {
    for (const history of [inBilling, confirmed]) {
      const events = order.given(history).when({ type: 'RemoveFromBilling', ...meta }).emitted();
      expect(events).toEqual([
        {
          type: 'OrderRemovedFromBilling',
          data: {
            id: 'o-1',
            statusBefore: history === confirmed ? 'abgerechnet' : 'geliefert',
            previousDeliverySlipNumber: 'LS-1',
            previousActualWeight: 26.9,
            removedBy: 'u-billing',
            removedAt: later,
          },
        },
      ]);
      const state = [...history, ...events].reduce(orderDecider.evolve, orderDecider.initialState);
      expect(state.exists && state.entity).toMatchObject({
        status: 'abgelehnt',
        deliverySlipNumber: null,
        actualWeight: null,
        billingPending: false,
        billingConfirmed: false,
      });
    }
  });

  it('refuses an order that is not in billing', () => {
    order.given(delivered).when({ type: 'RemoveFromBilling', ...meta }).thenThrows(messages.billing.notInBilling, 'conflict');
  });

  it('frees the order: after removal, status changes are allowed again', () => {
    const removed = [...inBilling, ...order.given(inBilling).when({ type: 'RemoveFromBilling', ...meta }).emitted()];
    order
      .given(removed)
      .when({ type: 'ChangeOrderStatus', orderId: 'o-1', userId: 'u-dispo', now: later, status: 'offen' })
      .thenEmits([{ type: 'OrderStatusChanged', data: { id: 'o-1', from: 'abgelehnt', to: 'offen', changedBy: 'u-dispo', changedAt: later } }]);
  });
});

describe('delivery data of a storno order (§2.2)', () => {
  const record = { type: 'UpdateOrder' as const, orderId: 'o-1', userId: 'u-dispo', now: later, changes: {}, deliverySlipNumber: 'LS-9', loadingPlant: null, deliveryPlant: null, loadingPoint: null, material: null, customer: null };

  it('stays locked until it is unlocked; the unlock is recorded once', () => {
    order.given(stornoed).when(record).thenThrows(messages.order.stornoDeliveryDataLocked, 'conflict');
    const unlocked: OrderEvent = { type: 'OrderDeliveryDataUnlocked', data: { id: 'o-1', unlockedBy: 'u-dispo', unlockedAt: later } };
    order.given(stornoed).when({ type: 'UnlockDeliveryData', orderId: 'o-1', userId: 'u-dispo', now: later }).thenEmits([unlocked]);
    order.given([...stornoed, unlocked]).when({ type: 'UnlockDeliveryData', orderId: 'o-1', userId: 'u-dispo', now: later }).thenEmits([]);
    expect(order.given([...stornoed, unlocked]).when(record).emitted().map((e) => e.type)).toEqual(['OrderDeliveryDataRecorded']);
  });

  it('unlocks only cancelled orders', () => {
    order.given(delivered).when({ type: 'UnlockDeliveryData', orderId: 'o-1', userId: 'u-dispo', now: later }).thenThrows(messages.order.unlockOnlyStorno, 'conflict');
  });

  it('refuses a weight of zero or less', () => {
    order
      .given(delivered)
      .when({ ...record, deliverySlipNumber: undefined, actualWeight: 0 })
      .thenThrows(messages.order.actualWeightPositive, 'validation');
  });
});

describe('disposition pipeline (§4.7)', () => {
  const transfer = { type: 'TransferToDisposition' as const, orderId: 'o-1', userId: 'u-dispo', now: later };

  it('transfers confirmed and ready orders once', () => {
    for (const status of ['bestätigt', 'bereit'] as const) {
      const history = [created, statusChanged('offen', status)];
      const events = order.given(history).when(transfer).emitted();
      expect(events).toEqual([{ type: 'OrderTransferredToDisposition', data: { id: 'o-1', status, transferredBy: 'u-dispo', transferredAt: later } }]);
      order.given([...history, ...events]).when(transfer).thenThrows(messages.billing.alreadyTransferred('S261121-4711'), 'conflict');
    }
  });

  it('refuses every other status with the reason', () => {
    order.given([created]).when(transfer).thenThrows(messages.billing.transferNotEligible('S261121-4711', messages.labels.orderStatus.offen), 'conflict');
  });
});
