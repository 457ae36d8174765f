import type { FuelCardDetails, FuelCardStatus, FuelCardType } from '@dispo/events/catalog/index';
import { cleanText, requiredText, requireFields } from '../shared';
import { euroAmount, optionalDate } from '../vehicle/fleet-values';

/** Defaults of fleet.md §9: a new card is a diesel card and active. */
export const fuelCardDefaults = {
  cardType: 'diesel',
  status: 'active',
} as const satisfies { cardType: FuelCardType; status: FuelCardStatus };

/** What the fuel card form sends, without the PIN (that travels encrypted, see pin.ts). */
export interface FuelCardInput {
  cardNumber?: string | null;
  cardType?: FuelCardType | null;
  provider?: string | null;
  assignedVehicleId?: string | null;
  dailyLimit?: number | null;
  monthlyLimit?: number | null;
  validUntil?: string | null;
  notes?: string | null;
  status?: FuelCardStatus | null;
}

export interface FuelCardFacts {
  details: FuelCardDetails;
  status: FuelCardStatus;
}

/** The key a card number is unique by: no spaces, upper case ("7002 1234" and "70021234" are one card). */
export function cardNumberKey(cardNumber: string): string {
  return cardNumber.replace(/\s+/g, '').toUpperCase();
}

export function withFuelCardDefaults(input: FuelCardInput): FuelCardInput {
  return { ...input, cardType: input.cardType === undefined ? fuelCardDefaults.cardType : input.cardType };
}

/** §5: card number and card type are required. */
export function fuelCardFactsFrom(input: FuelCardInput): FuelCardFacts {
  requireFields({ cardNumber: input.cardNumber, cardType: input.cardType });
  return {
    details: {
      cardNumber: requiredText(input.cardNumber).replace(/\s+/g, ' '),
      cardType: input.cardType ?? fuelCardDefaults.cardType,
      provider: cleanText(input.provider),
      assignedVehicleId: cleanText(input.assignedVehicleId),
      dailyLimit: euroAmount(input.dailyLimit, 'dailyLimit'),
      monthlyLimit: euroAmount(input.monthlyLimit, 'monthlyLimit'),
      validUntil: optionalDate(input.validUntil, 'validUntil'),
      notes: cleanText(input.notes),
    },
    status: input.status ?? fuelCardDefaults.status,
  };
}

export function fuelCardInputOf(facts: FuelCardFacts): FuelCardInput {
  return { ...facts.details, status: facts.status };
}
