import { connect, JSONCodec, type NatsConnection, type Subscription } from 'nats';
import type { Logger } from 'pino';
import type { NoticeBus, NoticeHandler } from './notice-bus';

export interface NatsBusOptions {
  name?: string;
  logger?: Pick<Logger, 'info' | 'warn'>;
  /** Pause between connection attempts while the server is away (default 1 s). */
  retryMs?: number;
}

/**
 * NATS core pub/sub: every gateway instance subscribes and serves its own sockets. The connection is
 * made in the background and kept up forever: the app starts and writes without the bus. Notices
 * published while it is away are lost (they are hints); once it is back, the resync listeners run so
 * gateways can tell their clients to refetch.
 */
export function createNatsBus(url: string, options: NatsBusOptions = {}): NoticeBus & { firstConnect: Promise<void> } {
  const codec = JSONCodec();
  const subscriptions = new Map<symbol, { pattern: string; handler: NoticeHandler; sub: Subscription | null }>();
  const resyncListeners = new Set<() => void>();
  let nc: NatsConnection | null = null;
  let connected = false;
  let closed = false;
  let downSince: string | null = new Date().toISOString();

  const listen = (entry: { pattern: string; handler: NoticeHandler; sub: Subscription | null }, conn: NatsConnection) => {
    const sub = conn.subscribe(entry.pattern);
    entry.sub = sub;
    void (async () => {
      for await (const msg of sub) entry.handler({ subject: msg.subject, payload: codec.decode(msg.data) });
    })();
  };
  const cameBack = () => {
    connected = true;
    downSince = null;
    options.logger?.info({ url }, 'notice bus connected');
    for (const listener of resyncListeners) listener();
  };
  const wentAway = () => {
    if (!connected) return;
    connected = false;
    downSince = new Date().toISOString();
    options.logger?.warn({ url }, 'notice bus disconnected; reconnecting in the background');
  };

  const ready = (async () => {
    while (!closed) {
      try {
        const conn = await connect({ servers: url, name: options.name ?? 'dispo', maxReconnectAttempts: -1, reconnectTimeWait: options.retryMs ?? 1000 });
        if (closed) {
          await conn.close();
          return;
        }
        nc = conn;
        for (const entry of subscriptions.values()) listen(entry, conn);
        await conn.flush();
        void (async () => {
          for await (const status of conn.status()) {
            if (status.type === 'disconnect') wentAway();
            if (status.type === 'reconnect') cameBack();
          }
        })();
        cameBack();
        return;
      } catch {
        await new Promise((r) => setTimeout(r, options.retryMs ?? 1000));
      }
    }
  })();

  return {
    kind: 'nats',
    firstConnect: ready,
    async publish(notices) {
      // Never waits for the server: while it is away the client buffers a little, the rest is lost.
      if (!nc || nc.isClosed()) return;
      for (const n of notices) nc.publish(n.subject, codec.encode(n.payload));
    },
    async subscribe(pattern, handler) {
      const key = Symbol(pattern);
      const entry = { pattern, handler, sub: null as Subscription | null };
      subscriptions.set(key, entry);
      if (nc) {
        listen(entry, nc);
        // The subscription must be known to the server before anyone publishes to it.
        if (connected) await nc.flush();
      }
      return async () => {
        subscriptions.delete(key);
        entry.sub?.unsubscribe();
      };
    },
    async ping() {
      if (!nc || !connected) throw new Error(`NATS nicht verbunden seit ${downSince ?? '?'}`);
    },
    state() {
      return { connected, downSince };
    },
    onResync(listener) {
      resyncListeners.add(listener);
      return () => resyncListeners.delete(listener);
    },
    async close() {
      closed = true;
      await Promise.race([ready, new Promise((r) => setTimeout(r, 100))]);
      if (nc && !nc.isClosed()) await (connected ? nc.drain() : nc.close());
    },
  };
}
