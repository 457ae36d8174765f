/**
 * npm run bench:optimize-latency [-- --db=pglite|postgres] [--rounds=3]
 *
 * Issue 38 item 1: the service keeps answering while the largest optimization runs. The real runtime
 * (both halves in one process, as `npm start`) with the route solver in its worker pool; per round
 * the worst case the limits allow is queued (two tours of 40 stops, the most a tour takes, and four
 * of 12, the exact solver's largest; three open operations for each of two planners), and
 * `GET /api/health` and `GET /api/orders` are timed over HTTP, one after the other, until every
 * operation is done. Counted: requests that started and ended while a solver thread was busy (after
 * the first solve, which also loads the thread). For comparison: the same requests with nothing to
 * solve, and how long the 40-stop solve takes in one thread (what the event loop froze for before).
 * A benchmark reports; it exits 0 whatever the figures.
 */
import { execSync } from 'node:child_process';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { solveRoute } from '@dispo/domain/optimization/route-solver';
import { randomRouteProblem } from '@dispo/domain/optimization/random-instances';
import { MAX_TOUR_ORDERS } from '@dispo/domain/tour/index';
import { loadDemoCatalog } from '@dispo/runtime/demo-catalog';
import { variedLoads } from '@dispo/runtime/testing/varied-loads';
import { listenAndLogin, startBenchApp } from './runtime-app';

const arg = (name: string, fallback: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const DB = arg('db', process.env.DATABASE_URL ? 'postgres' : 'pglite') as 'postgres' | 'pglite';
const ROUNDS = Number(arg('rounds', '3'));
const DAY = '2027-08-16';

const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))] ?? NaN;
const line = (label: string, xs: number[]) =>
  `${label.padEnd(44)} n ${String(xs.length).padStart(4)}   p50 ${quantile(xs, 0.5).toFixed(1).padStart(6)} ms   p95 ${quantile(xs, 0.95).toFixed(1).padStart(6)} ms   max ${Math.max(...xs).toFixed(1).padStart(6)} ms`;

const app = await startBenchApp(DB);
try {
  const dispo = await listenAndLogin(app, 'dispo');
  const { base } = dispo;
  const login = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'fuhrpark', password: 'demo1234' }) });
  const fuhrpark = { base, headers: { authorization: `Bearer ${((await login.json()) as { token: string }).token}` } };
  const send = async (method: string, path: string, who: typeof dispo, body?: object) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { ...who.headers, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const json = (await res.json()) as Record<string, unknown>;
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
  const order = variedLoads(DAY);
  let made = 0;
  async function tour(size: number): Promise<string> {
    const v = (await send('POST', '/api/vehicles', fuhrpark, {
      license_plate: `BL-T ${++made}`,
      vehicle_type: 'sattelzug',
      make_model: 'MAN TGX',
      payload_kg: 27000,
      enabled_for_dispatch: true,
      home_plant_name: 'Zementwerk Lägerdorf',
    })) as { vehicle: { id: string } };
    let tourId = '';
    for (let i = 0; i < size; i++) {
      const o = (await send('POST', '/api/orders', dispo, order(made * 100 + i))) as { order: { id: string } };
      tourId = ((await send('POST', '/api/disposition/assign', dispo, { orderId: o.order.id, vehicleId: v.vehicle.id, scheduledTime: `${DAY}T05:00` })) as { tourId: string }).tourId;
    }
    return tourId;
  }
  const plan: [number, typeof dispo][] = [
    [12, fuhrpark],
    [12, fuhrpark],
    [MAX_TOUR_ORDERS, fuhrpark],
    [12, dispo],
    [12, dispo],
    [MAX_TOUR_ORDERS, dispo],
  ];
  const tours: string[] = [];
  for (const [size] of plan) tours.push(await tour(size));
  const timed = async (path: string) => {
    const started = performance.now();
    const res = await fetch(`${base}${path}`, { headers: dispo.headers });
    await res.arrayBuffer();
    return performance.now() - started;
  };
  const paths = ['/api/health', '/api/orders'];
  const idle: Record<string, number[]> = Object.fromEntries(paths.map((p) => [p, []]));
  const idleDelay = monitorEventLoopDelay({ resolution: 10 });
  idleDelay.enable();
  for (let i = 0; i < 50; i++) for (const p of paths) idle[p]!.push(await timed(p));
  // And the loop with nothing to solve for 3 s (the machine's own share of the delays).
  await new Promise((r) => setTimeout(r, 3000));
  idleDelay.disable();

  const busy: Record<string, number[]> = Object.fromEntries(paths.map((p) => [p, []]));
  const roundMs: number[] = [];
  const pool = app.services.solverPool;
  // How late the event loop's timers run while the rounds are solved (a frozen loop shows here first).
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  for (let round = 0; round < ROUNDS; round++) {
    const ops: string[] = [];
    const roundStarted = performance.now();
    for (let k = 0; k < plan.length; k++) ops.push(((await send('POST', `/api/optimization/tours/${tours[k]}/optimize`, plan[k]![1])) as { operationId: string }).operationId);
    for (;;) {
      const { rows } = await app.infra.sql.query<{ status: string }>('SELECT status FROM read.tour_optimizations WHERE operation_id = ANY($1)', [ops]);
      const done = rows.filter((r) => r.status === 'completed' || r.status === 'failed');
      if (done.length === ops.length) {
        roundMs.push(performance.now() - roundStarted);
        break;
      }
      for (const p of paths) {
        const before = pool.stats().busy > 0;
        const ms = await timed(p);
        if ((round > 0 || done.length > 0) && before && pool.stats().busy > 0) busy[p]!.push(ms);
      }
      await new Promise((r) => setTimeout(r, 5));
    }
  }
  loopDelay.disable();
  const plants = loadDemoCatalog().plants.map((p) => ({ lat: p.lat, lng: p.lng }));
  const inThread: number[] = [];
  for (let seed = 1; seed <= 5; seed++) {
    const problem = randomRouteProblem(seed, MAX_TOUR_ORDERS, plants, 0.5);
    const started = performance.now();
    solveRoute(problem, [...Array(MAX_TOUR_ORDERS).keys()]);
    inThread.push(performance.now() - started);
  }
  console.log(`Optimization latency, ${DB}, ${ROUNDS} rounds of 2 × ${MAX_TOUR_ORDERS} + 4 × 12 stops, solver threads: ${pool.stats().size}`);
  console.log(`uptime: ${execSync('uptime').toString().trim()}\n`);
  for (const p of paths) console.log(line(`GET ${p} while solving`, busy[p]!));
  for (const p of paths) console.log(line(`GET ${p} idle`, idle[p]!));
  const ms = (ns: number) => (ns / 1e6).toFixed(1);
  const delay = (label: string, h: typeof loopDelay) =>
    console.log(`${label.padEnd(44)}          p50 ${ms(h.percentile(50)).padStart(6)} ms   p99 ${ms(h.percentile(99)).padStart(6)} ms   max ${ms(h.max).padStart(6)} ms`);
  delay('event loop delay while solving', loopDelay);
  delay('event loop delay idle', idleDelay);
  console.log(line('a round: 6 requested → all 6 done (wall)', roundMs));
  console.log(line(`solveRoute ${MAX_TOUR_ORDERS} stops in one thread (old freeze)`, inThread));
} finally {
  await app.close();
}
