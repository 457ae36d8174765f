import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { messages } from '@dispo/domain/messages';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDemoCatalog } from '../runtime/src/demo-catalog';
import { demoOrderBody } from '../runtime/src/testing/demo-order';
import { createTestApp, type TestApp } from '../runtime/src/testing/test-app';
import { webClientBuilt } from '../runtime/src/web-client';
import { DEMO_BUSINESS, launchChromium } from './browser';
import { berlinDay, showDeliveryDays } from './order-list';

/**
 * Issue 3, Tests: the Auftragsannahme in a real browser. `dispo` creates an order through the full
 * form, finds it by search, edits quantity and status inline, duplicates it, downloads its PDF and
 * deletes the duplicate; `auftrag`, open in a second browser context at the same time, sees every
 * change live without reloading.
 */

const run = promisify(execFile);
const shots = process.env.E2E_SCREENSHOTS;
const text = messages.orderScreen;
const LIVE = { timeout: 15_000 };
/** This test's orders are delivered from this many days ahead, after every day of the demo business. */
const OWN_DAYS = 40;

// The demo catalogue's names (data, not UI texts): the route of the order the form creates.
const catalog = loadDemoCatalog();
const LOADING_PLANT = 'Zementwerk Lägerdorf';
const LOADING_POINT = 'Silo 1';
const DELIVERY_PLANT = 'Betonwerk Kiel';
const MATERIAL = 'CEM I 42,5 R';

/** Quantities as the table shows them (`27 t`, `34,5 t`). */
const quantityText = (quantity: number) =>
  `${new Intl.NumberFormat('de-DE', { maximumFractionDigits: 2 }).format(quantity)} ${messages.labels.unitShort.to}`;

/** A Berlin calendar day `days` from today, 'YYYY-MM-DD'. */

/** The grid row of an order (ag-grid rows carry role row). */
const rowOf = (page: Page, orderNumber: string): Locator => page.getByRole('row').filter({ hasText: orderNumber });

/** Texts of the page's messages (success: role status, error: role alert). */
const flashTexts = (page: Page) => page.getByRole('status').or(page.getByRole('alert')).allInnerTexts();

/** Waits for a success message; the poll's failure shows what the page said instead (e.g. an error). */
async function expectFlash(page: Page, message: string): Promise<void> {
  await expect.poll(() => flashTexts(page), LIVE).toEqual(expect.arrayContaining([expect.stringContaining(message)]));
}

/** Closes a success message, so a later identical one is really new. It may vanish on its own (after 3 s) first. */
async function dismissFlash(page: Page, message: string): Promise<void> {
  const flash = page.getByRole('status').filter({ hasText: message });
  await flash
    .getByRole('button', { name: text.dismissMessage })
    .click({ timeout: 2_000 })
    .catch(() => undefined);
  await flash.waitFor({ state: 'detached' });
}

async function loginThroughPage(context: BrowserContext, url: string, username: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${url}/`);
  await expect.poll(() => page.url()).toContain('/login');
  await page.getByLabel(messages.login.username).fill(username);
  await page.getByLabel(messages.login.password).fill('demo1234');
  await page.getByRole('button', { name: messages.login.submit }).click();
  await page.getByRole('heading', { name: messages.orderTable.title }).waitFor();
  return page;
}

describe('Auftragsannahme in a real browser, watched live from a second one', () => {
  let t: TestApp;
  let browser: Browser;
  let downloads: string;

  beforeAll(async () => {
    if (!webClientBuilt()) throw new Error('web/dist fehlt: zuerst `npm run build` ausführen');
    for (const plant of [LOADING_PLANT, DELIVERY_PLANT]) expect(catalog.plants.map((p) => p.name)).toContain(plant);
    expect(catalog.loadingPoints).toContainEqual(expect.objectContaining({ plant: LOADING_PLANT, name: LOADING_POINT }));
    expect(catalog.materials.map((m) => m.name)).toContain(MATERIAL);
    t = await createTestApp({ listen: true, serveWeb: true, history: DEMO_BUSINESS });
    browser = await launchChromium();
    downloads = await mkdtemp(join(tmpdir(), 'dispo-e2e-orders-'));
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
    if (downloads) await rm(downloads, { recursive: true, force: true });
  });

  it('creates, finds, edits inline, changes status, duplicates, downloads the PDF and deletes; the second browser sees it all live', async () => {
    // Two orders of a colleague, so the search has something to leave out.
    const colleague = await t.login('auftrag');
    const others: string[] = [];
    for (const day of [OWN_DAYS + 5, OWN_DAYS + 6]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: { authorization: `Bearer ${colleague}` },
        payload: demoOrderBody({ delivery_date: berlinDay(day) }),
      });
      expect(res.statusCode).toBe(201);
      others.push((res.json() as { order: { orderNumber: string } }).order.orderNumber);
    }

    const viewport = { viewport: { width: 1440, height: 900 }, locale: 'de-DE', timezoneId: 'Europe/Berlin' };
    const dispoContext = await browser.newContext({ ...viewport, acceptDownloads: true });
    const watchContext = await browser.newContext(viewport);
    const page = await loginThroughPage(dispoContext, t.url, 'dispo');
    const watch = await loginThroughPage(watchContext, t.url, 'auftrag');
    for (const p of [page, watch]) await showDeliveryDays(p, berlinDay(OWN_DAYS));
    for (const p of [page, watch]) for (const number of others) await rowOf(p, number).waitFor();
    // Set once; a reload of the watching page would lose it.
    await watch.evaluate(() => Object.assign(window, { __dispoNoReload: true }));

    // ── Create through the full form (Neuer Auftrag) ─────────────────────────────────────────────
    await page.getByRole('button', { name: text.newOrder, exact: true }).click();
    const form = page.getByRole('dialog', { name: text.newTitle });
    await form.waitFor();
    await form.getByLabel(text.loadingPlant).selectOption({ label: LOADING_PLANT });
    await form.getByLabel(text.loadingPoint).selectOption({ label: LOADING_POINT });
    await form.getByLabel(text.deliveryPlant).selectOption({ label: DELIVERY_PLANT });
    const material = form.getByRole('combobox', { name: text.material, exact: true });
    await material.fill(MATERIAL.slice(0, 5));
    await form.getByRole('listbox', { name: text.material }).getByRole('option').filter({ hasText: MATERIAL }).click();
    await expect.poll(() => material.inputValue()).toBe(MATERIAL);
    await form.getByRole('spinbutton', { name: text.quantity, exact: true }).fill('28');
    const deliveryDate = berlinDay(OWN_DAYS + 3);
    await form.getByLabel(text.deliveryDate).fill(deliveryDate);
    await form.getByLabel(text.timeFixed).fill('09:30');
    if (shots) await page.screenshot({ path: `${shots}/order-form.png` });

    const created = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/orders' && res.request().method() === 'POST');
    await form.getByRole('button', { name: text.save }).click();
    const createdAnswer = await created;
    expect(createdAnswer.status()).toBe(201);
    const { order } = (await createdAnswer.json()) as {
      order: { id: string; orderNumber: string; deliveryDate: string; deliveryTimeFixed: string };
    };
    expect(order.deliveryDate.slice(0, 10)).toBe(deliveryDate);
    expect(order.deliveryTimeFixed.slice(0, 5)).toBe('09:30');
    const number = order.orderNumber;
    await form.waitFor({ state: 'detached' });
    await expectFlash(page, messages.success.orderCreated);
    await rowOf(page, number).waitFor();
    await rowOf(page, number).getByText(LOADING_PLANT).waitFor();
    await rowOf(page, number).getByText(quantityText(28), { exact: true }).waitFor();
    // Live: the new order appears in the second browser.
    await rowOf(watch, number).getByText(quantityText(28), { exact: true }).waitFor(LIVE);
    await rowOf(watch, number).getByText(messages.labels.orderStatus.offen, { exact: true }).waitFor();
    await dismissFlash(page, messages.success.orderCreated);

    // ── Find it by the search box ────────────────────────────────────────────────────────────────
    // §2.3: with the text entry and the additional search on (the defaults), the search is the bar under the entry.
    const search = page.getByRole('combobox', { name: messages.filters.searchExisting });
    await search.fill(number);
    await search.press('Enter');
    await expect.poll(() => page.getByTestId('visible-count').textContent(), LIVE).toBe(text.visibleOfLoaded(1, 1));
    await rowOf(page, number).waitFor();
    for (const other of others) await expect.poll(() => rowOf(page, other).count()).toBe(0);

    // ── Edit the quantity inline (double-click on the quantity) ──────────────────────────────────
    await rowOf(page, number).getByText(quantityText(28), { exact: true }).dblclick();
    const materialEditor = page.getByRole('group', { name: messages.orderTable.columns.routeAndMaterial });
    await materialEditor.waitFor();
    await materialEditor.getByRole('spinbutton', { name: text.quantity }).fill('34.5');
    await materialEditor.getByRole('button', { name: text.editorApply }).click();
    await materialEditor.waitFor({ state: 'detached' });
    await expectFlash(page, messages.success.orderUpdated);
    await rowOf(page, number).getByText(quantityText(34.5), { exact: true }).waitFor(LIVE);
    await rowOf(watch, number).getByText(quantityText(34.5), { exact: true }).waitFor(LIVE);
    await dismissFlash(page, messages.success.orderUpdated);

    // ── Change the status inline ─────────────────────────────────────────────────────────────────
    await rowOf(page, number).getByText(messages.labels.orderStatus.offen, { exact: true }).dblclick();
    const statusEditor = page.getByRole('radiogroup', { name: messages.orderTable.columns.status });
    await statusEditor.waitFor();
    await statusEditor.getByRole('radio', { name: messages.labels.orderStatus.geplant, exact: true }).click();
    await statusEditor.waitFor({ state: 'detached' });
    await expectFlash(page, messages.success.orderUpdated);
    await rowOf(page, number).getByText(messages.labels.orderStatus.geplant, { exact: true }).waitFor(LIVE);
    await rowOf(watch, number).getByText(messages.labels.orderStatus.geplant, { exact: true }).waitFor(LIVE);
    // Only open orders can be deleted: the planned one has no delete button any more.
    const deleteOriginal = page.getByRole('button', { name: `${text.actionDelete} ${number}` });
    await expect.poll(() => deleteOriginal.count()).toBe(0);
    await dismissFlash(page, messages.success.orderUpdated);

    // ── Back to the whole list, then duplicate ───────────────────────────────────────────────────
    await search.fill('');
    await search.press('Enter');
    await expect.poll(() => page.getByTestId('visible-count').textContent(), LIVE).toBe(text.visibleOfLoaded(3, 3));

    const duplicated = page.waitForResponse(
      (res) => new URL(res.url()).pathname === `/api/orders/${order.id}/duplicate` && res.request().method() === 'POST',
    );
    await page.getByRole('button', { name: `${text.actionDuplicate} ${number}` }).click();
    const duplicatedAnswer = await duplicated;
    expect(duplicatedAnswer.status()).toBe(201);
    const duplicateNumber = ((await duplicatedAnswer.json()) as { order: { orderNumber: string } }).order.orderNumber;
    expect(duplicateNumber).not.toBe(number);
    // `Auftrag erfolgreich dupliziert. Neue Auftragsnummer: {number}`
    await expectFlash(page, messages.success.orderDuplicated(duplicateNumber));
    // The copy is a new open order with the edited quantity, in both browsers.
    for (const p of [page, watch]) {
      await rowOf(p, duplicateNumber).getByText(quantityText(34.5), { exact: true }).waitFor(LIVE);
      await rowOf(p, duplicateNumber).getByText(messages.labels.orderStatus.offen, { exact: true }).waitFor();
    }
    await expect.poll(() => page.getByTestId('visible-count').textContent(), LIVE).toBe(text.visibleOfLoaded(4, 4));

    // ── Download the order's PDF ─────────────────────────────────────────────────────────────────
    const downloadEvent = page.waitForEvent('download');
    await page.getByRole('button', { name: `${text.actionPdf} ${number}` }).click();
    const download = await downloadEvent;
    const fileName = `${messages.orderPdf.fileOrder}_${number}.pdf`;
    expect(download.suggestedFilename()).toBe(fileName);
    const saved = join(downloads, fileName);
    await download.saveAs(saved);
    const bytes = await readFile(saved);
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');
    const { stdout: pdfText } = await run('pdftotext', ['-enc', 'UTF-8', saved, '-']);
    expect(pdfText).toContain(number);
    expect(pdfText).toContain(messages.orderPdf.title);
    expect(pdfText).toContain(MATERIAL);

    // ── Delete the duplicate (open) through the delete dialog ────────────────────────────────────
    await page.getByRole('button', { name: `${text.actionDelete} ${duplicateNumber}` }).click();
    const dialog = page.getByRole('alertdialog', { name: text.deleteTitle(duplicateNumber) });
    await dialog.waitFor();
    expect(await dialog.getByRole('radio', { name: text.deletePermanent }).isChecked()).toBe(true);
    if (shots) await page.screenshot({ path: `${shots}/order-delete.png` });
    await dialog.getByRole('button', { name: messages.orderDetail.delete, exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await expectFlash(page, messages.success.orderDeleted);
    await rowOf(page, duplicateNumber).waitFor({ state: 'detached', ...LIVE });
    await rowOf(watch, duplicateNumber).waitFor({ state: 'detached', ...LIVE });
    await expect.poll(() => watch.getByTestId('visible-count').textContent(), LIVE).toBe(text.visibleOfLoaded(3, 3));
    // The original stays, planned, with its new quantity.
    await rowOf(watch, number).getByText(messages.labels.orderStatus.geplant, { exact: true }).waitFor();
    await rowOf(watch, number).getByText(quantityText(34.5), { exact: true }).waitFor();

    // The watching page saw all of it without a reload.
    expect(await watch.evaluate(() => (window as unknown as { __dispoNoReload?: boolean }).__dispoNoReload)).toBe(true);
    if (shots) await watch.screenshot({ path: `${shots}/orders-watch.png`, fullPage: true });
    await dispoContext.close();
    await watchContext.close();
  });
  it('turns a phone note typed above the table into two orders at 7 and 9 Uhr, created with Enter', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'de-DE', timezoneId: 'Europe/Berlin' });
    const page = await loginThroughPage(context, t.url, 'dispo');
    await showDeliveryDays(page, berlinDay(1), berlinDay(1));
    const before = await page.getByTestId('visible-count').textContent();

    const entry = page.getByRole('combobox', { name: messages.orderText.entry.label });
    await entry.fill('Nordbeton braucht morgen 2 LKW Kies 8/16 von Moorburg nach Betonwerk Kiel, 7 und 9 Uhr');
    const card = page.getByText(messages.naturalLanguage.recognised, { exact: true });
    await card.waitFor(LIVE);
    const rows = page.getByRole('group', { name: /^Auftrag \d von 2$/ });
    await expect.poll(() => rows.count(), LIVE).toBe(2);
    // Moorburg has two heaps and the note names none: the dispatcher picks one in each row.
    for (const row of await rows.all()) await row.getByLabel(text.loadingPoint).selectOption({ label: 'Halde Nord' });
    if (shots) await page.screenshot({ path: `${shots}/order-text.png` });

    await entry.press('Enter');
    await expectFlash(page, messages.orderText.created(2));
    await card.waitFor({ state: 'detached', ...LIVE });

    // Both orders are in the table, for tomorrow, at 07:00 and 09:00, with the recognised route.
    const tomorrow = berlinDay(1);
    const token = await t.login('dispo');
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/orders?search=Nordbeton&dateFrom=${tomorrow}&dateTo=${tomorrow}&limit=200`,
      headers: { authorization: `Bearer ${token}` },
    });
    interface ListedOrder {
      orderNumber: string;
      deliveryDate: string;
      deliveryTimeFixed: string | null;
      plant: { name: string } | null;
      deliveryPlant: { name: string } | null;
      loadingPoint: { name: string } | null;
      material: { name: string } | null;
      customer: { company: string } | null;
    }
    const created = (res.json() as { orders: ListedOrder[] }).orders.filter(
      (order) => order.deliveryDate === tomorrow && order.customer?.company === 'Nordbeton GmbH' && order.material?.name === 'Kies 8/16',
    );
    expect(
      created.map((order) => [order.deliveryTimeFixed, order.plant?.name, order.loadingPoint?.name, order.deliveryPlant?.name, order.material?.name]).sort(),
    ).toEqual([
      ['07:00', 'Kieswerk Moorburg', 'Halde Nord', 'Betonwerk Kiel', 'Kies 8/16'],
      ['09:00', 'Kieswerk Moorburg', 'Halde Nord', 'Betonwerk Kiel', 'Kies 8/16'],
    ]);
    for (const order of created) await rowOf(page, order.orderNumber).waitFor(LIVE);
    expect(await page.getByTestId('visible-count').textContent()).not.toBe(before);
    await context.close();
  });
});
