import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useEffect, useMemo } from 'react';
import { queryKeys } from '../api/queryKeys';
import { createSocket, type DispoSocket } from './socket';

/** Socket events after which the order lists are stale (orders.md §7.7). */
export const ORDER_EVENTS = ['new_order', 'order_updated', 'order_status_changed', 'order_deleted'] as const;

/** Socket events about tours (dispatch.md §7 "Real-time"). */
export const TOUR_EVENTS = ['tour_created', 'tour_updated', 'tour_deleted'] as const;

/** dispatch.md §9: socket updates of the Disposition are debounced 500 ms. */
export const DISPATCH_SOCKET_DEBOUNCE_MS = 500;

const SocketContext = createContext<DispoSocket | null>(null);

/** The live connection, or null while logged out / not yet created. */
export function useSocket(): DispoSocket | null {
  return useContext(SocketContext);
}

/**
 * Refetches what the socket reports as changed: the order queries on each order event, the
 * Disposition's queries 500 ms after the last order or tour event, and every active query after a
 * reconnect or a `resync` (the server's bus was away): events may have been missed meanwhile.
 */
export function useLiveUpdates(socket: DispoSocket | null, queryClient: QueryClient): void {
  useEffect(() => {
    if (!socket) return;
    const invalidateOrders = () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.orders.all });
    };
    let connectedBefore = socket.connected;
    const onConnect = () => {
      if (connectedBefore) void queryClient.invalidateQueries();
      connectedBefore = true;
    };
    // The Disposition's tours, open orders and vehicles: one refetch per burst of events, and none of
    // a query fetched after the burst began (the page's own action refetched it already: the command
    // answers after the read side has its change, so that answer holds what the notices announce).
    let dispatchTimer: ReturnType<typeof setTimeout> | null = null;
    let burstStart = 0;
    const invalidateDispatch = () => {
      if (dispatchTimer) clearTimeout(dispatchTimer);
      else burstStart = Date.now();
      dispatchTimer = setTimeout(() => {
        dispatchTimer = null;
        const since = burstStart;
        void queryClient.invalidateQueries({ queryKey: queryKeys.dispatch.all, predicate: (query) => query.state.dataUpdatedAt < since });
      }, DISPATCH_SOCKET_DEBOUNCE_MS);
    };
    for (const event of ORDER_EVENTS) {
      socket.on(event, invalidateOrders);
      socket.on(event, invalidateDispatch);
    }
    for (const event of TOUR_EVENTS) socket.on(event, invalidateDispatch);
    socket.on('connect', onConnect);
    const resync = () => {
      void queryClient.invalidateQueries();
    };
    socket.on('resync', resync);
    return () => {
      socket.off('resync', resync);
      if (dispatchTimer) clearTimeout(dispatchTimer);
      for (const event of ORDER_EVENTS) {
        socket.off(event, invalidateOrders);
        socket.off(event, invalidateDispatch);
      }
      for (const event of TOUR_EVENTS) socket.off(event, invalidateDispatch);
      socket.off('connect', onConnect);
    };
  }, [socket, queryClient]);
}

export interface SocketProviderProps {
  /** The session's token; null closes the connection (logout). */
  token: string | null;
  /** Server origin; default the page's own origin. */
  url?: string;
  children: ReactNode;
}

/** Holds one socket per logged-in session and wires it to react-query. */
export function SocketProvider({ token, url, children }: SocketProviderProps) {
  const queryClient = useQueryClient();
  const socket = useMemo(() => (token ? createSocket(url === undefined ? { token } : { token, url }) : null), [token, url]);

  useEffect(() => {
    if (!socket) return;
    socket.connect();
    return () => {
      socket.disconnect();
    };
  }, [socket]);

  useLiveUpdates(socket, queryClient);

  return <SocketContext.Provider value={socket}>{children}</SocketContext.Provider>;
}
