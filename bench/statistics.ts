/**
 * npm run bench:statistics [-- --rows=1000000 --days=1095 --requests=200 --day-orders=2000 --db=postgres]
 *
 * The four statistics calls (GET /api/statistics/*) for 90-day periods over a read.orders of `rows`
 * orders spread over `days` days (issue target: 1,000,000 orders, p95 below 100 ms each), and the
 * Excel export of one delivery day with `day-orders` orders (target below 2 s). Orders are written
 * straight into the read table (bench/order-fill.ts); some are then dispatched, weighed or cancelled,
 * and the statistics projection counts them all in one pass (recountAllOrders).
 * Requests go over real HTTP one at a time after a warm-up. Prints a table; exits 0 whatever the figures.
 */
import { recountAllOrders } from '@dispo/projection-service/projections/order-statistics';
import { FILL_ORDERS } from './order-fill';
import { listenAndLogin, startBenchApp } from './runtime-app';
import { int, latencyTriple, percentiles, renderTable } from './stats';

const arg = (name: string, fallback: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const ROWS = Number(arg('rows', '1000000'));
const DAYS = Number(arg('days', '1095'));
const REQUESTS = Number(arg('requests', '200'));
const DAY_ORDERS = Number(arg('day-orders', '2000'));
const EXPORTS = Number(arg('exports', '10'));
const KIND = arg('db', process.env.DATABASE_URL ? 'postgres' : 'pglite') as 'postgres' | 'pglite';
const WARMUP = 20;
const FIRST_DAY = '2024-01-01';
const EXPORT_DAY = '2027-03-01';

/** Vehicles and weighing as the Disposition and the slips would leave them; a few cancellations. */
const DISPATCH = `
  UPDATE read.orders SET
    assigned_vehicle_license_plate = CASE WHEN status IN ('disponiert', 'unterwegs', 'geliefert', 'abgerechnet', 'problem')
      THEN 'BE-NC ' || (100 + abs(hashtext(id)) % 40) END,
    actual_weight = CASE WHEN status IN ('geliefert', 'abgerechnet') THEN weight_tons - (abs(hashtext(id)) % 9) / 10.0 END,
    status = CASE WHEN abs(hashtext(id)) % 40 = 0 THEN 'storniert' ELSE status END`;

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

async function main(): Promise<void> {
  const app = await startBenchApp(KIND);
  try {
    const t0 = Date.now();
    await app.infra.sql.query(FILL_ORDERS, [ROWS, FIRST_DAY, DAYS, 'st-', 0]);
    await app.infra.sql.query(FILL_ORDERS, [DAY_ORDERS, EXPORT_DAY, 1, 'day-', 0]);
    await app.infra.sql.query(DISPATCH);
    await recountAllOrders(app.infra.sql);
    await app.infra.sql.query('VACUUM ANALYZE');
    const fillSeconds = (Date.now() - t0) / 1000;
    const { base, headers } = await listenAndLogin(app);

    // 90-day periods at varying places of the filled range.
    const period = (i: number) => {
      const dateFrom = addDays(FIRST_DAY, (i * 37) % (DAYS - 90));
      return { dateFrom, dateTo: addDays(dateFrom, 89) };
    };
    const calls: [string, (i: number) => string][] = [
      ['daily-summary', (i) => `date=${period(i).dateTo}`],
      ['order-metrics', (i) => new URLSearchParams(period(i)).toString()],
      ['material-stats', (i) => new URLSearchParams(period(i)).toString()],
      ['vehicle-stats', (i) => new URLSearchParams(period(i)).toString()],
    ];
    const rows: string[][] = [];
    for (const [name, query] of calls) {
      const samples: number[] = [];
      for (let i = 0; i < WARMUP + REQUESTS; i++) {
        const start = performance.now();
        const res = await fetch(`${base}/api/statistics/${name}?${query(i)}`, { headers });
        await res.json();
        if (res.status !== 200) throw new Error(`${name} answered ${res.status}`);
        if (i >= WARMUP) samples.push(performance.now() - start);
      }
      const p = percentiles(samples);
      rows.push([
        `GET /api/statistics/${name}`,
        name === 'daily-summary' ? '1 day' : '90 days',
        int(p.count),
        latencyTriple(p),
        `${p.max.toFixed(1)} ms`,
        '< 100 ms',
      ]);
    }

    const exportSamples: number[] = [];
    let bytes = 0;
    for (let i = 0; i < EXPORTS + 1; i++) {
      const start = performance.now();
      const res = await fetch(`${base}/api/orders/export?date=${EXPORT_DAY}&format=excel`, { headers });
      const body = Buffer.from(await res.arrayBuffer());
      if (res.status !== 200) throw new Error(`export answered ${res.status}`);
      if (i > 0) exportSamples.push(performance.now() - start);
      bytes = body.length;
    }
    const e = percentiles(exportSamples);
    rows.push([
      `GET /api/orders/export (xlsx, ${int(DAY_ORDERS)} orders, ${int(Math.round(bytes / 1024))} KiB)`,
      '1 day',
      int(e.count),
      latencyTriple(e),
      `${e.max.toFixed(1)} ms`,
      '< 2 s',
    ]);

    console.log(
      `\nStatistics and export over ${int(ROWS + DAY_ORDERS)} orders (${int(DAYS)} days, fill ${fillSeconds.toFixed(1)} s, ${app.version.split(' ').slice(0, 2).join(' ')})`,
    );
    console.log(renderTable(['call', 'period', 'requests', 'p50 / p95 / p99', 'max', 'target'], rows));
  } finally {
    await app.close();
  }
}

await main();
