import { z } from 'zod';
import { defineEvent, type EventOf } from '../registry';
import { amountSchema, clockTimeSchema, idSchema, localDateSchema, optionalTextSchema, performerIdSchema, timestampSchema } from './fields';

/**
 * fleet.md §3 Enumerations: the appointment types of vehicles (HU, SP, Kundendienst, Reparatur,
 * Service; Schnellreparatur from the edit dialog) and of trailers (HU, SP, Sonstiges, Silo-Schweißen).
 * One list; which of them a vehicle or a trailer may take is the domain's rule.
 */
export const APPOINTMENT_TYPES = ['HU', 'SP', 'Kundendienst', 'Reparatur', 'Service', 'Schnellreparatur', 'Sonstiges', 'Silo-Schweißen'] as const;
export const appointmentTypeSchema = z.enum(APPOINTMENT_TYPES);
export type AppointmentType = z.infer<typeof appointmentTypeSchema>;

/** fleet.md §9 estimation keys for the duration of an appointment. */
export const ESTIMATION_KEYS = ['inspection', 'oil-change', 'tire-change', 'brake-service', 'major-repair', 'emergency', 'general'] as const;
export const estimationKeySchema = z.enum(ESTIMATION_KEYS);
export type EstimationKey = z.infer<typeof estimationKeySchema>;

/** What the appointment is for: a vehicle or a trailer (Auflieger). */
export const appointmentSubjectSchema = z.strictObject({ kind: z.enum(['vehicle', 'trailer']), id: idSchema });
export type AppointmentSubject = z.infer<typeof appointmentSubjectSchema>;

/**
 * A Smart Service booking (issue 15): the register's workshop, the human-readable reference, how long
 * the repair keeps the vehicle (minutes) and whether it is an emergency. Absent on wizard appointments.
 */
export const appointmentBookingSchema = z.strictObject({
  reference: z.string().regex(/^WS-\d{6}-\d{4}$/),
  workshopId: idSchema,
  durationMinutes: z.number().int().min(15).max(1440),
  isEmergency: z.boolean(),
});
export type AppointmentBooking = z.infer<typeof appointmentBookingSchema>;

/** The fields the planning wizard and the edit dialog set (fleet.md §3 maintenance schedules). */
export const appointmentDetailsSchema = z.strictObject({
  appointmentType: appointmentTypeSchema,
  date: localDateSchema,
  time: clockTimeSchema,
  /** A workshop of the catalogue by name, or 'Andere' with `customWorkshop`; null only for Schnellreparatur. */
  workshop: optionalTextSchema,
  customWorkshop: optionalTextSchema,
  /** Postcode and city; required for Schnellreparatur. */
  location: optionalTextSchema,
  notes: optionalTextSchema,
  /** Trailers: estimatedCost (sent as cost) in EUR. */
  estimatedCost: amountSchema.nonnegative().nullable(),
  responsible: optionalTextSchema,
});
export type AppointmentDetails = z.infer<typeof appointmentDetailsSchema>;

export const workshopAppointmentPlanned = defineEvent({
  type: 'WorkshopAppointmentPlanned',
  schemaVersion: 1,
  schema: appointmentDetailsSchema.extend({
    id: idSchema,
    subject: appointmentSubjectSchema,
    estimationKey: estimationKeySchema,
    /** §3 trailer appointment payload: set when the trailer suggestion moved a vehicle's appointment. */
    originalVehicleId: idSchema.nullable(),
    detectedKeywords: z.array(z.string().min(1)),
    /** The completed appointment whose follow-up this is. */
    followUpOf: idSchema.nullable(),
    booking: appointmentBookingSchema.nullable().optional(),
    plannedBy: performerIdSchema,
    plannedAt: timestampSchema,
  }),
});

export const workshopAppointmentUpdated = defineEvent({
  type: 'WorkshopAppointmentUpdated',
  schemaVersion: 1,
  schema: z.strictObject({
    id: idSchema,
    subject: appointmentSubjectSchema,
    changes: appointmentDetailsSchema.extend({ estimationKey: estimationKeySchema }).partial(),
    previous: appointmentDetailsSchema.extend({ estimationKey: estimationKeySchema }).partial(),
    changedBy: performerIdSchema,
    changedAt: timestampSchema,
  }),
});

export const workshopAppointmentCancelled = defineEvent({
  type: 'WorkshopAppointmentCancelled',
  schemaVersion: 1,
  schema: z.strictObject({
    id: idSchema,
    subject: appointmentSubjectSchema,
    cancelledBy: performerIdSchema,
    cancelledAt: timestampSchema,
  }),
});

/** §3 Completion result (vehicle). */
export const vehicleCompletionSchema = z.strictObject({
  kind: z.literal('vehicle'),
  completed: z.boolean(),
  hasInvoice: z.boolean(),
  invoiceAmount: amountSchema.nonnegative().nullable(),
  followUpNeeded: z.boolean(),
  /** The day of the follow-up appointment the wizard asks for when one is needed. */
  followUpDate: localDateSchema.nullable(),
  notes: optionalTextSchema,
  /**
   * Issue 31: what the completion tells about the vehicle, which read.vehicles takes from here (one
   * source): the odometer at the workshop, the service done on the appointment's day (Service,
   * Kundendienst), the next service due, the new HU date (HU). Absent on completions before.
   */
  odometerKm: amountSchema.nonnegative().max(10_000_000).nullable().optional(),
  lastServiceDate: localDateSchema.nullable().optional(),
  nextServiceDue: localDateSchema.nullable().optional(),
  inspectionUntil: localDateSchema.nullable().optional(),
});

/** §3 Trailer completion payload. */
export const trailerCompletionSchema = z.strictObject({
  kind: z.literal('trailer'),
  wasSuccessful: z.boolean(),
  actualCost: amountSchema.nonnegative(),
  completionNotes: optionalTextSchema,
  followUpRequired: z.boolean(),
  followUpDate: localDateSchema.nullable(),
  followUpNotes: optionalTextSchema,
});

export const completionResultSchema = z.discriminatedUnion('kind', [vehicleCompletionSchema, trailerCompletionSchema]);
export type CompletionResult = z.infer<typeof completionResultSchema>;

export const workshopAppointmentCompleted = defineEvent({
  type: 'WorkshopAppointmentCompleted',
  schemaVersion: 1,
  schema: z.strictObject({
    id: idSchema,
    subject: appointmentSubjectSchema,
    result: completionResultSchema,
    /** The pending appointment the follow-up created, in the same append. */
    followUpAppointmentId: idSchema.nullable(),
    completedBy: performerIdSchema,
    completedAt: timestampSchema,
  }),
});

/** fleet.md §4: the invoice amount of a completed vehicle appointment, entered or corrected later (issue 31). */
export const appointmentInvoiceAmountSet = defineEvent({
  type: 'AppointmentInvoiceAmountSet',
  schemaVersion: 1,
  schema: z.strictObject({
    id: idSchema,
    subject: appointmentSubjectSchema,
    invoiceAmount: amountSchema.nonnegative(),
    previousInvoiceAmount: amountSchema.nonnegative().nullable(),
    setBy: performerIdSchema,
    setAt: timestampSchema,
  }),
});

export const workshopAppointmentEventDefinitions = [
  workshopAppointmentPlanned,
  workshopAppointmentUpdated,
  workshopAppointmentCancelled,
  workshopAppointmentCompleted,
  appointmentInvoiceAmountSet,
] as const;
export type WorkshopAppointmentEvent = EventOf<(typeof workshopAppointmentEventDefinitions)[number]>;
