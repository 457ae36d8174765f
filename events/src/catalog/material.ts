import { z } from 'zod';
import { defineEvent, type EventOf } from '../registry';
import { materialStatusSchema, unitSchema } from './enums';
import { amountSchema, idSchema, nameSchema, optionalTextSchema, timestampSchema } from './fields';

export const materialDetailsSchema = z.strictObject({
  name: nameSchema,
  materialCode: optionalTextSchema,
  category: optionalTextSchema,
  description: optionalTextSchema,
  unit: unitSchema,
  /** Usual load of one truck, in `unit`. */
  standardLoadSize: amountSchema.positive().nullable(),
  /**
   * Bulk density in tonnes per m³: the planned weight of an order in m³ (issue 31). Absent on
   * materials created before it existed; null = not known.
   */
  densityTonsPerCubicMetre: amountSchema.positive().max(10).nullable().optional(),
  /** Offered only at the plants in `assignedPlantIds`. */
  plantSpecific: z.boolean(),
  assignedPlantIds: z.array(idSchema),
  status: materialStatusSchema,
});
export type MaterialDetails = z.infer<typeof materialDetailsSchema>;

export const materialCreated = defineEvent({
  type: 'MaterialCreated',
  schemaVersion: 1,
  schema: materialDetailsSchema.extend({ id: idSchema, createdAt: timestampSchema }),
});

export const materialUpdated = defineEvent({
  type: 'MaterialUpdated',
  schemaVersion: 1,
  schema: materialDetailsSchema.extend({ id: idSchema, updatedAt: timestampSchema }),
});

export const materialEventDefinitions = [materialCreated, materialUpdated] as const;
export type MaterialEvent = EventOf<(typeof materialEventDefinitions)[number]>;
