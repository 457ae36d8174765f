import { createTestSql, type TestSql } from '@dispo/events/testing/test-database';
import { afterAll, describe, expect, it } from 'vitest';
import { loadDemoCatalog } from './demo-catalog';
import { createInfrastructure, type Infrastructure } from './infrastructure';
import { createServices, type Services } from './services';
import { startWithDemoSeed } from './start-seeded';
import { readCommittedLog } from './testing/read-log';
import { TEST_JWT_SECRET, TEST_PIN_KEY } from './testing/test-app';

/**
 * `npm start` writes the demo business while the product runs. The seed runs the route optimizations
 * of past days itself; a worker running beside it took over their claims (dated in the past, so
 * expired to it) and the start failed with "Die Optimierung ist noch nicht abgeschlossen".
 */
describe('start with the demo seed (npm start)', () => {
  let db: TestSql | undefined;
  let infra: Infrastructure | undefined;
  let services: Services | undefined;
  afterAll(async () => {
    await services?.close();
    await infra?.close();
    await db?.dispose();
  });

  it('seeds past optimizations while the services run, and starts the optimization worker afterwards', async () => {
    db = await createTestSql();
    infra = await createInfrastructure({ databaseUrl: undefined, dataDir: '', natsUrl: process.env.NATS_URL, eventstoreUrl: undefined }, db.sql);
    // A worker that looks for work every 10 ms: it would claim a seeded request at once.
    services = await createServices(infra, {
      jwtSecret: TEST_JWT_SECRET,
      pinKey: TEST_PIN_KEY,
      logger: false,
      commands: true,
      queries: true,
      optimization: { pollIntervalMs: 10 },
    });
    const { history } = await startWithDemoSeed(services, infra, loadDemoCatalog(), { pinKey: TEST_PIN_KEY, history: { weeks: 1 } });
    expect(history?.seeded).toBe(true);

    const log = await readCommittedLog(infra.store, db.sql);
    const operations = new Map<string, string[]>();
    for (const e of log.filter((e) => e.type.startsWith('Optimization'))) {
      const id = (e.data as { operationId: string }).operationId;
      operations.set(id, [...(operations.get(id) ?? []), e.type]);
    }
    expect(operations.size).toBeGreaterThan(0);
    for (const types of operations.values()) {
      expect(types).toEqual(['OptimizationRequested', 'OptimizationStarted', 'OptimizationCompleted', 'OptimizationApplied']);
    }
  }, 180_000);
});
