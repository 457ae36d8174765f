import { DomainError, type DomainErrorKind } from '../decider';
import { messages } from '../messages';

/**
 * Details attached to a refusal: the input fields concerned, so that a form can show the message
 * under the right field (orders.md §5.1: "errors under the fields").
 */
export interface RefusalDetails {
  fields: string[];
}

/** Refuses the command. Returns `never`, so TypeScript narrows after a guard that calls it. */
export function refuse(kind: DomainErrorKind, message: string, fields: string[] = []): never {
  throw new DomainError(kind, message, { fields } satisfies RefusalDetails);
}

/** A value the user did not give: undefined, null, blank text or NaN. */
export function isMissing(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (typeof value === 'number') return Number.isNaN(value);
  return false;
}

/**
 * Refuses with "Bitte füllen Sie alle Pflichtfelder aus." when any of the named values is missing;
 * the details list every missing field, not just the first.
 */
export function requireFields(values: Record<string, unknown>, message: string = messages.validation.requiredFields): void {
  const missing = Object.entries(values)
    .filter(([, value]) => isMissing(value))
    .map(([field]) => field);
  if (missing.length > 0) refuse('validation', message, missing);
}
