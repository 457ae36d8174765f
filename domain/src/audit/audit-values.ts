import { messages } from '../messages';
import type { AuditKind, ReferenceKind, Snapshot } from './audit-kind';
import { auditKind } from './audit-kinds';
import { germanInstant, plainValueText } from './plain-value';

export { germanInstant };

/** Looks up the name of a referenced record (plate, order number, "first last"); undefined: unknown id. */
export type NameOf = (kind: string, id: string) => string | undefined;

function oneValue(kind: AuditKind, field: string, value: unknown, nameOf: NameOf): string {
  const reference = kind.references?.[field];
  if (reference && typeof value === 'string' && value !== '') return nameOf(reference, value) ?? value;
  return plainValueText(value, kind.valueLabels?.[field], kind.plainNumbers?.includes(field) ?? false);
}

/** A field's value as text for people: labels for enums, names for ids, German dates and numbers; secrets hidden. */
export function displayValue(kind: AuditKind, field: string, value: unknown, nameOf: NameOf): string {
  if (kind.secretFields?.includes(field)) return value === null || value === undefined ? messages.audit.empty : messages.audit.hidden;
  if (Array.isArray(value)) return value.length === 0 ? messages.audit.empty : value.map((v) => oneValue(kind, field, v, nameOf)).join(', ');
  return oneValue(kind, field, value, nameOf);
}

export interface SnapshotField {
  field: string;
  label: string;
  /** The stored value; null for a secret. */
  value: unknown;
  text: string;
}

/** A snapshot as labelled fields in catalogue order, secrets without their value. */
export function snapshotFields(kind: AuditKind, snapshot: Snapshot, nameOf: NameOf): SnapshotField[] {
  return Object.keys(kind.labels)
    .filter((field) => field in snapshot)
    .map((field) => ({
      field,
      label: kind.labels[field]!,
      value: kind.secretFields?.includes(field) ? null : (snapshot[field] ?? null),
      text: displayValue(kind, field, snapshot[field], nameOf),
    }));
}

/** Every id a snapshot names, by the kind of record, for one name lookup per kind. */
export function referencedIds(kind: AuditKind, snapshots: readonly (Snapshot | null)[]): Map<ReferenceKind, Set<string>> {
  const ids = new Map<ReferenceKind, Set<string>>();
  for (const snapshot of snapshots) {
    if (!snapshot) continue;
    for (const [field, reference] of Object.entries(kind.references ?? {})) {
      const value = snapshot[field];
      for (const id of Array.isArray(value) ? value : [value]) {
        if (typeof id !== 'string') continue;
        if (!ids.has(reference)) ids.set(reference, new Set());
        ids.get(reference)!.add(id);
      }
    }
  }
  return ids;
}

/** Links to the audited records a snapshot names (an order's tour, a tour's orders, a card's vehicle). */
export function relatedRecords(kind: AuditKind, snapshot: Snapshot | null): { kind: string; id: string; field: string }[] {
  if (!snapshot) return [];
  return Object.entries(kind.references ?? {}).flatMap(([field, reference]) => {
    if (!auditKind(reference)) return [];
    const value = snapshot[field];
    return (Array.isArray(value) ? value : [value]).filter((id): id is string => typeof id === 'string').map((id) => ({ kind: reference, id, field }));
  });
}
