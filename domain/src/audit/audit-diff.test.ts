import { allEventDefinitions } from '@dispo/events/catalog/index';
import { EventRegistry } from '@dispo/events/registry';
import { describe, expect, it } from 'vitest';
import { messages } from '../messages';
import { expectedOrder } from '../testing/order-fixtures';
import { auditKinds, eventTypesOutsideKinds, kindOfEventType } from './audit-kinds';
import { displayValue } from './audit-values';
import { type AuditedEvent, replayHistory } from './stream-history';

const at = '2026-11-20T09:15:00.000Z';
const by = 'u-dispo';
const pin = { algorithm: 'aes-256-gcm' as const, iv: 'aXY=', tag: 'dGFn', ciphertext: 'Y2lwaGVy' };

type Plain = { type: string; data: Record<string, unknown> };
const e = (type: string, data: Record<string, unknown>): Plain => ({ type, data });

const orderCreated = e('OrderCreated', { ...expectedOrder });
const vehicleCreated = e('VehicleCreated', {
  id: 'v-1', licensePlate: 'IZ-MS 101', vehicleType: 'zugmaschine', makeModel: 'Actros', brand: null, model: null, year: 2021,
  payloadKg: 27000, totalWeightKg: 40000, loadingCapacity: null, axles: 2, fuelType: 'diesel', emissionClass: 'euro6',
  suitableMaterialIds: [], hasSiloEquipment: true, homeLocationPostalCode: null, homeLocationCity: null, homePlantName: null,
  costCenter: null, lastServiceDate: null, nextServiceDue: null, odometerKm: null, fuelConsumption: null, specialEquipment: null,
  restrictions: null, notes: null, status: 'available', enabledForDispatch: false, assignedDriverId: null, createdBy: by, createdAt: at,
});
const trailerCreated = e('TrailerCreated', {
  id: 't-1', licensePlate: 'IZ-MA 501', trailerType: 'kippsilo', maxWeightKg: null, maintenanceDates: [], notes: null,
  status: 'available', tractorId: null, createdBy: by, createdAt: at,
});
const cardCreated = e('FuelCardCreated', {
  id: 'c-1', cardNumber: '7002 1234', cardType: 'diesel', provider: 'Shell', assignedVehicleId: null, dailyLimit: null,
  monthlyLimit: null, validUntil: null, notes: null, status: 'active', pin: null, createdBy: by, createdAt: at,
});
const tourCreated = e('TourCreated', {
  id: 'tour-1', tourNumber: 'T-1', vehicleId: 'v-1', date: '2026-11-21', startTime: '06:00', endTime: null, createdBy: by, createdAt: at,
});
const appointmentPlanned = e('WorkshopAppointmentPlanned', {
  id: 'a-1', subject: { kind: 'vehicle', id: 'v-1' }, appointmentType: 'HU', date: '2026-11-23', time: '09:00', workshop: 'MAN Neumünster',
  customWorkshop: null, location: null, notes: null, estimatedCost: null, responsible: null, estimationKey: 'inspection',
  originalVehicleId: null, detectedKeywords: [], followUpOf: null, plannedBy: by, plannedAt: at,
});
const templateData = {
  loadingPlant: { id: 'p-1', name: 'Lägerdorf' }, deliveryPlant: null, loadingPointId: null, materials: [],
  deliveryTimeType: 'fixed', deliveryTimeFixed: '08:00', deliveryTimeFrom: null, deliveryTimeTo: null, priority: 'normal', notes: null,
};
const templateCreated = e('OrderTemplateCreated', { id: 'tp-1', ownerId: by, name: 'Kiel', templateData, createdAt: at });

/**
 * For every event type of an audited kind: the stream before it, the event, and exactly the fields
 * its diff must name. A new event type of a kind without a row here fails the test below.
 */
const cases: Record<string, { given: Plain[]; when: Plain; changed: string[] }> = {
  OrderCreated: {
    given: [],
    when: orderCreated,
    changed: ['orderNumber', 'status', 'createdBy', 'createdAt', 'plantId', 'deliveryPlantId', 'loadingPointId', 'materialId', 'quantity', 'unit', 'weightTons', 'deliveryDate', 'deliveryTimeType', 'deliveryTimeFixed', 'priority', 'transportType', 'pumpAvailable', 'craneAvailable', 'billingPending', 'billingConfirmed', 'deliveryDataUnlocked', 'transferredToDisposition'],
  },
  OrderDetailsChanged: {
    given: [orderCreated],
    when: e('OrderDetailsChanged', { id: 'o-1', changes: { quantity: 30, notes: 'Bitte anrufen' }, previous: { quantity: 27, notes: null }, changedBy: by, changedAt: at }),
    changed: ['quantity', 'notes'],
  },
  OrderStatusChanged: { given: [orderCreated], when: e('OrderStatusChanged', { id: 'o-1', from: 'offen', to: 'geliefert', changedBy: by, changedAt: at }), changed: ['status'] },
  OrderDeliveryDataRecorded: {
    given: [orderCreated],
    when: e('OrderDeliveryDataRecorded', { id: 'o-1', deliverySlipNumber: '4711', actualWeight: 26.5, previousDeliverySlipNumber: null, previousActualWeight: null, recordedBy: by, recordedAt: at }),
    changed: ['deliverySlipNumber', 'actualWeight'],
  },
  OrderHandedToBilling: { given: [orderCreated], when: e('OrderHandedToBilling', { id: 'o-1', handedAt: at }), changed: ['billingPending'] },
  OrderStornoIssued: { given: [orderCreated], when: e('OrderStornoIssued', { id: 'o-1', orderNumber: 'S261121-4711', statusBefore: 'offen', issuedBy: by, issuedAt: at }), changed: [] },
  OrderDeleted: { given: [orderCreated], when: e('OrderDeleted', { id: 'o-1', orderNumber: 'S261121-4711', reason: 'deleted', deletedBy: by, deletedAt: at }), changed: [] },
  OrderAssignedToTour: {
    given: [orderCreated],
    when: e('OrderAssignedToTour', { id: 'o-1', tourId: 'tour-1', vehicleId: 'v-1', date: '2026-11-21', startTime: '06:00', sequenceNumber: 1, statusBefore: 'offen', status: 'disponiert', assignedBy: by, assignedAt: at }),
    changed: ['status', 'tourId'],
  },
  OrderReleasedFromTour: {
    given: [orderCreated, e('OrderAssignedToTour', { id: 'o-1', tourId: 'tour-1', vehicleId: 'v-1', date: '2026-11-21', startTime: '06:00', sequenceNumber: 1, statusBefore: 'offen', status: 'disponiert', assignedBy: by, assignedAt: at })],
    when: e('OrderReleasedFromTour', { id: 'o-1', tourId: 'tour-1', statusBefore: 'disponiert', releasedBy: by, releasedAt: at }),
    changed: ['status', 'tourId'],
  },
  OrderTourRescheduled: {
    given: [orderCreated],
    when: e('OrderTourRescheduled', { id: 'o-1', tourId: 'tour-1', vehicleId: 'v-2', date: '2026-11-22', startTime: '07:00', rescheduledAt: at }),
    changed: [],
  },
  OrderBillingConfirmed: { given: [orderCreated], when: e('OrderBillingConfirmed', { id: 'o-1', statusBefore: 'geliefert', confirmedBy: by, confirmedAt: at }), changed: ['status', 'billingConfirmed'] },
  OrderBillingUndone: {
    given: [orderCreated, e('OrderBillingConfirmed', { id: 'o-1', statusBefore: 'geliefert', confirmedBy: by, confirmedAt: at })],
    when: e('OrderBillingUndone', { id: 'o-1', reason: 'Falsches Gewicht', statusBefore: 'abgerechnet', undoneBy: by, undoneAt: at }),
    changed: ['status', 'billingConfirmed'],
  },
  OrderRemovedFromBilling: {
    given: [orderCreated, e('OrderHandedToBilling', { id: 'o-1', handedAt: at })],
    when: e('OrderRemovedFromBilling', { id: 'o-1', statusBefore: 'geliefert', previousDeliverySlipNumber: null, previousActualWeight: null, removedBy: by, removedAt: at }),
    changed: ['status', 'billingPending'],
  },
  OrderDeliveryDataUnlocked: { given: [orderCreated], when: e('OrderDeliveryDataUnlocked', { id: 'o-1', unlockedBy: by, unlockedAt: at }), changed: ['deliveryDataUnlocked'] },
  OrderTransferredToDisposition: {
    given: [orderCreated],
    when: e('OrderTransferredToDisposition', { id: 'o-1', status: 'offen', transferredBy: by, transferredAt: at }),
    changed: ['transferredToDisposition'],
  },
  TourCreated: { given: [], when: tourCreated, changed: ['tourNumber', 'vehicleId', 'date', 'startTime', 'status', 'dissolved'] },
  TourOrderAdded: { given: [tourCreated], when: e('TourOrderAdded', { tourId: 'tour-1', orderId: 'o-1', sequenceNumber: 1, addedBy: by, addedAt: at }), changed: ['orderIds'] },
  TourMoved: {
    given: [tourCreated],
    when: e('TourMoved', { id: 'tour-1', fromVehicleId: 'v-1', toVehicleId: 'v-2', fromDate: '2026-11-21', toDate: '2026-11-21', fromStartTime: '06:00', toStartTime: '08:00', fromEndTime: null, toEndTime: null, movedBy: by, movedAt: at }),
    changed: ['vehicleId', 'startTime'],
  },
  TourStatusChanged: { given: [tourCreated], when: e('TourStatusChanged', { id: 'tour-1', from: 'planned', to: 'in_progress', changedBy: by, changedAt: at }), changed: ['status'] },
  TourTimesPlanned: {
    given: [tourCreated],
    when: e('TourTimesPlanned', { id: 'tour-1', startPlantId: 'p-1', endTime: '09:40', stops: [], emptyKm: 12.5, loadedKm: 60, plannedAt: at }),
    changed: ['endTime', 'startPlantId'],
  },
  TourResequenced: {
    given: [tourCreated, e('TourOrderAdded', { tourId: 'tour-1', orderId: 'o-1', sequenceNumber: 1, addedBy: by, addedAt: at }), e('TourOrderAdded', { tourId: 'tour-1', orderId: 'o-2', sequenceNumber: 2, addedBy: by, addedAt: at })],
    when: e('TourResequenced', { id: 'tour-1', from: ['o-1', 'o-2'], to: ['o-2', 'o-1'], operationId: 'op-1', reason: 'optimization_applied', resequencedBy: by, resequencedAt: at }),
    changed: ['orderIds'],
  },
  TourDissolved: { given: [tourCreated], when: e('TourDissolved', { id: 'tour-1', reason: 'reset', orderIds: [], dissolvedBy: by, dissolvedAt: at }), changed: ['dissolved'] },
  VehicleCreated: {
    given: [],
    when: vehicleCreated,
    changed: ['licensePlate', 'vehicleType', 'makeModel', 'year', 'payloadKg', 'totalWeightKg', 'axles', 'fuelType', 'emissionClass', 'hasSiloEquipment', 'status', 'enabledForDispatch', 'createdAt'],
  },
  VehicleDetailsChanged: {
    given: [vehicleCreated],
    when: e('VehicleDetailsChanged', { id: 'v-1', changes: { odometerKm: 1000 }, previous: { odometerKm: null }, changedBy: by, changedAt: at }),
    changed: ['odometerKm'],
  },
  VehicleStatusChanged: { given: [vehicleCreated], when: e('VehicleStatusChanged', { id: 'v-1', from: 'available', to: 'repair', changedBy: by, changedAt: at }), changed: ['status'] },
  VehicleDispatchChanged: { given: [vehicleCreated], when: e('VehicleDispatchChanged', { id: 'v-1', from: false, to: true, changedBy: by, changedAt: at }), changed: ['enabledForDispatch'] },
  VehicleDriverChanged: { given: [vehicleCreated], when: e('VehicleDriverChanged', { id: 'v-1', from: null, to: 'u-frank', changedBy: by, changedAt: at }), changed: ['assignedDriverId'] },
  VehicleDeadlineSet: { given: [vehicleCreated], when: e('VehicleDeadlineSet', { id: 'v-1', deadline: 'tuv', date: '2027-01-31', changedBy: by, changedAt: at }), changed: ['tuvUntil'] },
  VehicleDeadlineChanged: {
    given: [vehicleCreated, e('VehicleDeadlineSet', { id: 'v-1', deadline: 'inspection', date: '2027-01-31', changedBy: by, changedAt: at })],
    when: e('VehicleDeadlineChanged', { id: 'v-1', deadline: 'inspection', from: '2027-01-31', to: '2027-02-28', changedBy: by, changedAt: at }),
    changed: ['inspectionUntil'],
  },
  VehicleDeadlineRemoved: {
    given: [vehicleCreated, e('VehicleDeadlineSet', { id: 'v-1', deadline: 'insurance', date: '2027-01-31', changedBy: by, changedAt: at })],
    when: e('VehicleDeadlineRemoved', { id: 'v-1', deadline: 'insurance', from: '2027-01-31', changedBy: by, changedAt: at }),
    changed: ['insuranceUntil'],
  },
  VehicleDeleted: { given: [vehicleCreated], when: e('VehicleDeleted', { id: 'v-1', licensePlate: 'IZ-MS 101', deletedBy: by, deletedAt: at }), changed: [] },
  VehicleDocumentAdded: {
    given: [vehicleCreated],
    when: e('VehicleDocumentAdded', { vehicleId: 'v-1', documentId: 'd-1', name: 'Schein.pdf', category: 'registration', contentType: 'application/pdf', sizeBytes: 10, sha256: 'a'.repeat(64), addedBy: by, addedAt: at }),
    changed: ['documents'],
  },
  VehicleDocumentRemoved: {
    given: [vehicleCreated, e('VehicleDocumentAdded', { vehicleId: 'v-1', documentId: 'd-1', name: 'Schein.pdf', category: 'registration', contentType: 'application/pdf', sizeBytes: 10, sha256: 'a'.repeat(64), addedBy: by, addedAt: at })],
    when: e('VehicleDocumentRemoved', { vehicleId: 'v-1', documentId: 'd-1', name: 'Schein.pdf', category: 'registration', removedBy: by, removedAt: at }),
    changed: ['documents'],
  },
  TrailerCreated: { given: [], when: trailerCreated, changed: ['licensePlate', 'trailerType', 'status', 'createdAt'] },
  TrailerDetailsChanged: {
    given: [trailerCreated],
    when: e('TrailerDetailsChanged', { id: 't-1', changes: { maintenanceDates: [{ kind: 'tuv', date: '2027-03-01' }] }, previous: { maintenanceDates: [] }, changedBy: by, changedAt: at }),
    changed: ['maintenanceDates'],
  },
  TrailerStatusChanged: { given: [trailerCreated], when: e('TrailerStatusChanged', { id: 't-1', from: 'available', to: 'maintenance', changedBy: by, changedAt: at }), changed: ['status'] },
  TrailerTractorChanged: { given: [trailerCreated], when: e('TrailerTractorChanged', { id: 't-1', from: null, to: 'v-1', changedBy: by, changedAt: at }), changed: ['tractorId'] },
  TrailerDeleted: { given: [trailerCreated], when: e('TrailerDeleted', { id: 't-1', licensePlate: 'IZ-MA 501', tractorId: null, deletedBy: by, deletedAt: at }), changed: [] },
  WorkshopAppointmentPlanned: { given: [], when: appointmentPlanned, changed: ['vehicleId', 'appointmentType', 'date', 'time', 'workshop', 'status'] },
  WorkshopAppointmentUpdated: {
    given: [appointmentPlanned],
    when: e('WorkshopAppointmentUpdated', {
      id: 'a-1', subject: { kind: 'vehicle', id: 'v-1' }, changes: { date: '2026-11-25', appointmentType: 'SP' }, previous: { date: '2026-11-23', appointmentType: 'HU' }, changedBy: by, changedAt: at,
    }),
    changed: ['date', 'appointmentType'],
  },
  WorkshopAppointmentCancelled: {
    given: [appointmentPlanned],
    when: e('WorkshopAppointmentCancelled', { id: 'a-1', subject: { kind: 'vehicle', id: 'v-1' }, cancelledBy: by, cancelledAt: at }),
    changed: ['status'],
  },
  WorkshopAppointmentCompleted: {
    given: [appointmentPlanned],
    when: e('WorkshopAppointmentCompleted', {
      id: 'a-1', subject: { kind: 'vehicle', id: 'v-1' },
      result: { kind: 'vehicle', completed: true, hasInvoice: true, invoiceAmount: 412.8, followUpNeeded: false, followUpDate: null, notes: 'Ohne Mängel' },
      followUpAppointmentId: null, completedBy: by, completedAt: at,
    }),
    changed: ['status', 'completed', 'hasInvoice', 'invoiceAmount', 'followUpNeeded', 'completionNotes'],
  },
  AppointmentInvoiceAmountSet: {
    given: [
      appointmentPlanned,
      e('WorkshopAppointmentCompleted', {
        id: 'a-1', subject: { kind: 'vehicle', id: 'v-1' },
        result: { kind: 'vehicle', completed: true, hasInvoice: false, invoiceAmount: null, followUpNeeded: false, followUpDate: null, notes: null },
        followUpAppointmentId: null, completedBy: by, completedAt: at,
      }),
    ],
    when: e('AppointmentInvoiceAmountSet', { id: 'a-1', subject: { kind: 'vehicle', id: 'v-1' }, invoiceAmount: 845.5, previousInvoiceAmount: null, setBy: by, setAt: at }),
    changed: ['hasInvoice', 'invoiceAmount'],
  },
  FuelCardCreated: { given: [], when: cardCreated, changed: ['cardNumber', 'cardType', 'provider', 'status', 'createdAt'] },
  FuelCardDetailsChanged: {
    given: [cardCreated],
    when: e('FuelCardDetailsChanged', { id: 'c-1', changes: { dailyLimit: 300, assignedVehicleId: 'v-1' }, previous: { dailyLimit: null, assignedVehicleId: null }, changedBy: by, changedAt: at }),
    changed: ['assignedVehicleId', 'dailyLimit'],
  },
  FuelCardStatusChanged: { given: [cardCreated], when: e('FuelCardStatusChanged', { id: 'c-1', from: 'active', to: 'blocked', changedBy: by, changedAt: at }), changed: ['status'] },
  FuelCardPinChanged: { given: [cardCreated], when: e('FuelCardPinChanged', { id: 'c-1', pin, wasSet: false, changedBy: by, changedAt: at }), changed: ['pin'] },
  FuelCardPinRevealed: { given: [cardCreated], when: e('FuelCardPinRevealed', { id: 'c-1', revealedBy: by, revealedAt: at }), changed: [] },
  FuelCardDeleted: { given: [cardCreated], when: e('FuelCardDeleted', { id: 'c-1', cardNumber: '7002 1234', deletedBy: by, deletedAt: at }), changed: [] },
  OrderTemplateCreated: { given: [], when: templateCreated, changed: ['ownerId', 'name', 'loadingPlant', 'deliveryTimeType', 'deliveryTimeFixed', 'priority', 'usageCount', 'createdAt'] },
  OrderTemplateUpdated: {
    given: [templateCreated],
    when: e('OrderTemplateUpdated', { id: 'tp-1', ownerId: by, name: 'Kiel Nord', templateData: { ...templateData, priority: 'high' }, updatedAt: at }),
    changed: ['name', 'priority'],
  },
  OrderTemplateDeleted: { given: [templateCreated], when: e('OrderTemplateDeleted', { id: 'tp-1', ownerId: by, deletedAt: at }), changed: [] },
  OrderTemplateUsed: { given: [templateCreated], when: e('OrderTemplateUsed', { id: 'tp-1', ownerId: by, usedAt: '2026-11-21T10:00:00.000Z' }), changed: ['usageCount', 'lastUsed'] },
};

const registry = new EventRegistry(allEventDefinitions);

function recorded(events: Plain[]): AuditedEvent[] {
  return events.map((event, i) => ({
    eventId: `e-${i}`,
    type: event.type,
    // Fixtures must be events the log would accept.
    data: registry.validateForAppend(event.type, 1, event.data),
    streamVersion: i + 1,
    recordedAt: at,
    position: { globalPosition: i + 1 },
    metadata: { userId: by },
  }));
}

describe('audit diff of every event type in the catalogue', () => {
  const typesOfKinds = auditKinds.flatMap((kind) => kind.eventDefinitions.map((d) => d.type));

  it('places every event type of the catalogue in a kind or names it as outside the kinds, and labels it', () => {
    for (const { type } of allEventDefinitions) {
      expect(typesOfKinds.includes(type) || eventTypesOutsideKinds.includes(type), type).toBe(true);
      expect(messages.audit.eventTypes[type], type).toBeTruthy();
    }
  });

  for (const type of typesOfKinds) {
    it(`${type}: names exactly the fields it changes, each with a German label`, () => {
      const testCase = cases[type];
      expect(testCase, `no diff case for ${type}`).toBeDefined();
      const kind = kindOfEventType(type)!;
      const steps = replayHistory(kind, recorded([...testCase!.given, testCase!.when]));
      const last = steps[steps.length - 1]!;
      expect(last.changes.map((c) => c.field).sort()).toEqual([...testCase!.changed].sort());
      for (const change of last.changes) expect(kind.labels[change.field], change.field).toBeTruthy();
    });
  }

  it('never shows a PIN, only that it changed', () => {
    const kind = kindOfEventType('FuelCardPinChanged')!;
    const steps = replayHistory(kind, recorded([cardCreated, cases.FuelCardPinChanged!.when]));
    expect(steps[1]!.changes).toEqual([{ field: 'pin', old: null, new: null, secret: true }]);
    expect(JSON.stringify(steps.map((s) => s.changes))).not.toContain(pin.ciphertext);
  });

  it('gives old and new values of an edit', () => {
    const steps = replayHistory(kindOfEventType('OrderDetailsChanged')!, recorded([orderCreated, cases.OrderDetailsChanged!.when]));
    expect(steps[1]!.changes).toEqual([
      { field: 'quantity', old: 27, new: 30 },
      { field: 'notes', old: null, new: 'Bitte anrufen' },
    ]);
  });
});

describe('values as people read them', () => {
  const names = (kind: string, id: string) => (kind === 'user' && id === 'u-frank' ? 'Frank Berger' : undefined);

  it('labels enums, names ids, writes German dates and numbers, keeps a year plain and hides secrets', () => {
    const vehicle = auditKinds.find((k) => k.kind === 'vehicle')!;
    expect(displayValue(vehicle, 'status', 'repair', names)).toBe('Reparatur');
    expect(displayValue(vehicle, 'assignedDriverId', 'u-frank', names)).toBe('Frank Berger');
    expect(displayValue(vehicle, 'assignedDriverId', 'u-gone', names)).toBe('u-gone');
    expect(displayValue(vehicle, 'tuvUntil', '2027-01-31', names)).toBe('31.01.2027');
    expect(displayValue(vehicle, 'payloadKg', 27000, names)).toBe('27.000');
    expect(displayValue(vehicle, 'year', 2022, names)).toBe('2022');
    expect(displayValue(vehicle, 'hasSiloEquipment', true, names)).toBe('Ja');
    expect(displayValue(vehicle, 'notes', null, names)).toBe('—');
    expect(displayValue(vehicle, 'createdAt', '2026-11-20T09:15:00.000Z', names)).toBe('20.11.2026, 10:15:00');
    const card = auditKinds.find((k) => k.kind === 'fuel-card')!;
    expect(displayValue(card, 'pin', pin, names)).toBe('verborgen');
    expect(displayValue(card, 'pin', null, names)).toBe('—');
  });
});
