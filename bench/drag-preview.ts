/**
 * npm run bench:drag-preview [-- --requests=400]   (DATABASE_URL set: on PostgreSQL, else PGlite)
 *
 * POST /api/drag-preview on a busy day (issue 17: p95 below 30 ms per request for 60 vehicles and
 * 300 tours): the day is made through the product's API (bench/dispatch-day.ts), plus 40 open orders
 * to drag. Requests go over real HTTP, one at a time after a warm-up, each for another vehicle and
 * order (the default 28 slots, 06:00–20:00 every 30 minutes). GET /api/utilization/timeline-indicators
 * and /analyze of the same day are measured too (they run once per page load and refresh), and for
 * scale on a shared machine the existing GET /api/disposition/orders/open of that day.
 * Prints a table; exits 0 whatever the figures.
 */
import { demoOrderBody } from '../runtime/src/testing/demo-order';
import { createTestApp } from '../runtime/src/testing/test-app';
import { buildDay, inParallel, TOURS, VEHICLES } from './dispatch-day';
import { int, latencyTriple, ms, percentiles, renderTable } from './stats';

const arg = (name: string, fallback: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const REQUESTS = Number(arg('requests', '400'));
const WARMUP = 40;
const OPEN_ORDERS = 40;
const DAY = '2027-03-18';
const TARGET_P95_MS = 30;

async function measure(count: number, request: (i: number) => Promise<Response>): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < WARMUP + count; i++) {
    const start = performance.now();
    const res = await request(i);
    await res.json();
    const elapsed = performance.now() - start;
    if (res.status !== 200) throw new Error(`answered ${res.status}`);
    if (i >= WARMUP) samples.push(elapsed);
  }
  return samples;
}

async function main(): Promise<void> {
  const app = await createTestApp({ listen: true });
  try {
    const built = performance.now();
    await buildDay(app, DAY);
    const token = await app.login('dispo');
    const auftrag = await app.login('auftrag');
    const orders: string[] = [];
    await inParallel(Array.from({ length: OPEN_ORDERS }, (_, i) => i), async (i) => {
      const res = await app.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: { authorization: `Bearer ${auftrag}` },
        payload: demoOrderBody({ delivery_date: DAY, delivery_time_fixed: `${String(7 + (i % 12)).padStart(2, '0')}:00` }),
      });
      orders.push((res.json() as { order: { id: string } }).order.id);
    });
    console.log(`${VEHICLES} vehicles, ${TOURS} tours and ${OPEN_ORDERS} open orders on ${DAY} made through the API in ${ms(performance.now() - built)} ms`);
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const vehicles = (
      (await (await fetch(`${app.url}/api/disposition/vehicles?date=${DAY}`, { headers })).json()) as { vehicles: { id: string }[] }
    ).vehicles.map((v) => v.id);

    const preview = await measure(REQUESTS, (i) =>
      fetch(`${app.url}/api/drag-preview`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          vehicleId: vehicles[i % vehicles.length],
          selectedDate: DAY,
          orderData: { orderId: orders[i % orders.length] },
          timeRange: { startHour: 6, endHour: 20, interval: 30 },
        }),
      }),
    );
    // For scale on a busy machine: the plain tour list of the same day, an existing read of the page.
    const baseline = await measure(100, () => fetch(`${app.url}/api/disposition/orders/open?date=${DAY}`, { headers }));
    const indicators = await measure(40, () => fetch(`${app.url}/api/utilization/timeline-indicators?date=${DAY}`, { headers }));
    const analyze = await measure(40, () => fetch(`${app.url}/api/utilization/analyze?date=${DAY}`, { headers }));
    const kind = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
    const row = (name: string, samples: number[], target: string) => {
      const p = percentiles(samples);
      return [name, kind, int(p.count), latencyTriple(p), `${p.max.toFixed(1)} ms`, target];
    };
    console.log(`\nDrag preview and utilisation: ${VEHICLES} vehicles, ${TOURS} tours, ${OPEN_ORDERS} open orders, 28 slots`);
    console.log(
      renderTable(
        ['request', 'database', 'requests', 'p50 / p95 / p99', 'max', 'target p95'],
        [
          row('POST /api/drag-preview', preview, `< ${TARGET_P95_MS} ms`),
          row('GET timeline-indicators', indicators, '–'),
          row('GET orders/open (baseline)', baseline, '–'),
          row('GET utilization/analyze', analyze, '–'),
        ],
      ),
    );
  } finally {
    await app.close();
  }
}

await main();
