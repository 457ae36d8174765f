import { z } from 'zod';
import { defineEvent, type EventOf } from '../registry';
import { idSchema, optionalTextSchema, performerIdSchema, requiredTextSchema, timestampSchema } from './fields';

/**
 * A workshop of the register (fleet.md §3 "Workshop (smart service)"): the demo catalogue's 15
 * workshops and what admins add. Registered and changed events carry all of it.
 */
export const workshopDetailsSchema = z.strictObject({
  name: requiredTextSchema,
  /** The truck brand it is authorised for; null for a multi-brand (independent) workshop. */
  brand: optionalTextSchema,
  address: requiredTextSchema,
  phone: optionalTextSchema,
  website: optionalTextSchema,
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
  services: z.array(requiredTextSchema),
  /** As the catalogue writes it, e.g. `Mo-Fr 07:00-20:00, Sa 08:00-13:00` (parsed by the domain). */
  openingHours: requiredTextSchema,
  rating: z.number().min(0).max(5),
  /** A mobile breakdown service that comes to the vehicle. */
  mobile: z.boolean(),
});
export type WorkshopDetails = z.infer<typeof workshopDetailsSchema>;

export const workshopRegistered = defineEvent({
  type: 'WorkshopRegistered',
  schemaVersion: 1,
  schema: workshopDetailsSchema.extend({ id: idSchema, registeredBy: performerIdSchema, registeredAt: timestampSchema }),
});

export const workshopChanged = defineEvent({
  type: 'WorkshopChanged',
  schemaVersion: 1,
  schema: workshopDetailsSchema.extend({ id: idSchema, changedBy: performerIdSchema, changedAt: timestampSchema }),
});

export const workshopRemoved = defineEvent({
  type: 'WorkshopRemoved',
  schemaVersion: 1,
  schema: z.strictObject({ id: idSchema, removedBy: performerIdSchema, removedAt: timestampSchema }),
});

export const workshopEventDefinitions = [workshopRegistered, workshopChanged, workshopRemoved] as const;
export type WorkshopEvent = EventOf<(typeof workshopEventDefinitions)[number]>;
