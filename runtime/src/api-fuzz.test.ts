import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projections } from './services';
import { fuzzWriteRoutes } from './testing/fuzz-writes';
import { rebuildEachAlone } from './testing/rebuild-alone';
import { createTestApp, type TestApp } from './testing/test-app';

/** Requests in all; `npm run bench:fuzz` sends ten times as many. */
const BODIES = Number(process.env.FUZZ_BODIES ?? 2000);

describe('every write route under generated hostile bodies', () => {
  let t: TestApp;

  beforeAll(async () => {
    // A week of operations gives tours, orders and appointments to aim at; no worker writes on its own.
    t = await createTestApp({ history: { weeks: 1 }, optimization: { worker: false } });
  }, 300_000);
  afterAll(async () => {
    await t?.close();
  });

  it(`answers ${BODIES} generated requests without a 5xx, without internals, and refusals write nothing`, async () => {
    const result = await fuzzWriteRoutes(t, { bodies: BODIES });
    console.log(JSON.stringify(result.statuses));
    expect(result.failures).toEqual([]);
    expect(result.routes).toBeGreaterThanOrEqual(60);
    expect(result.requests).toBeGreaterThanOrEqual(BODIES);
    // The bodies reach the deciders, not only the schema check: some are accepted.
    expect(result.statuses['2xx'] ?? 0).toBeGreaterThan(0);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  }, 900_000);

  it('leaves read tables that each projection, rebuilt alone from the log, writes row by row the same', async () => {
    // As `npm run projections:rebuild -- <name>` does, one at a time (issue 38); nothing else writes meanwhile.
    await t.services.runner.stop();
    expect(await rebuildEachAlone({ sql: t.infra.sql, store: t.infra.store, bus: t.infra.bus, projections })).toEqual([]);
  }, 900_000);
});
