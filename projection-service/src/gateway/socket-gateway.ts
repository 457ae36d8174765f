import type { Server as HttpServer, IncomingMessage, ServerResponse } from 'node:http';
import type { NoticeBus } from '@dispo/platform/bus/notice-bus';
import type { Logger } from 'pino';
import { Server } from 'socket.io';
import { messages } from '@dispo/domain/messages';

export interface GatewayOptions {
  server: HttpServer;
  bus: NoticeBus;
  /** The holder's user id and the token's expiry (ms since epoch), or null for a missing, forged or expired token. */
  verifyToken(token: string): { userId: string; expiresAt: number | null } | null;
  logger: Logger;
  /** Sets the headers every HTTP answer carries (CSP, frame, nosniff, referrer) on engine.io's answers. */
  securityHeaders(request: IncomingMessage, response: ServerResponse): void;
}

/** engine.io's path on the shared server (socket.io's default, which the web client uses). */
const ENGINE_PATH = '/socket.io/';

/** The last token of a notice subject (`dispo.orders.new_order`) is the socket.io event name of the spec. */
export function socketEventOf(subject: string): string {
  return subject.slice(subject.lastIndexOf('.') + 1);
}

/** setTimeout's largest delay; a later expiry is checked again then. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * socket.io on the API's HTTP server. Only sockets with a valid token in the handshake are admitted,
 * and each is disconnected when its token expires; every notice on the bus is emitted to this
 * instance's connected sockets, and a `resync` after the bus was away (notices may be lost).
 */
export async function attachSocketGateway(options: GatewayOptions): Promise<{ io: Server; close(): Promise<void> }> {
  const io = new Server(options.server, { path: ENGINE_PATH, serveClient: false, transports: ['websocket', 'polling'] });
  // engine.io answers the handshake and the polling on the raw server, outside Fastify and its helmet:
  // this listener runs before engine.io's and sets the headers that its answer then keeps.
  const withSecurityHeaders = (request: IncomingMessage, response: ServerResponse) => {
    if (request.url?.startsWith(ENGINE_PATH)) options.securityHeaders(request, response);
  };
  options.server.prependListener('request', withSecurityHeaders);
  io.use((socket, next) => {
    const auth = socket.handshake.auth as { token?: unknown } | undefined;
    const token = typeof auth?.token === 'string' ? auth.token : null;
    const holder = token ? options.verifyToken(token) : null;
    if (!holder) {
      next(new Error(messages.auth.sessionExpired));
      return;
    }
    socket.data.userId = holder.userId;
    if (holder.expiresAt !== null) {
      const expiresAt = holder.expiresAt;
      // The client reconnects with its new token (or shows the login); an expired one hears nothing more.
      const expire = () => {
        const left = expiresAt - Date.now();
        if (left <= 0) socket.disconnect(true);
        else timer = setTimeout(expire, Math.min(left, MAX_TIMER_MS));
      };
      let timer = setTimeout(expire, Math.min(Math.max(expiresAt - Date.now(), 0), MAX_TIMER_MS));
      socket.on('disconnect', () => clearTimeout(timer));
    }
    next();
  });
  const stopResync = options.bus.onResync(() => {
    options.logger.info('notice bus is back; clients refetch');
    io.emit('resync');
  });
  const unsubscribe = await options.bus.subscribe('dispo.>', (notice) => {
    io.emit(socketEventOf(notice.subject), notice.payload);
  });
  return {
    io,
    async close() {
      stopResync();
      await unsubscribe();
      io.disconnectSockets(true);
      // io.close() would also close the shared HTTP server; the owner of the server closes it.
      io.removeAllListeners();
      options.server.off('request', withSecurityHeaders);
    },
  };
}
