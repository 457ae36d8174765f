import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { messages } from '@dispo/domain/messages';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoOrderBody } from '../runtime/src/testing/demo-order';
import { createTestApp, type TestApp } from '../runtime/src/testing/test-app';
import { webClientBuilt } from '../runtime/src/web-client';
import { launchChromium } from './browser';
import { berlinDay, showDeliveryDays } from './order-list';

const shots = process.env.E2E_SCREENSHOTS;
const LIVE = { timeout: 15_000 };
const audit = messages.audit;
const OWN_DAY = berlinDay(60);

describe('Prüfung in a real browser: the auditor reads what a dispatcher changed', () => {
  let t: TestApp;
  let browser: Browser;

  beforeAll(async () => {
    if (!webClientBuilt()) throw new Error('web/dist fehlt: zuerst `npm run build` ausführen');
    t = await createTestApp({ listen: true, serveWeb: true });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('shows both edits with old → new and the dispatcher, the older quantity on the slider, and exports the log as CSV', async () => {
    // The dispatcher creates an order and edits its quantity twice.
    const auth = { authorization: `Bearer ${await t.login('dispo')}` };
    const created = await t.app.inject({ method: 'POST', url: '/api/orders', headers: auth, payload: demoOrderBody({ delivery_date: OWN_DAY, quantity: 27 }) });
    const order = (created.json() as { order: { id: string; orderNumber: string } }).order;
    for (const quantity of [30, 32]) {
      expect((await t.app.inject({ method: 'PUT', url: `/api/orders/${order.id}`, headers: auth, payload: { quantity } })).statusCode).toBe(200);
    }

    const downloads = await mkdtemp(join(tmpdir(), 'dispo-audit-'));
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'de-DE', timezoneId: 'Europe/Berlin', acceptDownloads: true });
    const page = await context.newPage();
    await page.goto(`${t.url}/auftragsannahme`);
    await page.getByLabel(messages.login.username).fill('audit');
    await page.getByLabel(messages.login.password).fill('demo1234');
    await page.getByRole('button', { name: messages.login.submit }).click();
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));
    if (!page.url().endsWith('/auftragsannahme')) await page.goto(`${t.url}/auftragsannahme`);

    // ── The order's Verlauf from its detail modal ────────────────────────────────────────────────
    await showDeliveryDays(page, OWN_DAY);
    await page.getByRole('button', { name: `${messages.orderScreen.actionDetails} ${order.orderNumber}` }).click(LIVE);
    const detail = page.getByRole('dialog', { name: order.orderNumber });
    await detail.getByRole('button', { name: audit.historyButton }).click();
    const history = page.getByRole('dialog', { name: audit.historyTitle(`${audit.kinds.order} ${order.orderNumber}`) });
    await history.waitFor(LIVE);
    const entries = history.getByRole('list', { name: audit.historyButton }).getByRole('listitem');
    await expect.poll(() => entries.count(), LIVE).toBe(3);
    const [second, first] = [entries.nth(0), entries.nth(1)];
    for (const [entry, from, to] of [
      [second, '30', '32'],
      [first, '27', '30'],
    ] as const) {
      await entry.getByText(audit.eventTypes.OrderDetailsChanged!).waitFor();
      await entry.getByText('Frank Berger').waitFor();
      const quantityRow = entry.getByRole('row', { name: /Menge/ });
      expect(await quantityRow.getByRole('cell').allInnerTexts()).toEqual([from, to]);
    }
    if (shots) await page.screenshot({ path: `${shots}/audit-history.png` });

    // ── The slider one step back: after the first change, before the second ─────────────────────
    await history.getByRole('slider', { name: audit.slider }).fill('1');
    const state = history.getByRole('region', { name: /^Stand am / });
    await state.getByText(audit.pastStateNotice).waitFor(LIVE);
    // The past state in the order's own detail layout: its sections, the quantity with its unit.
    await state.getByRole('heading', { name: messages.orderDetail.sectionMaterial }).waitFor(LIVE);
    const quantity = state.locator('.detail__item').filter({ has: page.getByText(messages.orderScreen.quantity, { exact: true }) }).locator('dd');
    await expect.poll(() => quantity.innerText(), LIVE).toMatch(/^30 /);
    if (shots) await page.screenshot({ path: `${shots}/audit-state-at.png` });
    // Escape closes the topmost dialog: the Verlauf, then the order's details.
    await page.keyboard.press('Escape');
    await history.waitFor({ state: 'detached' });
    await page.keyboard.press('Escape');
    await detail.waitFor({ state: 'detached' });

    // ── Prüfung: the global log, filtered to the dispatcher's order events, as CSV ────────────────
    await page.getByRole('link', { name: audit.navigation }).click();
    await page.getByRole('heading', { name: audit.pageTitle }).waitFor();
    const filters = page.getByRole('form', { name: audit.filterForm });
    await filters.getByLabel(audit.filters.user, { exact: true }).selectOption({ label: 'Frank Berger' });
    await filters.getByLabel(audit.filters.kind, { exact: true }).selectOption({ label: audit.kinds.order! });
    await filters.getByRole('button', { name: audit.apply }).click();
    const logRow = page.getByRole('row').filter({ hasText: order.orderNumber });
    await expect.poll(() => logRow.count(), LIVE).toBe(3);
    if (shots) await page.screenshot({ path: `${shots}/audit-page.png` });
    const [download] = await Promise.all([page.waitForEvent('download'), filters.getByRole('button', { name: audit.exportCsv }).click()]);
    const saved = join(downloads, download.suggestedFilename());
    await download.saveAs(saved);
    const csv = (await readFile(saved, 'utf8')).replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(csv[0]).toBe('Zeitpunkt;Benutzer;Rolle;Bereich;Datensatz;Ereignis;Befehl;Datenstrom;Position');
    expect(csv.filter((line) => line.includes(order.orderNumber))).toHaveLength(3);
    expect(csv[1]).toContain(';Frank Berger;');
    await context.close();
  });
});
