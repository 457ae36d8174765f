import { z } from 'zod';
import { defineEvent, type EventOf } from '../registry';
import { idSchema, nameSchema, optionalTextSchema, timestampSchema } from './fields';

export const customerDetailsSchema = z.strictObject({
  company: nameSchema,
  contactPerson: optionalTextSchema,
  // Format checked by the domain; the log keeps whatever was decided.
  email: optionalTextSchema,
  phone: optionalTextSchema,
});
export type CustomerDetails = z.infer<typeof customerDetailsSchema>;

export const customerCreated = defineEvent({
  type: 'CustomerCreated',
  schemaVersion: 1,
  schema: customerDetailsSchema.extend({ id: idSchema, createdAt: timestampSchema }),
});

export const customerUpdated = defineEvent({
  type: 'CustomerUpdated',
  schemaVersion: 1,
  schema: customerDetailsSchema.extend({ id: idSchema, updatedAt: timestampSchema }),
});

export const customerEventDefinitions = [customerCreated, customerUpdated] as const;
export type CustomerEvent = EventOf<(typeof customerEventDefinitions)[number]>;
