import { AsyncLocalStorage } from 'node:async_hooks';
import type { QueryOptions, SqlExecutor } from './client';

/**
 * Tracks the transactions of one client. Using the client itself inside its own transaction callback
 * deadlocks on PGlite and silently runs outside the transaction on a pg pool; both clients reject it
 * alike, so the mistake shows up in tests on either database.
 */
export class TransactionScope {
  private readonly current = new AsyncLocalStorage<{ open: boolean }>();

  assertOutside(): void {
    if (this.current.getStore()?.open) {
      throw new Error('SQL client used inside its own transaction: use the executor passed to transaction()');
    }
  }

  async run<T>(tx: SqlExecutor, fn: (tx: SqlExecutor) => Promise<T>): Promise<T> {
    const state = { open: true };
    const guarded: SqlExecutor = {
      query: <R>(text: string, params?: unknown[], options?: QueryOptions) => {
        if (!state.open) return Promise.reject(new Error('Transaction already finished'));
        return tx.query<R>(text, params, options);
      },
    };
    try {
      return await this.current.run(state, () => fn(guarded));
    } finally {
      state.open = false;
    }
  }
}
