import { z } from 'zod';
import { defineEvent, type EventOf } from '../registry';
import { deliveryTimeTypeSchema, orderPrioritySchema, orderStatusSchema, transportTypeSchema, unitSchema } from './enums';
import { amountSchema, clockTimeSchema, idSchema, localDateSchema, optionalTextSchema, positiveCountSchema, requiredTextSchema, timestampSchema } from './fields';

/**
 * The fields of an order that a user enters and may later change (orders.md §3 and the POST /orders
 * body of §7.2). Billing, disposition and tour fields are absent on purpose: their own events set them.
 */
export const orderDetailsSchema = z.strictObject({
  /** The loading plant (Ladewerk). */
  plantId: idSchema,
  deliveryPlantId: idSchema,
  /** Abgangsort; belongs to the loading plant. */
  loadingPointId: idSchema,
  materialId: idSchema,
  /** Set by the natural-language entry only. */
  customerId: idSchema.nullable(),
  materialSpecification: optionalTextSchema,
  quantity: amountSchema.positive(),
  unit: unitSchema,
  /** Estimated weight in tonnes, when known. */
  weightTons: amountSchema.nonnegative().nullable(),
  deliveryDate: localDateSchema,
  deliveryTimeType: deliveryTimeTypeSchema,
  /** Set only for time type fixed. */
  deliveryTimeFixed: clockTimeSchema.nullable(),
  /** Set only for time type range. */
  deliveryTimeFrom: clockTimeSchema.nullable(),
  deliveryTimeTo: clockTimeSchema.nullable(),
  priority: orderPrioritySchema,
  transportType: transportTypeSchema,
  notes: optionalTextSchema,
  internalNotes: optionalTextSchema,
  /** Deviating delivery address. */
  deliveryAddress: optionalTextSchema,
  deliveryContactPerson: optionalTextSchema,
  deliveryPhone: optionalTextSchema,
  vehicleRequirements: optionalTextSchema,
  accessConditions: optionalTextSchema,
  pumpAvailable: z.boolean(),
  craneAvailable: z.boolean(),
});
export type OrderDetails = z.infer<typeof orderDetailsSchema>;

export const orderCreated = defineEvent({
  type: 'OrderCreated',
  schemaVersion: 1,
  schema: orderDetailsSchema.extend({
    id: idSchema,
    /** S + YYMMDD + '-' + four digits; unique through the `order-number-<number>` reservation. */
    orderNumber: z.string().regex(/^S\d{6}-\d{4}$/),
    status: orderStatusSchema,
    /** User id of the creator. */
    createdBy: idSchema,
    createdAt: timestampSchema,
    /** The order this one was duplicated from (orders.md §4.5); absent for a new order. */
    duplicatedFrom: idSchema.optional(),
  }),
});

/** Fields of the order that changed, with the values before: auditors replay what was edited. */
export const orderDetailsChanged = defineEvent({
  type: 'OrderDetailsChanged',
  schemaVersion: 1,
  schema: z.strictObject({
    id: idSchema,
    changes: orderDetailsSchema.partial(),
    previous: orderDetailsSchema.partial(),
    changedBy: idSchema,
    changedAt: timestampSchema,
  }),
});

export const orderStatusChanged = defineEvent({
  type: 'OrderStatusChanged',
  schemaVersion: 1,
  schema: z.strictObject({
    id: idSchema,
    from: orderStatusSchema,
    to: orderStatusSchema,
    changedBy: idSchema,
    changedAt: timestampSchema,
  }),
});

/** Delivery slip number and actual weight (orders.md §4.2), each recorded with its previous value. */
export const orderDeliveryDataRecorded = defineEvent({
  type: 'OrderDeliveryDataRecorded',
  schemaVersion: 1,
  schema: z.strictObject({
    id: idSchema,
    deliverySlipNumber: optionalTextSchema,
    actualWeight: amountSchema.nonnegative().nullable(),
    previousDeliverySlipNumber: optionalTextSchema,
    previousActualWeight: amountSchema.nonnegative().nullable(),
    recordedBy: idSchema,
    recordedAt: timestampSchema,
  }),
});

/** Slip number and actual weight are both filled: the order is bound to billing (processing). */
export const orderHandedToBilling = defineEvent({
  type: 'OrderHandedToBilling',
  schemaVersion: 1,
  schema: z.strictObject({ id: idSchema, handedAt: timestampSchema }),
});

/** The storno document was issued (orders.md §4.4); an OrderDeleted follows in the same append. */
export const orderStornoIssued = defineEvent({
  type: 'OrderStornoIssued',
  schemaVersion: 1,
  schema: z.strictObject({
    id: idSchema,
    orderNumber: z.string(),
    statusBefore: orderStatusSchema,
    issuedBy: idSchema,
    issuedAt: timestampSchema,
  }),
});

export const orderDeleted = defineEvent({
  type: 'OrderDeleted',
  schemaVersion: 1,
  schema: z.strictObject({
    id: idSchema,
    orderNumber: z.string(),
    /** `storno` when the storno PDF was issued first, else `deleted`. */
    reason: z.enum(['deleted', 'storno']),
    deletedBy: idSchema,
    deletedAt: timestampSchema,
  }),
});

/** Dispatch (dispatch.md §4): the order joined a tour and left the open list. */
export const orderAssignedToTour = defineEvent({
  type: 'OrderAssignedToTour',
  schemaVersion: 1,
  schema: z.strictObject({
    id: idSchema,
    tourId: idSchema,
    vehicleId: idSchema,
    date: localDateSchema,
    startTime: clockTimeSchema,
    sequenceNumber: positiveCountSchema,
    statusBefore: orderStatusSchema,
    status: orderStatusSchema,
    assignedBy: idSchema,
    assignedAt: timestampSchema,
  }),
});

/** Its tour was reset to open or deleted: the order is open again. */
export const orderReleasedFromTour = defineEvent({
  type: 'OrderReleasedFromTour',
  schemaVersion: 1,
  schema: z.strictObject({
    id: idSchema,
    tourId: idSchema,
    statusBefore: orderStatusSchema,
    releasedBy: idSchema,
    releasedAt: timestampSchema,
  }),
});

/** Its tour moved to another vehicle or time. */
export const orderTourRescheduled = defineEvent({
  type: 'OrderTourRescheduled',
  schemaVersion: 1,
  schema: z.strictObject({
    id: idSchema,
    tourId: idSchema,
    vehicleId: idSchema,
    date: localDateSchema,
    startTime: clockTimeSchema,
    rescheduledAt: timestampSchema,
  }),
});

/** Billing (orders.md §4.2, §7.3): the order is settled (status abgerechnet). */
export const orderBillingConfirmed = defineEvent({
  type: 'OrderBillingConfirmed',
  schemaVersion: 1,
  schema: z.strictObject({ id: idSchema, statusBefore: orderStatusSchema, confirmedBy: idSchema, confirmedAt: timestampSchema }),
});

/** Billing took its confirmation back, with a reason: the order is a billing query (status problem). */
export const orderBillingUndone = defineEvent({
  type: 'OrderBillingUndone',
  schemaVersion: 1,
  schema: z.strictObject({
    id: idSchema,
    reason: requiredTextSchema.max(500),
    statusBefore: orderStatusSchema,
    undoneBy: idSchema,
    undoneAt: timestampSchema,
  }),
});

/**
 * Billing released the order: slip number, actual weight, billing flags and delivery notes are
 * cleared and the order is abgelehnt (§4.2 "order removed"); the values before are kept here.
 */
export const orderRemovedFromBilling = defineEvent({
  type: 'OrderRemovedFromBilling',
  schemaVersion: 1,
  schema: z.strictObject({
    id: idSchema,
    statusBefore: orderStatusSchema,
    previousDeliverySlipNumber: optionalTextSchema,
    previousActualWeight: amountSchema.nonnegative().nullable(),
    removedBy: idSchema,
    removedAt: timestampSchema,
  }),
});

/** A cancelled (storno) order's slip number and weight were unlocked for editing (§2.2). */
export const orderDeliveryDataUnlocked = defineEvent({
  type: 'OrderDeliveryDataUnlocked',
  schemaVersion: 1,
  schema: z.strictObject({ id: idSchema, unlockedBy: idSchema, unlockedAt: timestampSchema }),
});

/** Disposition pipeline (§4.7): a confirmed or ready order went to the dispatchers (dispositionStatus in_progress). */
export const orderTransferredToDisposition = defineEvent({
  type: 'OrderTransferredToDisposition',
  schemaVersion: 1,
  schema: z.strictObject({ id: idSchema, status: orderStatusSchema, transferredBy: idSchema, transferredAt: timestampSchema }),
});

export const orderEventDefinitions = [
  orderAssignedToTour,
  orderReleasedFromTour,
  orderTourRescheduled,
  orderCreated,
  orderDetailsChanged,
  orderStatusChanged,
  orderDeliveryDataRecorded,
  orderHandedToBilling,
  orderStornoIssued,
  orderDeleted,
  orderBillingConfirmed,
  orderBillingUndone,
  orderRemovedFromBilling,
  orderDeliveryDataUnlocked,
  orderTransferredToDisposition,
] as const;
export type OrderEvent = EventOf<(typeof orderEventDefinitions)[number]>;
