import type pg from 'pg';
import type { QueryOptions } from './client';

/**
 * The names of the statements that callers ask to keep prepared: one per distinct text, so that pg
 * prepares it on each connection the first time it runs there and afterwards only binds and executes.
 * A prepared plan can go stale when another process changes the table's columns ("cached plan must
 * not change result type"); that text then runs unprepared from there on.
 */
export class PreparedStatements {
  private readonly names = new Map<string, string>();
  private readonly unprepared = new Set<string>();

  /** Runs the statement; outside a transaction, a stale prepared plan is answered by running it unprepared. */
  async run(
    client: Pick<pg.Pool, 'query'>,
    text: string,
    params: unknown[] | undefined,
    options: QueryOptions | undefined,
    inTransaction: boolean,
  ) {
    const name = options?.prepare && !this.unprepared.has(text) ? this.nameOf(text) : undefined;
    if (!name) return client.query(text, params);
    try {
      return await client.query({ name, text, values: params });
    } catch (error) {
      if (!isStalePlan(error)) throw error;
      this.unprepared.add(text);
      // Inside a transaction the error has aborted it: the caller's retry runs it unprepared.
      if (inTransaction) throw error;
      return client.query(text, params);
    }
  }

  private nameOf(text: string): string {
    let name = this.names.get(text);
    if (!name) {
      name = `dispo_${this.names.size + 1}`;
      this.names.set(text, name);
    }
    return name;
  }
}

function isStalePlan(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown } | null;
  return e?.code === '0A000' && String(e.message).includes('cached plan must not change result type');
}
