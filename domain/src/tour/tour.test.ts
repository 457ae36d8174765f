import type { TourEvent } from '@dispo/events/catalog/index';
import { describe, expect, it } from 'vitest';
import { messages } from '../messages';
import { givenWhenThen } from '../testing/given-when-then';
import { overlaps, tourSpan } from './clock';
import type { AssignToTour } from './tour-decider';
import { tourDecider } from './tour-decider';

const tour = givenWhenThen(tourDecider);
const now = '2026-11-22T07:00:00.000Z';
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

  it('refuses a vehicle that does not exist or is not released for dispatch', () => {
    tour.given([]).when(assign({ vehicle: null })).thenThrows(messages.dispatch.vehicleNotFound, 'not_found');
    tour.given([]).when(assign({ vehicle: { id: 'v-1', enabledForDispatch: false } })).thenThrows(messages.dispatch.vehicleNotReleased, 'validation');
  });

  it('refuses a load heavier than the vehicle carries (both known)', () => {
    const passat = { id: 'v-9', enabledForDispatch: true, payloadKg: 500, licensePlate: 'HH-MS 999' };
    tour.given([]).when(assign({ vehicle: passat, orderWeightTons: 25 })).thenThrows(messages.dispatch.overPayload('HH-MS 999', 25, 0.5), 'validation');
    expect(messages.dispatch.overPayload('HH-MS 999', 25, 0.5)).toBe('Der Auftrag wiegt 25 t, das Fahrzeug HH-MS 999 trägt höchstens 0,5 t.');
    expect(tour.given([]).when(assign({ vehicle: { ...passat, payloadKg: 27000 }, orderWeightTons: 27 })).emitted()).toHaveLength(2);
    // Unknown weight (m³ without a weight) or payload: nothing to check.
    expect(tour.given([]).when(assign({ vehicle: passat, orderWeightTons: null })).emitted()).toHaveLength(2);
    expect(tour.given([]).when(assign({ vehicle: { ...passat, payloadKg: null }, orderWeightTons: 25 })).emitted()).toHaveLength(2);
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

describe('time spans', () => {
  it('lasts one hour without an end, and overlapping spans of a vehicle are a conflict', () => {
    expect(tourSpan('08:00', null)).toEqual([480, 540]);
    expect(overlaps(tourSpan('08:00', null), tourSpan('08:30', '10:00'))).toBe(true);
    expect(overlaps(tourSpan('08:00', null), tourSpan('09:00', null))).toBe(false);
  });
});
