import { readFile } from 'node:fs/promises';
import { messages } from '@dispo/domain/messages';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { samplePdf } from '../runtime/src/testing/multipart';
import { createTestApp, type TestApp } from '../runtime/src/testing/test-app';
import { webClientBuilt } from '../runtime/src/web-client';
import { DEMO_BUSINESS, launchChromium } from './browser';

const shots = process.env.E2E_SCREENSHOTS;
const text = messages.fleetScreen;
const spec = messages.fleet;

interface Vehicle {
  id: string;
  license_plate: string;
  vehicle_type: string;
  make_model: string;
  enabled_for_dispatch: boolean;
  fuel_consumption: number | null;
  home_location_postal_code: string | null;
}
interface Trailer {
  id: string;
  kennzeichen: string;
  zugmaschineId: string | null;
  zugmaschine: { licensePlate: string } | null;
}

describe('Fuhrparkverwaltung in a real browser', () => {
  let t: TestApp;
  let browser: Browser;
  let page: Page;
  let token: string;

  const api = async <T>(url: string): Promise<T> => {
    const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as T;
  };
  const vehicleByPlate = async (plate: string) =>
    (await api<{ vehicles: Vehicle[] }>('/api/vehicles')).vehicles.find((vehicle) => vehicle.license_plate === plate);
  const shot = async (name: string) => {
    if (shots) await page.screenshot({ path: `${shots}/${name}.png` });
  };

  beforeAll(async () => {
    if (!webClientBuilt()) throw new Error('web/dist fehlt: zuerst `npm run build` ausführen');
    t = await createTestApp({ listen: true, serveWeb: true, history: DEMO_BUSINESS });
    token = await t.login('fuhrpark');
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1440, height: 900 }, acceptDownloads: true });
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('logs in as fuhrpark and opens the Fuhrparkverwaltung', async () => {
    await page.goto(`${t.url}/login`);
    await page.getByLabel(messages.login.username).fill('fuhrpark');
    await page.getByLabel(messages.login.password).fill('demo1234');
    await page.keyboard.press('Enter');
    await page.getByRole('link', { name: messages.navigation.fleet }).click();
    await page.getByRole('heading', { name: messages.areas.fleetTitle }).waitFor();
    await page.getByRole('article', { name: 'IZ-MS 101' }).waitFor();
    await expect.poll(() => page.getByTestId('count-vehicles').textContent()).toBe('12');
    await shot('fleet-vehicles');
  });

  it('creates a vehicle through the form', async () => {
    await page.getByRole('button', { name: spec.newVehicle }).click();
    const dialog = page.getByRole('dialog', { name: spec.newVehicle });
    await dialog.getByLabel(text.fields.licensePlate, { exact: true }).fill('rd-ft 900');
    await dialog.getByLabel(text.fields.vehicleType, { exact: true }).selectOption('zugmaschine');
    await dialog.getByLabel(text.fields.makeModel, { exact: true }).fill('MAN TGX 18.510');
    await dialog.getByLabel(text.fields.year, { exact: true }).fill('2024');
    await dialog.getByLabel(text.fields.fuelConsumption, { exact: true }).fill('28.4');
    await dialog.getByLabel(text.fields.postalCode, { exact: true }).fill('245349999');
    await dialog.getByLabel(text.fields.city, { exact: true }).fill('Neumünster');
    await dialog.getByRole('combobox', { name: text.fields.driver }).fill('berg');
    await dialog.getByRole('option', { name: /Frank Berger/ }).click();
    await shot('fleet-vehicle-form');
    await dialog.getByRole('button', { name: spec.create }).click();

    await page.getByText(spec.vehicleCreated).waitFor();
    await page.getByRole('article', { name: 'RD-FT 900' }).waitFor();
    const created = await vehicleByPlate('RD-FT 900');
    expect(created).toMatchObject({
      vehicle_type: 'zugmaschine',
      make_model: 'MAN TGX 18.510',
      fuel_consumption: 28.4,
      // The postal code input takes 5 characters only.
      home_location_postal_code: '24534',
      enabled_for_dispatch: false,
    });
    await shot('fleet-vehicle-created');
  });

  it('toggles dispatch for two vehicles in bulk', async () => {
    expect((await vehicleByPlate('B-MS 402'))?.enabled_for_dispatch).toBe(false);
    await page.getByRole('checkbox', { name: text.selectVehicle('RD-FT 900') }).check();
    await page.getByRole('checkbox', { name: text.selectVehicle('B-MS 402') }).check();
    await page.getByText(text.selectedCount(2)).waitFor();
    await page.getByRole('button', { name: spec.toggleDispatch }).click();
    await page.getByText(spec.vehiclesUpdated(2)).waitFor();
    await expect.poll(async () => (await vehicleByPlate('RD-FT 900'))?.enabled_for_dispatch).toBe(true);
    expect((await vehicleByPlate('B-MS 402'))?.enabled_for_dispatch).toBe(true);
    await page.getByRole('article', { name: 'RD-FT 900' }).getByText(spec.dispatchActive).waitFor();
    await shot('fleet-bulk-dispatch');
  });

  it('creates a trailer bound to a tractor', async () => {
    await page.getByRole('button', { name: spec.newTrailer }).click();
    const dialog = page.getByRole('dialog', { name: spec.newTrailer });
    await dialog.getByLabel(text.fields.licensePlate, { exact: true }).fill('RD-FA 901');
    await dialog.getByLabel(text.fields.trailerType, { exact: true }).selectOption('liegendsilo');
    const tractor = dialog.getByLabel(text.fields.tractor, { exact: true });
    // Only tractor units are offered.
    expect(await tractor.locator('option').allTextContents()).not.toContain('HH-MS 203 – MAN TGS 35.440 Kipper');
    await tractor.selectOption({ label: 'RD-FT 900 – MAN TGX 18.510' });
    await dialog.getByLabel(text.fields.maxWeightKg, { exact: true }).fill('34000');
    await shot('fleet-trailer-form');
    await dialog.getByRole('button', { name: spec.create }).click();
    await page.getByText(spec.trailerCreated).waitFor();

    const tractorId = (await vehicleByPlate('RD-FT 900'))?.id;
    const trailer = (await api<{ auflieger: Trailer[] }>('/api/auflieger')).auflieger.find((entry) => entry.kennzeichen === 'RD-FA 901');
    expect(trailer).toMatchObject({ zugmaschineId: tractorId, zugmaschine: { licensePlate: 'RD-FT 900' } });

    await page.getByRole('tab', { name: new RegExp(spec.tabs.trailers) }).click();
    const row = page.locator('tr', { has: page.getByText('RD-FA 901', { exact: true }) });
    await row.getByText('RD-FT 900').waitFor();
    await shot('fleet-trailers');
  });

  it('uploads a PDF and downloads it again byte for byte', async () => {
    const pdf = samplePdf('Zulassung RD-FT 900 – Prüfung äöü');
    await page.getByRole('tab', { name: new RegExp(spec.tabs.documents) }).click();
    await page.getByRole('button', { name: text.openDocumentsOf('RD-FT 900') }).click();
    const detail = page.getByRole('region', { name: text.documentsOf('RD-FT 900') });
    await detail.getByRole('tab', { name: new RegExp(`^${spec.tabs.documents}`) }).click();
    await detail.getByLabel(text.fields.category, { exact: true }).selectOption('registration');
    await detail.getByTestId('document-input').setInputFiles({ name: 'Zulassung Teil I.pdf', mimeType: 'application/pdf', buffer: pdf });
    await page.getByText(text.documentUploaded).waitFor();
    const card = detail.getByRole('article', { name: 'Zulassung Teil I.pdf' });
    await card.waitFor();
    await expect
      .poll(() => detail.getByTestId('doc-counter-registration').textContent())
      .toBe(`1${messages.labels.documentCategory.registration}`);
    await shot('fleet-document-uploaded');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      card.getByRole('button', { name: text.actionOn(text.download, 'Zulassung Teil I.pdf') }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Zulassung Teil I.pdf');
    const bytes = await readFile((await download.path()) ?? '');
    expect(bytes.length).toBe(pdf.length);
    expect(bytes.equals(pdf)).toBe(true);

    // A file that is no PDF is refused before anything is sent.
    await detail.getByTestId('document-input').setInputFiles({ name: 'Notiz.txt', mimeType: 'text/plain', buffer: Buffer.from('Hallo') });
    await page.getByRole('alert').getByText(spec.onlyPdf).waitFor();
    await shot('fleet-document-refused');
  });

  it('shows the fuel cards of a vehicle stacked, with the PIN revealed on request', async () => {
    await page.getByRole('button', { name: text.back }).click();
    await page.getByRole('button', { name: text.openDocumentsOf('IZ-MS 101') }).click();
    const detail = page.getByRole('region', { name: text.documentsOf('IZ-MS 101') });
    await detail.getByRole('tab', { name: new RegExp(`^${spec.tabs.fuelCards}`) }).click();
    await detail.getByText('•••• •••• •••• 0101').waitFor();
    await detail.getByRole('button', { name: text.showPinOf('7002 1234 5678 0101') }).click();
    await detail.getByText('4711', { exact: true }).waitFor();
    await detail.getByRole('button', { name: /^Tankkarte Aral/ }).click();
    await detail.getByRole('complementary', { name: text.editCardPanel }).waitFor();
    await shot('fleet-fuel-cards');
  });
});
