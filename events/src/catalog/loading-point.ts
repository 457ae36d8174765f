import { z } from 'zod';
import { defineEvent, type EventOf } from '../registry';
import { loadingPointStatusSchema } from './enums';
import { idSchema, nameSchema, requiredTextSchema, timestampSchema } from './fields';

/** The changeable part of a loading point; its plant is fixed at creation. */
export const loadingPointDetailsSchema = z.strictObject({
  name: nameSchema,
  /** silo by default; the spec gives no closed list (the demo also uses halde and band). */
  loadingType: requiredTextSchema,
  status: loadingPointStatusSchema,
});
export type LoadingPointDetails = z.infer<typeof loadingPointDetailsSchema>;

export const loadingPointCreated = defineEvent({
  type: 'LoadingPointCreated',
  schemaVersion: 1,
  schema: loadingPointDetailsSchema.extend({ id: idSchema, plantId: idSchema, createdAt: timestampSchema }),
});

export const loadingPointUpdated = defineEvent({
  type: 'LoadingPointUpdated',
  schemaVersion: 1,
  schema: loadingPointDetailsSchema.extend({ id: idSchema, updatedAt: timestampSchema }),
});

export const loadingPointEventDefinitions = [loadingPointCreated, loadingPointUpdated] as const;
export type LoadingPointEvent = EventOf<(typeof loadingPointEventDefinitions)[number]>;
