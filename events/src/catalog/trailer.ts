import { z } from 'zod';
import { defineEvent, type EventOf } from '../registry';
import { maintenanceKindSchema, trailerTypeSchema, vehicleStatusSchema } from './enums';
import { amountSchema, idSchema, localDateSchema, optionalTextSchema, performerIdSchema, requiredTextSchema, timestampSchema } from './fields';

/** One entry of a trailer's wartungstermine (fleet.md §3: art and datum). */
export const trailerMaintenanceDateSchema = z.strictObject({ kind: maintenanceKindSchema, date: localDateSchema });

/**
 * The fields of a trailer (Auflieger) that its form edits. Status and the tractor unit have their own
 * events: the tractor's history shows AUFLIEGER_ASSIGNED / AUFLIEGER_UNASSIGNED from them.
 */
export const trailerDetailsSchema = z.strictObject({
  /** kennzeichen: trimmed, upper case; unique through the `trailer-plate-<normalised>` reservation. */
  licensePlate: requiredTextSchema,
  /** typ */
  trailerType: trailerTypeSchema,
  /** maxWeight in kg. */
  maxWeightKg: amountSchema.nonnegative().nullable(),
  /** wartungstermine */
  maintenanceDates: z.array(trailerMaintenanceDateSchema),
  /** notizen */
  notes: optionalTextSchema,
});
export type TrailerDetails = z.infer<typeof trailerDetailsSchema>;

export const trailerCreated = defineEvent({
  type: 'TrailerCreated',
  schemaVersion: 1,
  schema: trailerDetailsSchema.extend({
    id: idSchema,
    status: vehicleStatusSchema,
    /** zugmaschine_id: a vehicle of type zugmaschine, or null. */
    tractorId: idSchema.nullable(),
    createdBy: performerIdSchema,
    createdAt: timestampSchema,
  }),
});

export const trailerDetailsChanged = defineEvent({
  type: 'TrailerDetailsChanged',
  schemaVersion: 1,
  schema: z.strictObject({
    id: idSchema,
    changes: trailerDetailsSchema.partial(),
    previous: trailerDetailsSchema.partial(),
    changedBy: performerIdSchema,
    changedAt: timestampSchema,
  }),
});

export const trailerStatusChanged = defineEvent({
  type: 'TrailerStatusChanged',
  schemaVersion: 1,
  schema: z.strictObject({
    id: idSchema,
    from: vehicleStatusSchema,
    to: vehicleStatusSchema,
    changedBy: performerIdSchema,
    changedAt: timestampSchema,
  }),
});

/** Coupled to another tractor unit, or uncoupled (null). */
export const trailerTractorChanged = defineEvent({
  type: 'TrailerTractorChanged',
  schemaVersion: 1,
  schema: z.strictObject({
    id: idSchema,
    from: idSchema.nullable(),
    to: idSchema.nullable(),
    changedBy: performerIdSchema,
    changedAt: timestampSchema,
  }),
});

export const trailerDeleted = defineEvent({
  type: 'TrailerDeleted',
  schemaVersion: 1,
  schema: z.strictObject({
    id: idSchema,
    licensePlate: requiredTextSchema,
    /** The tractor it was coupled to, so that the tractor's history shows the uncoupling. */
    tractorId: idSchema.nullable(),
    deletedBy: performerIdSchema,
    deletedAt: timestampSchema,
  }),
});

export const trailerEventDefinitions = [
  trailerCreated,
  trailerDetailsChanged,
  trailerStatusChanged,
  trailerTractorChanged,
  trailerDeleted,
] as const;
export type TrailerEvent = EventOf<(typeof trailerEventDefinitions)[number]>;
