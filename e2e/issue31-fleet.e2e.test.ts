import { messages } from '@dispo/domain/messages';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoId } from '../runtime/src/seed';
import { createTestApp, type TestApp } from '../runtime/src/testing/test-app';
import { webClientBuilt } from '../runtime/src/web-client';
import { DEMO_BUSINESS, launchChromium, loginPage } from './browser';

const LIVE = { timeout: 15_000 };
const w = messages.workshop;
const ws = messages.workshopScreen;
const titles = messages.vehicleHistory.titles;

/** Issue 31 in a real browser: the invoice amount edited later, and tour entries in the vehicle history. */
describe('appointment invoice and vehicle history with tours in a real browser (issue 31)', () => {
  let t: TestApp;
  let browser: Browser;
  const viewport = { viewport: { width: 1440, height: 900 }, locale: 'de-DE', timezoneId: 'Europe/Berlin' };

  beforeAll(async () => {
    if (!webClientBuilt()) throw new Error('web/dist fehlt: zuerst `npm run build` ausführen');
    t = await createTestApp({ listen: true, serveWeb: true, history: DEMO_BUSINESS });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('edits the invoice amount of a completed appointment and shows the tours of the demo week in the history, in German', async () => {
    const context = await browser.newContext(viewport);
    const page = await loginPage(context, t.url, 'fuhrpark', '/fuhrpark');
    await page.getByRole('button', { name: messages.fleetScreen.actionOn(messages.fleetScreen.details, 'IZ-MS 101') }).first().click();
    const detail = page.getByRole('dialog', { name: /IZ-MS 101/ });
    await detail.getByText(ws.past).waitFor(LIVE);
    await detail.getByRole('button', { name: new RegExp(`^${ws.detailsAction}: HU`) }).last().click();
    const appointment = page.getByRole('dialog', { name: /Werkstatttermin HU/ });
    const editor = appointment.getByRole('form', { name: ws.editInvoiceAmount });
    await editor.waitFor(LIVE);
    await editor.getByLabel(ws.invoiceAmount).fill('450.5');
    await editor.getByRole('button', { name: ws.save }).click();
    await appointment.getByText('450,50 €').waitFor(LIVE);
    await page.screenshot({ path: '/tmp/issue31-appointment-invoice.png' });
    const token = await t.login('audit');
    const res = await t.app.inject({ method: 'GET', url: `/api/vehicles/${demoId('vehicle', 'IZ-MS 101')}/appointments`, headers: { authorization: `Bearer ${token}` } });
    expect((res.json() as { past: { completionData: { invoiceAmount: number } | null }[] }).past.map((a) => a.completionData?.invoiceAmount)).toContain(450.5);
    await appointment.getByRole('button', { name: ws.close }).last().click();

    await detail.getByRole('button', { name: w.vehicleHistory }).click();
    const history = page.getByRole('dialog', { name: ws.historyTitle('IZ-MS 101') });
    await history.locator('.workshop-timeline__entry', { hasText: titles.TOUR_ASSIGNED }).first().waitFor(LIVE);
    await history.locator('.workshop-timeline__entry', { hasText: titles.TOUR_COMPLETED }).first().waitFor(LIVE);
    const options = await history.locator('select option').allTextContents();
    expect(options).toEqual(expect.arrayContaining([titles.TOUR_ASSIGNED, titles.TOUR_UNASSIGNED, titles.TOUR_COMPLETED, titles.TOUR_BILLED]));
    expect(options.filter((o) => /^[A-Z_]+$/.test(o))).toEqual([]);
    await page.screenshot({ path: '/tmp/issue31-vehicle-history.png' });
    await history.locator('select').selectOption({ label: titles.TOUR_ASSIGNED });
    await expect.poll(() => history.locator('.workshop-timeline__title').allTextContents(), LIVE).toEqual(expect.arrayContaining([titles.TOUR_ASSIGNED]));
    expect(new Set(await history.locator('.workshop-timeline__title').allTextContents())).toEqual(new Set([titles.TOUR_ASSIGNED]));
    const first = history.locator('.workshop-timeline__entry').first();
    await first.getByRole('button', { name: ws.showDetails }).click();
    await first.locator('.workshop-timeline__details').waitFor(LIVE);
    expect(await first.locator('.workshop-timeline__details').textContent()).not.toContain('{');
    await page.screenshot({ path: '/tmp/issue31-vehicle-history-tours.png' });
    await context.close();
  }, 240_000);
});
