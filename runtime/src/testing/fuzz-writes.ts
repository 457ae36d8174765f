import { berlinDate } from '@dispo/domain/shared/berlin-date';
import { assertSqlIdentifier } from '@dispo/events/sql/identifier';
import fc from 'fast-check';
import { answerProblem, type FuzzPools, fuzzDates, isWrite, type Operation, operationsOf, requestOf } from './openapi-fuzz';
import type { TestApp } from './test-app';

export interface FuzzOptions {
  /** Requests in all, spread evenly over the write routes (each gets at least one). */
  bodies: number;
  seed?: number;
  onRoute?(op: Operation, runs: number): void;
}

export interface FuzzResult {
  routes: number;
  requests: number;
  /** Answers by status class, e.g. { '2xx': 310, '4xx': 1690 }. */
  statuses: Record<string, number>;
  /** The first failing request of each route that had one (empty when all is well). */
  failures: string[];
}

/** A few ids of every read table: orders, tours, vehicles, plants, users … of the seeded business. */
export async function seededIds(t: TestApp): Promise<Record<string, string[]>> {
  const { rows: tables } = await t.infra.sql.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.columns WHERE table_schema = 'read' AND column_name = 'id' ORDER BY table_name`,
  );
  const ids: Record<string, string[]> = {};
  for (const { table_name } of tables) {
    const { rows } = await t.infra.sql.query<{ id: string }>(`SELECT id::text AS id FROM read.${assertSqlIdentifier(table_name, 'table')} ORDER BY id LIMIT 6`);
    ids[table_name] = rows.map((r) => r.id);
  }
  return ids;
}

const eventCount = async (t: TestApp) => Number((await t.infra.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM es.events')).rows[0]?.n);

/**
 * Sends generated requests to every write route of the OpenAPI document as an admin (who passes every
 * role guard, so the bodies reach validation and the deciders). A route fails at its first answer
 * that is a 5xx, shows internals, or is a refusal after which the event log grew; the others go on.
 */
export async function fuzzWriteRoutes(t: TestApp, options: FuzzOptions): Promise<FuzzResult> {
  const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as unknown;
  const writes = operationsOf(doc).filter(isWrite);
  const pools: FuzzPools = { idsByTable: await seededIds(t), dates: fuzzDates(berlinDate(new Date())) };
  const token = await t.login('admin');
  const runs = Math.max(1, Math.ceil(options.bodies / writes.length));
  const statuses: Record<string, number> = {};
  const failures: string[] = [];
  let requests = 0;
  for (const op of writes) {
    options.onRoute?.(op, runs);
    const outcome = await fc.check(
      fc.asyncProperty(requestOf(op, pools, token), async (request) => {
        const before = await eventCount(t);
        const res = await t.app.inject({ method: request.method, url: request.url, headers: request.headers, payload: request.payload });
        requests++;
        const kind = `${Math.floor(res.statusCode / 100)}xx`;
        statuses[kind] = (statuses[kind] ?? 0) + 1;
        const shown = typeof request.payload === 'string' ? request.payload.slice(0, 400) : `${request.payload?.length ?? 0} bytes`;
        const problem = answerProblem(res.statusCode, res.body);
        if (problem) throw new Error(`${request.method} ${request.url} ${problem}\nbody: ${shown}`);
        if (res.statusCode >= 400 && (await eventCount(t)) !== before) {
          throw new Error(`${request.method} ${request.url} was refused (${res.statusCode}) yet wrote events\nbody: ${shown}`);
        }
      }),
      { numRuns: runs, seed: options.seed, endOnFailure: true },
    );
    if (outcome.failed) failures.push(`${String(outcome.errorInstance)} (fast-check seed ${outcome.seed})`);
  }
  return { routes: writes.length, requests, statuses, failures };
}
