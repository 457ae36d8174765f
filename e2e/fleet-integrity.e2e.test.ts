import { messages } from '@dispo/domain/messages';
import { berlinDate } from '@dispo/domain/shared/berlin-date';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoId } from '../runtime/src/seed';
import { demoOrderBody } from '../runtime/src/testing/demo-order';
import { createTestApp, type TestApp } from '../runtime/src/testing/test-app';
import { webClientBuilt } from '../runtime/src/web-client';
import { launchChromium, loginPage } from './browser';

const shots = process.env.E2E_SCREENSHOTS;
const LIVE = { timeout: 15_000 };
const text = messages.fleetScreen;
const ss = messages.smartServiceScreen;

/** Issue 31 in a real browser: deleting a vehicle with tours names them and refuses; the plan greys out a vehicle in Wartung. */
describe('vehicles with tours and the workshop in a real browser (issue 31)', () => {
  let app: TestApp;
  let browser: Browser;
  let page: Page;
  const today = berlinDate(new Date());
  const numbers: string[] = [];

  beforeAll(async () => {
    if (!webClientBuilt()) throw new Error('web/dist fehlt: zuerst `npm run build` ausführen');
    app = await createTestApp({ listen: true, serveWeb: true });
    const token = await app.login('dispo');
    const send = async <T>(method: 'POST' | 'PATCH', url: string, payload: object) => {
      const res = await app.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, payload });
      expect(res.statusCode, res.body).toBeLessThan(300);
      return res.json() as T;
    };
    // KI-MS 301: a tour under way and one planned today (the audit's case); KI-MS 302: one at 21:00.
    const tourOn = async (plate: string, time: string) => {
      const { order } = await send<{ order: { id: string } }>('POST', '/api/orders', demoOrderBody({ delivery_date: today, quantity: 15 }));
      const { tourId } = await send<{ tourId: string }>('POST', '/api/disposition/assign', {
        orderId: order.id, vehicleId: demoId('vehicle', plate), scheduledTime: `${today}T${time}`, confirmWarnings: true,
      });
      return tourId;
    };
    const running = await tourOn('KI-MS 301', '21:30');
    await tourOn('KI-MS 301', '23:00');
    await send('PATCH', `/api/disposition/tours/${running}/status`, { status: 'in_progress' });
    await tourOn('KI-MS 302', '21:00');
    const res = await app.app.inject({ method: 'GET', url: `/api/disposition/tours/${today}`, headers: { authorization: `Bearer ${token}` } });
    const tours = (res.json() as { tours: { tour_number: string; vehicle_id: string; start_time: string }[] }).tours;
    numbers.push(...tours.filter((x) => x.vehicle_id === demoId('vehicle', 'KI-MS 301')).sort((a, b) => a.start_time.localeCompare(b.start_time)).map((x) => x.tour_number));
    expect(numbers).toHaveLength(2);
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('deleting a vehicle with a running and a planned tour names them and offers no delete', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'de-DE', timezoneId: 'Europe/Berlin' });
    page = await loginPage(context, app.url, 'fuhrpark', '/fuhrpark');
    await page.getByRole('article', { name: 'KI-MS 301' }).waitFor(LIVE);
    await page.getByRole('button', { name: text.actionOn(text.delete, 'KI-MS 301') }).first().click();
    const dialog = page.getByRole('alertdialog', { name: text.deleteVehicleTitle });
    const list = dialog.getByRole('list', { name: text.liveToursLabel });
    await list.waitFor(LIVE);
    const lines = await list.getByRole('listitem').allInnerTexts();
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain(numbers[0]);
    expect(lines[0]).toContain(messages.dispatch.tourStatus.in_progress);
    expect(lines[1]).toContain(numbers[1]);
    await dialog.getByText(text.vehicleHasLiveTours('KI-MS 301')).waitFor(LIVE);
    expect(await dialog.getByRole('button', { name: text.delete, exact: true }).count()).toBe(0);
    if (shots) await page.screenshot({ path: `${shots}/fleet-delete-vehicle-with-tours.png` });
    await dialog.getByRole('button', { name: messages.fleet.cancel }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('article', { name: 'KI-MS 301' }).waitFor(LIVE);

    // A vehicle without tours: the delete is offered as before.
    await page.getByRole('button', { name: text.actionOn(text.delete, 'IZ-MS 103') }).first().click();
    const free = page.getByRole('alertdialog', { name: text.deleteVehicleTitle });
    await free.getByRole('button', { name: text.delete, exact: true }).waitFor(LIVE);
    await free.getByRole('button', { name: messages.fleet.cancel }).click();
  }, 120_000);

  it('the redistribution plan greys out the vehicle in Wartung with the reason', async () => {
    await page.getByRole('button', { name: text.actionOn(messages.smartService.menuEntry, 'KI-MS 302') }).first().click();
    const dialog = page.getByRole('dialog', { name: ss.title('KI-MS 302') });
    await dialog.getByLabel(ss.appointmentTime).fill('21:00');
    const vehicles = dialog.getByRole('list', { name: ss.availableVehicles });
    await vehicles.waitFor(LIVE);
    const workshop = vehicles.getByRole('listitem').filter({ hasText: 'HH-MS 204' });
    await workshop.getByText(ss.vehicleInWorkshop('HH-MS 204', 'Wartung')).waitFor(LIVE);
    expect(await workshop.getAttribute('aria-disabled')).toBe('true');
    await workshop.scrollIntoViewIfNeeded();
    if (shots) await page.screenshot({ path: `${shots}/smart-service-plan-unsuitable.png` });
  }, 120_000);
});
