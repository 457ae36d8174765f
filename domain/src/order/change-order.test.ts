import type { OrderEvent, OrderStatus } from '@dispo/events/catalog/index';
import { describe, expect, it } from 'vitest';
import { messages } from '../messages';
import { givenWhenThen } from '../testing/given-when-then';
import { create, created, kiel, laegerdorf, now, silo1 } from '../testing/order-fixtures';
import type { UpdateOrder } from './change-order';
import { orderDecider } from './order-decider';
import { ORDER_STATUS_TRANSITIONS } from './order-status';

const order = givenWhenThen(orderDecider);
const later = '2026-11-20T10:00:00.000Z';
const refs = { loadingPlant: laegerdorf, deliveryPlant: kiel, loadingPoint: silo1, material: { id: 'm-cem1' }, customer: null };

function update(rest: Partial<UpdateOrder>): UpdateOrder {
  return { type: 'UpdateOrder', orderId: 'o-1', userId: 'u-auftrag', now: later, changes: {}, ...refs, ...rest };
}

const statusChanged = (from: OrderStatus, to: OrderStatus): OrderEvent => ({
  type: 'OrderStatusChanged',
  data: { id: 'o-1', from, to, changedBy: 'u-dispo', changedAt: now },
});

/** The created order moved through the given statuses. */
function history(...statuses: OrderStatus[]): OrderEvent[] {
  const events: OrderEvent[] = [created];
  let from: OrderStatus = 'offen';
  for (const to of statuses) {
    events.push(statusChanged(from, to));
    from = to;
  }
  return events;
}

const deliveryRecorded = (slip: string | null, weight: number | null): OrderEvent => ({
  type: 'OrderDeliveryDataRecorded',
  data: {
    id: 'o-1',
    deliverySlipNumber: slip,
    actualWeight: weight,
    previousDeliverySlipNumber: null,
    previousActualWeight: null,
    recordedBy: 'u-dispo',
    recordedAt: now,
  },
});

/** The weight that goes with each change (docs/invariants.md: weight follows quantity). */
function weightAfter(given: OrderEvent[], command: UpdateOrder): unknown {
  const [event] = order.given(given).when(command).emitted();
  return (event as { data: { changes: { weightTons?: unknown } } }).data.changes.weightTons;
}

describe('UpdateOrder: weight follows quantity (issue 31)', () => {
  const kies = { id: 'm-kies', densityTonsPerCubicMetre: 1.7 };
  const inCubicMetres = (weightTons: number | null, materialId = 'm-kies'): OrderEvent =>
    ({ type: 'OrderCreated', data: { ...created.data, materialId, quantity: 14, unit: 'm3', weightTons } }) as OrderEvent;

  it('derives the weight of an m³ order from the material density when the quantity changes', () => {
    expect(weightAfter([inCubicMetres(23.8)], update({ material: kies, changes: { quantity: 8 } }))).toBe(13.6);
  });

  it('ignores a stale weight the full form re-sends with a new tonne quantity', () => {
    const tonnes = { type: 'OrderCreated', data: { ...created.data, quantity: 24.5, weightTons: 24.5 } } as OrderEvent;
    order
      .given([tonnes])
      .when(update({ changes: { quantity: 22.3, weightTons: 24.5 } }))
      .thenEmits([
        {
          type: 'OrderDetailsChanged',
          data: { id: 'o-1', changes: { quantity: 22.3, weightTons: 22.3 }, previous: { quantity: 24.5, weightTons: 24.5 }, changedBy: 'u-auftrag', changedAt: later },
        },
      ]);
  });

  it('derives the weight when the unit changes to m³ or the material changes', () => {
    expect(weightAfter([created], update({ material: kies, changes: { unit: 'm3', materialId: 'm-kies' } }))).toBe(45.9);
    expect(weightAfter([inCubicMetres(23.8)], update({ material: { id: 'm-sand', densityTonsPerCubicMetre: 1.5 }, changes: { materialId: 'm-sand' } }))).toBe(21);
  });

  it('scales a weight the user gave for a material without density in proportion, and keeps one typed anew', () => {
    const noDensity = { id: 'm-kies', densityTonsPerCubicMetre: null };
    expect(weightAfter([inCubicMetres(28)], update({ material: noDensity, changes: { quantity: 7 } }))).toBe(14);
    expect(weightAfter([inCubicMetres(28)], update({ material: noDensity, changes: { quantity: 7, weightTons: 28 } }))).toBe(14);
    expect(weightAfter([inCubicMetres(28)], update({ material: noDensity, changes: { quantity: 7, weightTons: 12 } }))).toBe(12);
  });

  it('forgets a weight it cannot derive when the unit changes', () => {
    const pieces = { type: 'OrderCreated', data: { ...created.data, quantity: 4, unit: 'stueck', weightTons: 8 } } as OrderEvent;
    expect(weightAfter([pieces], update({ changes: { unit: 'm3' } }))).toBeNull();
  });

  it('ignores a weight sent for a tonne order without a quantity change', () => {
    order.given([created]).when(update({ changes: { weightTons: 30 } })).thenEmits([]);
  });
});

describe('UpdateOrder: details (PUT/PATCH)', () => {
  it('records only the changed fields with their previous values', () => {
    order
      .given([created])
      .when(update({ changes: { quantity: 25, deliveryDate: '2026-11-22', notes: 'Tor 2' } }))
      .thenEmits([
        {
          type: 'OrderDetailsChanged',
          data: {
            id: 'o-1',
            // The estimated weight follows the quantity.
            changes: { quantity: 25, weightTons: 25, deliveryDate: '2026-11-22', notes: 'Tor 2' },
            previous: { quantity: 27, weightTons: 27, deliveryDate: '2026-11-21', notes: null },
            changedBy: 'u-auftrag',
            changedAt: later,
          },
        },
      ]);
  });

  it('emits nothing when nothing changes', () => {
    order.given([created]).when(update({ changes: { quantity: 27, notes: '  ' } })).thenEmits([]);
  });

  it('holds an edited order to the rules of a new one (§5.2, §5.3, §5.5)', () => {
    order.given([created]).when(update({ changes: { plantId: null } })).thenThrows(messages.validation.requiredFields, 'validation');
    order.given([created]).when(update({ changes: { quantity: null } })).thenThrows(messages.validation.requiredFields);
    order.given([created]).when(update({ changes: { deliveryDate: '' } })).thenThrows(messages.validation.requiredFields);
    order.given([created]).when(update({ changes: { quantity: 0 } })).thenThrows(messages.validation.wizard.quantityPositive);
    order
      .given([created])
      .when(update({ changes: { deliveryTimeType: 'range', deliveryTimeFrom: '17:00', deliveryTimeTo: '08:00' } }))
      .thenThrows(messages.validation.timeRangeOrder);
    order
      .given([created])
      .when(update({ changes: { deliveryPlantId: 'p-laegerdorf' }, deliveryPlant: laegerdorf }))
      .thenThrows(messages.validation.quickOrder.plantsMustDiffer);
    order
      .given([created])
      .when(update({ changes: { loadingPointId: 'lp-x' }, loadingPoint: { id: 'lp-x', plantId: 'p-other' } }))
      .thenThrows(messages.order.loadingPointOfOtherPlant);
  });

  it('refuses an order that does not exist or was deleted', () => {
    order.given([]).when(update({ changes: { quantity: 3 } })).thenThrows(messages.order.notFound, 'not_found');
    const deleted: OrderEvent = {
      type: 'OrderDeleted',
      data: { id: 'o-1', orderNumber: 'S261121-4711', reason: 'deleted', deletedBy: 'u-dispo', deletedAt: now },
    };
    order.given([created, deleted]).when(update({ changes: { quantity: 3 } })).thenThrows(messages.order.notFound, 'not_found');
  });
});

describe('locking (§4.2)', () => {
  it('locks the fields of a cancelled order; its slip number and weight only after an explicit unlock (§2.2)', () => {
    for (const status of ['storniert', 'storno'] as const) {
      order.given(history(status)).when(update({ changes: { quantity: 5 } })).thenThrows(messages.order.locked, 'conflict');
      order.given(history(status)).when(update({ deliverySlipNumber: 'LS-1' })).thenThrows(messages.order.stornoDeliveryDataLocked, 'conflict');
      const unlocked = { type: 'OrderDeliveryDataUnlocked' as const, data: { id: 'o-1', unlockedBy: 'u-auftrag', unlockedAt: later } };
      expect(order.given([...history(status), unlocked]).when(update({ deliverySlipNumber: 'LS-1' })).emitted()).toHaveLength(1);
    }
  });

  it('binds an order to billing once slip number and weight are both filled; then only billing releases it', () => {
    const given = history('disponiert', 'geliefert');
    order
      .given(given)
      .when(update({ deliverySlipNumber: ' LS-4711 ', actualWeight: 26.8 }))
      .thenEmits([
        {
          type: 'OrderDeliveryDataRecorded',
          data: {
            id: 'o-1',
            deliverySlipNumber: 'LS-4711',
            actualWeight: 26.8,
            previousDeliverySlipNumber: null,
            previousActualWeight: null,
            recordedBy: 'u-auftrag',
            recordedAt: later,
          },
        },
        { type: 'OrderHandedToBilling', data: { id: 'o-1', handedAt: later } },
      ]);
    const bound: OrderEvent[] = [...given, deliveryRecorded('LS-4711', 26.8), { type: 'OrderHandedToBilling', data: { id: 'o-1', handedAt: now } }];
    order.given(bound).when(update({ changes: { quantity: 5 } })).thenThrows(messages.order.boundToBilling, 'conflict');
    order.given(bound).when(update({ status: 'problem' })).thenThrows(messages.order.boundToBilling);
    order.given(bound).when(update({ actualWeight: 27 })).thenThrows(messages.order.boundToBilling);
  });

  it('records only one of the two without binding the order', () => {
    const events = order.given(history('disponiert')).when(update({ deliverySlipNumber: 'LS-1' })).emitted();
    expect(events.map((e) => e.type)).toEqual(['OrderDeliveryDataRecorded']);
  });

  it('takes slip number and weight only from a dispatched order, and only a weight above 0', () => {
    order.given([created]).when(update({ deliverySlipNumber: 'LS-1' })).thenThrows(messages.order.deliveryDataOnlyAfterDelivery);
    order.given(history('disponiert')).when(update({ actualWeight: -1 })).thenThrows(messages.order.actualWeightPositive);
    order.given(history('disponiert')).when(update({ actualWeight: 0 })).thenThrows(messages.order.actualWeightPositive);
  });
});

describe('status changes (docs/order-status.md)', () => {
  it('changes only from the statuses named, leaving any other order as it is (a tour moving its orders)', () => {
    const follow = { type: 'ChangeOrderStatus' as const, orderId: 'o-1', userId: 'u-dispo', now, status: 'geliefert' as const, onlyFrom: ['disponiert', 'unterwegs'] as const };
    order.given([created]).when(follow).thenEmits([]);
    order.given(history('disponiert')).when(follow).thenEmits([statusChanged('disponiert', 'geliefert')]);
  });

  it('moves along the transition table and records from and to', () => {
    order
      .given([created])
      .when({ type: 'ChangeOrderStatus', orderId: 'o-1', userId: 'u-dispo', now, status: 'disponiert' })
      .thenEmits([statusChanged('offen', 'disponiert')]);
  });

  it('refuses what the table does not allow, naming both statuses in German', () => {
    order
      .given([created])
      .when({ type: 'ChangeOrderStatus', orderId: 'o-1', userId: 'u-dispo', now, status: 'geliefert' })
      .thenThrows(messages.order.statusChangeNotAllowed('Offen', 'Geliefert'), 'validation');
  });

  it('never sets abgerechnet by a status change, and nothing leaves abgerechnet except through billing', () => {
    for (const from of Object.keys(ORDER_STATUS_TRANSITIONS) as OrderStatus[]) {
      expect(ORDER_STATUS_TRANSITIONS[from]).not.toContain('abgerechnet');
    }
    expect(ORDER_STATUS_TRANSITIONS.abgerechnet).toEqual([]);
    order
      .given(history('disponiert', 'geliefert'))
      .when({ type: 'ChangeOrderStatus', orderId: 'o-1', userId: 'u-dispo', now, status: 'abgerechnet' })
      .thenThrows(messages.order.settledOnlyThroughBilling);
  });

  it('reactivates a cancelled order', () => {
    const events = order.given(history('storniert')).when({ type: 'ChangeOrderStatus', orderId: 'o-1', userId: 'u', now, status: 'offen' }).emitted();
    expect(events).toHaveLength(1);
  });

  it('a PATCH with status and fields is one decision: nothing is written when one part is refused', () => {
    order.given([created]).when(update({ status: 'geliefert', changes: { quantity: 3 } })).thenThrows(messages.order.statusChangeNotAllowed('Offen', 'Geliefert'));
    const both = order.given([created]).when(update({ status: 'disponiert', changes: { quantity: 3 } })).emitted();
    expect(both.map((e) => e.type)).toEqual(['OrderDetailsChanged', 'OrderStatusChanged']);
  });
});

describe('delete and storno (§4.4)', () => {
  it('deletes only an open order', () => {
    order
      .given([created])
      .when({ type: 'DeleteOrder', orderId: 'o-1', userId: 'u-dispo', now })
      .thenEmits([{ type: 'OrderDeleted', data: { id: 'o-1', orderNumber: 'S261121-4711', reason: 'deleted', deletedBy: 'u-dispo', deletedAt: now } }]);
    order.given(history('disponiert')).when({ type: 'DeleteOrder', orderId: 'o-1', userId: 'u', now }).thenThrows(messages.order.onlyOpenCanBeDeleted, 'conflict');
  });

  it('issues the storno and removes the order in one decision; the history keeps both facts', () => {
    order
      .given(history('disponiert'))
      .when({ type: 'IssueStorno', orderId: 'o-1', userId: 'u-dispo', now })
      .thenEmits([
        { type: 'OrderStornoIssued', data: { id: 'o-1', orderNumber: 'S261121-4711', statusBefore: 'disponiert', issuedBy: 'u-dispo', issuedAt: now } },
        { type: 'OrderDeleted', data: { id: 'o-1', orderNumber: 'S261121-4711', reason: 'storno', deletedBy: 'u-dispo', deletedAt: now } },
      ]);
  });

  it('refuses a storno once the order is under way', () => {
    order.given(history('disponiert', 'unterwegs')).when({ type: 'IssueStorno', orderId: 'o-1', userId: 'u', now }).thenThrows(messages.order.stornoNotAllowed);
  });
});

it('duplicates keep the source id in the created event', () => {
  const [event] = order.given([]).when({ ...create, orderId: 'o-2', orderNumber: 'S261121-0001', duplicatedFrom: 'o-1' }).emitted();
  expect(event).toMatchObject({ type: 'OrderCreated', data: { id: 'o-2', duplicatedFrom: 'o-1', status: 'offen' } });
});

describe('dispatch (dispatch.md §4)', () => {
  const assign = { type: 'AssignOrderToTour', orderId: 'o-1', tourId: 't-1', vehicleId: 'v-1', date: '2026-11-21', startTime: '08:00', sequenceNumber: 1, userId: 'u-dispo', now } as const;
  const assigned: OrderEvent = {
    type: 'OrderAssignedToTour',
    data: { id: 'o-1', tourId: 't-1', vehicleId: 'v-1', date: '2026-11-21', startTime: '08:00', sequenceNumber: 1, statusBefore: 'offen', status: 'disponiert', assignedBy: 'u-dispo', assignedAt: now },
  };

  it('assigns an open order to a tour: it becomes disponiert', () => {
    order.given([created]).when(assign).thenEmits([assigned]);
  });

  it('refuses an order that is not open or not found', () => {
    order.given([created, assigned]).when(assign).thenThrows(messages.dispatch.orderNotOpen('S261121-4711'), 'conflict');
    order.given(history('geplant')).when(assign).thenThrows(messages.dispatch.orderNotOpen('S261121-4711'));
    order.given([]).when(assign).thenThrows(messages.dispatch.orderNotFound, 'not_found');
  });

  it('returns to offen when its tour is dissolved, and ignores a tour it is not on', () => {
    order
      .given([created, assigned])
      .when({ type: 'ReleaseOrderFromTour', orderId: 'o-1', tourId: 't-1', userId: 'u', now })
      .thenEmits([{ type: 'OrderReleasedFromTour', data: { id: 'o-1', tourId: 't-1', statusBefore: 'disponiert', releasedBy: 'u', releasedAt: now } }]);
    order.given([created, assigned]).when({ type: 'ReleaseOrderFromTour', orderId: 'o-1', tourId: 't-9', userId: 'u', now }).thenEmits([]);
    order.given([]).when({ type: 'ReleaseOrderFromTour', orderId: 'o-1', tourId: 't-1', userId: 'u', now }).thenEmits([]);
    const released: OrderEvent = { type: 'OrderReleasedFromTour', data: { id: 'o-1', tourId: 't-1', statusBefore: 'disponiert', releasedBy: 'u', releasedAt: now } };
    expect(order.given([created, assigned, released]).when(assign).emitted()).toHaveLength(1);
  });

  it('is never offen again once bound to billing or billed (docs/invariants.md)', () => {
    const release = { type: 'ReleaseOrderFromTour', orderId: 'o-1', tourId: 't-1', userId: 'u', now } as const;
    const handed: OrderEvent[] = [created, assigned, deliveryRecorded('LS-4711', 26.8), { type: 'OrderHandedToBilling', data: { id: 'o-1', handedAt: now } }];
    order.given(handed).when(release).thenThrows(messages.order.boundToBilling, 'conflict');
    const billed: OrderEvent = { type: 'OrderBillingConfirmed', data: { id: 'o-1', statusBefore: 'disponiert', confirmedBy: 'u-billing', confirmedAt: now } };
    order.given([...handed, billed]).when(release).thenThrows(messages.order.settledOnlyThroughBilling, 'conflict');
  });
});
