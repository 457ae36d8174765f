import { messages } from '../messages';
import { cleanText, isLocalDate, refuse } from '../shared';

/**
 * Value rules shared by vehicles, trailers and fuel cards. Each returns the value as stored (null
 * when not given) or refuses with a German message naming the field.
 */

/**
 * The largest amount, weight or distance of the fleet: a hundred million (euros, kilograms, km) is
 * beyond any card limit, vehicle or odometer, and keeps cent rounding and the read tables' columns exact.
 */
export const MAX_FLEET_NUMBER = 100_000_000;

/** Amounts, weights, distances: a finite number, not negative, at most MAX_FLEET_NUMBER. */
export function nonNegativeNumber(value: number | null | undefined, field: string): number | null {
  if (value === null || value === undefined) return null;
  if (!Number.isFinite(value) || value < 0 || value > MAX_FLEET_NUMBER) refuse('validation', messages.fleetCommands.invalidNumber, [field]);
  return value;
}

/** Euros to the cent (the forms step by 0.01). */
export function euroAmount(value: number | null | undefined, field: string): number | null {
  const amount = nonNegativeNumber(value, field);
  return amount === null ? null : Math.round(amount * 100) / 100;
}

/** A calendar date `YYYY-MM-DD`, or null when left empty. */
export function optionalDate(value: string | null | undefined, field: string): string | null {
  const date = cleanText(value);
  if (date !== null && !isLocalDate(date)) refuse('validation', messages.validation.invalidDate, [field]);
  return date;
}

/**
 * A plate as shown: trimmed, inner spaces collapsed, upper case ("iz-ms  101" → "IZ-MS 101").
 * The dash stays: B-MS 401 (Berlin) and BM-S 401 (Bergheim) are different plates.
 */
export function displayPlate(plate: string): string {
  return plate.trim().replace(/\s+/g, ' ').toUpperCase();
}

/** The key a plate is unique by: upper case without spaces ("IZ-MS 101" and "iz-ms101" are one plate). */
export function plateKey(plate: string): string {
  return plate.replace(/\s+/g, '').toUpperCase();
}
