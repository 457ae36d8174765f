import { messages } from '@dispo/domain/messages';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoId } from '../runtime/src/seed';
import { demoOrderBody } from '../runtime/src/testing/demo-order';
import { createTestApp, type TestApp } from '../runtime/src/testing/test-app';
import { webClientBuilt } from '../runtime/src/web-client';
import { berlinDay, launchChromium, lineTexts } from './browser';

/**
 * Issue 16, Tests: route optimization in a real browser. `dispo` opens a day with a tour of three
 * loads (gravel, cement, gravel) on IZ-MS 101, starts an optimization from the tour's context menu,
 * waits for the block's label `Optimiert`, opens `Optimierung vergleichen`, applies the result (the
 * tour's sequence changes) and resets it (the original sequence is back).
 */

const shots = process.env.E2E_SCREENSHOTS;
const text = messages.optimization;
const LIVE = { timeout: 20_000 };
// A vehicle of the demo seed released for dispatch (runtime/demo/catalog.json), at home in Lägerdorf.
const PLATE = 'IZ-MS 101';



describe('route optimization in a real browser', () => {
  let t: TestApp;
  let browser: Browser;

  beforeAll(async () => {
    if (!webClientBuilt()) throw new Error('web/dist fehlt: zuerst `npm run build` ausführen');
    t = await createTestApp({ listen: true, serveWeb: true, optimization: { pollIntervalMs: 500 } });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('optimizes a tour from its context menu, compares, applies and resets', async () => {
    const day = berlinDay(35);
    const token = await t.login('dispo');
    const api = async (method: 'GET' | 'POST', url: string, payload?: object) => {
      const res = await t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });
      expect(res.statusCode, res.body.slice(0, 300)).toBeLessThan(300);
      return res.json() as Record<string, unknown>;
    };
    const range = { delivery_date: day, delivery_time_type: 'range', delivery_time_fixed: null, delivery_time_from: '06:00', delivery_time_to: '20:00' };
    const gravel = demoOrderBody({
      ...range,
      plant_id: demoId('plant', 'Kieswerk Moorburg'),
      loading_point_id: demoId('loading-point', 'Kieswerk Moorburg/Halde Nord'),
      material_id: demoId('material', 'Kies 2/8'),
      delivery_plant_id: demoId('plant', 'Betonwerk Hamburg-Billbrook'),
    });
    const ids: string[] = [];
    let tourNumber = '';
    let tourId = '';
    for (const body of [gravel, demoOrderBody(range), gravel]) {
      const { order } = (await api('POST', '/api/orders', body)) as { order: { id: string } };
      ids.push(order.id);
      const assigned = (await api('POST', '/api/disposition/assign', { orderId: order.id, vehicleId: demoId('vehicle', PLATE), scheduledTime: `${day}T06:00` })) as {
        tourId: string;
        tour: { tourNumber: string };
      };
      tourNumber = assigned.tour.tourNumber;
      tourId = assigned.tourId;
    }
    const sequence = async () => ((await api('GET', `/api/disposition/tours/details/${tourId}`)) as { tour: { orders: { id: string }[] } }).tour.orders.map((o) => o.id);

    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'de-DE', timezoneId: 'Europe/Berlin' });
    const page = await context.newPage();
    await page.goto(`${t.url}/login`);
    await page.getByLabel(messages.login.username).fill('dispo');
    await page.getByLabel(messages.login.password).fill('demo1234');
    await page.getByRole('button', { name: messages.login.submit }).click();
    await page.getByRole('heading', { name: messages.orderTable.title }).waitFor();
    await page.goto(`${t.url}/disposition?datum=${day}`);
    const block = page.getByTestId(`tour-${tourNumber}`);
    await block.waitFor(LIVE);

    // Never optimized: the menu offers Optimieren, not the comparison.
    await block.click({ button: 'right' });
    const menu = page.getByRole('menu');
    await menu.getByRole('menuitem', { name: text.startMenu }).waitFor();
    expect(await menu.getByRole('menuitem', { name: text.compareMenu }).count()).toBe(0);
    await menu.getByRole('menuitem', { name: text.startMenu }).click();
    await expect.poll(() => lineTexts(page), LIVE).toEqual(expect.arrayContaining([expect.stringContaining(text.started(tourNumber))]));

    // The worker solves it; the block shows Optimiert with the km saved.
    const label = block.getByTestId('tour-optimization');
    await expect.poll(() => label.textContent(), LIVE).toMatch(/^Optimiert \(−\d+,\d km\)$/);
    if (shots) await page.screenshot({ path: `${shots}/optimization-label.png` });

    await block.click({ button: 'right' });
    await menu.getByRole('menuitem', { name: text.compareMenu }).click();
    const dialog = page.getByRole('dialog', { name: `${text.modalTitle} – ${messages.dispatchScreen.tour(tourNumber)}` });
    await dialog.waitFor(LIVE);
    await dialog.getByTestId('optimization-savings').waitFor(LIVE);
    const optimizedOrder = await dialog.getByTestId('optimization-optimized').locator('tbody tr td:nth-child(2)').allInnerTexts();
    expect(optimizedOrder).toHaveLength(3);
    if (shots) await page.screenshot({ path: `${shots}/optimization-compare.png` });

    await dialog.getByRole('button', { name: text.apply, exact: true }).click();
    await dialog.getByText(text.confirmApply(tourNumber)).waitFor();
    await dialog.getByRole('button', { name: text.apply, exact: true }).click();
    await expect.poll(() => lineTexts(page), LIVE).toEqual(expect.arrayContaining([expect.stringContaining(text.applied(tourNumber))]));
    // The tour runs the optimized sequence now: the cement load (from the home plant) first.
    const record = (await api('GET', `/api/optimization/tours/${tourId}/optimization`)) as { optimization: { operation_id: string } };
    const result = (await api('GET', `/api/optimization/operations/${record.optimization.operation_id}/result`)) as { result: { optimizedRoutes: string[] } };
    expect(result.result.optimizedRoutes[0]).toBe(ids[1]);
    await expect.poll(sequence, LIVE).toEqual(result.result.optimizedRoutes);
    await dialog.getByText(text.historyEvent.applied, { exact: false }).first().waitFor();

    await dialog.getByRole('button', { name: text.reset, exact: true }).click();
    await dialog.getByText(text.confirmReset(tourNumber)).waitFor();
    await dialog.getByRole('button', { name: text.reset, exact: true }).click();
    await expect.poll(() => lineTexts(page), LIVE).toEqual(expect.arrayContaining([expect.stringContaining(text.resetDone(tourNumber))]));
    await expect.poll(sequence, LIVE).toEqual(ids);
    if (shots) await page.screenshot({ path: `${shots}/optimization-reset.png` });
    await context.close();
  });
});
