import { messages } from '../messages';
import type { AuditKind, ReferenceKind, Snapshot } from './audit-kind';
import { auditKind } from './audit-kinds';

/** Looks up the name of a referenced record (plate, order number, "first last"); undefined: unknown id. */
export type NameOf = (kind: string, id: string) => string | undefined;

const LOCAL_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

const berlinDateTime = new Intl.DateTimeFormat('de-DE', {
  timeZone: 'Europe/Berlin',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** An instant as Berlin wall time, de-DE: 26.11.2026, 09:14:03. */
export function germanInstant(iso: string): string {
  return berlinDateTime.format(new Date(iso));
}

function oneValue(kind: AuditKind, field: string, value: unknown, nameOf: NameOf): string {
  if (value === null || value === undefined || value === '') return messages.audit.empty;
  const reference = kind.references?.[field];
  if (reference && typeof value === 'string') return nameOf(reference, value) ?? value;
  const label = kind.valueLabels?.[field]?.[String(value)];
  if (label) return label;
  if (typeof value === 'boolean') return value ? messages.audit.yes : messages.audit.no;
  if (typeof value === 'number') return kind.plainNumbers?.includes(field) ? String(value) : value.toLocaleString('de-DE');
  if (typeof value === 'string') {
    const date = LOCAL_DATE.exec(value);
    if (date) return `${date[3]}.${date[2]}.${date[1]}`;
    if (INSTANT.test(value) && !Number.isNaN(Date.parse(value))) return germanInstant(value);
    return value;
  }
  return JSON.stringify(value);
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
