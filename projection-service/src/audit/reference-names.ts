import type { AuditUser, NameOf, ReferenceKind } from '@dispo/domain/audit/index';
import { messages } from '@dispo/domain/messages';
import type { SqlExecutor } from '@dispo/events/sql/client';

/** The read table and the name expression of each kind of record an audited field may name. */
const NAME_SOURCES: Record<ReferenceKind, { table: string; name: string }> = {
  plant: { table: 'read.plants', name: 'name' },
  loadingPoint: { table: 'read.loading_points', name: 'name' },
  material: { table: 'read.materials', name: 'name' },
  customer: { table: 'read.customers', name: 'company' },
  user: { table: 'read.users', name: "first_name || ' ' || last_name" },
  vehicle: { table: 'read.vehicles', name: 'license_plate' },
  trailer: { table: 'read.trailers', name: 'license_plate' },
  order: { table: 'read.orders', name: 'order_number' },
  tour: { table: 'read.tours', name: 'tour_number' },
  'fuel-card': { table: 'read.fuel_cards', name: 'card_number' },
  template: { table: 'read.order_templates', name: 'name' },
};

/** Names of the given ids, one query per kind; ids the read tables no longer hold (deleted records) stay ids. */
export async function loadNames(sql: SqlExecutor, ids: ReadonlyMap<string, Set<string>>): Promise<NameOf> {
  const names = new Map<string, string>();
  await Promise.all(
    [...ids].map(async ([kind, set]) => {
      const source = (NAME_SOURCES as Record<string, { table: string; name: string } | undefined>)[kind];
      if (set.size === 0 || !source) return;
      const { rows } = await sql.query<{ id: string; name: string }>(`SELECT id, ${source.name} AS name FROM ${source.table} WHERE id = ANY($1::text[])`, [[...set]]);
      for (const row of rows) names.set(`${kind}:${row.id}`, row.name);
    }),
  );
  return (kind, id) => names.get(`${kind}:${id}`);
}


/** Who the users of the metadata are; null (system) and unknown ids are answered by the caller. */
export async function loadUsers(sql: SqlExecutor, userIds: Iterable<string>): Promise<Map<string, AuditUser>> {
  const list = [...new Set(userIds)];
  const users = new Map<string, AuditUser>();
  if (list.length === 0) return users;
  const { rows } = await sql.query<{ id: string; first_name: string; last_name: string; roles: string[] }>(
    'SELECT id, first_name, last_name, roles FROM read.users WHERE id = ANY($1::text[])',
    [list],
  );
  const roleLabels = messages.labels.userRole as Record<string, string>;
  for (const r of rows) users.set(r.id, { id: r.id, name: `${r.first_name} ${r.last_name}`, roles: r.roles.map((role) => roleLabels[role] ?? role).join(', ') });
  return users;
}

/** A user as an audit entry shows them: the system for commands without a user, the id for unknown ones. */
export function auditUser(users: Map<string, AuditUser>, userId: string | null): AuditUser | null {
  if (userId === null) return null;
  return users.get(userId) ?? { id: userId, name: messages.audit.unknownUser, roles: '' };
}
