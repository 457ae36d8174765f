import { createTestSql } from '@dispo/events/testing/test-database';
import { loadDemoCatalog } from '@dispo/runtime/demo-catalog';
import { createInfrastructure, type Infrastructure } from '@dispo/runtime/infrastructure';
import { seedDemoData } from '@dispo/runtime/seed';
import { createServices, type Services } from '@dispo/runtime/services';
import { TEST_JWT_SECRET } from '@dispo/runtime/testing/test-app';
import { type CostSnapshot, countingSql, nodeCpuMs, PgBackendCpu } from './cost';

export interface BenchApp {
  infra: Infrastructure;
  services: Services;
  /** Server version string, for the report. */
  version: string;
  database: string;
  /** CPU and SQL counters now (of this whole process). */
  snapshot(): Promise<CostSnapshot>;
  close(): Promise<void>;
}

/** Listens on a free local port and logs a demo user in: the base URL and the bearer header. */
export async function listenAndLogin(app: BenchApp, username = 'dispo'): Promise<{ base: string; headers: { authorization: string } }> {
  await app.services.app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.services.app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'demo1234' }),
  });
  const { token } = (await login.json()) as { token: string };
  return { base, headers: { authorization: `Bearer ${token}` } };
}

/**
 * The real runtime (both halves in one process, as `npm start` runs it) on a fresh database, seeded
 * with the demo catalogue. Like runtime/src/testing/test-app.ts, but with the production pool size
 * (20 connections, runtime/src/infrastructure.ts) instead of the test default of 5, and with every
 * SQL statement counted.
 */
export async function startBenchApp(kind: 'postgres' | 'pglite'): Promise<BenchApp> {
  const db = await createTestSql({ kind, max: 20 });
  const { sql, counters } = countingSql(db.sql);
  const infra = await createInfrastructure({ databaseUrl: undefined, dataDir: '', natsUrl: process.env.NATS_URL, eventstoreUrl: undefined }, sql);
  const services = await createServices(infra, { jwtSecret: TEST_JWT_SECRET, logger: false, commands: true, queries: true, loginAttemptsPerMinute: 1000, loginAttemptsPerAddressPerMinute: 100_000 });
  await seedDemoData(infra, loadDemoCatalog());
  await services.start();
  const { rows } = await db.sql.query<{ version: string; database: string }>('SELECT version() AS version, current_database() AS database');
  const pgCpu = new PgBackendCpu(db.sql);
  return {
    infra,
    services,
    version: rows[0]?.version ?? kind,
    database: rows[0]?.database ?? '',
    async snapshot() {
      const { statements, transactions } = counters;
      return { nodeCpuMs: nodeCpuMs(), pgCpuMs: await pgCpu.read(), statements, transactions };
    },
    async close() {
      await services.close();
      await infra.close();
      await db.dispose();
    },
  };
}
