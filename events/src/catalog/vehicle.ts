import { z } from 'zod';
import { defineEvent, type EventOf } from '../registry';
import { emissionClassSchema, fuelTypeSchema, vehicleDeadlineSchema, vehicleStatusSchema, vehicleTypeSchema } from './enums';
import { amountSchema, idSchema, intSchema, localDateSchema, optionalTextSchema, performerIdSchema, positiveCountSchema, requiredTextSchema, timestampSchema } from './fields';

/**
 * The fields of a vehicle that the form edits (fleet.md §3 Vehicle) and that change together as
 * "Fahrzeugdaten". Status, dispatch release, driver and the statutory deadlines are absent on
 * purpose: each has its own events, because the vehicle history and the deadline warnings follow them.
 */
export const vehicleDetailsSchema = z.strictObject({
  /** As entered, trimmed and upper case; unique through the `license-plate-<normalised>` reservation. */
  licensePlate: requiredTextSchema,
  vehicleType: vehicleTypeSchema,
  makeModel: requiredTextSchema,
  brand: optionalTextSchema,
  model: optionalTextSchema,
  year: intSchema.nullable(),
  payloadKg: amountSchema.nonnegative().nullable(),
  totalWeightKg: amountSchema.nonnegative().nullable(),
  /** Free text, e.g. "27 t / 32 m³". */
  loadingCapacity: optionalTextSchema,
  axles: positiveCountSchema.nullable(),
  fuelType: fuelTypeSchema,
  emissionClass: emissionClassSchema,
  suitableMaterialIds: z.array(idSchema),
  hasSiloEquipment: z.boolean(),
  homeLocationPostalCode: optionalTextSchema,
  homeLocationCity: optionalTextSchema,
  homePlantName: optionalTextSchema,
  costCenter: optionalTextSchema,
  lastServiceDate: localDateSchema.nullable(),
  nextServiceDue: localDateSchema.nullable(),
  odometerKm: amountSchema.nonnegative().nullable(),
  /** Litres per 100 km. */
  fuelConsumption: amountSchema.nonnegative().nullable(),
  specialEquipment: optionalTextSchema,
  restrictions: optionalTextSchema,
  notes: optionalTextSchema,
});
export type VehicleDetails = z.infer<typeof vehicleDetailsSchema>;

/**
 * A new vehicle with its details, status, dispatch release and driver. Its statutory deadlines follow
 * as VehicleDeadlineSet events in the same append, so deadlines have one kind of source only.
 */
export const vehicleCreated = defineEvent({
  type: 'VehicleCreated',
  schemaVersion: 1,
  schema: vehicleDetailsSchema.extend({
    id: idSchema,
    status: vehicleStatusSchema,
    enabledForDispatch: z.boolean(),
    assignedDriverId: idSchema.nullable(),
    createdBy: performerIdSchema,
    createdAt: timestampSchema,
  }),
});

/** The detail fields that changed, with their values before: the history shows both. */
export const vehicleDetailsChanged = defineEvent({
  type: 'VehicleDetailsChanged',
  schemaVersion: 1,
  schema: z.strictObject({
    id: idSchema,
    changes: vehicleDetailsSchema.partial(),
    previous: vehicleDetailsSchema.partial(),
    changedBy: performerIdSchema,
    changedAt: timestampSchema,
  }),
});

export const vehicleStatusChanged = defineEvent({
  type: 'VehicleStatusChanged',
  schemaVersion: 1,
  schema: z.strictObject({
    id: idSchema,
    from: vehicleStatusSchema,
    to: vehicleStatusSchema,
    changedBy: performerIdSchema,
    changedAt: timestampSchema,
  }),
});

/** Released for dispatch (Dispo aktiv) or withdrawn. */
export const vehicleDispatchChanged = defineEvent({
  type: 'VehicleDispatchChanged',
  schemaVersion: 1,
  schema: z.strictObject({
    id: idSchema,
    from: z.boolean(),
    to: z.boolean(),
    changedBy: performerIdSchema,
    changedAt: timestampSchema,
  }),
});

/** The assigned driver (a user) changed; null = none. */
export const vehicleDriverChanged = defineEvent({
  type: 'VehicleDriverChanged',
  schemaVersion: 1,
  schema: z.strictObject({
    id: idSchema,
    from: idSchema.nullable(),
    to: idSchema.nullable(),
    changedBy: performerIdSchema,
    changedAt: timestampSchema,
  }),
});

/** A statutory deadline (TÜV, HU, insurance) was entered where none was. */
export const vehicleDeadlineSet = defineEvent({
  type: 'VehicleDeadlineSet',
  schemaVersion: 1,
  schema: z.strictObject({
    id: idSchema,
    deadline: vehicleDeadlineSchema,
    date: localDateSchema,
    changedBy: performerIdSchema,
    changedAt: timestampSchema,
  }),
});

export const vehicleDeadlineChanged = defineEvent({
  type: 'VehicleDeadlineChanged',
  schemaVersion: 1,
  schema: z.strictObject({
    id: idSchema,
    deadline: vehicleDeadlineSchema,
    from: localDateSchema,
    to: localDateSchema,
    changedBy: performerIdSchema,
    changedAt: timestampSchema,
  }),
});

export const vehicleDeadlineRemoved = defineEvent({
  type: 'VehicleDeadlineRemoved',
  schemaVersion: 1,
  schema: z.strictObject({
    id: idSchema,
    deadline: vehicleDeadlineSchema,
    from: localDateSchema,
    changedBy: performerIdSchema,
    changedAt: timestampSchema,
  }),
});

/** The vehicle left the fleet; its plate is released, its events stay in the log. */
export const vehicleDeleted = defineEvent({
  type: 'VehicleDeleted',
  schemaVersion: 1,
  schema: z.strictObject({
    id: idSchema,
    licensePlate: requiredTextSchema,
    deletedBy: performerIdSchema,
    deletedAt: timestampSchema,
  }),
});

export const vehicleEventDefinitions = [
  vehicleCreated,
  vehicleDetailsChanged,
  vehicleStatusChanged,
  vehicleDispatchChanged,
  vehicleDriverChanged,
  vehicleDeadlineSet,
  vehicleDeadlineChanged,
  vehicleDeadlineRemoved,
  vehicleDeleted,
] as const;
export type VehicleEvent = EventOf<(typeof vehicleEventDefinitions)[number]>;
