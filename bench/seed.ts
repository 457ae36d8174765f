/**
 * npm run bench:seed [-- --db=pglite,postgres] [--runs=2] [--weeks=8]
 *
 * The first start's demo business (issue "Demo business"): a fresh database, the master data, then
 * the weeks of operations through the command handlers, as `npm start` does; then the projections
 * catch up from an empty read side. PGlite is a data folder on disk, as `npm start` uses it;
 * PostgreSQL needs DATABASE_URL (a fresh database per run). Targets for the default eight weeks:
 * at most 60 s with PGlite and 30 s on the local PostgreSQL. A benchmark reports; it exits 0.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestSql } from '@dispo/events/testing/test-database';
import { loadDemoCatalog } from '@dispo/runtime/demo-catalog';
import { createInfrastructure, type Infrastructure } from '@dispo/runtime/infrastructure';
import { seedDemoData } from '@dispo/runtime/seed';
import { createServices } from '@dispo/runtime/services';
import { TEST_JWT_SECRET } from '@dispo/runtime/testing/test-app';
import { renderTable } from './stats';

const arg = (name: string, fallback: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const DBS = arg('db', process.env.DATABASE_URL ? 'pglite,postgres' : 'pglite').split(',') as ('pglite' | 'postgres')[];
const RUNS = Number(arg('runs', '2'));
const WEEKS = Number(arg('weeks', String(loadDemoCatalog().operations.historyWeeks)));
const TARGET_S = { pglite: 60, postgres: 30 };
const CONCURRENT = arg('projections', 'during') === 'during';

async function fresh(kind: 'pglite' | 'postgres'): Promise<{ infra: Infrastructure; dispose(): Promise<void> }> {
  if (kind === 'postgres') {
    const db = await createTestSql({ kind, max: 20 });
    const infra = await createInfrastructure({ databaseUrl: undefined, dataDir: '', natsUrl: undefined, eventstoreUrl: undefined }, db.sql);
    return { infra, dispose: async () => (await infra.close(), await db.dispose()) };
  }
  const dir = await mkdtemp(join(tmpdir(), 'dispo-bench-seed-'));
  const infra = await createInfrastructure({ databaseUrl: undefined, dataDir: dir, natsUrl: undefined, eventstoreUrl: undefined });
  return { infra, dispose: async () => (await infra.close(), await rm(dir, { recursive: true, force: true })) };
}

async function once(kind: 'pglite' | 'postgres'): Promise<string[]> {
  const { infra, dispose } = await fresh(kind);
  const catalog = loadDemoCatalog();
  const services = await createServices(infra, { jwtSecret: TEST_JWT_SECRET, logger: false, commands: false, queries: true });
  // As `npm start`: the projections follow while the seed writes (the optimization worker starts after it: start-seeded.ts).
  if (CONCURRENT) await services.start({ optimizer: false });
  const started = performance.now();
  const result = await seedDemoData(infra, catalog, { history: { weeks: WEEKS } });
  const seeded = performance.now();
  if (!CONCURRENT) await services.start();
  while ((await services.runner.lag()) > 0) await new Promise((r) => setTimeout(r, 50));
  const projected = performance.now();
  const { rows } = await infra.sql.query<{ n: string }>('SELECT count(*)::text AS n FROM es.events');
  await services.close();
  await dispose();
  const seedS = (seeded - started) / 1000;
  return [
    kind,
    String(WEEKS),
    String(result.history?.orders ?? 0),
    String(result.history?.tours ?? 0),
    rows[0]!.n,
    seedS.toFixed(1),
    ((projected - seeded) / 1000).toFixed(1),
    `${seedS <= TARGET_S[kind] ? 'met' : 'missed'} (≤ ${TARGET_S[kind]} s)`,
  ];
}

async function main(): Promise<void> {
  process.stdout.write(`bench:seed · ${cpus().length} cores · load ${loadavg().map((l) => l.toFixed(2)).join(' ')}\n`);
  const rows: string[][] = [];
  for (const kind of DBS) for (let run = 0; run < RUNS; run++) rows.push(await once(kind));
  process.stdout.write(
    `${renderTable(['database', 'weeks', 'orders', 'tours', 'events', 'seed s', 'projections caught up s', 'target'], rows)}\n`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
