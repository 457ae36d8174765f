import { useSession } from '../auth/useSession';

/** docs/adr/0005: order takers, dispatchers and admins write orders; everyone else only reads. */
export const ORDER_WRITER_ROLES = ['order_taker', 'dispatcher', 'admin'] as const;

export function canWriteOrders(roles: readonly string[]): boolean {
  return ORDER_WRITER_ROLES.some((role) => roles.includes(role));
}

/** What the logged-in user may do in the order intake; the client hides what the server would refuse. */
export function useOrderPermissions(): { canWrite: boolean } {
  const roles = useSession()?.user?.roles ?? [];
  return { canWrite: canWriteOrders(roles) };
}
