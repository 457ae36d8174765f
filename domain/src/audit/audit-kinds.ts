import {
  fuelCardEventDefinitions,
  orderEventDefinitions,
  orderTemplateEventDefinitions,
  streamIds,
  tourEventDefinitions,
  trailerEventDefinitions,
  vehicleDocumentEventDefinitions,
  vehicleEventDefinitions,
  workshopAppointmentEventDefinitions,
} from '@dispo/events/catalog/index';
import type { EventDefinition } from '@dispo/events/registry';
import type { Decider } from '../decider';
import { fuelCardDecider } from '../fuel-card';
import { messages } from '../messages';
import { orderDecider } from '../order';
import { orderTemplateDecider } from '../order-template';
import type { EntityState } from '../shared';
import { tourDecider } from '../tour/tour-decider';
import { trailerDecider } from '../trailer';
import { vehicleDecider } from '../vehicle';
import { appointmentDecider, type AppointmentRecord } from '../workshop-appointment';
import { type AuditKind, defineAuditKind, type Snapshot } from './audit-kind';

const labels = messages.labels;
const fields = messages.audit.fields;

/** The decider's fold, typed loosely: the audit hands it only the event types of `eventDefinitions`. */
function foldWith<S, E>(decider: Pick<Decider<unknown, S, E>, 'initialState' | 'evolve'>) {
  return { initialState: decider.initialState, evolve: (state: S, event: { type: string; data: unknown }) => decider.evolve(state, event as E) };
}

/** An EntityState's record without the fields that every event touches or that never change. */
function entitySnapshot<T extends { id: string; updatedAt?: string }>(state: EntityState<T>, view: (entity: T) => Snapshot): Snapshot | null {
  return state.exists ? view(state.entity) : null;
}

const order = defineAuditKind({
  kind: 'order',
  streamId: streamIds.order,
  eventDefinitions: orderEventDefinitions,
  ...foldWith(orderDecider),
  snapshot: (state) => entitySnapshot(state, ({ id: _id, updatedAt: _at, ...order }) => order),
  labels: fields.order,
  valueLabels: {
    status: labels.orderStatus,
    unit: labels.unit,
    deliveryTimeType: labels.deliveryTimeType,
    priority: labels.priority,
    transportType: labels.transportType,
  },
  references: {
    plantId: 'plant',
    deliveryPlantId: 'plant',
    loadingPointId: 'loadingPoint',
    materialId: 'material',
    customerId: 'customer',
    createdBy: 'user',
    tourId: 'tour',
  },
  title: (s) => String(s.orderNumber),
});

const tour = defineAuditKind({
  kind: 'tour',
  streamId: streamIds.tour,
  eventDefinitions: tourEventDefinitions,
  ...foldWith(tourDecider),
  snapshot: (state) => entitySnapshot(state, ({ id: _id, ...tour }) => tour),
  labels: fields.tour,
  valueLabels: { status: messages.dispatch.tourStatus },
  references: { vehicleId: 'vehicle', orderIds: 'order', startPlantId: 'plant' },
  title: (s) => String(s.tourNumber),
});

const vehicle = defineAuditKind({
  kind: 'vehicle',
  streamId: streamIds.vehicle,
  eventDefinitions: [...vehicleEventDefinitions, ...vehicleDocumentEventDefinitions],
  ...foldWith(vehicleDecider),
  snapshot: (state) =>
    entitySnapshot(state, (v) => ({
      ...v.details,
      status: v.status,
      enabledForDispatch: v.enabledForDispatch,
      assignedDriverId: v.assignedDriverId,
      tuvUntil: v.deadlines.tuv,
      inspectionUntil: v.deadlines.inspection,
      insuranceUntil: v.deadlines.insurance,
      documents: Object.values(v.documents)
        .map((d) => `${d.name} (${labels.documentCategory[d.category]})`)
        .sort(),
      createdAt: v.createdAt,
    })),
  // The detail fields as the vehicle history of fleet.md names them; the rest the audit's own.
  labels: { ...messages.vehicleHistory.fields, ...fields.vehicle },
  valueLabels: {
    vehicleType: labels.vehicleType,
    fuelType: labels.fuelType,
    emissionClass: labels.emissionClass,
    status: labels.vehicleStatus,
  },
  references: { assignedDriverId: 'user', suitableMaterialIds: 'material' },
  plainNumbers: ['year'],
  title: (s) => String(s.licensePlate),
});

const trailer = defineAuditKind({
  kind: 'trailer',
  streamId: streamIds.trailer,
  eventDefinitions: trailerEventDefinitions,
  ...foldWith(trailerDecider),
  snapshot: (state) =>
    entitySnapshot(state, (t) => ({
      ...t.details,
      maintenanceDates: t.details.maintenanceDates.map((m) => `${labels.maintenanceKind[m.kind]} ${m.date}`),
      status: t.status,
      tractorId: t.tractorId,
      createdAt: t.createdAt,
    })),
  labels: fields.trailer,
  valueLabels: { trailerType: labels.trailerType, status: labels.vehicleStatus },
  references: { tractorId: 'vehicle' },
  title: (s) => String(s.licensePlate),
});

const fuelCard = defineAuditKind({
  kind: 'fuel-card',
  streamId: streamIds.fuelCard,
  eventDefinitions: fuelCardEventDefinitions,
  ...foldWith(fuelCardDecider),
  snapshot: (state) => entitySnapshot(state, (c) => ({ ...c.details, status: c.status, pin: c.pin, createdAt: c.createdAt })),
  labels: fields['fuel-card'],
  valueLabels: { cardType: labels.fuelCardType, status: labels.fuelCardStatus },
  references: { assignedVehicleId: 'vehicle' },
  secretFields: ['pin'],
  title: (s) => String(s.cardNumber),
});

const template = defineAuditKind({
  kind: 'template',
  streamId: streamIds.orderTemplate,
  eventDefinitions: orderTemplateEventDefinitions,
  ...foldWith(orderTemplateDecider),
  snapshot: (state) => {
    if (state.status !== 'active') return null;
    const { templateData: data, ...t } = state.template;
    const unitShort = labels.unitShort;
    return {
      ownerId: t.ownerId,
      name: t.name,
      loadingPlant: data.loadingPlant?.name ?? data.loadingPlant?.id ?? null,
      deliveryPlant: data.deliveryPlant?.name ?? data.deliveryPlant?.id ?? null,
      loadingPointId: data.loadingPointId,
      materials: data.materials.map((m) => `${m.name ?? m.id} ${m.quantity.toLocaleString('de-DE')} ${unitShort[m.unit]}`),
      deliveryTimeType: data.deliveryTimeType,
      deliveryTimeFixed: data.deliveryTimeFixed,
      deliveryTimeFrom: data.deliveryTimeFrom,
      deliveryTimeTo: data.deliveryTimeTo,
      priority: data.priority,
      notes: data.notes,
      usageCount: t.usageCount,
      lastUsed: t.lastUsed,
      createdAt: t.createdAt,
    };
  },
  labels: fields.template,
  valueLabels: { deliveryTimeType: labels.deliveryTimeType, priority: labels.priority },
  references: { ownerId: 'user', loadingPointId: 'loadingPoint' },
  title: (s) => String(s.name),
  ownerOf: (events) => {
    const data = events[0]?.data as { ownerId?: unknown } | undefined;
    return typeof data?.ownerId === 'string' ? data.ownerId : null;
  },
});

/** What a completion recorded, flat; a vehicle's notes are its closing notes. */
function completionFields(result: AppointmentRecord['result']): Snapshot {
  if (result === null) return {};
  if (result.kind === 'vehicle') {
    const { kind: _k, notes, followUpNeeded, ...rest } = result;
    return { ...rest, followUpNeeded, completionNotes: notes };
  }
  const { kind: _k, followUpRequired, ...rest } = result;
  return { ...rest, followUpNeeded: followUpRequired };
}

const appointment = defineAuditKind({
  kind: 'appointment',
  streamId: streamIds.appointment,
  eventDefinitions: workshopAppointmentEventDefinitions,
  ...foldWith(appointmentDecider),
  snapshot: (state) =>
    entitySnapshot(state, (a) => ({
      vehicleId: a.subject.kind === 'vehicle' ? a.subject.id : null,
      trailerId: a.subject.kind === 'trailer' ? a.subject.id : null,
      ...a.details,
      status: a.status,
      ...completionFields(a.result),
    })),
  labels: fields.appointment,
  valueLabels: {
    appointmentType: messages.workshopScreen.types,
    status: { ...messages.workshop.status, completed: messages.workshopScreen.statusCompleted, cancelled: messages.workshopScreen.statusCancelled },
  },
  references: { vehicleId: 'vehicle', trailerId: 'trailer' },
  title: (s) => `${messages.workshopScreen.types[s.appointmentType as keyof typeof messages.workshopScreen.types] ?? String(s.appointmentType)} ${String(s.date).split('-').reverse().join('.')}`,
});

/** Every audited kind. Adding one is one entry here and its labels in the catalogue. */
export const auditKinds: readonly AuditKind[] = [order, tour, vehicle, trailer, fuelCard, template, appointment];

export function auditKind(name: string): AuditKind | undefined {
  return auditKinds.find((k) => k.kind === name);
}

/**
 * Event types that belong to no audited record: master data, reservations, users, settings, the
 * dispatch day. They show in the global log; a test checks that every type of the catalogue is
 * either here or in a kind.
 */
export const eventTypesOutsideKinds: readonly string[] = [
  // The workshop register (issue 15): master data like plants.
  'WorkshopRegistered',
  'WorkshopChanged',
  'WorkshopRemoved',
  'CustomerCreated',
  'CustomerUpdated',
  'LoadingPointCreated',
  'LoadingPointUpdated',
  'MaterialCreated',
  'MaterialUpdated',
  'PlantCreated',
  'PlantUpdated',
  'UniqueValueReserved',
  'UniqueValueReleased',
  'DispoDayCompleted',
  'DispoDayPlanChanged',
  'TourPlanMailRequested',
  'TourPlanMailSent',
  'TourPlanMailFailed',
  // Deadline warnings: in the global log; the vehicle history shows them.
  'VehicleDeadlineWarningRecorded',
  // Tariff versions, tour revenue and manual history entries (issue 14): shown by the vehicle analytics.
  'TariffSet',
  'TourRevenueCalculated',
  'VehicleHistoryEntryAdded',
  // Route optimization operations (dispatch.md §7): in the global log; the tour shows what was applied.
  'OptimizationRequested',
  'OptimizationStarted',
  'OptimizationCompleted',
  'OptimizationFailed',
  'OptimizationApplied',
  'OptimizationReset',
  // Order mails (orders.md §2.10): in the global log with their sender; the outbox shows their content.
  'OrderMailRequested',
  'OrderMailSent',
  'OrderMailFailed',
  'UserOrderSettingsSaved',
  'UserOrderSettingsReset',
  'UserRegistered',
  'UserPasswordChanged',
];

/** The kind an event type belongs to (for the global log's kind filter and its links). */
export function kindOfEventType(type: string): AuditKind | undefined {
  return auditKinds.find((k) => k.eventDefinitions.some((d: EventDefinition) => d.type === type));
}
