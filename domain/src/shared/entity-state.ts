import { refuse } from './refuse';

/**
 * State of an aggregate that is created once and then changed: nothing yet, or the entity as the
 * events describe it.
 */
export type EntityState<T> = { exists: false } | { exists: true; entity: T };

export const noEntity: EntityState<never> = { exists: false };

/** Refuses a second creation (the id is taken). */
export function assertNotCreated<T>(state: EntityState<T>, message: string): void {
  if (state.exists) refuse('conflict', message);
}

/** Refuses a change of something that was never created; returns the entity otherwise. */
export function existingEntity<T>(state: EntityState<T>, message: string): T {
  if (!state.exists) return refuse('not_found', message);
  return state.entity;
}
