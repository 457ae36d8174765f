import { z } from 'zod';
import { defineEvent, type EventOf } from '../registry';
import { vehicleDeadlineSchema } from './enums';
import { idSchema, intSchema, localDateSchema, requiredTextSchema, timestampSchema } from './fields';

/** fleet.md §4 history action types the deadline job derives. */
export const DEADLINE_WARNING_ACTIONS = [
  'TUV_WARNING',
  'TUV_OVERDUE',
  'INSPECTION_WARNING',
  'INSPECTION_OVERDUE',
  'INSURANCE_WARNING',
  'INSURANCE_OVERDUE',
  'SYSTEM_WARNING',
] as const;
export const deadlineWarningActionSchema = z.enum(DEADLINE_WARNING_ACTIONS);
export type DeadlineWarningAction = z.infer<typeof deadlineWarningActionSchema>;

/**
 * A deadline warning of the job (fleet.md §4 Deadlines). Each is the first and only event of the stream
 * `deadline-warning-<vehicle>-<action>-<Berlin day>`, appended with `no_stream`: a second instance of the
 * job that derives the same warning that day finds the stream taken and writes nothing.
 */
export const vehicleDeadlineWarningRecorded = defineEvent({
  type: 'VehicleDeadlineWarningRecorded',
  schemaVersion: 1,
  schema: z.strictObject({
    vehicleId: idSchema,
    licensePlate: requiredTextSchema,
    actionType: deadlineWarningActionSchema,
    /** Null for a SYSTEM_WARNING that names no deadline. */
    deadline: vehicleDeadlineSchema.nullable(),
    dueDate: localDateSchema.nullable(),
    /** Below 0: overdue by that many days. */
    daysUntil: intSchema.nullable(),
    /** The Berlin day the warning stands for. */
    day: localDateSchema,
    message: requiredTextSchema,
    recordedAt: timestampSchema,
  }),
});

export const deadlineWarningEventDefinitions = [vehicleDeadlineWarningRecorded] as const;
export type DeadlineWarningEvent = EventOf<(typeof deadlineWarningEventDefinitions)[number]>;
