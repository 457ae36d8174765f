import { useState } from 'react';
import { messages } from '@dispo/domain/messages';
import { serverFieldErrors } from '../../api/errors';
import type { FormFrame } from './FormModal';

/** The text of a failed save: the server's message (§8). */
export const failureText = (failure: unknown): string => (failure instanceof Error ? failure.message : String(failure));

/** What a form check found: empty required fields and numbers that are not numbers of the form. */
export interface FormProblems<K> {
  missing: readonly K[];
  /** Left out when the numbers were not checked (a required field was empty): their marks stay as they are. */
  invalid?: readonly K[];
}

interface Mutation<Variables, Answer> {
  mutateAsync(variables: Variables): Promise<Answer>;
  isPending: boolean;
}

export interface FleetFormOptions<V, Body, Answer> {
  /** The id of the entity the form edits; none for a new one. */
  editedId: string | undefined;
  initial: () => V;
  /** §5: what keeps the values from being saved. */
  check(values: V): FormProblems<keyof V>;
  bodyOf(values: V): Body;
  create: Mutation<Body, Answer>;
  update: Mutation<{ id: string; body: Body }, Answer>;
  /** After the server accepted the create (`updated` false) or the update. */
  onSaved(answer: Answer, updated: boolean): void;
}

/** The fields of the values that hold text. */
type TextField<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V];

const snakeCase = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** The form field a server refusal names: as the body calls it, or the domain's camelCase of it. */
function formFieldOf<V extends object>(values: V, name: string): (keyof V & string) | null {
  return ([name, snakeCase(name)].find((candidate) => candidate in values) as (keyof V & string) | undefined) ?? null;
}

const without = <K>(marks: ReadonlySet<K>, key: K): ReadonlySet<K> =>
  marks.has(key) ? new Set([...marks].filter((field) => field !== key)) : marks;

/**
 * The state of a fleet form dialog that creates or edits one entity (vehicle, trailer, fuel card):
 * the values, the fields marked as missing or invalid (a change clears the field's mark), and the
 * frame of the dialog: the error box and the save, which checks first and then creates or updates.
 */
export function useFleetForm<V extends object, Body, Answer>(options: FleetFormOptions<V, Body, Answer>) {
  const { editedId, check, bodyOf, create, update, onSaved } = options;
  const [values, setValues] = useState<V>(options.initial);
  const [missing, setMissing] = useState<ReadonlySet<keyof V>>(new Set());
  const [invalid, setInvalid] = useState<ReadonlySet<keyof V>>(new Set());
  const [error, setError] = useState<string | null>(null);
  // §8: the server's refusal also stands red under the field it names, until that field changes.
  const [serverErrors, setServerErrors] = useState<Partial<Record<keyof V, string>>>({});
  const busy = create.isPending || update.isPending;

  const set = <K extends keyof V>(key: K, value: V[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setMissing((current) => without(current, key));
    setInvalid((current) => without(current, key));
    setServerErrors((current) => (key in current ? { ...current, [key]: undefined } : current));
  };

  /** The red text under a field: required first, then the number, then what the server refused. */
  const fieldError = (field: keyof V): string | null =>
    missing.has(field)
      ? messages.fleetScreen.requiredField
      : invalid.has(field)
        ? messages.fleetCommands.invalidNumber
        : (serverErrors[field] ?? null);

  /** The value, error and change of a text field, for a field component. */
  const field = <K extends TextField<V>>(key: K) => ({
    value: values[key] as string,
    error: fieldError(key),
    onChange: (value: string) => set(key, value as V[K]),
  });

  const save = async () => {
    if (busy) return;
    const problems = check(values);
    setMissing(new Set(problems.missing));
    if (problems.invalid) setInvalid(new Set(problems.invalid));
    if (problems.missing.length > 0) {
      setError(messages.validation.requiredFields);
      return;
    }
    if (problems.invalid && problems.invalid.length > 0) {
      setError(messages.fleetCommands.invalidNumber);
      return;
    }
    setError(null);
    try {
      const body = bodyOf(values);
      if (editedId === undefined) onSaved(await create.mutateAsync(body), false);
      else onSaved(await update.mutateAsync({ id: editedId, body }), true);
    } catch (failure) {
      setError(failureText(failure));
      setServerErrors(serverFieldErrors<keyof V & string>(failure, (name) => formFieldOf(values, name)).errors as Partial<Record<keyof V, string>>);
    }
  };

  const frame: FormFrame = {
    error,
    busy,
    saveLabel: editedId === undefined ? messages.fleet.create : messages.fleet.update,
    onSave: () => void save(),
  };
  return { values, set, field, fieldError, frame };
}
