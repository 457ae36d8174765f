import { z } from 'zod';
import { defineEvent, type EventOf } from '../registry';
import { plantRoleSchema, plantStatusSchema, plantTypeSchema } from './enums';
import { idSchema, nameSchema, optionalTextSchema, timestampSchema } from './fields';

/** Everything a plant is; created and updated events both carry all of it. */
export const plantDetailsSchema = z.strictObject({
  name: nameSchema,
  city: optionalTextSchema,
  street: optionalTextSchema,
  postalCode: optionalTextSchema,
  /** "street, postalCode city", computed by the domain from the three parts. */
  address: optionalTextSchema,
  contactPerson: optionalTextSchema,
  phone: optionalTextSchema,
  plantType: plantTypeSchema,
  plantRole: plantRoleSchema,
  status: plantStatusSchema,
  lat: z.number().min(-90).max(90).nullable(),
  lng: z.number().min(-180).max(180).nullable(),
});
export type PlantDetails = z.infer<typeof plantDetailsSchema>;

export const plantCreated = defineEvent({
  type: 'PlantCreated',
  schemaVersion: 1,
  schema: plantDetailsSchema.extend({ id: idSchema, createdAt: timestampSchema }),
});

export const plantUpdated = defineEvent({
  type: 'PlantUpdated',
  schemaVersion: 1,
  schema: plantDetailsSchema.extend({ id: idSchema, updatedAt: timestampSchema }),
});

export const plantEventDefinitions = [plantCreated, plantUpdated] as const;
export type PlantEvent = EventOf<(typeof plantEventDefinitions)[number]>;
