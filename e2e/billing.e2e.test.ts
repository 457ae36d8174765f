import { messages } from '@dispo/domain/messages';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoOrderBody } from '../runtime/src/testing/demo-order';
import { createTestApp, type TestApp } from '../runtime/src/testing/test-app';
import { webClientBuilt } from '../runtime/src/web-client';
import { DEMO_BUSINESS, launchChromium, loginPage } from './browser';
import { berlinDay, showDeliveryDays } from './order-list';

const shots = process.env.E2E_SCREENSHOTS;
const LIVE = { timeout: 15_000 };
const text = messages.orderScreen;
const billing = messages.billingScreen;
/** Delivered after every day of the demo business, so the order table can be narrowed to it. */
const OWN_DAY = berlinDay(50);

describe('Abrechnung in a real browser: dispatcher and billing side by side', () => {
  let t: TestApp;
  let browser: Browser;

  beforeAll(async () => {
    if (!webClientBuilt()) throw new Error('web/dist fehlt: zuerst `npm run build` ausführen');
    t = await createTestApp({ listen: true, serveWeb: true, history: DEMO_BUSINESS });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('enters slip and weight through the confirm modal; billing sees it live, confirms, and takes it back with a reason', async () => {
    // A delivered order of the dispatcher's.
    const token = await t.login('dispo');
    const auth = { authorization: `Bearer ${token}` };
    const created = await t.app.inject({ method: 'POST', url: '/api/orders', headers: auth, payload: demoOrderBody({ delivery_date: OWN_DAY }) });
    const order = (created.json() as { order: { id: string; orderNumber: string } }).order;
    for (const status of ['disponiert', 'geliefert']) {
      expect((await t.app.inject({ method: 'PATCH', url: `/api/orders/${order.id}`, headers: auth, payload: { status } })).statusCode).toBe(200);
    }

    const viewport = { viewport: { width: 1440, height: 900 }, locale: 'de-DE', timezoneId: 'Europe/Berlin' };
    const dispoContext = await browser.newContext(viewport);
    const billingContext = await browser.newContext(viewport);
    const dispo = await loginPage(dispoContext, t.url, 'dispo', '/auftragsannahme');
    await showDeliveryDays(dispo, OWN_DAY);
    const row = dispo.getByRole('row').filter({ hasText: order.orderNumber });
    await row.waitFor(LIVE);

    const accountant = await loginPage(billingContext, t.url, 'abrechnung', '/abrechnung');
    await accountant.getByRole('heading', { name: billing.title }).waitFor();
    const pendingRow = accountant.getByRole('table', { name: billing.pendingTable }).getByRole('row').filter({ hasText: order.orderNumber });
    expect(await pendingRow.count()).toBe(0);

    // ── The dispatcher enters slip number and weight in the Abrechnung column ──────────────────
    await row.getByText(text.billingState.pending, { exact: true }).dblclick();
    const editor = dispo.getByRole('group', { name: text.deliveryDataEditor });
    await editor.waitFor();
    await editor.getByLabel(text.deliverySlipNumber).fill('LS-E2E-4711');
    await editor.getByLabel(text.actualWeight).fill('26.45');
    await editor.getByRole('button', { name: text.editorApply }).click();
    // §2.11: nothing is saved before the confirmation, which shows the order and both values.
    const confirm = dispo.getByRole('alertdialog', { name: text.confirmDeliveryDataTitle });
    await confirm.waitFor();
    await confirm.getByText(order.orderNumber).waitFor();
    await confirm.getByText('LS-E2E-4711').waitFor();
    await confirm.getByText('26,45 t').waitFor();
    if (shots) await dispo.screenshot({ path: `${shots}/billing-confirm-modal.png` });
    expect(await eventTypes(order.id)).not.toContain('OrderDeliveryDataRecorded');
    await confirm.getByRole('button', { name: text.confirmDeliveryDataSave }).click();
    await confirm.waitFor({ state: 'detached' });
    await row.getByText(text.billingState.processing, { exact: true }).waitFor(LIVE);

    // ── Billing sees it live and confirms it ────────────────────────────────────────────────────
    await pendingRow.waitFor(LIVE);
    await pendingRow.getByText('LS-E2E-4711').waitFor();
    if (shots) await accountant.screenshot({ path: `${shots}/billing-pending.png` });
    await accountant.getByRole('button', { name: billing.confirmOrder(order.orderNumber) }).click();
    await accountant.getByText(billing.confirmed(order.orderNumber)).waitFor(LIVE);
    await pendingRow.waitFor({ state: 'detached', ...LIVE });

    // The dispatcher's table shows it settled, and the row can no longer be selected.
    await row.getByText(messages.labels.orderStatus.abgerechnet, { exact: true }).first().waitFor(LIVE);
    const checkbox = row.getByRole('checkbox');
    await expect.poll(async () => (await checkbox.count()) === 0 || (await checkbox.first().isDisabled()), LIVE).toBe(true);

    // ── Billing takes it back with a reason: the order becomes a billing query ─────────────────
    await accountant.getByRole('tab', { name: /^Abgerechnet/ }).click();
    await accountant.getByRole('button', { name: billing.undoOrder(order.orderNumber) }).click();
    const undo = accountant.getByRole('dialog', { name: billing.undoTitle(order.orderNumber) });
    await undo.waitFor();
    await undo.getByRole('button', { name: billing.undo, exact: true }).click();
    await undo.getByText(messages.billing.reasonRequired).waitFor();
    await undo.getByLabel(billing.undoReason).fill('Gewicht laut Waagschein abweichend');
    await undo.getByRole('button', { name: billing.undo, exact: true }).click();
    await undo.waitFor({ state: 'detached' });
    await row.getByText(messages.labels.orderStatus.problem, { exact: true }).first().waitFor(LIVE);
    await accountant.getByRole('tab', { name: /^Offen/ }).click();
    await pendingRow.getByText('Gewicht laut Waagschein abweichend').waitFor(LIVE);
    if (shots) await accountant.screenshot({ path: `${shots}/billing-undone.png` });
    await dispoContext.close();
    await billingContext.close();
  });

  async function eventTypes(orderId: string): Promise<string[]> {
    return (await t.infra.store.readStream(`order-${orderId}`)).map((e) => e.type);
  }
});
