/**
 * The answers of the audit routes (docs/api/audit.md), shared by the server that writes them and the
 * web client that reads them.
 */

export interface AuditUser {
  id: string;
  name: string;
  /** The roles as departments, German ("Disposition, Administration"). */
  roles: string;
}

export interface AuditChange {
  field: string;
  label: string;
  old: unknown;
  new: unknown;
  oldText: string;
  newText: string;
  secret?: true;
}

export interface AuditEntry {
  version: number;
  position: number;
  recordedAt: string;
  type: string;
  typeLabel: string;
  commandName: string | null;
  commandLabel: string | null;
  /** null: the system (seed, scheduler). */
  user: AuditUser | null;
  changes: AuditChange[];
  /** The record ceased to exist with this event. */
  deleted: boolean;
}

export interface AuditRelated {
  kind: string;
  kindLabel: string;
  id: string;
  title: string;
  field: string;
  label: string;
}

export interface AuditHistory {
  kind: string;
  kindLabel: string;
  id: string;
  title: string;
  exists: boolean;
  /** Newest first. */
  entries: AuditEntry[];
  related: AuditRelated[];
}

export interface AuditState {
  kind: string;
  kindLabel: string;
  id: string;
  at: string;
  version: number;
  recordedAt: string;
  exists: boolean;
  title: string;
  fields: { field: string; label: string; value: unknown; text: string }[];
  related: AuditRelated[];
}

export interface AuditLogEntry {
  position: number;
  recordedAt: string;
  streamId: string;
  version: number;
  type: string;
  typeLabel: string;
  commandLabel: string | null;
  user: AuditUser | null;
  /** The audited record the event belongs to (for the link to its history), null for other streams. */
  kind: string | null;
  kindLabel: string;
  entityId: string | null;
  title: string;
}

export interface AuditLogPage {
  entries: AuditLogEntry[];
  nextCursor: string | null;
}
