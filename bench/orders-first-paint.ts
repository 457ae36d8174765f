/// <reference lib="dom" />
/**
 * npm run bench:orders-first-paint [-- --runs=10]
 *
 * First paint of the Auftragsannahme page with 50 rows in headless Chromium (issue target: below 1 s):
 * the time from navigation start until the grid holds the 50 order rows of page 1 and the rows in
 * view are painted with their content, for a logged-in user, with the product serving the built web
 * client (run `npm run build` first). ag-grid renders only the rows in view plus a buffer, so at
 * 1440×900 not all 50 are in the DOM: the grid's aria-rowcount (header + 50) says it has them all.
 * The first run loads the assets cold; the others hit the browser cache as a dispatcher's daily
 * reloads do. Prints a table.
 */
import { launchChromium } from '../e2e/browser';
import { demoOrderBody } from '../runtime/src/testing/demo-order';
import { createTestApp } from '../runtime/src/testing/test-app';
import { webClientBuilt } from '../runtime/src/web-client';
import { latencyTriple, percentiles, renderTable } from './stats';

const RUNS = Number(process.argv.find((a) => a.startsWith('--runs='))?.slice(7) ?? '10');
const ROWS = 50;

/** Runs in the page: the grid has all `n` rows, and the rendered ones fill its visible height (or are all `n`) with content. */
function rowsPainted(n: number): boolean {
  const grid = document.querySelector('[role="grid"]');
  if (!grid || grid.getAttribute('aria-rowcount') !== String(n + 1)) return false;
  const rows = Array.from(grid.querySelectorAll('[role="row"][row-id]'));
  if (rows.length === 0 || rows.some((row) => !row.textContent?.trim())) return false;
  const bottom = grid.getBoundingClientRect().bottom;
  return rows.length >= n || rows.some((row) => row.getBoundingClientRect().bottom >= bottom);
}

async function main(): Promise<void> {
  if (!webClientBuilt()) throw new Error('web/dist fehlt: zuerst `npm run build` ausführen');
  const app = await createTestApp({ listen: true, serveWeb: true });
  const browser = await launchChromium();
  try {
    const token = await app.login('dispo');
    for (let i = 0; i < ROWS + 10; i++) {
      const res = await app.app.inject({ method: 'POST', url: '/api/orders', headers: { authorization: `Bearer ${token}` }, payload: demoOrderBody({ notes: `Bench ${i}` }) });
      if (res.statusCode !== 201) throw new Error(`POST /api/orders: ${res.statusCode} ${res.body}`);
    }
    const login = await fetch(`${app.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'dispo', password: 'demo1234' }),
    });
    const session = (await login.json()) as { token: string; user: unknown };
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.addInitScript(
      ([t, u]) => {
        localStorage.setItem('authToken', t);
        localStorage.setItem('user', u);
      },
      [session.token, JSON.stringify(session.user)] as const,
    );
    const samples: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const page = await context.newPage();
      await page.goto(`${app.url}/auftragsannahme`, { waitUntil: 'commit' });
      await page.waitForFunction(rowsPainted, ROWS, { timeout: 30_000 });
      samples.push(await page.evaluate(() => performance.now()));
      await page.close();
    }
    const p = percentiles(samples.slice(1));
    console.log('\nAuftragsannahme: navigation start → 50 order rows painted (headless Chromium)');
    console.log(
      renderTable(
        ['runs', 'cold (first)', 'warm p50 / p95 / p99', 'warm max', 'target'],
        [[String(RUNS), `${samples[0]!.toFixed(0)} ms`, latencyTriple(p), `${p.max.toFixed(0)} ms`, '< 1000 ms']],
      ),
    );
  } finally {
    await browser.close();
    await app.close();
  }
}

await main();
