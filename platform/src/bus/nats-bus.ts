import { connect, JSONCodec } from 'nats';
import type { NoticeBus } from './notice-bus';

/** NATS core pub/sub: every gateway instance subscribes and serves its own sockets. */
export async function createNatsBus(url: string, name = 'dispo'): Promise<NoticeBus> {
  const nc = await connect({ servers: url, name, maxReconnectAttempts: -1 });
  const codec = JSONCodec();
  return {
    kind: 'nats',
    async publish(notices) {
      for (const n of notices) nc.publish(n.subject, codec.encode(n.payload));
      await nc.flush();
    },
    async subscribe(pattern, handler) {
      const sub = nc.subscribe(pattern);
      void (async () => {
        for await (const msg of sub) {
          handler({ subject: msg.subject, payload: codec.decode(msg.data) });
        }
      })();
      // The subscription must be known to the server before anyone publishes to it.
      await nc.flush();
      return async () => {
        sub.unsubscribe();
      };
    },
    async ping() {
      await nc.flush();
    },
    async close() {
      await nc.drain();
    },
  };
}
