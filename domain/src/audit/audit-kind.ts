import type { EventDefinition } from '@dispo/events/registry';

/** Kinds of record an id in a field may name; the server turns them into names (plate, order number, …). */
export type ReferenceKind = 'plant' | 'loadingPoint' | 'material' | 'customer' | 'user' | 'vehicle' | 'trailer' | 'order' | 'tour' | 'fuel-card' | 'template';

/** A record's fields as the audit shows and compares them: flat, field name → plain value. */
export type Snapshot = Record<string, unknown>;

/**
 * One kind of audited record (an aggregate): how its stream is named, which decider folds it, and how
 * its state reads as labelled fields. Adding a kind to the audit is one such entry in `auditKinds`.
 */
export interface AuditKind<State = unknown> {
  kind: string;
  /** Stream of the record with this id. */
  streamId(id: string): string;
  /** The event types of the stream that the decider folds; others in the stream leave the state alone. */
  eventDefinitions: readonly EventDefinition[];
  initialState: State;
  evolve(state: State, event: { type: string; data: unknown }): State;
  /** The record's fields, or null while it does not exist (not yet created, or deleted). */
  snapshot(state: State): Snapshot | null;
  /** German label of every field `snapshot` may name. */
  labels: Readonly<Record<string, string>>;
  /** Enum fields: stored value → German label. */
  valueLabels?: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /** Fields holding ids of other records (also arrays of ids). */
  references?: Readonly<Record<string, ReferenceKind>>;
  /** Number fields shown without thousands separators (a year). */
  plainNumbers?: readonly string[];
  /** Fields never shown with their value (a PIN, a password hash): only whether they changed. */
  secretFields?: readonly string[];
  /** What names the record for people: order number, plate, card number. */
  title(snapshot: Snapshot): string;
  /** The user who alone may read this record besides auditors and admins (personal templates); null: every reader. */
  ownerOf?(events: readonly { type: string; data: unknown }[]): string | null;
}

/** Typed definition, so that each entry's evolve and snapshot see their own state type. */
export function defineAuditKind<State>(kind: AuditKind<State>): AuditKind<unknown> {
  return kind as unknown as AuditKind<unknown>;
}
