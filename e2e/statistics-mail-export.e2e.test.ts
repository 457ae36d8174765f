import { messages } from '@dispo/domain/messages';
import { startSmtpPeer, type SmtpPeer } from '@dispo/projection-service/mail/testing';
import { pdfToText } from '@dispo/projection-service/pdf/testing';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoOrderBody } from '../runtime/src/testing/demo-order';
import { createTestApp, type TestApp } from '../runtime/src/testing/test-app';
import { webClientBuilt } from '../runtime/src/web-client';
import { DEMO_BUSINESS, launchChromium } from './browser';
import { berlinDay, showDeliveryDays } from './order-list';

const shots = process.env.E2E_SCREENSHOTS;
const LIVE = { timeout: 15_000 };
const stats = { ...messages.statistics, ...messages.statisticsScreen };
const mail = messages.orderMail;
/** After every day of the demo business, so the table can be narrowed to this test's orders. */
const OWN_DAY = berlinDay(60);

describe('Auftragsannahme III in a real browser: statistics, Excel export, order mail', () => {
  let t: TestApp;
  let browser: Browser;
  let peer: SmtpPeer;
  let page: Page;
  const own: { id: string; orderNumber: string }[] = [];

  beforeAll(async () => {
    if (!webClientBuilt()) throw new Error('web/dist fehlt: zuerst `npm run build` ausführen');
    peer = await startSmtpPeer();
    t = await createTestApp({
      listen: true,
      serveWeb: true,
      history: DEMO_BUSINESS,
      mail: { smtpUrl: peer.url, schedule: false, pollIntervalMs: 200, retry: { firstDelayMs: 50 } },
    });
    const token = await t.login('dispo');
    for (const time of ['07:15', '09:40']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: { authorization: `Bearer ${token}` },
        payload: demoOrderBody({ delivery_date: OWN_DAY, delivery_time_fixed: time }),
      });
      own.push((res.json() as { order: { id: string; orderNumber: string } }).order);
    }
    browser = await launchChromium();
    const context = await browser.newContext({
      viewport: { width: 1440, height: 900 },
      locale: 'de-DE',
      timezoneId: 'Europe/Berlin',
      acceptDownloads: true,
    });
    page = await context.newPage();
    await page.goto(`${t.url}/auftragsannahme`);
    await page.getByLabel(messages.login.username).fill('dispo');
    await page.getByLabel(messages.login.password).fill('demo1234');
    await page.getByRole('button', { name: messages.login.submit }).click();
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
    await peer?.close();
  });

  it('opens the statistics on the seeded business and shows real figures and charts on all four tabs', async () => {
    await page.getByRole('button', { name: messages.orderIntake.statistics }).click();
    const dialog = page.getByRole('dialog', { name: stats.title });
    await dialog.waitFor();
    // The last 7 days of the demo business: orders, and a chart per tab.
    await dialog.getByText(stats.periodOrders).waitFor(LIVE);
    const total = dialog.locator('.statistics__figure', { hasText: stats.periodOrders }).locator('.statistics__figure-value');
    expect(Number((await total.textContent())?.replace(/\./g, ''))).toBeGreaterThan(20);
    expect(await dialog.getByRole('button', { name: stats.quickPeriod(7) }).getAttribute('aria-pressed')).toBe('true');
    const tabs: [string, string][] = [
      [stats.tabOverview, stats.topRoutes],
      [stats.tabMaterials, stats.materialWeights],
      [stats.tabTrends, stats.dailyTrends],
      [stats.tabVehicles, stats.vehicleWeights],
    ];
    for (const [tab, chart] of tabs) {
      await dialog.getByRole('tab', { name: tab }).click();
      const card = dialog.getByRole('region', { name: chart });
      await card.waitFor();
      // recharts drew bars or a line: real SVG shapes, not an empty frame.
      await expect.poll(() => card.locator('.recharts-bar-rectangle, .recharts-line-curve').count(), LIVE).toBeGreaterThan(0);
      if (shots) await page.screenshot({ path: `${shots}/statistics-${tab}.png` });
    }
    expect(await dialog.getByRole('table', { name: stats.vehicleTable }).getByRole('row').count()).toBeGreaterThan(2);
    // 30 days: the period follows and the figures load again.
    await dialog.getByRole('button', { name: stats.quickPeriod(30) }).click();
    await expect.poll(() => dialog.getByRole('button', { name: stats.quickPeriod(30) }).getAttribute('aria-pressed')).toBe('true');
    await dialog.getByRole('button', { name: stats.close }).last().click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('exports this test’s delivery day as a real xlsx', async () => {
    await page.getByRole('button', { name: messages.orderScreen.exportOrders }).click();
    const dialog = page.getByRole('dialog', { name: messages.exportDialog.title });
    await dialog.getByLabel(messages.exportScreen.date).fill(OWN_DAY);
    await dialog.getByText(messages.exportScreen.preview(2)).waitFor(LIVE);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: messages.exportDialog.submit }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`Transportauftraege_${OWN_DAY}_Alle.xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile((await download.path())!);
    const sheet = workbook.worksheets[0]!;
    const numbers: string[] = [];
    sheet.eachRow((row, index) => {
      if (index > 1) numbers.push(String(row.getCell(1).value ?? ''));
    });
    for (const order of own) expect(numbers).toContain(order.orderNumber);
  });

  it('sends a mail for two selected orders with both PDFs attached', async () => {
    await showDeliveryDays(page, OWN_DAY, OWN_DAY);
    for (const order of own) {
      const row = page.getByRole('row').filter({ hasText: order.orderNumber });
      await row.waitFor(LIVE);
      await row.getByRole('checkbox').check();
    }
    await page.getByTestId('selected-count').getByText('2 ausgewählt').waitFor();
    await page.getByRole('button', { name: mail.button, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: mail.title });
    await dialog.getByRole('button', { name: mail.loadDraft }).click();
    await expect.poll(() => dialog.getByLabel(mail.subject).inputValue()).toContain(own[0]!.orderNumber);
    expect(await dialog.getByLabel(mail.message).inputValue()).toContain(own[1]!.orderNumber);
    await dialog.getByLabel(mail.recipient).fill('bau@kunde.example');
    if (shots) await page.screenshot({ path: `${shots}/order-mail-modal.png` });
    await dialog.getByRole('button', { name: mail.send }).click();
    await page.getByText(messages.success.emailSent).waitFor(LIVE);
    await dialog.waitFor({ state: 'detached' });

    const [received] = await peer.waitFor(1);
    const pdfs = received!.attachments.filter((a) => a.contentType === 'application/pdf');
    expect(pdfs.map((p) => p.filename).sort()).toEqual(own.map((o) => `Auftrag_${o.orderNumber}.pdf`).sort());
    for (const pdf of pdfs) expect(await pdfToText(pdf.content)).toMatch(/S\d{6}-\d{4}/);
  });
});
