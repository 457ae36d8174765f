import type { EntityKind } from './catalogue-index';

/**
 * How the first step of matching ranks the records a sentence touches (hits.ts): by the most each
 * can score, its bound, as a rank key that sorts like the pair (bound, best first; index).
 */

export const KINDS: readonly EntityKind[] = ['material', 'customer', 'plant', 'loadingPoint'];

/** How many records of each kind are scored, best bound first (`Silo 1` stands at many plants). */
export const RANKED_PER_KIND: Readonly<Record<EntityKind, number>> = { material: 24, customer: 24, plant: 24, loadingPoint: 96 };
export const SMALLEST_WINDOW = Math.min(...Object.values(RANKED_PER_KIND));

/** No field scores above its factor (at most 1): half from coverage, half from distinctness. */
export function boundOf(coverage: number, distinct: number): number {
  return Math.min(0.5, coverage) + Math.min(0.5, distinct);
}

/** The bound as a rank, best first: rounded to 1e-6, as a small integer (ties go by index). */
export function boundOrder(bound: number): number {
  return Math.round((2 - bound) * 1e6);
}

/**
 * More records than any catalogue has: a rank and an index packed into one number (the rank key,
 * `order * ENTITY_SPAN + entity`) sort as the pair.
 */
export const ENTITY_SPAN = 2 ** 22;

export function entityOfKey(key: number): number {
  return key - Math.floor(key / ENTITY_SPAN) * ENTITY_SPAN;
}
