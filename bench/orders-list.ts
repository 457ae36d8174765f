/**
 * npm run bench:orders-list [-- --orders=1000000 --requests=400 --db=postgres] [--rebuild [--rebuild-events=N]] [--explain]
 *
 * GET /api/orders with a search term, two filters and a sort, against a read.orders of `orders` orders
 * (issue 20: 1,000,000 orders on the local PostgreSQL, p95 below 20 ms). The rows are written straight
 * into the read table with generate_series over the demo master data, with the table's indexes built
 * after the fill (fast, see bulk-fill.ts): this measures the query, not the projection.
 * Requests go over real HTTP, one at a time, after a warm-up.
 *
 *   --rebuild  also `orders` OrderCreated events bulk-written into the log (copies of one order made
 *              through the API), then the orders projection rebuilt from the log: events per second
 *              (issue 20: at least 20,000)
 *
 * Prints a table; exits 0 whatever the figures.
 */
import { loadavg } from 'node:os';
import { listOrders } from '@dispo/projection-service/orders/order-list';
import { ProjectionRunner } from '@dispo/projection-service/runner';
import { projections } from '@dispo/runtime/services';
import { demoOrderBody } from '@dispo/runtime/testing/demo-order';
import pino from 'pino';
import { bulkFillOrders, bulkWriteOrderEvents } from './bulk-fill';
import { loadDemoCatalog } from '@dispo/runtime/demo-catalog';
import { costBetween } from './cost';
import { listenAndLogin, startBenchApp } from './runtime-app';
import { int, latencyTriple, percentiles, renderTable } from './stats';

const arg = (name: string, fallback: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
// --rows is the older name of --orders.
const ROWS = Number(arg('orders', arg('rows', '1000000')));
const REQUESTS = Number(arg('requests', '400'));
const REBUILD_EVENTS = Number(arg('rebuild-events', String(ROWS)));
const KIND = arg('db', process.env.DATABASE_URL ? 'postgres' : 'pglite') as 'postgres' | 'pglite';
const WARMUP = 50;

async function main(): Promise<void> {
  const app = await startBenchApp(KIND);
  try {
    const t0 = Date.now();
    await bulkFillOrders(app.infra.sql, ROWS, '2026-01-01', 365);
    const fillSeconds = (Date.now() - t0) / 1000;
    const { base, headers } = await listenAndLogin(app);
    const catalog = loadDemoCatalog();
    const plants = (await app.infra.sql.query<{ id: string; name: string }>("SELECT id, name FROM read.plants WHERE plant_role <> 'delivery'")).rows;
    const terms = ['kies', 'nordbeton', 'S2606', 'bremen', 'silo 2', 'cem i', 'halde', 'elbe bau', 'sand 0/2', 'lübeck'];
    const statuses = ['offen', 'disponiert', 'problem'];
    const sorts = ['deliveryDate', 'quantity', 'priority', 'orderNumber'];
    const url = (i: number) => {
      const q = new URLSearchParams({
        search: terms[i % terms.length]!,
        status: statuses[i % statuses.length]!,
        plant: plants[i % plants.length]!.id,
        sort_by: sorts[i % sorts.length]!,
        sort_order: i % 2 ? 'desc' : 'asc',
        page: String(1 + (i % 3)),
        limit: '50',
      });
      return `${base}/api/orders?${q}`;
    };
    if (process.argv.includes('--explain')) {
      // Plans of the first few requests' order statements, as listOrders sends them.
      for (let i = 0; i < 4; i++) {
        const params = new URL(url(i)).searchParams;
        const explaining = {
          async query<R>(text: string, values?: unknown[]) {
            if (/FROM read\.orders (WHERE|ORDER)/.test(text)) {
              const plan = await app.infra.sql.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${text}`, values);
              console.log(`\n${params}\n${plan.rows.map((r) => r['QUERY PLAN']).join('\n')}`);
            }
            return app.infra.sql.query<R & Record<string, unknown>>(text, values) as Promise<{ rows: R[] }>;
          },
        };
        await listOrders(explaining, {
          search: params.get('search')!,
          status: params.get('status') as 'offen',
          plant: params.get('plant')!,
          sortBy: params.get('sort_by') as 'quantity',
          sortOrder: params.get('sort_order') as 'asc',
          page: Number(params.get('page')),
          limit: 50,
        });
      }
    }
    const samples: number[] = [];
    // By search term and by sort: where the slow answers come from.
    const byShape = new Map<string, number[]>();
    const note = (shape: string, elapsed: number) => byShape.set(shape, [...(byShape.get(shape) ?? []), elapsed]);
    let rowsSeen = 0;
    for (let i = 0; i < WARMUP + REQUESTS; i++) {
      const start = performance.now();
      const res = await fetch(url(i), { headers });
      const body = (await res.json()) as { orders: unknown[]; total: number };
      const elapsed = performance.now() - start;
      if (res.status !== 200) throw new Error(`GET /api/orders answered ${res.status}`);
      if (i >= WARMUP) {
        samples.push(elapsed);
        rowsSeen += body.orders.length;
        const params = new URL(url(i)).searchParams;
        note(`term "${params.get('search')}"`, elapsed);
        note(`sort ${params.get('sort_by')} ${params.get('sort_order')}`, elapsed);
      }
    }
    const p = percentiles(samples);
    console.log(`\nGET /api/orders: search + status + plant filter + sort, ${int(ROWS)} orders (${catalog.plants.length} demo plants)`);
    console.log(
      renderTable(
        ['database', 'orders', 'fill', 'requests', 'rows/answer', 'p50 / p95 / p99', 'max', 'target p95'],
        [[app.version.split(' ').slice(0, 2).join(' '), int(ROWS), `${fillSeconds.toFixed(1)} s`, int(p.count), (rowsSeen / p.count).toFixed(1), latencyTriple(p), `${p.max.toFixed(1)} ms`, '< 20 ms']],
      ),
    );
    const shapes = [...byShape].map(([shape, times]) => ({ shape, p: percentiles(times) })).sort((a, b) => b.p.p95 - a.p.p95);
    console.log(`\nBy term and by sort (slowest p95 first)`);
    console.log(renderTable(['requests', 'count', 'p50 / p95 / p99'], shapes.map(({ shape, p }) => [shape, int(p.count), latencyTriple(p)])));
    if (process.argv.includes('--rebuild')) await rebuild(app, base, headers);
  } finally {
    await app.close();
  }
}

/** The orders projection rebuilt from a log of REBUILD_EVENTS OrderCreated events: how fast a replay is. */
async function rebuild(app: Awaited<ReturnType<typeof startBenchApp>>, base: string, headers: Record<string, string>): Promise<void> {
  const res = await fetch(`${base}/api/orders`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(demoOrderBody()) });
  if (res.status !== 201) throw new Error(`POST /api/orders answered ${res.status}`);
  // The service's runner would apply the bulk-written events live: this measures a rebuild alone.
  await app.services.runner.stop();
  const t0 = Date.now();
  await bulkWriteOrderEvents(app.infra.sql, REBUILD_EVENTS);
  const writeSeconds = (Date.now() - t0) / 1000;
  // Only the orders projection replays: the others are marked as past the bulk-written events.
  await app.infra.sql.query(
    `UPDATE read.projection_checkpoints c SET epoch = h.epoch, transaction_id = h.transaction_id::text::bigint, global_position = h.global_position
     FROM (SELECT epoch, transaction_id, global_position FROM es.events ORDER BY epoch DESC, transaction_id DESC, global_position DESC LIMIT 1) h
     WHERE c.name <> 'orders'`,
  );
  const { rows } = await app.infra.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM es.events');
  const runner = new ProjectionRunner(app.infra.sql, app.infra.store, projections, app.infra.bus, pino({ level: 'warn' }));
  await runner.setup();
  const before = await app.snapshot();
  // Sampled every second, so that pool connections opened and closed during the rebuild are counted too.
  const sampler = setInterval(() => void app.snapshot(), 1000);
  const t1 = Date.now();
  const events = await runner.rebuild('orders');
  const seconds = (Date.now() - t1) / 1000;
  clearInterval(sampler);
  // CPU per event does not depend on how busy the machine is; events/s does.
  const cost = costBetween(before, await app.snapshot());
  const perEvent = (ms: number) => (Number.isNaN(ms) ? '–' : `${((ms * 1000) / events).toFixed(0)} µs`);
  const { rows: orders } = await app.infra.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM read.orders');
  console.log(`\nRebuild of the orders projection from the log (${int(rows[0]!.n)} events, ${int(REBUILD_EVENTS)} of them bulk-written in ${writeSeconds.toFixed(1)} s)`);
  console.log(
    renderTable(
      ['events replayed', 'orders afterwards', 'time', 'events/s', 'CPU/event: node / PostgreSQL', 'load average', 'target'],
      [
        [
          int(events),
          int(orders[0]!.n),
          `${seconds.toFixed(1)} s`,
          int(events / seconds),
          `${perEvent(cost.nodeCpuMs)} / ${perEvent(cost.pgCpuMs)}`,
          loadavg().map((l) => l.toFixed(1)).join(' '),
          '>= 20,000/s',
        ],
      ],
    ),
  );
}

await main();
