import { z } from 'zod';
import { defineEvent, type EventOf } from '../registry';
import { idSchema, requiredTextSchema } from './fields';

/**
 * First (and only) event of a reservation stream `<kind>-<value>` (see `streamIds.reservation`).
 * Appended with `no_stream`, so a value can be taken once across all streams.
 */
export const uniqueValueReserved = defineEvent({
  type: 'UniqueValueReserved',
  schemaVersion: 1,
  schema: z.strictObject({
    /** e.g. `order-number`, `username` (see `reservationKinds`). */
    kind: requiredTextSchema,
    /** e.g. `S261121-4711`, `dispo`. */
    value: requiredTextSchema,
    /** Id of the aggregate that holds the value (the order, the user). */
    ownerId: idSchema,
  }),
});

/**
 * The holder gave the value up (a vehicle got a new plate or left the fleet); the stream stays and
 * the next claimant reserves it with the stream's current version.
 */
export const uniqueValueReleased = defineEvent({
  type: 'UniqueValueReleased',
  schemaVersion: 1,
  schema: z.strictObject({
    kind: requiredTextSchema,
    value: requiredTextSchema,
    /** Id of the aggregate that held the value. */
    ownerId: idSchema,
  }),
});

export const reservationEventDefinitions = [uniqueValueReserved, uniqueValueReleased] as const;
export type ReservationEvent = EventOf<(typeof reservationEventDefinitions)[number]>;
