import { sameData } from '../shared';
import type { AuditKind, Snapshot } from './audit-kind';

/** What the audit needs of a recorded event (a RecordedEvent fits). */
export interface AuditedEvent {
  eventId: string;
  type: string;
  data: unknown;
  streamVersion: number;
  recordedAt: string;
  position: { globalPosition: number };
  metadata: { userId: string | null; commandName?: string };
}

/** One field's old and new value; a secret field has neither, only the fact that it changed. */
export interface FieldChange {
  field: string;
  old: unknown;
  new: unknown;
  secret?: true;
}

export interface HistoryStep {
  event: AuditedEvent;
  changes: FieldChange[];
  /** The record after this event; null: not created yet, or deleted by it. */
  after: Snapshot | null;
}

/** The fields that differ between two snapshots, in the order of the kind's labels; secrets without values. */
export function diffSnapshots(kind: AuditKind, before: Snapshot | null, after: Snapshot | null): FieldChange[] {
  if (after === null) return [];
  const old = before ?? {};
  const order = Object.keys(kind.labels);
  const keys = [...new Set([...Object.keys(old), ...Object.keys(after)])]
    .filter((key) => !sameData(emptyAsNull(old[key]), emptyAsNull(after[key])))
    .sort((a, b) => rank(order, a) - rank(order, b));
  return keys.map((field) =>
    kind.secretFields?.includes(field) ? { field, old: null, new: null, secret: true } : { field, old: old[field] ?? null, new: after[field] ?? null },
  );
}

/** A creation lists the fields it fills; an empty list or text is as empty as a missing value. */
function emptyAsNull(value: unknown): unknown {
  if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) return null;
  return value;
}

function rank(order: string[], key: string): number {
  const i = order.indexOf(key);
  return i < 0 ? order.length : i;
}

/**
 * The stream replayed through the kind's own decider, event by event: the state before and after
 * each one, compared field by field. Oldest first.
 */
export function replayHistory(kind: AuditKind, events: readonly AuditedEvent[]): HistoryStep[] {
  const types = new Set(kind.eventDefinitions.map((d) => d.type));
  let state = kind.initialState;
  let before = kind.snapshot(state);
  return events.map((event) => {
    if (types.has(event.type)) state = kind.evolve(state, event);
    const after = kind.snapshot(state);
    const changes = diffSnapshots(kind, before, after);
    before = after;
    return { event, changes, after };
  });
}

export type StateAt =
  | { found: false }
  | { found: true; snapshot: Snapshot | null; version: number; recordedAt: string };

/** The record as it was at `at`: the stream's events recorded up to that instant, folded. */
export function stateAt(kind: AuditKind, events: readonly AuditedEvent[], at: Date): StateAt {
  const until = events.filter((e) => new Date(e.recordedAt).getTime() <= at.getTime());
  const last = until[until.length - 1];
  if (!last) return { found: false };
  const types = new Set(kind.eventDefinitions.map((d) => d.type));
  let state = kind.initialState;
  for (const event of until) if (types.has(event.type)) state = kind.evolve(state, event);
  return { found: true, snapshot: kind.snapshot(state), version: last.streamVersion, recordedAt: last.recordedAt };
}
