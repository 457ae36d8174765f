import type { Unit } from '@dispo/events/catalog/index';

/**
 * The one rule of an order's planned weight (docs/invariants.md "weight follows quantity"): tonnes
 * and kilograms tell it, m³ by the material's bulk density (materials catalogue). Null when the
 * quantity cannot tell it (pieces, m³ of a material without a density): then only the user knows.
 * The order decider, the edit form's preview and nothing else compute it.
 */
export function plannedWeightTons(quantity: number, unit: Unit, densityTonsPerCubicMetre: number | null | undefined): number | null {
  if (!Number.isFinite(quantity)) return null;
  if (unit === 'to') return quantity;
  if (unit === 'kg') return round3(quantity / 1000);
  if (unit === 'm3' && densityTonsPerCubicMetre) return round3(quantity * densityTonsPerCubicMetre);
  return null;
}

/** Kilograms are the finest a weight is told in; it keeps sums free of float noise. */
const round3 = (value: number) => Math.round(value * 1000) / 1000;

export interface WeightChange {
  before: { quantity: number; unit: Unit; materialId: string; weightTons: number | null };
  after: { quantity: number; unit: Unit; materialId: string };
  /** The weight the command gave (undefined: none). */
  given: number | null | undefined;
  densityTonsPerCubicMetre: number | null | undefined;
}

/**
 * The weight an order has after a change. A derivable weight is derived (a sent weight is ignored,
 * so a form re-sending the old one cannot contradict the quantity). Otherwise a weight the user
 * typed anew stands; a weight left as it was follows the quantity in proportion when unit and
 * material stay (the same stuff weighs the same per m³ or piece), and is unknown when they change.
 */
export function weightAfterChange(change: WeightChange): number | null {
  const { before, after, given } = change;
  const derived = plannedWeightTons(after.quantity, after.unit, change.densityTonsPerCubicMetre);
  if (derived !== null) return derived;
  const kept = given === undefined || given === before.weightTons;
  if (!kept) return given;
  if (after.quantity === before.quantity && after.unit === before.unit && after.materialId === before.materialId) return before.weightTons;
  if (before.weightTons === null || after.unit !== before.unit || after.materialId !== before.materialId) return null;
  return round3((before.weightTons * after.quantity) / before.quantity);
}
