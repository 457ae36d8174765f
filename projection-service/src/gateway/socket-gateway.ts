import type { Server as HttpServer } from 'node:http';
import type { NoticeBus } from '@dispo/platform/bus/notice-bus';
import type { Logger } from 'pino';
import { Server } from 'socket.io';
import { messages } from '@dispo/domain/messages';

export interface GatewayOptions {
  server: HttpServer;
  bus: NoticeBus;
  /** Returns the holder's user id, or null for a missing, forged or expired token. */
  verifyToken(token: string): string | null;
  logger: Logger;
}

/** The last token of a notice subject (`dispo.orders.new_order`) is the socket.io event name of the spec. */
export function socketEventOf(subject: string): string {
  return subject.slice(subject.lastIndexOf('.') + 1);
}

/**
 * socket.io on the API's HTTP server. Only sockets with a valid token in the handshake are admitted;
 * every notice on the bus is emitted to this instance's connected sockets.
 */
export async function attachSocketGateway(options: GatewayOptions): Promise<{ io: Server; close(): Promise<void> }> {
  const io = new Server(options.server, { serveClient: false, transports: ['websocket', 'polling'] });
  io.use((socket, next) => {
    const auth = socket.handshake.auth as { token?: unknown } | undefined;
    const token = typeof auth?.token === 'string' ? auth.token : null;
    const userId = token ? options.verifyToken(token) : null;
    if (!userId) {
      next(new Error(messages.auth.sessionExpired));
      return;
    }
    socket.data.userId = userId;
    next();
  });
  const unsubscribe = await options.bus.subscribe('dispo.>', (notice) => {
    io.emit(socketEventOf(notice.subject), notice.payload);
  });
  return {
    io,
    async close() {
      await unsubscribe();
      io.disconnectSockets(true);
      // io.close() would also close the shared HTTP server; the owner of the server closes it.
      io.removeAllListeners();
    },
  };
}
