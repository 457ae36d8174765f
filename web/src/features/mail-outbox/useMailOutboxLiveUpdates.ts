import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { queryKeys } from '../../api/queryKeys';
import type { ServerToClientEvents } from '../../api/types';
import { useSocket } from '../../socket/SocketProvider';

/** The notices of the outbox projection (projection-service projections/mail-outbox.ts). */
export const MAIL_EVENTS = [
  'tour_plan_mail_requested',
  'tour_plan_mail_sent',
  'tour_plan_mail_failed',
] as const satisfies readonly (keyof ServerToClientEvents)[];

/** One refetch per burst of notices (the 15:00 slot may request and send several mails at once). */
export const MAIL_SOCKET_DEBOUNCE_MS = 300;

/** While the outbox is shown, requested, sent and failed mails appear without waiting for the next poll. */
export function useMailOutboxLiveUpdates(enabled: boolean): void {
  const socket = useSocket();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!socket || !enabled) return;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const refresh = () => {
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => {
        timer = null;
        void queryClient.invalidateQueries({ queryKey: queryKeys.mailOutbox.all });
      }, MAIL_SOCKET_DEBOUNCE_MS);
    };
    for (const event of MAIL_EVENTS) socket.on(event, refresh);
    return () => {
      if (timer) clearTimeout(timer);
      for (const event of MAIL_EVENTS) socket.off(event, refresh);
    };
  }, [socket, queryClient, enabled]);
}
