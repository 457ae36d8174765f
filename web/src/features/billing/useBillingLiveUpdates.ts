import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../api/queryKeys';
import type { ServerToClientEvents } from '../../api/types';
import { useRefreshOn } from '../../socket/useRefreshOn';

/** Billing's live events (orders.md §3) and the order changes that move an order in or out of billing. */
export const BILLING_EVENTS = [
  'delivery_slip_updated',
  'weight_updated',
  'billing_confirmed',
  'billing_undone',
  'order_removed',
  'billing_data_refresh',
  'order_deleted',
] as const satisfies readonly (keyof ServerToClientEvents)[];

/** orders.md §9: lists reload about 100 ms after a billing event (one reload per burst). */
export const BILLING_RELOAD_DELAY_MS = 100;

/** While the billing screen is shown, its lists and sums follow every billing step, whoever made it. */
export function useBillingLiveUpdates(): void {
  const queryClient = useQueryClient();
  useRefreshOn(BILLING_EVENTS, BILLING_RELOAD_DELAY_MS, () => void queryClient.invalidateQueries({ queryKey: queryKeys.billing.all }));
}
