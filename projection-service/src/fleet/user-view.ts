import { messages } from '@dispo/domain/messages';
import type { UserRole } from '@dispo/events/catalog/index';
import { str } from './view-values';

/**
 * The product keeps no department per user; the roles are what a department would say
 * (Disposition, Fuhrparkleitung, …), so they are shown as it.
 */
export function departmentOf(roles: unknown): string | null {
  const list = Array.isArray(roles) ? (roles as UserRole[]) : [];
  const labels = list.map((role) => messages.labels.userRole[role] ?? role);
  return labels.length > 0 ? labels.join(', ') : null;
}

/** A user as the driver search and a vehicle's assigned_driver show it (fleet.md §3, §7). */
export function userView(r: { id: unknown; first_name: unknown; last_name: unknown; email: unknown; roles: unknown }) {
  return {
    id: String(r.id),
    full_name: `${String(r.first_name)} ${String(r.last_name)}`,
    department: departmentOf(r.roles),
    email: str(r.email),
  };
}
