import { readFile } from 'node:fs/promises';
import { messages } from '@dispo/domain/messages';
import { pdfToText } from '@dispo/projection-service/pdf/testing';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../runtime/src/testing/test-app';
import { webClientBuilt } from '../runtime/src/web-client';
import { DEMO_BUSINESS, launchChromium, loginPage } from './browser';

const LIVE = { timeout: 15_000 };
const a = messages.vehicleAnalytics;
const s = messages.vehicleAnalyticsScreen;
/** E2E_SCREENSHOTS=<folder> keeps a screenshot of each tab there. */
const shots = process.env.E2E_SCREENSHOTS;

describe('Fahrzeug Analytics in a real browser', () => {
  let t: TestApp;
  let browser: Browser;
  let plate = '';

  beforeAll(async () => {
    if (!webClientBuilt()) throw new Error('web/dist fehlt: zuerst `npm run build` ausführen');
    t = await createTestApp({ listen: true, serveWeb: true, history: DEMO_BUSINESS });
    browser = await launchChromium();
    // The seeded vehicle with the most priced tours.
    const { rows } = await t.infra.sql.query<{ license_plate: string }>(
      `SELECT v.license_plate FROM read.vehicle_tour_analytics a JOIN read.vehicles v ON v.id = a.vehicle_id
       WHERE a.revenue_calculated GROUP BY v.license_plate ORDER BY count(*) DESC, v.license_plate LIMIT 1`,
    );
    plate = rows[0]!.license_plate;
  }, 400_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('opens the dialog from the vehicle actions, goes through the four tabs and downloads the PDF report', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'de-DE', timezoneId: 'Europe/Berlin', acceptDownloads: true });
    const page = await loginPage(context, t.url, 'fuhrpark', '/fuhrpark');
    await page.getByRole('button', { name: messages.fleetScreen.actionOn(a.title, plate) }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(`${a.title} – ${plate}`).waitFor(LIVE);

    // Aktivitätshistorie: the revenue entries of the completed tours; a fleet manager adds one.
    await dialog.getByText(messages.vehicleHistory.titles.REVENUE_CALCULATED).first().waitFor(LIVE);
    await dialog.getByRole('button', { name: s.addEntry }).click();
    await dialog.getByLabel(s.entryTitle).fill('Reifen gewechselt');
    await dialog.getByLabel(s.entryDescription).fill('Winterreifen montiert');
    await dialog.getByRole('button', { name: s.entrySave }).click();
    await dialog.getByText('Winterreifen montiert').waitFor(LIVE);
    if (shots) await page.screenshot({ path: `${shots}/analytics-history.png` });

    // Tourenanalyse: the revenue chart and the tours with their §4 labels.
    await dialog.getByRole('tab', { name: a.tabs.tours }).click();
    await dialog.getByRole('heading', { name: s.revenueChart }).waitFor(LIVE);
    await dialog.locator('.recharts-bar-rectangle').first().waitFor(LIVE);
    expect(await dialog.getByText(a.tourStatus.billed, { exact: true }).count()).toBeGreaterThan(0);
    if (shots) await page.screenshot({ path: `${shots}/analytics-tours.png` });

    // Finanzübersicht: revenue, costs, margin with its band.
    await dialog.getByRole('tab', { name: a.tabs.financial }).click();
    await dialog.getByText(s.totalRevenue).waitFor(LIVE);
    await dialog.getByText(s.profitMargin).waitFor(LIVE);
    const band = dialog.locator('.vehicle-analytics__kpi-note').filter({ hasText: new RegExp(Object.values(a.marginBands).join('|')) });
    expect(await band.count()).toBeGreaterThan(0);
    if (shots) await page.screenshot({ path: `${shots}/analytics-financial.png` });

    // Auslastung: rating, grade, recommendations, daily performance.
    await dialog.getByRole('tab', { name: a.tabs.utilization }).click();
    await dialog.getByRole('heading', { name: s.recommendationsTitle }).waitFor(LIVE);
    await dialog.getByText(new RegExp(`^${s.grade} [ABCDF]$`)).waitFor(LIVE);
    await dialog.getByRole('heading', { name: s.dailyPerformance }).waitFor(LIVE);
    if (shots) await page.screenshot({ path: `${shots}/analytics-utilization.png` });

    // Keyboard: arrow keys move between the tabs.
    await dialog.getByRole('tab', { name: a.tabs.utilization }).press('ArrowLeft');
    await expect.poll(() => dialog.getByRole('tab', { name: a.tabs.financial }).getAttribute('aria-selected')).toBe('true');

    // A range without tours shows the missing-data texts.
    await dialog.getByLabel(s.from).fill('2020-01-01');
    await dialog.getByLabel(s.to).fill('2020-01-31');
    await dialog.getByText(a.noFinancialData).waitFor(LIVE);
    await dialog.getByRole('tab', { name: a.tabs.tours }).click();
    await dialog.getByText(a.noTours).waitFor(LIVE);

    // PDF Export: a real PDF of the figures of the chosen range.
    const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: a.pdfExport }).click()]);
    expect(download.suggestedFilename()).toMatch(/^Fahrzeug-Analytics_.*_2020-01-01_2020-01-31\.pdf$/);
    const text = (await pdfToText(await readFile((await download.path())!))).replace(/\s+/g, ' ');
    expect(text).toContain(s.pdfTitle(plate));
    expect(text).toContain(a.noFinancialData);
    expect(text).toContain('01.01.2020');
    await context.close();
  });
});
