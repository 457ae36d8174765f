import { createInProcessBus } from './in-process-bus';
import { createNatsBus } from './nats-bus';
import type { NoticeBus } from './notice-bus';

export function createBus(natsUrl?: string, name?: string): Promise<NoticeBus> {
  return natsUrl ? createNatsBus(natsUrl, name) : Promise.resolve(createInProcessBus());
}
