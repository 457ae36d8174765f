import { z } from 'zod';
import { defineEvent, type EventOf } from '../registry';
import { deliveryTimeTypeSchema, orderPrioritySchema, unitSchema } from './enums';
import { amountSchema, clockTimeSchema, idSchema, optionalTextSchema, requiredTextSchema, timestampSchema } from './fields';

/** A plant a template names: its id and, for display, the name it had when the template was saved. */
const templatePlantSchema = z.strictObject({ id: idSchema, name: optionalTextSchema });

export const templateMaterialSchema = z.strictObject({
  id: idSchema,
  name: optionalTextSchema,
  quantity: amountSchema.positive(),
  unit: unitSchema,
});

/** The order a template describes (orders.md §3 "Order template", templateData). */
export const templateDataSchema = z.strictObject({
  loadingPlant: templatePlantSchema.nullable(),
  deliveryPlant: templatePlantSchema.nullable(),
  loadingPointId: idSchema.nullable(),
  materials: z.array(templateMaterialSchema),
  deliveryTimeType: deliveryTimeTypeSchema,
  deliveryTimeFixed: clockTimeSchema.nullable(),
  deliveryTimeFrom: clockTimeSchema.nullable(),
  deliveryTimeTo: clockTimeSchema.nullable(),
  priority: orderPrioritySchema,
  notes: optionalTextSchema,
});
export type TemplateData = z.infer<typeof templateDataSchema>;

/** Stream `template-<id>`; the owner is fixed at creation, only they see and change it. */
export const orderTemplateCreated = defineEvent({
  type: 'OrderTemplateCreated',
  schemaVersion: 1,
  schema: z.strictObject({ id: idSchema, ownerId: idSchema, name: requiredTextSchema, templateData: templateDataSchema, createdAt: timestampSchema }),
});

export const orderTemplateUpdated = defineEvent({
  type: 'OrderTemplateUpdated',
  schemaVersion: 1,
  schema: z.strictObject({ id: idSchema, ownerId: idSchema, name: requiredTextSchema, templateData: templateDataSchema, updatedAt: timestampSchema }),
});

export const orderTemplateDeleted = defineEvent({
  type: 'OrderTemplateDeleted',
  schemaVersion: 1,
  schema: z.strictObject({ id: idSchema, ownerId: idSchema, deletedAt: timestampSchema }),
});

/** One use of the template (an order was created from it). */
export const orderTemplateUsed = defineEvent({
  type: 'OrderTemplateUsed',
  schemaVersion: 1,
  schema: z.strictObject({ id: idSchema, ownerId: idSchema, usedAt: timestampSchema }),
});

export const orderTemplateEventDefinitions = [orderTemplateCreated, orderTemplateUpdated, orderTemplateDeleted, orderTemplateUsed] as const;
export type OrderTemplateEvent = EventOf<(typeof orderTemplateEventDefinitions)[number]>;
