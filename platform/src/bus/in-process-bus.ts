import type { Notice, NoticeBus, NoticeHandler } from './notice-bus';
import { subjectMatches } from './notice-bus';

/** The embedded default: one process, so notices are plain function calls. */
export function createInProcessBus(): NoticeBus {
  const subscriptions = new Set<{ pattern: string; handler: NoticeHandler }>();
  return {
    kind: 'in-process',
    async publish(notices) {
      for (const notice of notices) {
        for (const sub of subscriptions) if (subjectMatches(sub.pattern, notice.subject)) sub.handler(notice);
      }
    },
    async subscribe(pattern, handler) {
      const sub = { pattern, handler };
      subscriptions.add(sub);
      return async () => {
        subscriptions.delete(sub);
      };
    },
    async ping() {},
    state: () => ({ connected: true, downSince: null }),
    // One process: nothing between publisher and gateway can go away.
    onResync: () => () => undefined,
    async close() {
      subscriptions.clear();
    },
  };
}

export type { Notice };
