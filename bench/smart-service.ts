/**
 * npm run bench:smart-service [-- --requests=200 --weeks=1]
 *
 * The Smart Service's reading routes over HTTP injection on the demo business (PGlite in memory, or a
 * fresh PostgreSQL database with DATABASE_URL): `POST /api/smart-service/analyze-vehicle` (tours of the
 * day, 15 workshops measured through the distance port, conflicts, the redistribution plan over every
 * released vehicle) and `POST /api/smart-service/search-workshops`, round-robin over the released
 * vehicles on today. Prints p50/p95/p99. A benchmark reports; it exits 0 whatever the figures.
 */
import { performance } from 'node:perf_hooks';
import { berlinDate } from '@dispo/domain/shared/berlin-date';
import { demoId } from '../runtime/src/seed';
import { createTestApp } from '../runtime/src/testing/test-app';
import { latencyTriple, percentiles, renderTable } from './stats';

const arg = (name: string, fallback: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const REQUESTS = Number(arg('requests', '200'));
const WEEKS = Number(arg('weeks', '1'));
const PLATES = ['IZ-MS 101', 'IZ-MS 102', 'IZ-MS 103', 'HH-MS 201', 'HH-MS 202', 'HH-MS 203', 'KI-MS 301', 'KI-MS 302'];

const app = await createTestApp({ history: { weeks: WEEKS } });
try {
  const token = await app.login('dispo');
  const today = berlinDate(new Date());
  const call = async (url: string, payload: object) => {
    const start = performance.now();
    const res = await app.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}` }, payload });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return performance.now() - start;
  };
  const rows: string[][] = [];
  for (const [name, url, body] of [
    ['analyze-vehicle', '/api/smart-service/analyze-vehicle', (plate: string) => ({ vehicleId: demoId('vehicle', plate), selectedDate: today, radiusKm: 50, appointmentTime: '09:00' })],
    ['search-workshops', '/api/smart-service/search-workshops', (plate: string) => ({ vehicleId: demoId('vehicle', plate), selectedDate: today, radiusKm: 50, time: '10:00' })],
  ] as const) {
    for (let i = 0; i < 10; i++) await call(url, body(PLATES[i % PLATES.length]!)); // warm-up
    const samples: number[] = [];
    for (let i = 0; i < REQUESTS; i++) samples.push(await call(url, body(PLATES[i % PLATES.length]!)));
    rows.push([name, String(REQUESTS), latencyTriple(percentiles(samples))]);
  }
  console.log(`Smart Service on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, demo business of ${WEEKS} week(s), day ${today}`);
  console.log(renderTable(['route', 'requests', 'p50 / p95 / p99'], rows));
} finally {
  await app.close();
}
