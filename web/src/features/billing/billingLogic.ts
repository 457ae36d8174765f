import { messages } from '@dispo/domain/messages';
import type { BillingOrder } from '../../api/billing';
import type { User } from '../../api/types';
import { formatEuro, formatNumber } from '../../components/format';

/** §6: billing staff alone release or settle orders bound to billing; admins may do all. */
export function canBill(user: User | null): boolean {
  return Boolean(user?.roles?.some((role) => role === 'billing' || role === 'admin'));
}

/** Weights to two decimals, German: `26,45 t`; a missing one is shown as the table's dash. */
export function tonnes(value: number | null): string {
  return value === null ? messages.orderTable.notSet : `${formatNumber(value)} t`;
}

/** `+0,35 t` / `−0,40 t`: the actual weight against the estimate, with its sign. */
export function signedTonnes(value: number | null): string {
  if (value === null) return messages.orderTable.notSet;
  if (value === 0) return '±0 t';
  return `${value > 0 ? '+' : '−'}${formatNumber(Math.abs(value))} t`;
}

export function money(value: number | null): string {
  return value === null ? messages.orderTable.notSet : formatEuro(value);
}

/** A difference worth a look: more than half a tonne either way. */
export function isNotableDifference(value: number | null): boolean {
  return value !== null && Math.abs(value) > 0.5;
}

/** Was taken back by billing and is a query now (status problem, still pending). */
export function wasUndone(order: Pick<BillingOrder, 'billingReversalReason' | 'billingConfirmed'>): boolean {
  return !order.billingConfirmed && Boolean(order.billingReversalReason);
}

export function reverserName(order: Pick<BillingOrder, 'billingReverser'>): string {
  const r = order.billingReverser;
  if (!r) return messages.orderTable.notSet;
  return typeof r === 'string' ? r : `${r.firstName} ${r.lastName}`;
}
