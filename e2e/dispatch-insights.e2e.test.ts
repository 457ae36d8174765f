import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { messages } from '@dispo/domain/messages';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoId } from '../runtime/src/seed';
import { demoOrderBody } from '../runtime/src/testing/demo-order';
import { createTestApp, type TestApp } from '../runtime/src/testing/test-app';
import { webClientBuilt } from '../runtime/src/web-client';
import { berlinDay, DEMO_BUSINESS, launchChromium, lineTexts } from './browser';

/**
 * Issue 17, Tests: the Disposition's server-side hints in a real browser. `dispo` drags an order over
 * a vehicle and sees its slots coloured with reasons, drops it on an `optimal` slot, opens MOSI
 * Disponent on the new tour and assigns the suggested connection, downloads the day's tour plan and
 * deletes the tour from its menu.
 */

const run = promisify(execFile);
const shots = process.env.E2E_SCREENSHOTS;
const text = messages.dispatchScreen;
const insights = messages.dispatchInsights;
const LIVE = { timeout: 15_000 };
// A vehicle of the demo seed released for dispatch, at home in Lägerdorf (runtime/demo/catalog.json).
const PLATE = 'IZ-MS 101';


async function expectSuccess(page: Page, message: string): Promise<void> {
  await expect.poll(() => lineTexts(page), LIVE).toEqual(expect.arrayContaining([expect.stringContaining(message)]));
}

describe('Disposition hints in a real browser: drag preview, MOSI, tour delete, tour plan download', () => {
  let t: TestApp;
  let browser: Browser;
  let files: string;

  beforeAll(async () => {
    if (!webClientBuilt()) throw new Error('web/dist fehlt: zuerst `npm run build` ausführen');
    t = await createTestApp({ listen: true, serveWeb: true, history: DEMO_BUSINESS });
    browser = await launchChromium();
    files = await mkdtemp(join(tmpdir(), 'dispo-e2e-insights-'));
    // A week of the demo business: slow on a busy shared machine.
  }, 600_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
    if (files) await rm(files, { recursive: true, force: true });
  });

  it('colours the slots while dragging, drops on an optimal one, assigns a MOSI connection, downloads the plan and deletes the tour', async () => {
    const day = berlinDay(30);
    const colleague = await t.login('auftrag');
    const create = async (body: Record<string, unknown>) => {
      const res = await t.app.inject({ method: 'POST', url: '/api/orders', headers: { authorization: `Bearer ${colleague}` }, payload: demoOrderBody({ delivery_date: day, ...body }) });
      expect(res.statusCode, res.body).toBe(201);
      return (res.json() as { order: { id: string; orderNumber: string } }).order;
    };
    // Lägerdorf → Neumünster at 09:00; then a load from Neumünster itself: the connection MOSI suggests.
    const first = await create({ delivery_plant_id: demoId('plant', 'Mischwerk Neumünster'), delivery_time_fixed: '09:00' });
    const connection = await create({
      plant_id: demoId('plant', 'Mischwerk Neumünster'),
      loading_point_id: demoId('loading-point', 'Mischwerk Neumünster/Verladung West'),
      material_id: demoId('material', 'Hüttensand'),
      delivery_time_type: 'range',
      delivery_time_fixed: null,
      delivery_time_from: '10:00',
      delivery_time_to: '16:00',
    });

    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'de-DE', timezoneId: 'Europe/Berlin', acceptDownloads: true });
    const page = await context.newPage();
    await page.goto(`${t.url}/login`);
    await page.getByLabel(messages.login.username).fill('dispo');
    await page.getByLabel(messages.login.password).fill('demo1234');
    await page.getByRole('button', { name: messages.login.submit }).click();
    await page.getByRole('heading', { name: messages.orderTable.title }).waitFor();
    await page.goto(`${t.url}/disposition?datum=${day}`);
    await page.getByRole('heading', { level: 1, name: messages.areas.dispatchTitle }).waitFor();

    const sidebar = page.getByRole('complementary', { name: messages.dispatch.openOrders });
    const card = (orderNumber: string): Locator => sidebar.getByRole('listitem', { name: orderNumber });
    const row = page.getByRole('group', { name: PLATE, exact: true });
    const slot = (time: string): Locator => row.getByTitle(text.slotLabel(PLATE, time), { exact: true });
    await card(first.orderNumber).waitFor(LIVE);
    // The indicators of the row (traffic from the plan's slack).
    await row.getByTestId('vehicle-indicators').waitFor(LIVE);

    // ── Drag the order over the vehicle: its slots get colours, the hovered one its reason ───────
    const previews: number[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/drag-preview') previews.push(Date.now());
    });
    await card(first.orderNumber).hover();
    await page.mouse.down();
    await slot('06:00').hover();
    for (const time of ['06:30', '07:00', '07:30', '08:00']) await slot(time).hover();
    await expect.poll(() => row.locator('[data-preview]').count(), LIVE).toBeGreaterThan(20);
    const optimal = row.locator('[data-preview="optimal"]');
    expect(await optimal.count()).toBeGreaterThan(0);
    const target = optimal.first();
    const targetTime = (await target.getAttribute('data-time'))!;
    await target.hover({ position: { x: 10, y: 10 } });
    await target.hover({ position: { x: 12, y: 12 } });
    const tip = page.locator('.drag-preview-tip');
    await expect.poll(() => tip.textContent(), LIVE).toContain(`${insights.slotTime(targetTime)} · ${insights.previewColor.optimal}:`);
    if (shots) await page.screenshot({ path: `${shots}/dispatch-drag-preview.png` });
    // One vehicle hovered: one request, however many dragover events.
    expect(previews.length).toBe(1);
    const assigned = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/disposition/assign');
    await page.mouse.up();
    const assignment = await assigned;
    expect(assignment.status()).toBe(201);
    expect(JSON.parse(assignment.request().postData() ?? '{}')).toMatchObject({ scheduledTime: `${day}T${targetTime}` });
    const tourNumber = ((await assignment.json()) as { tour: { tourNumber: string } }).tour.tourNumber;
    await expectSuccess(page, messages.dispatch.success.assigned);
    expect(await row.locator('[data-preview]').count()).toBe(0);
    await expect.poll(() => tip.count()).toBe(0);

    // ── MOSI Disponent from the tour's menu: loading, then the suggestion; assign it ────────────
    const tourBlock = row.locator('[data-tour-id]').first();
    await tourBlock.waitFor(LIVE);
    await tourBlock.click({ button: 'right' });
    const menu = page.getByRole('menu', { name: text.tourMenu(tourNumber) });
    await menu.getByRole('menuitem', { name: insights.mosiMenu, exact: true }).click();
    const modal = page.getByRole('dialog', { name: insights.mosiTitle(tourNumber) });
    const suggestion = modal.getByTestId('mosi-suggestion').filter({ hasText: connection.orderNumber });
    await suggestion.waitFor(LIVE);
    expect(await modal.getByTestId('mosi-suggestion').first().getAttribute('data-order-id')).toBe(connection.id);
    await suggestion.getByText(/Leerfahrt 0 km/).first().waitFor();
    if (shots) await page.screenshot({ path: `${shots}/dispatch-mosi.png` });
    await suggestion.getByRole('button', { name: insights.mosiAssign }).click();
    await expectSuccess(page, insights.mosiAssigned(connection.orderNumber, tourNumber));
    await modal.waitFor({ state: 'detached' });
    await card(connection.orderNumber).waitFor({ state: 'detached', ...LIVE });
    await expect.poll(() => tourBlock.getAttribute('aria-label'), LIVE).toContain(text.orderCount(2));

    // ── The day's figures and the tour plan as PDF from the header ──────────────────────────────
    await expect.poll(() => page.getByTestId('day-stats').textContent(), LIVE).toContain(insights.stats(1, 2, '54', 1).split(' · ')[0]!);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: insights.tourPlanPdf, exact: true }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`${messages.tourPlan.fileName}_${day}.pdf`);
    const saved = join(files, file.suggestedFilename());
    await file.saveAs(saved);
    expect((await readFile(saved)).subarray(0, 4).toString('latin1')).toBe('%PDF');
    const { stdout: pdfText } = await run('pdftotext', ['-enc', 'UTF-8', '-layout', saved, '-']);
    expect(pdfText).toContain(messages.tourPlan.tour(tourNumber));
    expect(pdfText).toContain(PLATE);

    // ── Delete the tour from its menu, after the question: both orders are open again ───────────
    await tourBlock.click({ button: 'right' });
    await page.getByRole('menu', { name: text.tourMenu(tourNumber) }).getByRole('menuitem', { name: insights.deleteTourMenu, exact: true }).click();
    const confirm = page.getByRole('alertdialog', { name: insights.deleteTourTitle });
    await confirm.getByText(insights.deleteTourConfirm(tourNumber), { exact: true }).waitFor();
    if (shots) await page.screenshot({ path: `${shots}/dispatch-delete-confirm.png` });
    await confirm.getByRole('button', { name: insights.deleteTourButton, exact: true }).click();
    await expectSuccess(page, insights.tourDeleted(tourNumber));
    await expect.poll(() => row.locator('[data-tour-id]').count(), LIVE).toBe(0);
    await card(first.orderNumber).waitFor(LIVE);
    await card(connection.orderNumber).waitFor(LIVE);
    if (shots) await page.screenshot({ path: `${shots}/dispatch-after-delete.png` });
    await context.close();
  }, 300_000);
});
