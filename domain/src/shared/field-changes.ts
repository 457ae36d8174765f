import { sameData } from './changes';

/** What an update changed: the new values and, under the same keys, the values before. */
export interface FieldChanges<T> {
  changes: Partial<T>;
  previous: Partial<T>;
}

/**
 * Compares two versions of a record field by field; null when nothing differs. Change events carry
 * both halves, so that auditors and the history read old and new values from the event alone.
 */
export function fieldChanges<T extends object>(before: T, after: T): FieldChanges<T> | null {
  const keys = (Object.keys(after) as (keyof T)[]).filter((key) => !sameData(after[key], before[key]));
  if (keys.length === 0) return null;
  const pick = (source: T) => Object.fromEntries(keys.map((key) => [key, source[key]])) as Partial<T>;
  return { changes: pick(after), previous: pick(before) };
}
