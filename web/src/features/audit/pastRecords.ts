import { messages } from '@dispo/domain/messages';
import type { AuditState } from '../../api/audit';
import type { Tour, TourStop } from '../../api/dispositionTypes';
import type { FuelCard, MaintenanceDate, Trailer, Vehicle } from '../../api/fleetTypes';
import type { Order } from '../../api/types';
import type { Appointment } from '../../api/workshop';

/**
 * A record as the audit replayed it (issue 18), turned into the shape today's detail layouts take, so
 * that `Stand am …` shows the past state in the same layout. Only what the record itself held is
 * filled: names come from the audit's German texts; what other records hold (a vehicle's appointments
 * or current tours, an order's vehicle) stays empty rather than showing today's values.
 */
export interface PastFields {
  value<T = unknown>(field: string): T;
  /** The German text of a field, null where the record held nothing. */
  text(field: string): string | null;
  /** Field name → stored value, for records whose API fields are named like the record's. */
  values(): Record<string, unknown>;
}

export function pastFields(state: Pick<AuditState, 'fields'>): PastFields {
  const byName = new Map(state.fields.map((f) => [f.field, f]));
  return {
    value: <T>(field: string) => (byName.get(field)?.value ?? null) as T,
    text: (field) => {
      const f = byName.get(field);
      return !f || f.text === '' || f.text === messages.audit.empty ? null : f.text;
    },
    values: () => Object.fromEntries(state.fields.map((f) => [f.field, f.value])),
  };
}

const snakeCase = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

export function pastOrder(state: AuditState): Order {
  const f = pastFields(state);
  const named = <T>(field: string, shape: (name: string) => T): T | null => {
    const name = f.text(field);
    return name === null ? null : shape(name);
  };
  return {
    ...(f.values() as unknown as Order),
    id: state.id,
    updatedAt: state.recordedAt,
    plant: named('plantId', (name) => ({ name, city: null })),
    deliveryPlant: named('deliveryPlantId', (name) => ({ name, city: null })),
    material: named('materialId', (name) => ({ name, category: null })),
    loadingPoint: named('loadingPointId', (name) => ({ name })),
    customer: named('customerId', (company) => ({ company, contactPerson: null, email: null })),
    creator: named('createdBy', (firstName) => ({ firstName, lastName: '' })),
    assignedVehicleLicensePlate: null,
  };
}

export function pastVehicle(state: AuditState): Vehicle {
  const f = pastFields(state);
  const snake = Object.fromEntries(Object.entries(f.values()).map(([name, value]) => [snakeCase(name), value]));
  const driver = f.text('assignedDriverId');
  return {
    ...(snake as unknown as Vehicle),
    id: state.id,
    suitable_material_ids: f.value<string[] | null>('suitableMaterialIds') ?? [],
    assigned_driver: driver === null ? null : { id: f.value<string>('assignedDriverId'), full_name: driver, department: null, email: null },
    auflieger: [],
    current_tours: [],
    workshop_appointments: [],
  };
}

/** The audit writes a trailer's maintenance dates as `<kind label> <YYYY-MM-DD>`. */
function maintenanceDate(entry: string): MaintenanceDate | null {
  const at = entry.lastIndexOf(' ');
  const label = entry.slice(0, at);
  const kind = Object.entries(messages.labels.maintenanceKind).find(([, text]) => text === label)?.[0];
  return kind ? ({ art: kind, datum: entry.slice(at + 1) } as MaintenanceDate) : null;
}

export function pastTrailer(state: AuditState): Trailer {
  const f = pastFields(state);
  const tractor = f.text('tractorId');
  return {
    id: state.id,
    kennzeichen: f.value('licensePlate'),
    typ: f.value('trailerType'),
    status: f.value('status'),
    maxWeight: f.value('maxWeightKg'),
    notizen: f.value('notes'),
    createdAt: f.value('createdAt'),
    zugmaschineId: f.value('tractorId'),
    zugmaschine: tractor === null ? null : { licensePlate: tractor },
    wartungstermine: (f.value<string[] | null>('maintenanceDates') ?? []).flatMap((entry) => maintenanceDate(entry) ?? []),
  };
}

export function pastFuelCard(state: AuditState): FuelCard {
  const f = pastFields(state);
  return {
    id: state.id,
    card_number: f.value('cardNumber'),
    card_type: f.value('cardType'),
    provider: f.value('provider'),
    assigned_vehicle_id: f.value('assignedVehicleId'),
    license_plate: f.text('assignedVehicleId'),
    daily_limit: f.value('dailyLimit'),
    monthly_limit: f.value('monthlyLimit'),
    valid_until: f.value('validUntil'),
    pin_code: null,
    // The audit never shows a PIN, only whether there was one.
    has_pin: f.text('pin') !== null,
    notes: f.value('notes'),
    status: f.value('status'),
    created_at: f.value('createdAt'),
  };
}

export type PastAppointment = Omit<Appointment, 'durationMinutes'> & { durationMinutes: null };

export function pastAppointment(state: AuditState): PastAppointment {
  const f = pastFields(state);
  const trailer = f.value<string | null>('trailerId') !== null;
  const completed = f.value('status') === 'completed' || f.value('status') === 'not_completed';
  const values = f.values();
  return {
    id: state.id,
    subjectKind: trailer ? 'trailer' : 'vehicle',
    vehicleId: f.value('vehicleId'),
    aufliegerId: f.value('trailerId'),
    subjectPlate: f.text(trailer ? 'trailerId' : 'vehicleId'),
    date: f.value('date'),
    time: f.value('time'),
    type: f.value('appointmentType'),
    workshop: f.value('workshop'),
    customWorkshop: f.value('customWorkshop'),
    location: f.value('location'),
    notes: f.value('notes'),
    estimatedCost: f.value('estimatedCost'),
    responsible: f.value('responsible'),
    durationMinutes: null,
    status: f.value('status'),
    completionTracked: completed,
    // The completion's own fields as the detail dialog reads them (a vehicle's closing notes are `notes`).
    completionData: completed ? { ...values, notes: values.completionNotes ?? null } : null,
    pendingCompletion: false,
    originalVehicleId: null,
    detectedKeywords: [],
    followUpOf: null,
    completedByName: null,
    completedAt: null,
  };
}

/** A tour's stop as the order was at the same instant (its own past state), in the tour's sequence. */
export function pastStop(tourId: string, sequenceNumber: number, order: AuditState): TourStop {
  const f = pastFields(order);
  return {
    id: `${tourId}-${order.id}`,
    sequenceNumber,
    estimatedArrival: null,
    transportOrder: {
      id: order.id,
      orderNumber: f.value('orderNumber'),
      status: f.value('status'),
      customerName: f.text('customerId'),
      loadingPlantName: f.text('plantId'),
      loadingPointName: f.text('loadingPointId'),
      deliveryPlantName: f.text('deliveryPlantId'),
      materialName: f.text('materialId'),
      quantity: f.value('quantity'),
      unit: f.value('unit'),
    },
  };
}

export function pastTour(state: AuditState, stops: readonly TourStop[]): Tour {
  const f = pastFields(state);
  const plate = f.text('vehicleId');
  const number = f.value<string>('tourNumber');
  return {
    id: state.id,
    tour_number: number,
    tourNumber: number,
    vehicle_id: f.value('vehicleId'),
    vehicle: { id: f.value('vehicleId'), license_plate: plate },
    date: f.value('date'),
    start_time: f.value('startTime'),
    startTime: `${f.value<string>('date')}T${f.value<string>('startTime')}`,
    end_time: f.value('endTime'),
    endTime: f.value<string | null>('endTime') === null ? null : `${f.value<string>('date')}T${f.value<string>('endTime')}`,
    status: f.value('status'),
    orders: [...stops],
    hasConflict: false,
  };
}
