import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '../api/types';

export type DispoSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** orders.md §9: up to 5 reconnection attempts, delay 1 s to 5 s, timeout 20 s, give up after 5 errors. */
export const SOCKET_POLICY = {
  reconnectionAttempts: 5,
  reconnectionDelay: 1_000,
  reconnectionDelayMax: 5_000,
  timeout: 20_000,
  maxConnectErrors: 5,
} as const;

export interface CreateSocketOptions {
  token: string;
  /** Server origin; undefined connects to the page's own origin (the dev server proxies /socket.io). */
  url?: string;
}

/**
 * Opens the socket.io connection with the user's token (orders.md §7.7): websocket transport only,
 * reconnection as in §9. After 5 failed connection attempts in a row the socket gives up for good.
 */
export function createSocket({ token, url }: CreateSocketOptions): DispoSocket {
  const options = {
    auth: { token },
    transports: ['websocket'],
    reconnection: true,
    reconnectionAttempts: SOCKET_POLICY.reconnectionAttempts,
    reconnectionDelay: SOCKET_POLICY.reconnectionDelay,
    reconnectionDelayMax: SOCKET_POLICY.reconnectionDelayMax,
    timeout: SOCKET_POLICY.timeout,
    // The owner connects it (SocketProvider, in an effect), so creating it is free of side effects.
    autoConnect: false,
  };
  const socket: DispoSocket = url === undefined ? io(options) : io(url, options);

  let connectErrors = 0;
  socket.on('connect', () => {
    connectErrors = 0;
  });
  socket.on('connect_error', () => {
    connectErrors += 1;
    if (connectErrors >= SOCKET_POLICY.maxConnectErrors) socket.disconnect();
  });
  return socket;
}
