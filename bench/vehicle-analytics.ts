/**
 * npm run bench:vehicle-analytics [-- --vehicles=40 --days=365 --tours-per-day=2 --requests=200 --db=postgres]
 *
 * The six vehicle-analytics calls (issue 14: history, tours, financial, utilization, maintenance-costs
 * and the PDF report) for one vehicle with a year of tours, among `vehicles` vehicles with as many.
 * Rows are written straight into the read tables the projections keep (read.vehicle_tour_analytics,
 * read.orders, read.vehicle_history, read.workshop_appointments): the bench measures the queries,
 * not the projection. Each call asks for the whole year (the longest range a dispatcher picks; the
 * default is 3 months). Requests go over real HTTP one at a time after a warm-up. Target: p95 < 50 ms.
 */
import { FILL_ORDERS } from './order-fill';
import { listenAndLogin, startBenchApp } from './runtime-app';
import { int, latencyTriple, percentiles, renderTable } from './stats';

const arg = (name: string, fallback: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const VEHICLES = Number(arg('vehicles', '40'));
const DAYS = Number(arg('days', '365'));
const TOURS_PER_DAY = Number(arg('tours-per-day', '2'));
const ORDERS_PER_TOUR = 3;
const REQUESTS = Number(arg('requests', '200'));
const KIND = arg('db', process.env.DATABASE_URL ? 'postgres' : 'pglite') as 'postgres' | 'pglite';
const WARMUP = 20;
const LAST_DAY = '2026-11-20';

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
const FIRST_DAY = addDays(LAST_DAY, -(DAYS - 1));

/** Tours of every vehicle on every working day, `TOURS_PER_DAY` a day, each with three orders 'va-<n>'. */
const FILL_TOURS = `
  WITH v AS (SELECT row_number() OVER (ORDER BY id) - 1 AS vi, id FROM unnest($4::text[]) AS id),
       d AS (SELECT k AS di, ($1::date + k) AS day FROM generate_series(0, $2::int - 1) AS k WHERE extract(isodow FROM $1::date + k) <> 7),
       t AS (SELECT v.id AS vehicle_id, d.day, s AS slot, (v.vi * $2::int * $3::int + d.di * $3::int + s) AS n
             FROM v CROSS JOIN d CROSS JOIN generate_series(0, $3::int - 1) AS s)
  INSERT INTO read.vehicle_tour_analytics (tour_id, vehicle_id, date, tour_number, status, start_time, end_time, order_ids,
    planned_km, total_km, empty_km, loaded_km, home_km, revenue, revenue_estimated, revenue_calculated, unpriced_orders, order_revenues, tariff_valid_from)
  SELECT 'vt-' || n, vehicle_id, day, 'T' || to_char(day, 'YYMMDD') || '-' || lpad((n % 10000)::text, 4, '0'),
    CASE WHEN day < $1::date + $2::int - 2 THEN 'completed' ELSE 'planned' END,
    lpad((6 + slot * 5)::text, 2, '0') || ':00', lpad((10 + slot * 5)::text, 2, '0') || ':30',
    jsonb_build_array('va-' || (n * 3 + 1), 'va-' || (n * 3 + 2), 'va-' || (n * 3 + 3)),
    180 + n % 90, 190 + n % 90, 60, 110 + n % 90, 20,
    CASE WHEN day < $1::date + $2::int - 2 THEN 700 + (n % 300) END, n % 50 = 0, day < $1::date + $2::int - 2, 0,
    jsonb_build_array(jsonb_build_object('orderId', 'va-' || (n * 3 + 1), 'orderNumber', NULL, 'tonnes', 27, 'tonnesEstimated', false, 'category', 'Zement', 'loadedKm', 40, 'revenue', 250)),
    '2024-01-01'
  FROM t`;

async function main(): Promise<void> {
  const app = await startBenchApp(KIND);
  try {
    const t0 = Date.now();
    const sql = app.infra.sql;
    const { rows: vehicles } = await sql.query<{ id: string }>('SELECT id FROM read.vehicles ORDER BY id');
    // The demo has fewer vehicles than asked for: the others get rows under made-up ids.
    const ids = [...vehicles.map((v) => v.id), ...Array.from({ length: Math.max(0, VEHICLES - vehicles.length) }, (_, i) => `bench-vehicle-${i}`)].slice(0, VEHICLES);
    for (const id of ids.filter((id) => id.startsWith('bench-vehicle-')))
      await sql.query(`INSERT INTO read.vehicles (id, license_plate, vehicle_type, make_model, status, enabled_for_dispatch, created_at, updated_at, version)
        SELECT $1, $1, 'zugmaschine', 'Actros', 'available', true, now(), now(), 1 WHERE NOT EXISTS (SELECT 1 FROM read.vehicles WHERE id = $1)`, [id]).catch(() => undefined);
    await sql.query(FILL_TOURS, [FIRST_DAY, DAYS, TOURS_PER_DAY, ids]);
    const { rows: count } = await sql.query<{ n: string }>('SELECT count(*)::text AS n FROM read.vehicle_tour_analytics');
    const tours = Number(count[0]!.n);
    await sql.query(FILL_ORDERS, [tours * ORDERS_PER_TOUR, FIRST_DAY, DAYS, 'va-', 0]);
    const target = ids[0]!;
    // The target vehicle's history: a revenue entry per completed tour and some other entries.
    await sql.query(
      `INSERT INTO read.vehicle_history (id, vehicle_id, vehicle_license_plate, action_type, action_title, description, details, category, priority,
         system_generated, performed_at, tour_id, metadata, global_position)
       SELECT 'vh-' || tour_id, vehicle_id, 'IZ-MS 101', 'REVENUE_CALCULATED', 'Umsatz berechnet', 'Tour ' || tour_number || ': Umsatz', jsonb_build_object('revenueAmount', revenue),
         'finance', 'normal', true, (date + time '18:00') AT TIME ZONE 'Europe/Berlin', tour_id, '{}', 0
       FROM read.vehicle_tour_analytics WHERE revenue_calculated`,
    );
    await sql.query(
      `INSERT INTO read.workshop_appointments (id, subject_kind, subject_id, appointment_type, date, time, workshop, estimation_key, duration_minutes,
         status, completion_tracked, completion, planned_at, updated_at, version)
       SELECT 'wa-' || v || '-' || k, 'vehicle', v, 'Service', to_char($2::date + k * 30, 'YYYY-MM-DD'), '08:00', 'Werkstatt', 'general', 180,
         'completed', true, jsonb_build_object('kind', 'vehicle', 'invoiceAmount', 300 + k * 10), now(), now(), 1
       FROM unnest($1::text[]) AS v CROSS JOIN generate_series(0, 11) AS k`,
      [ids, FIRST_DAY],
    );
    await sql.query('ANALYZE');
    const fillSeconds = (Date.now() - t0) / 1000;
    const { base, headers } = await listenAndLogin(app, 'fuhrpark');
    const rows: string[][] = [];
    // The whole year, and the dialog's default of the last 3 months.
    for (const [label, from] of [[`${DAYS} days`, FIRST_DAY], ['3 months', addDays(LAST_DAY, -91)]] as const) {
      for (const part of ['history', 'tours', 'financial', 'utilization', 'maintenance-costs', 'report.pdf']) {
        const samples: number[] = [];
        const n = part === 'report.pdf' ? Math.min(REQUESTS, 40) : REQUESTS;
        for (let i = 0; i < WARMUP + n; i++) {
          const start = performance.now();
          const res = await fetch(`${base}/api/vehicle-analytics/${encodeURIComponent(target)}/${part}?from=${from}&to=${LAST_DAY}`, { headers });
          await res.arrayBuffer();
          if (res.status !== 200) throw new Error(`${part} answered ${res.status}`);
          if (i >= WARMUP) samples.push(performance.now() - start);
        }
        const p = percentiles(samples);
        rows.push([`GET /api/vehicle-analytics/:id/${part}`, label, int(p.count), latencyTriple(p), `${p.max.toFixed(1)} ms`, part === 'report.pdf' ? '–' : '< 50 ms']);
      }
    }
    console.log(
      `\nVehicle analytics of one vehicle with ${int(Math.round(tours / ids.length))} tours in ${DAYS} days, among ${int(ids.length)} vehicles and ${int(tours)} tours (fill ${fillSeconds.toFixed(1)} s, ${app.version.split(' ').slice(0, 2).join(' ')})`,
    );
    console.log(renderTable(['call', 'range', 'requests', 'p50 / p95 / p99', 'max', 'target'], rows));
  } finally {
    await app.close();
  }
}

await main();
