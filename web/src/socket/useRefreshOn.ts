import { useEffect, useRef } from 'react';
import type { ServerToClientEvents } from '../api/types';
import { useSocket } from './SocketProvider';

/**
 * While `enabled`, runs `refresh` once per burst of the given socket events (`delayMs` after the
 * last): a page's live updates, without one refetch per notice of a bulk change.
 */
export function useRefreshOn(events: readonly (keyof ServerToClientEvents)[], delayMs: number, refresh: () => void, enabled = true): void {
  const socket = useSocket();
  const refreshRef = useRef(refresh);
  useEffect(() => {
    refreshRef.current = refresh;
  });
  useEffect(() => {
    if (!socket || !enabled) return;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const schedule = () => {
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => {
        timer = null;
        refreshRef.current();
      }, delayMs);
    };
    for (const event of events) socket.on(event, schedule);
    return () => {
      if (timer) clearTimeout(timer);
      for (const event of events) socket.off(event, schedule);
    };
  }, [socket, events, delayMs, enabled]);
}
