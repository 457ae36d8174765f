import {
  type AuditChange,
  type AuditEntry,
  type AuditHistory,
  type AuditKind,
  type AuditLogEntry,
  type AuditLogPage,
  type AuditRelated,
  type AuditState,
  auditKind,
  auditKinds,
  displayValue,
  eventTypesOutsideKinds,
  kindOfEventType,
  type NameOf,
  referencedIds,
  relatedRecords,
  replayHistory,
  type Snapshot,
  snapshotFields,
  stateAt,
} from '@dispo/domain/audit/index';
import { messages } from '@dispo/domain/messages';
import type { SqlExecutor } from '@dispo/events/sql/client';
import type { EventRegistry } from '@dispo/events/registry';
import { type AuditLogQuery, encodeAuditCursor, readAuditLog, readAuditStream } from '@dispo/events/store/sql-audit-log';
import { auditUser, loadNames, loadUsers } from './reference-names';

const audit = messages.audit;




/** The seed names its commands `Seed:<command>`: shown as "Demodaten: <command label>". */
const SEED_PREFIX = 'Seed:';

function commandLabel(name: string | null | undefined): string | null {
  if (!name) return null;
  if (name.startsWith(SEED_PREFIX)) return `${audit.commands.Seed}: ${commandLabel(name.slice(SEED_PREFIX.length))}`;
  return audit.commands[name] ?? name;
}

function changeText(kind: AuditKind, change: { field: string; old: unknown; new: unknown; secret?: true }, nameOf: NameOf): AuditChange {
  const label = kind.labels[change.field] ?? change.field;
  if (change.secret) return { field: change.field, label, old: null, new: null, oldText: '', newText: audit.changed, secret: true };
  return {
    field: change.field,
    label,
    old: change.old,
    new: change.new,
    oldText: displayValue(kind, change.field, change.old, nameOf),
    newText: displayValue(kind, change.field, change.new, nameOf),
  };
}

function relatedOf(kind: AuditKind, snapshot: Snapshot | null, nameOf: NameOf): AuditRelated[] {
  return relatedRecords(kind, snapshot).map((r) => ({
    kind: r.kind,
    kindLabel: audit.kinds[r.kind] ?? r.kind,
    id: r.id,
    title: nameOf(r.kind, r.id) ?? r.id,
    field: r.field,
    label: kind.labels[r.field] ?? r.field,
  }));
}

/**
 * The records that name this one, where the audit offers the way back: a vehicle's or trailer's
 * workshop appointments (newest first).
 */
async function referringRecords(sql: SqlExecutor, kind: AuditKind, id: string): Promise<AuditRelated[]> {
  if (kind.kind !== 'vehicle' && kind.kind !== 'trailer') return [];
  const appointments = auditKind('appointment')!;
  const { rows } = await sql.query<{ id: string; appointment_type: string; date: string }>(
    'SELECT id, appointment_type, date FROM read.workshop_appointments WHERE subject_kind = $1 AND subject_id = $2 ORDER BY date DESC, time DESC LIMIT 50',
    [kind.kind, id],
  );
  return rows.map((r) => ({
    kind: appointments.kind,
    kindLabel: audit.kinds[appointments.kind] ?? appointments.kind,
    id: r.id,
    title: appointments.title({ appointmentType: r.appointment_type, date: r.date }),
    field: 'appointments',
    label: audit.kinds[appointments.kind] ?? appointments.kind,
  }));
}

export type Readable = (ownerId: string | null) => boolean;

/**
 * The whole history of one record, newest first; null when the stream does not exist or the reader
 * may not see it (answered alike: 404).
 */
export async function recordHistory(sql: SqlExecutor, registry: EventRegistry, kind: AuditKind, id: string, mayRead: Readable): Promise<AuditHistory | null> {
  const events = await readAuditStream(sql, registry, kind.streamId(id));
  if (events.length === 0 || !mayRead(kind.ownerOf?.(events) ?? null)) return null;
  const steps = replayHistory(kind, events);
  const lastSeen = [...steps].reverse().find((s) => s.after !== null)?.after ?? null;
  const nameOf = await loadNames(sql, referencedIds(kind, steps.flatMap((s) => [s.after])));
  const users = await loadUsers(sql, events.flatMap((e) => (e.metadata.userId ? [e.metadata.userId] : [])));
  const entries = steps.map(
    ({ event, changes, after }, i): AuditEntry => ({
      version: event.streamVersion,
      position: event.position.globalPosition,
      recordedAt: event.recordedAt,
      type: event.type,
      typeLabel: audit.eventTypes[event.type] ?? event.type,
      commandName: event.metadata.commandName ?? null,
      commandLabel: commandLabel(event.metadata.commandName),
      user: auditUser(users, event.metadata.userId),
      changes: changes.map((c) => changeText(kind, c, nameOf)),
      deleted: after === null && i > 0 && steps[i - 1]!.after !== null,
    }),
  );
  return {
    kind: kind.kind,
    kindLabel: audit.kinds[kind.kind] ?? kind.kind,
    id,
    title: lastSeen ? kind.title(lastSeen) : id,
    exists: steps[steps.length - 1]!.after !== null,
    entries: entries.reverse(),
    related: [...relatedOf(kind, lastSeen, nameOf), ...(await referringRecords(sql, kind, id))],
  };
}

/** The record as it was at `at`; null before its first event (or not readable). */
export async function recordStateAt(sql: SqlExecutor, registry: EventRegistry, kind: AuditKind, id: string, at: Date, mayRead: Readable): Promise<AuditState | null> {
  // Only the events up to `at`: the owner (a template's) is named by the first of them.
  const events = await readAuditStream(sql, registry, kind.streamId(id), at);
  if (events.length === 0 || !mayRead(kind.ownerOf?.(events) ?? null)) return null;
  const state = stateAt(kind, events, at);
  if (!state.found) return null;
  const nameOf = await loadNames(sql, referencedIds(kind, [state.snapshot]));
  return {
    kind: kind.kind,
    kindLabel: audit.kinds[kind.kind] ?? kind.kind,
    id,
    at: at.toISOString(),
    version: state.version,
    recordedAt: state.recordedAt,
    exists: state.snapshot !== null,
    title: state.snapshot ? kind.title(state.snapshot) : id,
    fields: state.snapshot ? snapshotFields(kind, state.snapshot, nameOf) : [],
    related: relatedOf(kind, state.snapshot, nameOf),
  };
}

/** The event types a kind filter of the log stands for ('other': everything outside the audited kinds). */
export function typesOfKind(kind: string): readonly string[] | undefined {
  if (kind === 'other') return eventTypesOutsideKinds;
  return auditKinds.find((k) => k.kind === kind)?.eventDefinitions.map((d) => d.type);
}


/** One page of the global log, newest first, with a cursor for the next. */
export async function auditLogPage(sql: SqlExecutor, query: AuditLogQuery): Promise<AuditLogPage> {
  const { rows, next } = await readAuditLog(sql, query);
  const users = await loadUsers(sql, rows.flatMap((r) => (r.userId ? [r.userId] : [])));
  const linked = rows.map((row) => {
    const kind = kindOfEventType(row.type);
    const prefix = kind?.streamId('');
    const entityId = kind && prefix && row.streamId.startsWith(prefix) ? row.streamId.slice(prefix.length) : null;
    return { row, kind: entityId ? kind : undefined, entityId };
  });
  const ids = new Map<string, Set<string>>();
  for (const { kind, entityId } of linked) {
    if (!kind || !entityId) continue;
    const set = ids.get(kind.kind) ?? new Set<string>();
    set.add(entityId);
    ids.set(kind.kind, set);
  }
  const nameOf = await loadNames(sql, ids);
  const entries = linked.map(
    ({ row, kind, entityId }): AuditLogEntry => ({
      position: row.globalPosition,
      recordedAt: row.recordedAt,
      streamId: row.streamId,
      version: row.streamVersion,
      type: row.type,
      typeLabel: audit.eventTypes[row.type] ?? row.type,
      commandLabel: commandLabel(row.commandName),
      user: auditUser(users, row.userId),
      kind: kind?.kind ?? null,
      kindLabel: audit.kinds[kind?.kind ?? 'other']!,
      entityId,
      title: kind && entityId ? (nameOf(kind.kind, entityId) ?? entityId) : row.streamId,
    }),
  );
  return { entries, nextCursor: next ? encodeAuditCursor(next) : null };
}
