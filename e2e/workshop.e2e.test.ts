import { readFile } from 'node:fs/promises';
import { messages } from '@dispo/domain/messages';
import { addDays, berlinDate } from '@dispo/domain/shared/berlin-date';
import { pdfToText } from '@dispo/projection-service/pdf/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoId } from '../runtime/src/seed';
import { createTestApp, type TestApp } from '../runtime/src/testing/test-app';
import { webClientBuilt } from '../runtime/src/web-client';
import { DEMO_BUSINESS, launchChromium, loginPage } from './browser';

const LIVE = { timeout: 15_000 };
const w = messages.workshop;
const ws = messages.workshopScreen;

describe('Werkstatttermine in a real browser', () => {
  let t: TestApp;
  let browser: Browser;
  const today = berlinDate(new Date());
  const tomorrow = addDays(today, 1);
  const viewport = { viewport: { width: 1440, height: 900 }, locale: 'de-DE', timezoneId: 'Europe/Berlin', acceptDownloads: true };

  beforeAll(async () => {
    if (!webClientBuilt()) throw new Error('web/dist fehlt: zuerst `npm run build` ausführen');
    t = await createTestApp({ listen: true, serveWeb: true, history: DEMO_BUSINESS });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  /** Steps 1 and 2 of the planning wizard of a vehicle, the notes naming the trailer. */
  async function planUpToNotes(page: Page, plate: string, date: string) {
    await page.getByRole('button', { name: messages.fleetScreen.actionOn(ws.planAction, plate) }).first().click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByRole('button', { name: ws.next }).isDisabled()).toBe(true);
    await dialog.getByLabel('HU', { exact: true }).check();
    await dialog.getByRole('button', { name: ws.next }).click();
    await dialog.getByLabel(ws.date).fill(date);
    await dialog.getByLabel(ws.notes).fill('Auflieger Bremsen prüfen');
    await dialog.getByTestId('trailer-suggestion').waitFor(LIVE);
    return dialog;
  }

  const api = async <T>(url: string) => {
    const token = await t.login('audit');
    return (await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } })).json() as T;
  };

  it('plans through the wizard (trailer suggestion undone once, accepted once) and the Disposition marks the vehicle for tomorrow', async () => {
    const context = await browser.newContext(viewport);
    const page = await loginPage(context, t.url, 'fuhrpark', '/fuhrpark');
    const flash = (message: string) => page.getByText(message, { exact: true }).waitFor(LIVE);

    // Undone: the appointment stays the vehicle's.
    let dialog = await planUpToNotes(page, 'IZ-MS 101', tomorrow);
    await dialog.getByRole('button', { name: w.yes, exact: true }).click();
    await dialog.getByText(w.appointmentForTrailer('IZ-MA 501')).waitFor(LIVE);
    await dialog.getByRole('button', { name: w.undo }).click();
    await expect.poll(() => dialog.getByText(w.appointmentForTrailer('IZ-MA 501')).count()).toBe(0);
    await dialog.getByRole('button', { name: ws.next }).click();
    await expect.poll(() => dialog.getByRole('button', { name: w.createAppointment }).isDisabled()).toBe(true);
    // The catalogue's workshops, nearest first (IZ-MS 101 is at home in Lägerdorf).
    await dialog.getByRole('radio', { name: /Volvo Trucks Center Itzehoe/ }).check();
    await dialog.getByRole('button', { name: w.createAppointment }).click();
    await flash(w.planned('IZ-MS 101'));

    // Accepted: the coupled trailer's, with 'Andere' and its name.
    dialog = await planUpToNotes(page, 'IZ-MS 101', addDays(today, 4));
    await dialog.getByRole('button', { name: w.yes, exact: true }).click();
    await dialog.getByText(w.appointmentForTrailer('IZ-MA 501')).waitFor(LIVE);
    await dialog.getByRole('button', { name: ws.next }).click();
    await dialog.getByLabel(w.otherWorkshop, { exact: true }).check();
    await dialog.getByText(w.customWorkshopRequired).waitFor(LIVE);
    expect(await dialog.getByRole('button', { name: w.createAppointment }).isDisabled()).toBe(true);
    await dialog.getByLabel(ws.customWorkshop).fill('Kfz Schmidt Itzehoe');
    await dialog.getByRole('button', { name: w.createAppointment }).click();
    await flash(w.planned('IZ-MA 501'));
    const trailer = await api<{ upcoming: { customWorkshop: string | null; originalVehicleId: string | null; detectedKeywords: string[] }[] }>(
      `/api/auflieger/${demoId('trailer', 'IZ-MA 501')}/appointments`,
    );
    expect(trailer.upcoming).toContainEqual(
      expect.objectContaining({ customWorkshop: 'Kfz Schmidt Itzehoe', originalVehicleId: demoId('vehicle', 'IZ-MS 101'), detectedKeywords: ['auflieger'] }),
    );

    const dispoContext = await browser.newContext(viewport);
    const dispo = await loginPage(dispoContext, t.url, 'dispo', '/disposition');
    const row = dispo.locator(`[data-vehicle-id="${demoId('vehicle', 'IZ-MS 101')}"]`);
    await row.waitFor(LIVE);
    await row.getByRole('img', { name: messages.dispatchScreen.workshopTomorrow('09:00') }).waitFor(LIVE);
    await dispoContext.close();
    await context.close();
  }, 180_000);

  it('opens an appointment from the vehicle details, edits it with the §5 checks, and shows the history details in German', async () => {
    const context = await browser.newContext(viewport);
    const page = await loginPage(context, t.url, 'fuhrpark', '/fuhrpark');
    await page.getByRole('button', { name: messages.fleetScreen.actionOn(messages.fleetScreen.details, 'IZ-MS 102') }).first().click();
    const detail = page.getByRole('dialog', { name: /IZ-MS 102/ });
    await detail.getByText(ws.upcoming).waitFor(LIVE);
    await detail.getByRole('button', { name: new RegExp(`^${ws.detailsAction}: SP`) }).first().click();
    const appointment = page.getByRole('dialog', { name: /Werkstatttermin SP/ });
    await appointment.getByText('MAN Truck & Bus Service Neumünster').waitFor(LIVE);
    await appointment.getByRole('button', { name: ws.edit }).click();

    const edit = page.getByRole('dialog', { name: new RegExp(w.editTitle) });
    await edit.getByRole('group', { name: ws.suggestedFor('MAN') }).waitFor(LIVE);
    await edit.getByLabel(ws.stepType).selectOption('Schnellreparatur');
    await edit.getByLabel(ws.date).fill(addDays(today, -1));
    await edit.getByRole('button', { name: ws.save }).click();
    await edit.getByText(w.dateInPast).waitFor(LIVE);
    await edit.getByText(w.locationRequired).waitFor(LIVE);
    await edit.getByLabel(ws.stepType).selectOption('Reparatur');
    await edit.getByLabel(ws.date).fill(addDays(today, 2));
    await edit.getByRole('group', { name: ws.suggestedFor('MAN') }).getByRole('button', { name: /Hamburg-Moorfleet/ }).click();
    await edit.getByRole('button', { name: ws.save }).click();
    await page.getByText(w.updated, { exact: true }).waitFor(LIVE);
    await page.screenshot({ path: '/tmp/e2e-appointment-edited.png' });
    const after = await api<{ upcoming: { type: string; date: string; workshop: string }[] }>(`/api/vehicles/${demoId('vehicle', 'IZ-MS 102')}/appointments`);
    expect(after.upcoming).toContainEqual(expect.objectContaining({ type: 'Reparatur', date: addDays(today, 2), workshop: 'MAN Truck & Bus Service Hamburg-Moorfleet' }));

    await detail.getByRole('button', { name: w.vehicleHistory }).click();
    const history = page.getByRole('dialog', { name: ws.historyTitle('IZ-MS 102') });
    const changed = history.locator('.workshop-timeline__entry', { hasText: ws.rescheduledTitle }).first();
    await changed.waitFor(LIVE);
    await changed.getByRole('button', { name: ws.showDetails }).click();
    await changed.getByText('SP → Reparatur Allgemein').waitFor(LIVE);
    expect(await changed.locator('.workshop-timeline__details').textContent()).not.toContain('{');
    await page.screenshot({ path: '/tmp/e2e-history-details.png' });
    await context.close();
  }, 180_000);

  it('completes an appointment with invoice and follow-up, and downloads the trailer history as a PDF', async () => {
    const context = await browser.newContext(viewport);
    const page = await loginPage(context, t.url, 'fuhrpark', '/fuhrpark');
    await page.getByRole('button', { name: messages.fleetScreen.actionOn(ws.completeAction, 'HH-MS 203') }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(ws.tookPlace).waitFor(LIVE);
    await dialog.getByLabel(w.yes, { exact: true }).check();
    await dialog.getByRole('button', { name: ws.next }).click();
    await dialog.getByText(ws.hasInvoice).waitFor(LIVE);
    await dialog.getByLabel(w.yes, { exact: true }).check();
    await dialog.getByRole('button', { name: ws.next }).click();
    await expect.poll(() => dialog.getByRole('button', { name: ws.next }).isDisabled()).toBe(true);
    await dialog.getByLabel(ws.invoiceAmount).fill('250.40');
    await dialog.getByRole('button', { name: ws.next }).click();
    await dialog.getByText(ws.followUpNeeded).waitFor(LIVE);
    await expect.poll(() => dialog.getByRole('button', { name: ws.finish }).isDisabled()).toBe(true);
    await dialog.getByLabel(w.yes, { exact: true }).check();
    await dialog.getByLabel(ws.followUpDate).fill(addDays(today, 6));
    await dialog.getByRole('button', { name: ws.finish }).click();
    await page.getByText(w.completed, { exact: true }).waitFor(LIVE);
    const after = await api<{ upcoming: { date: string; followUpOf: string | null }[]; past: { completionData: { invoiceAmount: number } | null }[] }>(
      `/api/vehicles/${demoId('vehicle', 'HH-MS 203')}/appointments`,
    );
    expect(after.past[0]?.completionData?.invoiceAmount).toBe(250.4);
    expect(after.upcoming).toContainEqual(expect.objectContaining({ date: addDays(today, 6), followUpOf: demoId('appointment', 'kundendienst-hh-ms-203') }));

    await page.getByRole('tab', { name: new RegExp(messages.fleet.tabs.trailers) }).click();
    await page.getByRole('button', { name: messages.fleetScreen.actionOn(ws.historyAction, 'HH-MA 602') }).click();
    const history = page.getByRole('dialog');
    await history.locator('.workshop-timeline__title', { hasText: 'Werkstatttermin abgeschlossen' }).first().waitFor(LIVE);
    const [download] = await Promise.all([page.waitForEvent('download'), history.getByRole('button', { name: ws.pdfExport }).click()]);
    expect(download.suggestedFilename()).toMatch(/^Aufliegerhistorie_HH-MA_602_.*\.pdf$/);
    const text = (await pdfToText(await readFile((await download.path())!))).replace(/\s+/g, ' ');
    expect(text).toContain('Aufliegerhistorie HH-MA 602');
    expect(text).toContain('Werkstatttermin abgeschlossen');
    expect(text).toContain('640,00');
    await context.close();
  }, 180_000);
});
