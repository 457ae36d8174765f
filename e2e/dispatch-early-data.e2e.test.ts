import { messages } from '@dispo/domain/messages';
import type { Browser, BrowserContext, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoOrderBody } from '../runtime/src/testing/demo-order';
import { createTestApp, type TestApp } from '../runtime/src/testing/test-app';
import { webClientBuilt } from '../runtime/src/web-client';
import { DEMO_BUSINESS, launchChromium } from './browser';

/**
 * The Disposition opened directly (docs/api/disposition.md, "Opening the Disposition"): index.html
 * starts the day's vehicles, tours and open orders before the app's code has arrived, and the page
 * takes those answers over. Here the app's main chunk is held back: the calls must still start at
 * once, each exactly once, and the timeline must show the tours they brought. With an expired token
 * the page still leads to the login.
 */

const DAY = '2099-06-17';
const HOLD_MAIN_CHUNK_MS = 800;
const DAY_CALL = new RegExp(`/api/disposition/(vehicles\\?date=${DAY}|tours/${DAY}|orders/open\\?date=${DAY})$`);

/** The start of each of the day's calls and the end of the main chunk, ms since navigation start (Resource Timing). */
function loadTimes(): { calls: Record<string, number[]>; mainChunkEnd: number } {
  const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
  const calls: Record<string, number[]> = {};
  for (const entry of entries) {
    const path = new URL(entry.name).pathname;
    if (path.startsWith('/api/disposition/')) (calls[path] ??= []).push(entry.startTime);
  }
  const main = entries.find((entry) => /\/assets\/index-[\w-]+\.js$/.test(entry.name));
  return { calls, mainChunkEnd: main?.responseEnd ?? Number.NaN };
}

describe('Disposition opened directly: the day is requested by index.html', () => {
  let t: TestApp;
  let browser: Browser;
  let tourNumbers: string[];

  beforeAll(async () => {
    if (!webClientBuilt()) throw new Error('web/dist fehlt: zuerst `npm run build` ausführen');
    t = await createTestApp({ listen: true, serveWeb: true, history: DEMO_BUSINESS });
    browser = await launchChromium();
    const auftrag = await t.login('auftrag');
    const dispo = await t.login('dispo');
    const vehicles = (
      await t.app.inject({ method: 'GET', url: `/api/disposition/vehicles?date=${DAY}`, headers: { authorization: `Bearer ${dispo}` } })
    ).json() as { vehicles: { id: string }[] };
    tourNumbers = [];
    for (const [index, time] of ['07:00', '10:30'].entries()) {
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: { authorization: `Bearer ${auftrag}` },
        payload: demoOrderBody({ delivery_date: DAY, delivery_time_fixed: time }),
      });
      expect(created.statusCode, created.body).toBe(201);
      const assigned = await t.app.inject({
        method: 'POST',
        url: '/api/disposition/assign',
        headers: { authorization: `Bearer ${dispo}` },
        payload: {
          orderId: (created.json() as { order: { id: string } }).order.id,
          orderType: 'transport_order',
          vehicleId: vehicles.vehicles[index]!.id,
          scheduledTime: `${DAY}T${time}`,
        },
      });
      expect(assigned.statusCode, assigned.body).toBe(201);
      tourNumbers.push((assigned.json() as { tour: { tourNumber: string } }).tour.tourNumber);
    }
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  /** A browser context logged in as `dispo` (token and user in localStorage, as after the login page). */
  async function loggedIn(token?: string): Promise<BrowserContext> {
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'dispo', password: 'demo1234' } });
    const session = login.json() as { token: string; user: unknown };
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'de-DE', timezoneId: 'Europe/Berlin' });
    await context.addInitScript(
      ([storedToken, user]) => {
        // Only on the first document: the login page after a 401 must not get the token back.
        if (sessionStorage.getItem('seeded')) return;
        sessionStorage.setItem('seeded', '1');
        localStorage.setItem('authToken', storedToken);
        localStorage.setItem('user', user);
      },
      [token ?? session.token, JSON.stringify(session.user)] as const,
    );
    // The app's main chunk arrives late: whatever is asked before it is index.html's doing.
    await context.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, HOLD_MAIN_CHUNK_MS));
      await route.continue();
    });
    return context;
  }

  it("starts vehicles, tours and open orders before the app's code has loaded, each once, and draws their answers", async () => {
    const context = await loggedIn();
    const page = await context.newPage();
    const dayCalls: Request[] = [];
    page.on('request', (request) => {
      if (DAY_CALL.test(request.url())) dayCalls.push(request);
    });

    await page.goto(`${t.url}/disposition?datum=${DAY}`);
    for (const tourNumber of tourNumbers) await page.getByTestId(`tour-${tourNumber}`).waitFor();

    expect(dayCalls.map((request) => new URL(request.url()).pathname).sort()).toEqual(
      [`/api/disposition/orders/open`, `/api/disposition/tours/${DAY}`, `/api/disposition/vehicles`].sort(),
    );
    const { calls, mainChunkEnd } = await page.evaluate(loadTimes);
    expect(mainChunkEnd).toBeGreaterThan(HOLD_MAIN_CHUNK_MS);
    for (const path of ['/api/disposition/vehicles', `/api/disposition/tours/${DAY}`, '/api/disposition/orders/open']) {
      expect(calls[path], path).toHaveLength(1);
      expect(calls[path]![0], path).toBeLessThan(mainChunkEnd);
    }
    await context.close();
  });

  it('leads to the login with the notice when the token has expired', async () => {
    const context = await loggedIn('expired-token');
    const page = await context.newPage();
    await page.goto(`${t.url}/disposition?datum=${DAY}`);
    await page.getByText(messages.auth.sessionExpired).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await context.close();
  });
});
