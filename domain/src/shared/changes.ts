/**
 * Update commands change only what they name: a field left undefined keeps its current value,
 * a field set to null clears it. That makes PUT (every field) and PATCH (a few fields) one command.
 */
export type Changes<T> = { [K in keyof T]?: T[K] | undefined };

export function applyChanges<T extends object>(current: T, changes: Changes<T>): T {
  const next = { ...current };
  for (const key of Object.keys(changes) as (keyof T)[]) {
    const value = changes[key];
    if (value !== undefined) next[key] = value as T[keyof T];
  }
  return next;
}

/** Structural equality of plain data (objects, arrays, primitives): an unchanged update emits nothing. */
export function sameData(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const aKeys = Object.keys(a);
  const bKeys = Object.keys(b);
  if (aKeys.length !== bKeys.length) return false;
  return aKeys.every((key) => sameData((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}

/**
 * The outcome of an update command on master data: the current state with the changes applied,
 * normalised and validated by `toDetails`; null when nothing actually changes. `current` may be the
 * whole stored record: `toDetails` picks the fields it knows (and alone fixes the `Input` type).
 */
export function changedDetails<Input extends object, Details>(
  current: NoInfer<Input>,
  changes: NoInfer<Changes<Input>>,
  toDetails: (input: Input) => Details,
): Details | null {
  const before = toDetails(current);
  const after = toDetails(applyChanges(current, changes));
  return sameData(after, before) ? null : after;
}
