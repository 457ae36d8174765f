import type { FuelCardInput } from '@dispo/domain/fuel-card/index';
import { fuelCardStatusSchema, fuelCardTypeSchema } from '@dispo/events/catalog/index';
import { requestText } from '@dispo/platform/http/text-schemas';
import { z } from 'zod';
import { optionalChoice, optionalDateText, optionalId, optionalNumber, optionalText } from './fleet-body';

/** The fuel card body of POST and PUT /api/fuel-cards (fleet.md §3 Fuel card, §2 form). */
export const fuelCardBodySchema = z.strictObject({
  card_number: optionalText(40),
  card_type: optionalChoice(fuelCardTypeSchema),
  provider: optionalText(100),
  assigned_vehicle_id: optionalId,
  daily_limit: optionalNumber,
  monthly_limit: optionalNumber,
  valid_until: optionalDateText,
  /** Plain text on the way in only; checked and encrypted before anything is stored. */
  pin_code: requestText().max(20).nullable().optional(),
  notes: optionalText(4000),
  status: optionalChoice(fuelCardStatusSchema),
});
export type FuelCardBody = z.infer<typeof fuelCardBodySchema>;

export function fuelCardInputFromBody(b: FuelCardBody): FuelCardInput {
  return {
    cardNumber: b.card_number,
    cardType: b.card_type,
    provider: b.provider,
    assignedVehicleId: b.assigned_vehicle_id,
    dailyLimit: b.daily_limit,
    monthlyLimit: b.monthly_limit,
    validUntil: b.valid_until,
    notes: b.notes,
    status: b.status,
  };
}
