/**
 * npm run bench:fuzz [-- --bodies=20000 --seed=42]
 *
 * The request fuzz of runtime/src/api-fuzz.test.ts at ten times its CI size: bodies generated from
 * the OpenAPI document for every write route (JSON and multipart), sent as an admin to the whole
 * product on a private database (PGlite in memory, or a fresh one on DATABASE_URL's server) seeded
 * with the demo catalogue and a week of operations. Prints requests per status class, requests per
 * second and every route's first failing request: a 5xx, internals in an answer, or a refusal that
 * wrote events. Exits 1 when a route failed (it is a check at scale, not a timing).
 */
import { loadavg } from 'node:os';
import { fuzzWriteRoutes } from '../runtime/src/testing/fuzz-writes';
import { createTestApp } from '../runtime/src/testing/test-app';

const arg = (name: string, fallback: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const BODIES = Number(arg('bodies', '20000'));
const SEED = process.argv.some((a) => a.startsWith('--seed=')) ? Number(arg('seed', '0')) : undefined;

const t = await createTestApp({ history: { weeks: 1 }, optimization: { worker: false } });
try {
  const started = performance.now();
  let routes = 0;
  const result = await fuzzWriteRoutes(t, {
    bodies: BODIES,
    seed: SEED,
    onRoute: (op, runs) => {
      routes++;
      if (routes % 10 === 1) process.stdout.write(`  route ${routes}: ${op.method} ${op.path} (${runs} requests)\n`);
    },
  });
  const seconds = (performance.now() - started) / 1000;
  process.stdout.write(
    `\n${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}: ${result.requests} requests to ${result.routes} write routes in ${seconds.toFixed(1)} s ` +
      `(${(result.requests / seconds).toFixed(0)}/s, load average ${loadavg()[0]!.toFixed(1)})\n` +
      `answers: ${Object.entries(result.statuses)
        .sort()
        .map(([kind, n]) => `${kind} ${n}`)
        .join(', ')}\n`,
  );
  if (result.failures.length > 0) {
    process.stdout.write(`\n${result.failures.length} route(s) failed:\n${result.failures.join('\n\n')}\n`);
    process.exitCode = 1;
  } else {
    process.stdout.write('no 5xx, no internals, no event written by a refused request\n');
  }
} finally {
  await t.close();
}
