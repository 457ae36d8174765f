/**
 * npm run bench:orders-list [-- --rows=200000 --requests=400 --db=postgres]
 *
 * GET /api/orders with a search term, two filters and a sort, against a read.orders of `rows` orders
 * (issue target: 200,000 orders on the local PostgreSQL, p95 below 40 ms). The rows are written straight
 * into the read table with generate_series over the demo master data: this measures the query, not the
 * projection (bench:append measures that). Requests go over real HTTP, one at a time, after a warm-up.
 * Prints a table; exits 0 whatever the figures.
 */
import { listOrders } from '@dispo/projection-service/orders/order-list';
import { loadDemoCatalog } from '@dispo/runtime/demo-catalog';
import { startBenchApp } from './runtime-app';
import { int, latencyTriple, percentiles, renderTable } from './stats';

const arg = (name: string, fallback: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const ROWS = Number(arg('rows', '200000'));
const REQUESTS = Number(arg('requests', '400'));
const KIND = arg('db', process.env.DATABASE_URL ? 'postgres' : 'pglite') as 'postgres' | 'pglite';
const WARMUP = 50;

/** 200,000 plausible orders: every loading point, delivery plant, material and customer of the demo, spread over a year. */
const FILL = `
  WITH lp AS (SELECT row_number() OVER (ORDER BY l.id) - 1 AS i, l.id, l.name, l.plant_id, p.name AS plant_name, p.city AS plant_city
              FROM read.loading_points l JOIN read.plants p ON p.id = l.plant_id),
       dp AS (SELECT row_number() OVER (ORDER BY id) - 1 AS i, id, name, city FROM read.plants WHERE plant_role <> 'loading'),
       m AS (SELECT row_number() OVER (ORDER BY id) - 1 AS i, id, name, category FROM read.materials),
       c AS (SELECT row_number() OVER (ORDER BY id) - 1 AS i, id, company, contact_person, email FROM read.customers),
       u AS (SELECT id, first_name, last_name FROM read.users WHERE username = 'dispo'),
       n AS (SELECT (SELECT count(*) FROM lp) AS lp, (SELECT count(*) FROM dp) AS dp, (SELECT count(*) FROM m) AS m, (SELECT count(*) FROM c) AS c)
  INSERT INTO read.orders (id, order_number, plant_id, plant_name, plant_city, delivery_plant_id, delivery_plant_name, delivery_plant_city,
    loading_point_id, loading_point_name, material_id, material_name, material_category, customer_id, customer_company,
    customer_contact_person, customer_email, quantity, unit, weight_tons, delivery_date, delivery_time_type, delivery_time_fixed,
    priority, priority_rank, pump_available, crane_available, status, transport_type, created_by, creator_first_name, creator_last_name,
    created_at, updated_at, version)
  SELECT 'bench-' || g, 'S' || to_char(d, 'YYMMDD') || '-' || lpad((g % 10000)::text, 4, '0') || '-' || g,
    lp.plant_id, lp.plant_name, lp.plant_city, dp.id, dp.name, dp.city, lp.id, lp.name, m.id, m.name, m.category,
    CASE WHEN g % 3 = 0 THEN NULL ELSE c.id END, CASE WHEN g % 3 = 0 THEN NULL ELSE c.company END,
    CASE WHEN g % 3 = 0 THEN NULL ELSE c.contact_person END, CASE WHEN g % 3 = 0 THEN NULL ELSE c.email END,
    20 + g % 8, 'to', 20 + g % 8, d, 'fixed', lpad((6 + g % 12)::text, 2, '0') || ':00',
    (ARRAY['low','normal','normal','high','urgent'])[1 + g % 5], (ARRAY[0,1,1,2,3])[1 + g % 5], g % 7 = 0, g % 11 = 0,
    (ARRAY['offen','offen','disponiert','unterwegs','geliefert','abgerechnet','problem'])[1 + g % 7], 'standard',
    u.id, u.first_name, u.last_name, now() - (g % 400) * interval '1 day', now(), 1
  FROM generate_series(1, $1::int) AS g
  CROSS JOIN n CROSS JOIN u
  CROSS JOIN LATERAL (SELECT (date '2026-01-01' + (g % 365))::date AS d) AS dd
  JOIN lp ON lp.i = g % n.lp JOIN dp ON dp.i = (g / 7) % n.dp JOIN m ON m.i = (g / 3) % n.m JOIN c ON c.i = (g / 5) % n.c`;

async function main(): Promise<void> {
  const app = await startBenchApp(KIND);
  try {
    const t0 = Date.now();
    await app.infra.sql.query(FILL, [ROWS]);
    await app.infra.sql.query('ANALYZE read.orders');
    const fillSeconds = (Date.now() - t0) / 1000;
    await app.services.app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.services.app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'dispo', password: 'demo1234' }),
    });
    const { token } = (await login.json()) as { token: string };
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
      // Plans of the first few queries, as listOrders builds them.
      for (let i = 0; i < 4; i++) {
        const params = new URL(url(i)).searchParams;
        await listOrders(
          {
            async query<R>(text: string, values?: unknown[]) {
              const plan = await app.infra.sql.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${text}`, values);
              console.log(`\n${params}\n${plan.rows.map((r) => r['QUERY PLAN']).join('\n')}`);
              return { rows: [] as R[] };
            },
          },
          {
            search: params.get('search')!,
            status: params.get('status') as 'offen',
            plant: params.get('plant')!,
            sortBy: params.get('sort_by') as 'quantity',
            sortOrder: params.get('sort_order') as 'asc',
            page: Number(params.get('page')),
            limit: 50,
          },
        );
      }
    }
    const samples: number[] = [];
    let rowsSeen = 0;
    for (let i = 0; i < WARMUP + REQUESTS; i++) {
      const start = performance.now();
      const res = await fetch(url(i), { headers: { authorization: `Bearer ${token}` } });
      const body = (await res.json()) as { orders: unknown[]; total: number };
      const elapsed = performance.now() - start;
      if (res.status !== 200) throw new Error(`GET /api/orders answered ${res.status}`);
      if (i >= WARMUP) {
        samples.push(elapsed);
        rowsSeen += body.orders.length;
      }
    }
    const p = percentiles(samples);
    console.log(`\nGET /api/orders: search + status + plant filter + sort, ${int(ROWS)} orders (${catalog.plants.length} demo plants)`);
    console.log(
      renderTable(
        ['database', 'orders', 'fill', 'requests', 'rows/answer', 'p50 / p95 / p99', 'max', 'target p95'],
        [[app.version.split(' ').slice(0, 2).join(' '), int(ROWS), `${fillSeconds.toFixed(1)} s`, int(p.count), (rowsSeen / p.count).toFixed(1), latencyTriple(p), `${p.max.toFixed(1)} ms`, '< 40 ms']],
      ),
    );
  } finally {
    await app.close();
  }
}

await main();
