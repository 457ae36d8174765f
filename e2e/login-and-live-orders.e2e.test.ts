import { messages } from '@dispo/domain/messages';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoOrderBody } from '../runtime/src/testing/demo-order';
import { createTestApp, type TestApp } from '../runtime/src/testing/test-app';
import { webClientBuilt } from '../runtime/src/web-client';
import { DEMO_BUSINESS, launchChromium } from './browser';
import { berlinDay, showDeliveryDays } from './order-list';

const shots = process.env.E2E_SCREENSHOTS;

describe('login, order list and live update in a real browser', () => {
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

  it('refuses a wrong password with the German message', async () => {
    const page = await browser.newPage();
    await page.goto(`${t.url}/login`);
    await page.getByLabel(messages.login.username).fill('dispo');
    await page.getByLabel(messages.login.password).fill('falsch');
    await page.getByRole('button', { name: messages.login.submit }).click();
    await expect.poll(() => page.getByText(messages.login.invalidCredentials).count()).toBe(1);
    if (shots) await page.screenshot({ path: `${shots}/login-error.png` });
    await page.close();
  });

  it('logs in as dispo, sees the order list and an order another user creates appears live', async () => {
    const other = await t.login('auftrag');
    // Delivered after every day of the demo business, so the list can be narrowed to these two.
    const own = berlinDay(60);
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { authorization: `Bearer ${other}` },
      payload: demoOrderBody({ delivery_date: own }),
    });
    const firstNumber = (first.json() as { order: { orderNumber: string } }).order.orderNumber;

    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(`${t.url}/`);
    await expect.poll(() => page.url()).toContain('/login');
    if (shots) await page.screenshot({ path: `${shots}/login.png` });
    await page.getByLabel(messages.login.username).fill('dispo');
    await page.getByLabel(messages.login.password).fill('demo1234');
    await page.keyboard.press('Enter');

    await page.getByRole('heading', { name: messages.orderTable.title }).waitFor();
    await showDeliveryDays(page, own);
    await page.getByText(firstNumber).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeTruthy();

    // Another user creates an order through the API; the open page shows it without a reload.
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { authorization: `Bearer ${other}` },
      payload: demoOrderBody({ delivery_date: own, delivery_time_fixed: '09:30' }),
    });
    const secondNumber = (second.json() as { order: { orderNumber: string } }).order.orderNumber;
    await page.getByText(secondNumber).waitFor({ timeout: 10_000 });
    await expect.poll(() => page.getByText(messages.orderTable.showing(1, 2, 2)).count()).toBe(1);
    if (shots) await page.screenshot({ path: `${shots}/orders.png`, fullPage: true });
    await page.close();
  });
});
