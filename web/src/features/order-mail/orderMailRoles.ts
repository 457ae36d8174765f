import type { User } from '../../api/types';

/** Who may send order mails (POST /api/orders/send-email); admins always. */
export const ORDER_MAIL_ROLES: readonly string[] = ['order_taker', 'dispatcher', 'billing', 'admin'];

export function canSendOrderMail(user: User | null | undefined): boolean {
  return Boolean(user?.roles?.some((role) => ORDER_MAIL_ROLES.includes(role)));
}
