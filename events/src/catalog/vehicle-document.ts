import { z } from 'zod';
import { defineEvent, type EventOf } from '../registry';
import { documentCategorySchema } from './enums';
import { idSchema, performerIdSchema, positiveCountSchema, requiredTextSchema, timestampSchema } from './fields';

/**
 * A document of a vehicle (fleet.md §3 Document), appended to the vehicle's stream. The bytes are
 * not in the log: they lie in the blob table under their sha256, which the event names.
 */
export const vehicleDocumentAdded = defineEvent({
  type: 'VehicleDocumentAdded',
  schemaVersion: 1,
  schema: z.strictObject({
    vehicleId: idSchema,
    documentId: idSchema,
    /** The file name as uploaded, without any path. */
    name: requiredTextSchema,
    category: documentCategorySchema,
    /** Checked by content; only application/pdf so far. */
    contentType: requiredTextSchema,
    sizeBytes: positiveCountSchema,
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
    addedBy: performerIdSchema,
    addedAt: timestampSchema,
  }),
});

export const vehicleDocumentRemoved = defineEvent({
  type: 'VehicleDocumentRemoved',
  schemaVersion: 1,
  schema: z.strictObject({
    vehicleId: idSchema,
    documentId: idSchema,
    name: requiredTextSchema,
    category: documentCategorySchema,
    removedBy: performerIdSchema,
    removedAt: timestampSchema,
  }),
});

export const vehicleDocumentEventDefinitions = [vehicleDocumentAdded, vehicleDocumentRemoved] as const;
export type VehicleDocumentEvent = EventOf<(typeof vehicleDocumentEventDefinitions)[number]>;
