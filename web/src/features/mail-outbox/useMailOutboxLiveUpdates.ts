import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../api/queryKeys';
import type { ServerToClientEvents } from '../../api/types';
import { useRefreshOn } from '../../socket/useRefreshOn';

/** The notices of the outbox projection (projection-service projections/mail-outbox.ts). */
export const MAIL_EVENTS = [
  'tour_plan_mail_requested',
  'tour_plan_mail_sent',
  'tour_plan_mail_failed',
  'order_mail_requested',
  'order_mail_sent',
  'order_mail_failed',
] as const satisfies readonly (keyof ServerToClientEvents)[];

/** One refetch per burst of notices (the 15:00 slot may request and send several mails at once). */
export const MAIL_SOCKET_DEBOUNCE_MS = 300;

/** While the outbox is shown, requested, sent and failed mails appear without waiting for the next poll. */
export function useMailOutboxLiveUpdates(enabled: boolean): void {
  const queryClient = useQueryClient();
  useRefreshOn(MAIL_EVENTS, MAIL_SOCKET_DEBOUNCE_MS, () => void queryClient.invalidateQueries({ queryKey: queryKeys.mailOutbox.all }), enabled);
}
