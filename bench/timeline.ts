/// <reference lib="dom" />
/**
 * npm run bench:timeline [-- --runs=10]   (after `npm run build`)
 *
 * The Disposition timeline under load (issue 6, Performance): 60 vehicles released for dispatch, the
 * default window of 28 slots (06:00–20:00 every 30 minutes) and 300 tours on one day, all made
 * through the product's API (vehicles by `fuhrpark`, orders by `auftrag`, tours by `dispo` assigning
 * each order to a vehicle and time). In headless Chromium, for a logged-in user:
 *
 * - first render: navigation start → the timeline shows every row in view with all its tour blocks
 *   (checked against the tours the bench made); also when the last of the three data calls ended,
 *   from the Performance API's resource timings, and the render time after it.
 * - drag: a tour is dragged across the grid (synthetic dragstart, dragenter/dragover every 8 ms along
 *   a diagonal path over 1 s, dragleave, dragend as when the drop is cancelled), while
 *   requestAnimationFrame timestamps count the frames: fps, dropped frames (intervals longer than
 *   one frame of the idle page, which is measured for 0.5 s before), longest frame.
 *
 * Three series of page loads: each in a new tab navigated at once (the first loads the assets cold,
 * the others hit the browser cache), each in a new tab opened 1.5 s before the navigation (as a user
 * opens a tab and then types or picks the address), and again and again in one tab, as a dispatcher
 * reloads the page or returns to it. A new tab makes Chromium start the tab's own processes for a
 * few hundred milliseconds, which on this 2-core machine take CPU from a page loaded at once.
 * Prints tables; exits 0 whatever the figures.
 */
import { loadavg } from 'node:os';
import type { Page } from 'playwright-core';
import { launchChromium } from '../e2e/browser';
import { createTestApp } from '../runtime/src/testing/test-app';
import { buildDay, TOURS, VEHICLES } from './dispatch-day';
import { webClientBuilt } from '../runtime/src/web-client';
import { int, ms, percentiles, renderTable } from './stats';

const RUNS = Number(process.argv.find((a) => a.startsWith('--runs='))?.slice(7) ?? '10');
const DAY = '2027-03-17';
const DRAG_MS = 1000;
const TARGET_FIRST_RENDER_MS = 300;
/** How long a new tab is left before the navigation in the second series. */
const TAB_SETTLE_MS = 1500;
const TARGET_FPS = 30;

/**
 * Runs in the page: the rows in the timeline's view are all drawn, each with all its tours (the
 * timeline draws all tours of a drawn row), with content. Returns performance.now() then, else false.
 */
function visibleToursRendered(expected: Record<string, number>): number | false {
  const scroller = document.querySelector('.timeline__scroll');
  const header = scroller?.querySelector('.timeline__header');
  if (!scroller || !header) return false;
  const view = scroller.getBoundingClientRect();
  const top = header.getBoundingClientRect().bottom;
  const inView = Array.from(scroller.querySelectorAll<HTMLElement>('.timeline-row')).filter((row) => {
    const rect = row.getBoundingClientRect();
    return rect.bottom > top && rect.top < view.bottom;
  });
  if (inView.length === 0) return false;
  const rects = inView.map((row) => row.getBoundingClientRect());
  // The drawn rows cover the view from the header to the bottom (or the last row ends above it).
  const covered =
    Math.min(...rects.map((r) => r.top)) <= top + 1 &&
    (Math.max(...rects.map((r) => r.bottom)) >= view.bottom - 1 || inView.at(-1) === scroller.querySelector('.timeline-row:last-child'));
  if (!covered) return false;
  let blocksInView = 0;
  for (const row of inView) {
    const blocks = Array.from(row.querySelectorAll('.tour-block'));
    if (blocks.length !== expected[row.getAttribute('aria-label') ?? '']) return false;
    if (blocks.some((block) => !block.querySelector('.tour-block__number')?.textContent || block.classList.contains('tour-block--pending')))
      return false;
    blocksInView += blocks.filter((block) => {
      const rect = block.getBoundingClientRect();
      return rect.right > view.left && rect.left < view.right;
    }).length;
  }
  return blocksInView > 0 ? performance.now() : false;
}

/** Runs in the page: when the timeline's data calls (vehicles, tours) started and when the last of them ended (ms since navigation start). */
function dataTimes(): { start: number; end: number } {
  const calls = performance
    .getEntriesByType('resource')
    .filter((entry) => /\/api\/disposition\/(vehicles|tours\/\d{4}-)/.test(entry.name)) as PerformanceResourceTiming[];
  if (calls.length < 2) return { start: Number.NaN, end: Number.NaN };
  return { start: Math.min(...calls.map((call) => call.startTime)), end: Math.max(...calls.map((call) => call.responseEnd)) };
}

interface FrameStats {
  frames: number;
  durationMs: number;
  fps: number;
  dropped: number;
  longestMs: number;
  frameMs: number;
  events: number;
}

/** Runs in the page: idle frames for 0.5 s, then a synthetic drag of a tour across the grid; frames by requestAnimationFrame. */
async function dragAcrossGrid(durationMs: number): Promise<{ idle: FrameStats; drag: FrameStats } | string> {
  const scroller = document.querySelector('.timeline__scroll');
  if (!scroller) return 'no timeline';
  const view = scroller.getBoundingClientRect();
  const header = scroller.querySelector('.timeline__header')!.getBoundingClientRect();
  const laneLeft = view.left + 210;
  const inside = (r: DOMRect) => r.left >= laneLeft && r.right <= view.right && r.top >= header.bottom && r.bottom <= view.bottom;
  const block = Array.from(document.querySelectorAll<HTMLElement>('.tour-block')).find((b) => inside(b.getBoundingClientRect()));
  if (!block) return 'no tour in view';
  const from = block.getBoundingClientRect();
  const start = { x: from.left + from.width / 2, y: from.top + from.height / 2 };
  const end = { x: view.right - 40, y: view.bottom - 30 };
  const end2 = { x: laneLeft + 40, y: view.bottom - 30 };

  const record = (ms: number) =>
    new Promise<number[]>((resolve) => {
      const stamps: number[] = [];
      const until = performance.now() + ms;
      const tick = (time: number) => {
        stamps.push(time);
        if (time < until) requestAnimationFrame(tick);
        else resolve(stamps);
      };
      requestAnimationFrame(tick);
    });
  const stats = (stamps: number[], frameMs: number, events: number): FrameStats => {
    const gaps = stamps.slice(1).map((t, i) => t - stamps[i]!);
    const durationMs = stamps.at(-1)! - stamps[0]!;
    return {
      frames: gaps.length,
      durationMs,
      fps: (gaps.length / durationMs) * 1000,
      dropped: gaps.reduce((sum, gap) => sum + Math.max(0, Math.round(gap / frameMs) - 1), 0),
      longestMs: Math.max(...gaps),
      frameMs,
      events,
    };
  };

  const idleStamps = await record(500);
  const idleGaps = idleStamps
    .slice(1)
    .map((t, i) => t - idleStamps[i]!)
    .sort((a, b) => a - b);
  const frameMs = idleGaps[Math.floor(idleGaps.length / 2)] ?? 1000 / 60;

  const data = new DataTransfer();
  const fire = (type: string, target: EventTarget, x: number, y: number) =>
    target.dispatchEvent(
      new DragEvent(type, { bubbles: true, cancelable: true, composed: true, clientX: x, clientY: y, dataTransfer: data }),
    );
  performance.mark('timeline-drag-start');
  const frames = record(durationMs + 50);
  fire('dragstart', block, start.x, start.y);
  let events = 0;
  let over: Element | null = null;
  const began = performance.now();
  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      const p = Math.min(1, (performance.now() - began) / durationMs);
      // Down and right to the far corner, then back left along the bottom: across rows and times.
      const q = p < 0.6 ? p / 0.6 : (p - 0.6) / 0.4;
      const [a, b] = p < 0.6 ? [start, end] : [end, end2];
      const x = a.x + (b.x - a.x) * q;
      const y = a.y + (b.y - a.y) * q;
      const target = document.elementFromPoint(x, y);
      if (target && target !== over) {
        if (over) fire('dragleave', over, x, y);
        fire('dragenter', target, x, y);
        over = target;
      }
      if (target) fire('dragover', target, x, y);
      events++;
      if (p >= 1) {
        clearInterval(timer);
        resolve();
      }
    }, 8);
  });
  if (over) fire('dragleave', over as Element, end2.x, end2.y);
  fire('dragend', block, end2.x, end2.y);
  const stamps = await frames;
  performance.measure('timeline-drag', 'timeline-drag-start');
  return { idle: stats(idleStamps, frameMs, 0), drag: stats(stamps, frameMs, events) };
}

async function main(): Promise<void> {
  if (!webClientBuilt()) throw new Error('web/dist fehlt: zuerst `npm run build` ausführen');
  const app = await createTestApp({ listen: true, serveWeb: true });
  const browser = await launchChromium();
  try {
    const built = performance.now();
    const expected = await buildDay(app, DAY);
    console.log(`${VEHICLES} vehicles, ${TOURS} tours on ${DAY} made through the API in ${ms(performance.now() - built)} ms`);

    const login = await fetch(`${app.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'dispo', password: 'demo1234' }),
    });
    const session = (await login.json()) as { token: string; user: unknown };
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'de-DE', timezoneId: 'Europe/Berlin' });
    // tsx keeps function names with a helper `__name` that the page lacks: the in-page functions need it.
    await context.addInitScript({ content: 'globalThis.__name = (fn) => fn;' });
    await context.addInitScript(
      ([t, u]) => {
        localStorage.setItem('authToken', t);
        localStorage.setItem('user', u);
      },
      [session.token, JSON.stringify(session.user)] as const,
    );

    // The figures depend on what else runs on the machine: the load is printed with them.
    const loadBefore = loadavg();
    const drags: FrameStats[] = [];
    const idles: FrameStats[] = [];
    let rendered = { rows: 0, blocks: 0, slots: 0 };
    /** RUNS page loads, each in the tab `tabFor` gives: the first loads the assets cold (in the first series), the others hit the cache. */
    const series = async (tabFor: (run: number) => Promise<Page>, closeEach: boolean) => {
      const firstRender: number[] = [];
      const data: { start: number; end: number }[] = [];
      for (let run = 0; run < RUNS; run++) {
        const page = await tabFor(run);
        await page.goto(`${app.url}/disposition?datum=${DAY}`, { waitUntil: 'commit' });
        const handle = await page
          .waitForFunction(visibleToursRendered, expected, { polling: 'raf', timeout: 30_000 })
          .catch(async (error: unknown) => {
            // The app serves the files of web/dist that were there when it started: a rebuild meanwhile leaves a blank page.
            const timeline = await page.locator('.timeline').count();
            throw new Error(
              `run ${run + 1}: the visible tours were not drawn (${timeline ? 'timeline shown' : 'no timeline: was web/dist rebuilt meanwhile?'})`,
              { cause: error },
            );
          });
        firstRender.push((await handle.jsonValue()) as number);
        data.push(await page.evaluate(dataTimes));
        rendered = await page.evaluate(() => ({
          rows: document.querySelectorAll('.timeline-row').length,
          blocks: document.querySelectorAll('.tour-block').length,
          slots: document.querySelectorAll('.timeline-row .slot').length,
        }));
        const result = await page.evaluate(dragAcrossGrid, DRAG_MS);
        if (typeof result === 'string') throw new Error(`drag: ${result}`);
        drags.push(result.drag);
        idles.push(result.idle);
        if (closeEach) await page.close();
      }
      return { firstRender, data };
    };
    // A new tab per load, navigated at once: Chromium is still starting the tab's own processes (its
    // address-bar popup among them), which on 2 cores takes CPU from the page.
    const newTabsAtOnce = await series(() => context.newPage(), true);
    // A new tab per load, opened a moment before (as a user opens a tab, then types or picks the address).
    const newTabs = await series(async () => {
      const page = await context.newPage();
      await new Promise((resolve) => setTimeout(resolve, TAB_SETTLE_MS));
      return page;
    }, true);
    // One tab, the Disposition opened again and again (as a dispatcher reloads it or comes back to it).
    const tab = await context.newPage();
    const sameTab = await series(async () => {
      await tab.goto('about:blank');
      return tab;
    }, false);

    const triple = (samples: number[]) => {
      const p = percentiles(samples.slice(1));
      return `${ms(p.p50)} / ${ms(p.p95)} / ${ms(p.max)} ms`;
    };
    const rows = (title: string, { firstRender, data }: Awaited<ReturnType<typeof series>>) => {
      const boot = data.map((d) => d.start);
      const server = data.map((d) => d.end - d.start);
      const drawing = firstRender.map((t, i) => t - data[i]!.end);
      return [
        [`${title}: navigation start → visible tours drawn`, `${ms(firstRender[0]!)} ms`, triple(firstRender), `< ${TARGET_FIRST_RENDER_MS} ms`],
        ['  1 boot: → data calls start', `${ms(boot[0]!)} ms`, triple(boot), ''],
        ['  2 data: vehicles and tours calls', `${ms(server[0]!)} ms`, triple(server), ''],
        ['  3 drawing after the data', `${ms(drawing[0]!)} ms`, triple(drawing), ''],
      ];
    };
    console.log(`\nDisposition timeline: ${VEHICLES} vehicles × 28 slots, ${TOURS} tours (headless Chromium, 1440×900, sidebar open)`);
    console.log(`drawn at once: ${rendered.rows} rows, ${rendered.blocks} tour blocks, ${rendered.slots} slot cells`);
    const load = (averages: number[]) => averages.map((average) => average.toFixed(2)).join(', ');
    console.log(`load average (1, 5, 15 min) before the runs: ${load(loadBefore)}; after: ${load(loadavg())}`);
    console.log(
      renderTable(
        ['first render', 'first of series', 'others p50 / p95 / max', 'target'],
        [...rows('new tab, at once', newTabsAtOnce), ...rows(`new tab, opened ${TAB_SETTLE_MS / 1000} s before`, newTabs), ...rows('same tab', sameTab)],
      ),
    );
    const fps = percentiles(drags.map((d) => d.fps));
    const worstFps = Math.min(...drags.map((d) => d.fps));
    console.log('');
    console.log(
      renderTable(
        [
          'drag across the grid (1 s)',
          'runs',
          'fps p50 / min',
          'dropped frames p50 / max',
          'longest frame max',
          'dragover events',
          'idle fps',
          'target',
        ],
        [
          [
            'tour over 60 rows × 28 slots',
            String(drags.length),
            `${fps.p50.toFixed(1)} / ${worstFps.toFixed(1)}`,
            `${int(percentiles(drags.map((d) => d.dropped)).p50)} / ${int(Math.max(...drags.map((d) => d.dropped)))}`,
            `${ms(Math.max(...drags.map((d) => d.longestMs)))} ms`,
            int(percentiles(drags.map((d) => d.events)).p50),
            percentiles(idles.map((d) => d.fps)).p50.toFixed(1),
            `≥ ${TARGET_FPS} fps`,
          ],
        ],
      ),
    );
  } finally {
    await browser.close();
    await app.close();
  }
}

await main();
