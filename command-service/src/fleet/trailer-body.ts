import type { TrailerInput } from '@dispo/domain/trailer/index';
import { maintenanceKindSchema, trailerTypeSchema, vehicleStatusSchema } from '@dispo/events/catalog/index';
import { z } from 'zod';
import { optionalChoice, optionalDateText, optionalId, optionalNumber, optionalText } from './fleet-body';

/**
 * The trailer body of POST and PUT /api/auflieger: the write fields of fleet.md §3 (kennzeichen,
 * zugmaschine_id, typ, wartungstermine, notizen) plus status and maxWeight, which the list shows.
 */
export const trailerBodySchema = z.strictObject({
  kennzeichen: optionalText(20),
  zugmaschine_id: optionalId,
  typ: optionalChoice(trailerTypeSchema),
  wartungstermine: z
    .array(z.strictObject({ art: optionalChoice(maintenanceKindSchema), datum: optionalDateText }))
    .max(100)
    .nullable()
    .optional(),
  notizen: optionalText(4000),
  status: optionalChoice(vehicleStatusSchema),
  maxWeight: optionalNumber,
});
export type TrailerBody = z.infer<typeof trailerBodySchema>;

export function trailerInputFromBody(b: TrailerBody): TrailerInput {
  return {
    licensePlate: b.kennzeichen,
    tractorId: b.zugmaschine_id,
    trailerType: b.typ,
    maintenanceDates: b.wartungstermine?.map((w) => ({ kind: w.art, date: w.datum })),
    notes: b.notizen,
    status: b.status,
    maxWeightKg: b.maxWeight,
  };
}
