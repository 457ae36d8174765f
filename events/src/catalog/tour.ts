import { z } from 'zod';
import { defineEvent, type EventOf } from '../registry';
import { amountSchema, clockTimeSchema, countSchema, idSchema, intSchema, localDateSchema, positiveCountSchema, timestampSchema } from './fields';

/** dispatch.md §4: planned (Geplant), in_progress (Unterwegs), completed (Abgeschlossen), cancelled (Storniert). */
export const TOUR_STATUSES = ['planned', 'in_progress', 'completed', 'cancelled'] as const;
export const tourStatusSchema = z.enum(TOUR_STATUSES);
export type TourStatus = z.infer<typeof tourStatusSchema>;

/**
 * A tour: one vehicle, one business day (Europe/Berlin), a start time and the orders it carries in
 * sequence. Times are local `HH:MM` of that day; without an end the tour lasts one hour (§9).
 */
export const tourCreated = defineEvent({
  type: 'TourCreated',
  schemaVersion: 1,
  schema: z.strictObject({
    id: idSchema,
    tourNumber: z.string().min(1),
    vehicleId: idSchema,
    date: localDateSchema,
    startTime: clockTimeSchema,
    endTime: clockTimeSchema.nullable(),
    createdBy: idSchema,
    createdAt: timestampSchema,
  }),
});

export const tourOrderAdded = defineEvent({
  type: 'TourOrderAdded',
  schemaVersion: 1,
  schema: z.strictObject({
    tourId: idSchema,
    orderId: idSchema,
    /** 1 for the first order of the tour. */
    sequenceNumber: positiveCountSchema,
    addedBy: idSchema,
    addedAt: timestampSchema,
  }),
});

export const tourMoved = defineEvent({
  type: 'TourMoved',
  schemaVersion: 1,
  schema: z.strictObject({
    id: idSchema,
    fromVehicleId: idSchema,
    toVehicleId: idSchema,
    fromDate: localDateSchema,
    toDate: localDateSchema,
    fromStartTime: clockTimeSchema,
    toStartTime: clockTimeSchema,
    /** The end moves with the start, keeping the tour's length. */
    fromEndTime: clockTimeSchema.nullable(),
    toEndTime: clockTimeSchema.nullable(),
    movedBy: idSchema,
    movedAt: timestampSchema,
  }),
});

export const tourStatusChanged = defineEvent({
  type: 'TourStatusChanged',
  schemaVersion: 1,
  schema: z.strictObject({ id: idSchema, from: tourStatusSchema, to: tourStatusSchema, changedBy: idSchema, changedAt: timestampSchema }),
});

/** The tour is dissolved: reset to open (its orders return to offen) or deleted. */
export const tourDissolved = defineEvent({
  type: 'TourDissolved',
  schemaVersion: 1,
  schema: z.strictObject({
    id: idSchema,
    reason: z.enum(['reset', 'deleted']),
    orderIds: z.array(idSchema),
    dissolvedBy: idSchema,
    dissolvedAt: timestampSchema,
  }),
});

/**
 * The tour's times as the travel model drives it (docs/order-status.md "Tour times"): from where the
 * vehicle starts, per order the empty run, loading, the loaded leg and unloading. Recorded whenever
 * orders join, the tour moves or is re-sequenced. Without coordinates the end is null (one hour is
 * assumed) and the arrivals are the start plus 30 minutes per stop before.
 */
export const tourTimesPlanned = defineEvent({
  type: 'TourTimesPlanned',
  schemaVersion: 1,
  schema: z.strictObject({
    id: idSchema,
    /** Where the vehicle starts the tour: its home plant, or where it stands; null when unknown. */
    startPlantId: idSchema.nullable(),
    endTime: clockTimeSchema.nullable(),
    stops: z.array(z.strictObject({ orderId: idSchema, sequenceNumber: positiveCountSchema, estimatedArrival: clockTimeSchema })),
    /** Road km driven empty (to the loading plants) and loaded; null without coordinates. */
    emptyKm: amountSchema.nonnegative().nullable(),
    loadedKm: amountSchema.nonnegative().nullable(),
    plannedAt: timestampSchema,
  }),
});

/** The same orders in a new sequence (an optimization applied or reset). */
export const tourResequenced = defineEvent({
  type: 'TourResequenced',
  schemaVersion: 1,
  schema: z.strictObject({
    id: idSchema,
    from: z.array(idSchema),
    to: z.array(idSchema),
    /** The optimization operation applied or reset. */
    operationId: idSchema.nullable(),
    reason: z.enum(['optimization_applied', 'optimization_reset']),
    resequencedBy: idSchema,
    resequencedAt: timestampSchema,
  }),
});

export const tourEventDefinitions = [tourCreated, tourOrderAdded, tourMoved, tourStatusChanged, tourDissolved, tourTimesPlanned, tourResequenced] as const;
export type TourEvent = EventOf<(typeof tourEventDefinitions)[number]>;

/**
 * The disposition of one day (`dispo-day-<date>`): completed once no open order is left, and the
 * tour-plan mails of that day (on completion and scheduled at 15:00 and 17:00 the day before).
 */
export const dispoDayCompleted = defineEvent({
  type: 'DispoDayCompleted',
  schemaVersion: 1,
  schema: z.strictObject({
    date: localDateSchema,
    tourCount: countSchema,
    vehicleCount: countSchema,
    completedBy: idSchema,
    completedAt: timestampSchema,
  }),
});

/** A tour-plan mail waits in the outbox; the mail worker sends it and records the outcome. */
export const tourPlanMailRequested = defineEvent({
  type: 'TourPlanMailRequested',
  schemaVersion: 1,
  schema: z.strictObject({
    mailId: idSchema,
    date: localDateSchema,
    recipients: z.array(z.string().min(3)).min(1),
    /** completion, manual, or a scheduled slot such as `15:00`. */
    trigger: z.string().min(1),
    requestedBy: idSchema.nullable(),
    requestedAt: timestampSchema,
  }),
});

export const tourPlanMailSent = defineEvent({
  type: 'TourPlanMailSent',
  schemaVersion: 1,
  schema: z.strictObject({ mailId: idSchema, date: localDateSchema, messageId: z.string().nullable(), tourCount: intSchema, sentAt: timestampSchema }),
});

export const tourPlanMailFailed = defineEvent({
  type: 'TourPlanMailFailed',
  schemaVersion: 1,
  schema: z.strictObject({ mailId: idSchema, date: localDateSchema, error: z.string(), failedAt: timestampSchema }),
});

/**
 * The plan of a completed day changed after its tour plan went out (issue 31): recorded once until
 * the day is completed again or a tour plan is sent again, so the screen shows the day as changed.
 */
export const dispoDayPlanChanged = defineEvent({
  type: 'DispoDayPlanChanged',
  schemaVersion: 1,
  schema: z.strictObject({
    date: localDateSchema,
    tourId: idSchema,
    tourNumber: z.string().min(1),
    change: z.enum(['assigned', 'moved', 'status_changed', 'reset', 'deleted']),
    changedBy: idSchema,
    changedAt: timestampSchema,
  }),
});

export const dispoDayEventDefinitions = [dispoDayCompleted, dispoDayPlanChanged, tourPlanMailRequested, tourPlanMailSent, tourPlanMailFailed] as const;
export type DispoDayEvent = EventOf<(typeof dispoDayEventDefinitions)[number]>;
