import type { Logger } from 'pino';
import { createInProcessBus } from './in-process-bus';
import { createNatsBus } from './nats-bus';
import type { NoticeBus } from './notice-bus';

/**
 * Waits at most `firstConnectMs` for NATS (so a running server is connected before the gateway
 * subscribes); without it the app starts anyway and the connection follows in the background.
 */
export async function createBus(natsUrl?: string, name?: string, logger?: Pick<Logger, 'info' | 'warn'>, firstConnectMs = 2000): Promise<NoticeBus> {
  if (!natsUrl) return createInProcessBus();
  const bus = createNatsBus(natsUrl, { name, logger });
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([bus.firstConnect, new Promise((r) => (timer = setTimeout(r, firstConnectMs)))]);
  clearTimeout(timer);
  if (!bus.state().connected) logger?.warn({ url: natsUrl }, 'notice bus not reachable; starting without it');
  return bus;
}
