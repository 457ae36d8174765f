import { messages } from '@dispo/domain/messages';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoOrderBody } from '../runtime/src/testing/demo-order';
import { createTestApp, type TestApp } from '../runtime/src/testing/test-app';
import { webClientBuilt } from '../runtime/src/web-client';
import { berlinDay, launchChromium, loginPage } from './browser';

/**
 * Issue 31 in a real browser: a completed tour's menu offers neither "Auf 'Offen' setzen" nor
 * "Löschen" (its details say why), and completing a day whose plan has overlapping tours lists the
 * problems instead of completing it.
 */

const shots = process.env.E2E_SCREENSHOTS;
const text = messages.dispatchScreen;
const LIVE = { timeout: 15_000 };
// Vehicles of the demo catalogue released for dispatch (runtime/demo/catalog.json): data, not UI texts.
const FIRST = 'IZ-MS 101';
const SECOND = 'IZ-MS 102';

describe('tours and the dispatch day in a real browser (issue 31)', () => {
  let t: TestApp;
  let browser: Browser;
  let token = '';

  beforeAll(async () => {
    if (!webClientBuilt()) throw new Error('web/dist fehlt: zuerst `npm run build` ausführen');
    t = await createTestApp({ listen: true, serveWeb: true });
    browser = await launchChromium();
    token = await t.login('dispo');
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  async function api<T>(method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object): Promise<T> {
    const res = await t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.json() as T;
  }
  const vehicleId = async (plate: string) =>
    (
      await api<{ vehicles: { id: string; license_plate: string }[] }>('GET', `/api/disposition/vehicles?date=${berlinDay(0)}`)
    ).vehicles.find((v) => v.license_plate === plate)!.id;
  const plannedTour = async (date: string, vehicle: string, time: string) => {
    const order = (await api<{ order: { id: string } }>('POST', '/api/orders', demoOrderBody({ delivery_date: date }))).order;
    return api<{ tourId: string; tour: { tourNumber: string } }>('POST', '/api/disposition/assign', {
      orderId: order.id,
      vehicleId: vehicle,
      scheduledTime: `${date}T${time}`,
    });
  };
  const openDay = async (page: Page, day: string) => {
    const input = page.locator('input[type="date"]').and(page.getByLabel(text.date, { exact: true }));
    await input.fill(day);
    // Today is the page's default: the address names only another day.
    await expect.poll(() => new URL(page.url()).searchParams.get('datum') ?? input.inputValue()).toBe(day);
  };

  it('offers no reset or delete for a completed tour, and lists the problems of a plan instead of completing the day', async () => {
    const today = berlinDay(0);
    const first = await vehicleId(FIRST);
    const done = await plannedTour(today, first, '05:00');
    await api('PATCH', `/api/disposition/tours/${done.tourId}/status`, { status: 'in_progress' });
    await api('PATCH', `/api/disposition/tours/${done.tourId}/status`, { status: 'completed' });
    const planned = await plannedTour(today, first, '16:00');
    await api('POST', '/api/disposition/complete', { targetDate: today, sendTourPlan: false });

    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'de-DE', timezoneId: 'Europe/Berlin' });
    const page = await loginPage(context, t.url, 'dispo', '/disposition');
    await page.getByRole('heading', { level: 1, name: messages.areas.dispatchTitle }).waitFor();
    await openDay(page, today);

    // The planned tour's menu offers both; the completed tour's menu neither.
    await page.locator(`[data-tour-id="${planned.tourId}"]`).click({ button: 'right', ...LIVE });
    const plannedMenu = page.getByRole('menu', { name: text.tourMenu(planned.tour.tourNumber) });
    await plannedMenu.getByRole('menuitem', { name: messages.dispatch.resetToOpenMenu, exact: true }).waitFor();
    await page.keyboard.press('Escape');
    await plannedMenu.waitFor({ state: 'detached' });

    await page.locator(`[data-tour-id="${done.tourId}"]`).click({ button: 'right', ...LIVE });
    const menu = page.getByRole('menu', { name: text.tourMenu(done.tour.tourNumber) });
    await menu.getByRole('menuitem', { name: messages.dispatch.showDetails, exact: true }).waitFor();
    const items = await menu.getByRole('menuitem').allInnerTexts();
    expect(items).not.toContain(messages.dispatch.resetToOpenMenu);
    expect(items).not.toContain(messages.dispatchInsights.deleteTourMenu);
    if (shots) await page.screenshot({ path: `${shots}/tour-completed-menu.png` });

    // Its details say why, in place of the buttons.
    await menu.getByRole('menuitem', { name: messages.dispatch.showDetails, exact: true }).click();
    await page
      .getByTestId('tour-kept-reason')
      .getByText(messages.dispatch.completedTourKept(done.tour.tourNumber), { exact: true })
      .waitFor(LIVE);
    expect(await page.getByRole('button', { name: messages.dispatch.resetToOpen, exact: true }).count()).toBe(0);
    await page.keyboard.press('Escape');

    // The day was completed; resetting its planned tour marks it changed since the tour plan went out.
    expect(await page.getByTestId('plan-changed').count()).toBe(0);
    await page.locator(`[data-tour-id="${planned.tourId}"]`).click({ button: 'right', ...LIVE });
    await plannedMenu.getByRole('menuitem', { name: messages.dispatch.resetToOpenMenu, exact: true }).click();
    const confirm = page.getByRole('alertdialog', { name: text.confirm.title });
    await confirm.getByRole('button', { name: text.confirm.confirm, exact: true }).click();
    // The mark names the tour; the time of the change follows it.
    const mark = messages.dispatchInsights.changedSinceTourPlan(planned.tour.tourNumber, '§').split('§')[0]!;
    await expect
      .poll(
        () =>
          page
            .getByTestId('plan-changed')
            .textContent()
            .catch(() => ''),
        LIVE,
      )
      .toContain(mark);
    if (shots) await page.screenshot({ path: `${shots}/day-changed-since-plan.png` });

    // A later day with two overlapping tours of one truck: completing it lists the problem.
    const later = berlinDay(23);
    const second = await vehicleId(SECOND);
    const a = await plannedTour(later, second, '08:00');
    const b = await plannedTour(later, second, '08:30');
    await openDay(page, later);
    const complete = page.getByRole('button', { name: messages.dispatch.completeDay, exact: true });
    await expect.poll(() => complete.isEnabled(), LIVE).toBe(true);
    await complete.click();
    const dialog = page.getByRole('alertdialog', { name: messages.dispatchInsights.planProblemsTitle });
    await dialog.getByText(messages.dispatch.planHasProblems(1), { exact: true }).waitFor(LIVE);
    await dialog.getByText(messages.dispatch.toursOverlap(SECOND, a.tour.tourNumber, b.tour.tourNumber), { exact: true }).waitFor();
    if (shots) await page.screenshot({ path: `${shots}/day-completion-refused.png` });
    const day = await api<{ day: { completed: boolean } }>('GET', `/api/disposition/day/${later}`);
    expect(day.day.completed).toBe(false);
    await context.close();
  });
});
