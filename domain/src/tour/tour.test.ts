import type { TourEvent, TourStatus } from '@dispo/events/catalog/index';
import { describe, expect, it } from 'vitest';
import { messages } from '../messages';
import { givenWhenThen } from '../testing/given-when-then';
import { overlaps, tourSpan } from './clock';
import type { AssignToTour } from './tour-decider';
import { assignmentWarnings, MAX_TOUR_ORDERS, tourDecider } from './tour-decider';
import { REOPEN, TOUR_STATUS_TRANSITIONS } from './tour-status';

const tour = givenWhenThen(tourDecider);
const now = '2026-11-22T07:00:00.000Z';
/** 08:00 in Berlin on the tour's day (2026-11-23). */
const onTourDay = '2026-11-23T07:00:00.000Z';
const truck = { id: 'v-1', enabledForDispatch: true };
const assign = (rest: Partial<AssignToTour> = {}): AssignToTour => ({
  type: 'AssignToTour',
  tourId: 't-1',
  tourNumber: 'T261123-0042',
  vehicle: truck,
  orderId: 'o-1',
  date: '2026-11-23',
  startTime: '08:00',
  userId: 'u-dispo',
  now,
  ...rest,
});
const created: TourEvent = {
  type: 'TourCreated',
  data: { id: 't-1', tourNumber: 'T261123-0042', vehicleId: 'v-1', date: '2026-11-23', startTime: '08:00', endTime: null, createdBy: 'u-dispo', createdAt: now },
};
const firstOrder: TourEvent = { type: 'TourOrderAdded', data: { tourId: 't-1', orderId: 'o-1', sequenceNumber: 1, addedBy: 'u-dispo', addedAt: now } };

describe('assigning orders (dispatch.md §4)', () => {
  it('creates the tour with the first order', () => {
    tour.given([]).when(assign()).thenEmits([created, firstOrder]);
  });

  it('lets further orders join in sequence, each once', () => {
    tour
      .given([created, firstOrder])
      .when(assign({ orderId: 'o-2' }))
      .thenEmits([{ type: 'TourOrderAdded', data: { tourId: 't-1', orderId: 'o-2', sequenceNumber: 2, addedBy: 'u-dispo', addedAt: now } }]);
    tour.given([created, firstOrder]).when(assign({ orderId: 'o-1' })).thenEmits([]);
  });

  it('takes at most 40 orders; a longer tour from before the limit still loads, moves and runs, but takes none more', () => {
    const orders = (n: number): TourEvent[] =>
      Array.from({ length: n }, (_, i) => ({ type: 'TourOrderAdded', data: { tourId: 't-1', orderId: `o-${i + 1}`, sequenceNumber: i + 1, addedBy: 'u-dispo', addedAt: now } }));
    expect(MAX_TOUR_ORDERS).toBe(40);
    expect(tour.given([created, ...orders(39)]).when(assign({ orderId: 'o-40' })).emitted()).toHaveLength(1);
    const full = messages.dispatch.tourFull('T261123-0042', 40);
    expect(full).toBe('Tour T261123-0042 hat bereits 40 Aufträge – mehr fährt ein Fahrzeug an einem Tag nicht. Bitte eine weitere Tour anlegen.');
    tour.given([created, ...orders(40)]).when(assign({ orderId: 'o-41' })).thenThrows(full, 'conflict');
    // An order already in it is no growth: nothing to do, as before.
    tour.given([created, ...orders(40)]).when(assign({ orderId: 'o-7' })).thenEmits([]);
    const legacy = [created, ...orders(60)];
    tour.given(legacy).when(assign({ orderId: 'o-61' })).thenThrows(messages.dispatch.tourFull('T261123-0042', 40), 'conflict');
    expect(tour.given(legacy).when({ type: 'MoveTour', tourId: 't-1', vehicle: truck, date: '2026-11-23', startTime: '09:00', userId: 'u-dispo', now }).emitted()).toHaveLength(1);
    expect(tour.given(legacy).when({ type: 'ChangeTourStatus', tourId: 't-1', status: 'in_progress', userId: 'u-dispo', now }).emitted().length).toBeGreaterThan(0);
  });

  it('refuses a vehicle that does not exist or is not released for dispatch', () => {
    tour.given([]).when(assign({ vehicle: null })).thenThrows(messages.dispatch.vehicleNotFound, 'not_found');
    tour.given([]).when(assign({ vehicle: { id: 'v-1', enabledForDispatch: false } })).thenThrows(messages.dispatch.vehicleNotReleased, 'validation');
  });

  it('refuses a load heavier than the vehicle carries (both known)', () => {
    const passat = { id: 'v-9', enabledForDispatch: true, payloadKg: 500, licensePlate: 'HH-MS 999' };
    tour.given([]).when(assign({ vehicle: passat, order: { orderNumber: 'A-1', weightTons: 25, deliveryDate: '2026-11-23' } })).thenThrows(messages.dispatch.overPayload('HH-MS 999', 25, 0.5), 'validation');
    expect(messages.dispatch.overPayload('HH-MS 999', 25, 0.5)).toBe('Der Auftrag wiegt 25 t, das Fahrzeug HH-MS 999 trägt höchstens 0,5 t.');
    expect(tour.given([]).when(assign({ vehicle: { ...passat, payloadKg: 27000 }, order: { orderNumber: 'A-1', weightTons: 27, deliveryDate: '2026-11-23' } })).emitted()).toHaveLength(2);
    // Unknown weight (m³ without a weight) or payload: nothing to check.
    expect(tour.given([]).when(assign({ vehicle: passat, order: { orderNumber: 'A-1', weightTons: null, deliveryDate: '2026-11-23' } })).emitted()).toHaveLength(2);
    expect(tour.given([]).when(assign({ vehicle: { ...passat, payloadKg: null }, order: { orderNumber: 'A-1', weightTons: 25, deliveryDate: '2026-11-23' } })).emitted()).toHaveLength(2);
  });

  it('refuses a slot that is not a day and a time', () => {
    tour.given([]).when(assign({ date: '2026-02-30' })).thenThrows(messages.dispatch.invalidScheduledTime);
    tour.given([]).when(assign({ startTime: '25:00' })).thenThrows(messages.dispatch.invalidScheduledTime);
  });

  it('takes no orders into a finished, cancelled or dissolved tour', () => {
    const done: TourEvent = { type: 'TourStatusChanged', data: { id: 't-1', from: 'planned', to: 'completed', changedBy: 'u', changedAt: now } };
    tour.given([created, firstOrder, done]).when(assign({ orderId: 'o-2' })).thenThrows(messages.dispatch.tourClosed, 'conflict');
    const dissolved: TourEvent = { type: 'TourDissolved', data: { id: 't-1', reason: 'reset', orderIds: ['o-1'], dissolvedBy: 'u', dissolvedAt: now } };
    tour.given([created, firstOrder, dissolved]).when(assign({ orderId: 'o-2' })).thenThrows(messages.dispatch.tourNotFound, 'not_found');
  });
});

describe('moving, status, reset and delete', () => {
  it('moves to another vehicle and time, keeping the length of a tour with an end', () => {
    const withEnd: TourEvent = { type: 'TourCreated', data: { ...created.data, endTime: '10:30' } as never };
    tour
      .given([withEnd, firstOrder])
      .when({ type: 'MoveTour', tourId: 't-1', vehicle: { id: 'v-2', enabledForDispatch: true }, date: '2026-11-23', startTime: '09:00', userId: 'u', now })
      .thenEmits([
        {
          type: 'TourMoved',
          data: {
            id: 't-1',
            fromVehicleId: 'v-1',
            toVehicleId: 'v-2',
            fromDate: '2026-11-23',
            toDate: '2026-11-23',
            fromStartTime: '08:00',
            toStartTime: '09:00',
            fromEndTime: '10:30',
            toEndTime: '11:30',
            movedBy: 'u',
            movedAt: now,
          },
        },
      ]);
  });

  it('does not move onto a vehicle that is not released, and a move to the same slot is nothing', () => {
    tour
      .given([created])
      .when({ type: 'MoveTour', tourId: 't-1', vehicle: { id: 'v-2', enabledForDispatch: false }, date: '2026-11-23', startTime: '09:00', userId: 'u', now })
      .thenThrows(messages.dispatch.vehicleNotReleased);
    tour.given([created]).when({ type: 'MoveTour', tourId: 't-1', vehicle: truck, date: '2026-11-23', startTime: '08:00', userId: 'u', now }).thenEmits([]);
    tour.given([]).when({ type: 'MoveTour', tourId: 't-1', vehicle: truck, date: '2026-11-23', startTime: '08:00', userId: 'u', now }).thenThrows(messages.dispatch.tourNotFound);
  });

  it('refuses a move when the tour is no longer where the mover saw it (409 instead of overriding)', () => {
    const move = { type: 'MoveTour' as const, tourId: 't-1', vehicle: { id: 'v-2', enabledForDispatch: true }, date: '2026-11-23', startTime: '09:00', userId: 'u', now };
    tour.given([created]).when({ ...move, expected: { vehicleId: 'v-3' } }).thenThrows(messages.smartServiceScreen.tourChangedMeanwhile('T261123-0042'), 'conflict');
    tour.given([created]).when({ ...move, expected: { vehicleId: 'v-1', startTime: '07:00' } }).thenThrows(messages.smartServiceScreen.tourChangedMeanwhile('T261123-0042'), 'conflict');
    expect(tour.given([created]).when({ ...move, expected: { vehicleId: 'v-1', date: '2026-11-23', startTime: '08:00' } }).emitted()).toHaveLength(1);
  });

  it('changes status along planned → in_progress → completed, naming refused changes in German', () => {
    tour
      .given([created])
      .when({ type: 'ChangeTourStatus', tourId: 't-1', status: 'in_progress', userId: 'u', now })
      .thenEmits([{ type: 'TourStatusChanged', data: { id: 't-1', from: 'planned', to: 'in_progress', changedBy: 'u', changedAt: now } }]);
    const cancelled: TourEvent = { type: 'TourStatusChanged', data: { id: 't-1', from: 'planned', to: 'cancelled', changedBy: 'u', changedAt: now } };
    tour
      .given([created, cancelled])
      .when({ type: 'ChangeTourStatus', tourId: 't-1', status: 'completed', userId: 'u', now })
      .thenThrows(messages.dispatch.tourStatusChangeNotAllowed('Storniert', 'Abgeschlossen'), 'validation');
  });

  it('dissolves with the orders it carried, for reset and for delete', () => {
    const second: TourEvent = { type: 'TourOrderAdded', data: { tourId: 't-1', orderId: 'o-2', sequenceNumber: 2, addedBy: 'u', addedAt: now } };
    for (const reason of ['reset', 'deleted'] as const) {
      tour
        .given([created, firstOrder, second])
        .when({ type: 'DissolveTour', tourId: 't-1', reason, userId: 'u', now })
        .thenEmits([{ type: 'TourDissolved', data: { id: 't-1', reason, orderIds: ['o-1', 'o-2'], dissolvedBy: 'u', dissolvedAt: now } }]);
    }
  });
});

describe('assignment rules: date, workshop warning', () => {
  const order = { orderNumber: 'A-7', weightTons: 20, deliveryDate: '2026-11-24' };
  it('refuses an order for another day unless its delivery date moves with it', () => {
    tour.given([]).when(assign({ order })).thenThrows(messages.dispatch.dateDiffers('A-7', '2026-11-24', '2026-11-23'), 'validation');
    expect(messages.dispatch.dateDiffers('A-7', '2026-11-24', '2026-11-23')).toContain('24.11.2026');
    expect(tour.given([]).when(assign({ order, moveDeliveryDate: true })).emitted()).toHaveLength(2);
    expect(tour.given([]).when(assign({ order: { ...order, deliveryDate: '2026-11-23' } })).emitted()).toHaveLength(2);
  });

  it('warns about a vehicle in maintenance, repair or defect until the dispatcher confirms', () => {
    for (const status of ['maintenance', 'repair', 'defect'] as const) {
      const vehicle = { ...truck, status, licensePlate: 'IZ-MS 101' };
      const warning = messages.dispatch.vehicleInWorkshop('IZ-MS 101', messages.labels.vehicleStatus[status]);
      expect(assignmentWarnings(vehicle)).toEqual([warning]);
      tour.given([]).when(assign({ vehicle })).thenThrows(warning, 'conflict');
      expect(tour.given([]).when(assign({ vehicle, confirmWarnings: true })).emitted()).toHaveLength(2);
    }
    expect(assignmentWarnings({ ...truck, status: 'available' })).toEqual([]);
    expect(messages.dispatch.vehicleInWorkshop('IZ-MS 101', 'Wartung')).toBe('Das Fahrzeug IZ-MS 101 hat den Status „Wartung“. Trotzdem zuweisen?');
  });

  it('warns about a workshop appointment in the assigned hour until the dispatcher confirms', () => {
    // Inspektion 09:00–13:00 (fleet.md §9 estimate): a tour from 08:30 runs into it, one from 13:00 does not.
    const vehicle = { ...truck, licensePlate: 'IZ-MS 101', workshopWindows: [{ appointmentType: 'Inspektion', from: 9 * 60, to: 13 * 60 }] };
    const warning = messages.dispatch.vehicleHasAppointment('IZ-MS 101', 'Inspektion', '09:00', '13:00');
    expect(assignmentWarnings(vehicle, '08:30')).toEqual([warning]);
    expect(assignmentWarnings(vehicle, '07:59')).toEqual([]);
    expect(assignmentWarnings(vehicle, '13:00')).toEqual([]);
    tour.given([]).when(assign({ vehicle, startTime: '08:30' })).thenThrows(warning, 'conflict');
    expect(tour.given([]).when(assign({ vehicle, startTime: '08:30', confirmWarnings: true })).emitted()).toHaveLength(2);
    expect(tour.given([]).when(assign({ vehicle, startTime: '13:00' })).emitted()).toHaveLength(2);
  });
});

describe('status table (docs/order-status.md "Tour status")', () => {
  const change = (from: TourStatus, to: TourStatus, admin = false) => {
    const events: TourEvent[] = [created, firstOrder];
    if (from !== 'planned') events.push({ type: 'TourStatusChanged', data: { id: 't-1', from: 'planned', to: from, changedBy: 'u', changedAt: now } });
    // On the tour's day: a tour of a later day is not completed (see "questionable plans").
    return tour.given(events).when({ type: 'ChangeTourStatus', tourId: 't-1', status: to, admin, userId: 'u', now: onTourDay });
  };
  it('lets nothing leave completed or cancelled but an admin reopen', () => {
    for (const from of ['completed', 'cancelled'] as const) {
      for (const to of ['planned', 'in_progress', 'completed', 'cancelled'] as const) {
        if (to === from) continue;
        const reopen = REOPEN[from] === to;
        if (reopen) change(from, to).thenThrows(messages.dispatch.reopenAdminOnly(messages.dispatch.tourStatus[from]), 'forbidden');
        else change(from, to, true).thenThrows(messages.dispatch.tourStatusChangeNotAllowed(messages.dispatch.tourStatus[from], messages.dispatch.tourStatus[to]), 'validation');
      }
      expect(change(from, REOPEN[from]!, true).emitted()).toEqual([
        { type: 'TourStatusChanged', data: { id: 't-1', from, to: REOPEN[from], changedBy: 'u', changedAt: onTourDay } },
      ]);
    }
    for (const [from, tos] of Object.entries(TOUR_STATUS_TRANSITIONS)) for (const to of tos) expect(change(from as TourStatus, to).emitted()).toHaveLength(1);
  });

  it('does not cancel a tour with delivered orders; a cancelled tour has no orders left', () => {
    tour
      .given([created, firstOrder])
      .when({ type: 'ChangeTourStatus', tourId: 't-1', status: 'cancelled', deliveredOrders: ['A-1'], userId: 'u', now })
      .thenThrows(messages.dispatch.cancelDelivered('A-1'), 'conflict');
    const cancelled: TourEvent = { type: 'TourStatusChanged', data: { id: 't-1', from: 'planned', to: 'cancelled', changedBy: 'u', changedAt: now } };
    const state = [created, firstOrder, cancelled].reduce(tourDecider.evolve, tourDecider.initialState);
    expect(state.exists && state.entity.orderIds).toEqual([]);
  });
});

describe('times and sequence', () => {
  const second: TourEvent = { type: 'TourOrderAdded', data: { tourId: 't-1', orderId: 'o-2', sequenceNumber: 2, addedBy: 'u', addedAt: now } };
  const times = {
    endTime: '11:05',
    stops: [
      { orderId: 'o-1', sequenceNumber: 1, estimatedArrival: '09:10' },
      { orderId: 'o-2', sequenceNumber: 2, estimatedArrival: '10:45' },
    ],
    emptyKm: 12.5,
    loadedKm: 80,
  };
  it('records the times the travel model gives, and the tour ends then', () => {
    const events = tour.given([created, firstOrder, second]).when({ type: 'PlanTourTimes', tourId: 't-1', startPlantId: 'p-home', times, now }).emitted();
    expect(events).toEqual([{ type: 'TourTimesPlanned', data: { id: 't-1', startPlantId: 'p-home', ...times, plannedAt: now } }]);
    const state = [created, firstOrder, second, ...events].reduce(tourDecider.evolve, tourDecider.initialState);
    expect(state.exists && [state.entity.endTime, state.entity.startPlantId]).toEqual(['11:05', 'p-home']);
  });

  it('re-sequences the same orders only, never a closed tour', () => {
    const resequence = (orderIds: string[]) => ({ type: 'ResequenceTour' as const, tourId: 't-1', orderIds, operationId: 'op-1', reason: 'optimization_applied' as const, userId: 'u', now });
    tour
      .given([created, firstOrder, second])
      .when(resequence(['o-2', 'o-1']))
      .thenEmits([
        {
          type: 'TourResequenced',
          data: { id: 't-1', from: ['o-1', 'o-2'], to: ['o-2', 'o-1'], operationId: 'op-1', reason: 'optimization_applied', resequencedBy: 'u', resequencedAt: now },
        },
      ]);
    tour.given([created, firstOrder, second]).when(resequence(['o-1', 'o-2'])).thenEmits([]);
    tour.given([created, firstOrder, second]).when(resequence(['o-2', 'o-3'])).thenThrows(messages.optimization.ordersChanged, 'conflict');
    const done: TourEvent = { type: 'TourStatusChanged', data: { id: 't-1', from: 'planned', to: 'completed', changedBy: 'u', changedAt: now } };
    tour.given([created, firstOrder, second, done]).when(resequence(['o-2', 'o-1'])).thenThrows(messages.dispatch.tourClosedForSequence, 'conflict');
  });
});

describe('time spans', () => {
  it('lasts one hour without an end, and overlapping spans of a vehicle are a conflict', () => {
    expect(tourSpan('08:00', null)).toEqual([480, 540]);
    expect(overlaps(tourSpan('08:00', null), tourSpan('08:30', '10:00'))).toBe(true);
    expect(overlaps(tourSpan('08:00', null), tourSpan('09:00', null))).toBe(false);
  });
});

describe('a tour with delivered or billed orders is never reset, deleted or cancelled (docs/invariants.md)', () => {
  const done: TourEvent = { type: 'TourStatusChanged', data: { id: 't-1', from: 'planned', to: 'completed', changedBy: 'u', changedAt: onTourDay } };
  it('refuses to reset or delete a tour whose orders were delivered or are bound to billing, naming them', () => {
    for (const reason of ['reset', 'deleted'] as const) {
      tour
        .given([created, firstOrder])
        .when({ type: 'DissolveTour', tourId: 't-1', reason, deliveredOrders: ['A-1', 'A-2'], userId: 'u', now })
        .thenThrows(messages.dispatch.dissolveDelivered('A-1, A-2'), 'conflict');
    }
    expect(messages.dispatch.dissolveDelivered('A-1')).toBe(
      'Die Tour hat bereits gelieferte oder abgerechnete Aufträge (A-1) und kann weder auf „Offen“ gesetzt noch gelöscht werden.',
    );
  });

  it('keeps a completed tour, even with no delivered order left', () => {
    for (const reason of ['reset', 'deleted'] as const) {
      tour
        .given([created, firstOrder, done])
        .when({ type: 'DissolveTour', tourId: 't-1', reason, deliveredOrders: [], userId: 'u', now })
        .thenThrows(messages.dispatch.completedTourKept('T261123-0042'), 'conflict');
    }
  });

  it('still resets a planned tour whose orders are not delivered', () => {
    expect(tour.given([created, firstOrder]).when({ type: 'DissolveTour', tourId: 't-1', reason: 'reset', deliveredOrders: [], userId: 'u', now }).emitted()).toHaveLength(1);
  });
});

describe('questionable plans: no past day, no completion ahead of the day', () => {
  it('refuses an assignment or a move to a day gone by (Europe/Berlin), in German', () => {
    // 23:30 UTC on the 22nd is already the 23rd in Berlin: the 22nd is over.
    const lateEvening = '2026-11-22T23:30:00.000Z';
    tour.given([]).when(assign({ date: '2026-11-22', now: lateEvening })).thenThrows(messages.dispatch.pastDay('2026-11-22'), 'validation');
    expect(messages.dispatch.pastDay('2026-11-22')).toBe('Der 22.11.2026 ist vorbei; auf einen vergangenen Tag kann nicht disponiert werden.');
    expect(tour.given([]).when(assign({ date: '2026-11-23', now: lateEvening })).emitted()).toHaveLength(2);
    tour
      .given([created, firstOrder])
      .when({ type: 'MoveTour', tourId: 't-1', vehicle: truck, date: '2026-11-21', startTime: '08:00', userId: 'u', now })
      .thenThrows(messages.dispatch.pastDay('2026-11-21'), 'validation');
  });

  it('refuses to complete a tour of a later day; on its day it completes', () => {
    tour
      .given([created, firstOrder])
      .when({ type: 'ChangeTourStatus', tourId: 't-1', status: 'completed', userId: 'u', now })
      .thenThrows(messages.dispatch.futureTourNotCompleted('T261123-0042'), 'conflict');
    expect(tour.given([created, firstOrder]).when({ type: 'ChangeTourStatus', tourId: 't-1', status: 'completed', userId: 'u', now: onTourDay }).emitted()).toHaveLength(1);
  });
});

describe('redistribution (issue 31, docs/invariants.md)', () => {
  const started: TourEvent = { type: 'TourStatusChanged', data: { id: 't-1', from: 'planned', to: 'in_progress', changedBy: 'u', changedAt: now } };
  const redistribute = (vehicle: { id: string; enabledForDispatch: boolean; licensePlate?: string; status?: 'maintenance' | 'available'; workshopWindows?: { appointmentType: string; from: number; to: number }[] }) =>
    ({ type: 'MoveTour', tourId: 't-1', vehicle, date: '2026-11-23', startTime: '08:00', redistribution: true, userId: 'u', now }) as const;

  it('never moves a running tour', () => {
    tour
      .given([created, firstOrder, started])
      .when(redistribute({ id: 'v-2', enabledForDispatch: true }))
      .thenThrows(messages.smartServiceScreen.tourRunning('T261123-0042'), 'conflict');
    // The dispatcher's own drag is not a redistribution.
    expect(tour.given([created, firstOrder, started]).when({ ...redistribute({ id: 'v-2', enabledForDispatch: true }), redistribution: false }).emitted()).toHaveLength(1);
  });

  it('gives no tour to a vehicle in the workshop, nor into a workshop window', () => {
    tour
      .given([created, firstOrder])
      .when(redistribute({ id: 'v-2', enabledForDispatch: true, licensePlate: 'HH-MS 204', status: 'maintenance' }))
      .thenThrows(messages.smartServiceScreen.vehicleInWorkshop('HH-MS 204', 'Wartung'), 'conflict');
    tour
      .given([created, firstOrder])
      .when(redistribute({ id: 'v-2', enabledForDispatch: true, licensePlate: 'HH-MS 204', workshopWindows: [{ appointmentType: 'Service', from: 8 * 60 + 30, to: 10 * 60 }] }))
      .thenThrows(messages.smartServiceScreen.vehicleInWorkshopWindow('HH-MS 204', '08:30', '10:00'), 'conflict');
    // A window after the tour's hour leaves it free.
    expect(
      tour
        .given([created, firstOrder])
        .when(redistribute({ id: 'v-2', enabledForDispatch: true, licensePlate: 'HH-MS 204', status: 'available', workshopWindows: [{ appointmentType: 'Service', from: 9 * 60, to: 10 * 60 }] }))
        .emitted(),
    ).toHaveLength(1);
  });
});
