import { messages } from '@dispo/domain/messages';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoId } from '../runtime/src/seed';
import { demoOrderBody } from '../runtime/src/testing/demo-order';
import { createTestApp, type TestApp } from '../runtime/src/testing/test-app';
import { webClientBuilt } from '../runtime/src/web-client';
import { launchChromium } from './browser';

/**
 * Issue 10, Tests: the quick-order wizard end to end with two materials, the route suggestions with
 * stars, a capacity warning on a crowded window, a template saved from the wizard and used through
 * `Lieferzeit bestätigen`, two rows pasted from the clipboard, and F2 doing nothing once the
 * shortcuts are switched off.
 */

const shots = process.env.E2E_SCREENSHOTS;
const t = messages.intakeTools;
const LIVE = { timeout: 15_000 };
const LAEGERDORF = 'Zementwerk Lägerdorf';
const KIEL = 'Betonwerk Kiel';
const CEM1 = 'CEM I 42,5 R';
const CEM2 = 'CEM II/A-LL 42,5 N';

function berlinDay(days: number): string {
  const berlin = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin', year: 'numeric', month: '2-digit', day: '2-digit' });
  const date = new Date(`${berlin.format(new Date())}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

const flashTexts = (page: Page) => page.getByRole('status').or(page.getByRole('alert')).allInnerTexts();
async function expectFlash(page: Page, message: string): Promise<void> {
  await expect.poll(() => flashTexts(page), LIVE).toEqual(expect.arrayContaining([expect.stringContaining(message)]));
}

describe('Schnellauftrag, Templates, Einstellungen and Ctrl+V in a real browser', () => {
  let app: TestApp;
  let browser: Browser;

  beforeAll(async () => {
    if (!webClientBuilt()) throw new Error('web/dist fehlt: zuerst `npm run build` ausführen');
    app = await createTestApp({ listen: true, serveWeb: true });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('runs the wizard with two materials, warns about a crowded window, saves and uses a template, pastes two rows, and obeys the shortcut setting', async () => {
    const token = await app.login('dispo');
    const post = async (url: string, payload: Record<string, unknown>) => {
      const res = await app.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}` }, payload });
      expect(res.statusCode, res.body).toBe(201);
    };
    // The route's history: CEM I three times, CEM II once.
    for (const material of [CEM1, CEM1, CEM1, CEM2]) await post('/api/orders', demoOrderBody({ material_id: demoId('material', material), quantity: 25 }));
    // A crowded morning: twelve loads at 08:00 on the day the wizard plans for.
    const crowded = berlinDay(9);
    const { material_id: _m, ...common } = demoOrderBody({ delivery_date: crowded, delivery_time_fixed: '08:00' });
    await post('/api/orders/quick', { ...common, material_ids: Array.from({ length: 10 }, () => demoId('material', CEM1)) });

    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'de-DE', timezoneId: 'Europe/Berlin' });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.url });
    const page = await context.newPage();
    await page.goto(`${app.url}/`);
    await page.getByLabel(messages.login.username).fill('dispo');
    await page.getByLabel(messages.login.password).fill('demo1234');
    await page.getByRole('button', { name: messages.login.submit }).click();
    await page.getByRole('heading', { name: messages.orderTable.title }).waitFor();
    if (shots) await page.screenshot({ path: `${shots}/page.png` });

    // ── Settings: templates on ──────────────────────────────────────────────────────────────────
    await page.getByRole('button', { name: messages.orderIntake.settings }).click();
    const settings = page.getByRole('dialog', { name: messages.settingsDialog.title });
    await settings.getByRole('tab', { name: messages.settingsDialog.tabWorkflow }).click();
    await settings.getByLabel(t.settings.enableOrderTemplates).check();
    if (shots) await page.screenshot({ path: `${shots}/settings-workflow.png` });
    await settings.getByRole('button', { name: t.settingsSave }).click();
    await expectFlash(page, t.settingsSaved);
    await page.getByRole('button', { name: messages.orderIntake.templates }).waitFor();

    // ── The wizard (F10) ────────────────────────────────────────────────────────────────────────
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('F10');
    const wizard = page.getByRole('dialog', { name: messages.orderScreen.quickOrderTitle });
    await wizard.waitFor();
    const back = wizard.getByRole('button', { name: t.back });
    expect(await back.isDisabled()).toBe(true);
    expect(await wizard.getByLabel(t.loadingPlant).isDisabled()).toBe(true);
    await wizard.getByLabel(t.deliveryPlant).selectOption({ label: KIEL });
    await wizard.getByLabel(t.loadingPlant).selectOption({ label: LAEGERDORF });
    const next = wizard.getByRole('button', { name: t.next });
    expect(await next.isDisabled()).toBe(true); // Lägerdorf has three silos: choose one
    await wizard.getByLabel(t.loadingPoint).selectOption({ label: 'Silo 1' });
    if (shots) await page.screenshot({ path: `${shots}/wizard-step1.png` });
    await next.click();

    // Step 2: suggestions with stars, the first average prefilled, two materials by click.
    const suggestions = wizard.getByRole('region', { name: t.suggestions });
    await suggestions.getByRole('button', { name: new RegExp(CEM1) }).waitFor(LIVE);
    expect(await suggestions.getByTitle(t.stars(3)).count()).toBeGreaterThan(0);
    // (3 × 25 t + 10 × 27 t) / 13 on this route.
    await expect.poll(() => wizard.getByLabel(t.quantity).inputValue()).toBe('26.54');
    await wizard.getByRole('button', { name: CEM1, exact: true }).click();
    await wizard.getByRole('button', { name: CEM2, exact: true }).click();
    await wizard.getByLabel(t.quantity).fill('26');
    if (shots) await page.screenshot({ path: `${shots}/wizard-step2.png` });
    await next.click();

    // Step 3: the crowded window warns (critical, red, with the utilisation).
    await wizard.getByLabel(t.deliveryDate).fill(crowded);
    await wizard.getByLabel(t.timeFixed).fill('08:00');
    const warning = wizard.locator('.capacity-warning');
    await warning.waitFor(LIVE);
    expect(await warning.getAttribute('data-risk')).toBe('critical');
    expect(await warning.innerText()).toContain(t.capacityCritical);
    if (shots) await page.screenshot({ path: `${shots}/wizard-step3-capacity.png` });
    // An alternative time sets a one-hour slot.
    await warning.getByRole('button').first().click();
    await expect.poll(() => wizard.getByLabel(t.timeType).inputValue()).toBe('range');
    await wizard.getByLabel(t.saveAsTemplate).check();
    await wizard.getByRole('button', { name: messages.quickOrder.submit }).click();
    expect(await wizard.getByText(messages.validation.wizard.templateNameRequired).count()).toBe(1);
    await wizard.getByLabel(t.templateName).fill('Kiel Zement früh');
    await wizard.getByRole('button', { name: messages.quickOrder.submit }).click();
    await expectFlash(page, messages.success.quickOrderCreated);
    await wizard.waitFor({ state: 'detached' });

    // ── Meine Auftrags-Templates: use the saved template through Lieferzeit bestätigen ───────────
    await page.getByRole('button', { name: messages.orderIntake.templates }).click();
    const templates = page.getByRole('dialog', { name: messages.templates.title });
    await templates.getByRole('button', { name: /Kiel Zement früh/ }).click();
    await templates.getByLabel(t.templateName).fill('Kiel Zement früh (geändert)');
    await templates.getByText(messages.templates.unsavedChanges).waitFor();
    if (shots) await page.screenshot({ path: `${shots}/templates.png` });
    await templates.getByRole('button', { name: t.templateSave }).click();
    await expectFlash(page, t.templateSaved);
    await templates.getByRole('button', { name: t.templateUse }).click();
    const confirm = page.getByRole('dialog', { name: messages.templates.confirmDeliveryTimeTitle });
    await confirm.waitFor();
    if (shots) await page.screenshot({ path: `${shots}/template-confirm.png` });
    await confirm.getByRole('button', { name: t.createFromTemplate }).click();
    await expect.poll(() => flashTexts(page), LIVE).toEqual(expect.arrayContaining([expect.stringMatching(/erfolgreich erstellt/)]));
    await expect.poll(() => templates.getByRole('button', { name: /Kiel Zement früh/ }).innerText(), LIVE).toContain(t.templateUsageCount(1));
    await page.keyboard.press('Escape');
    await templates.waitFor({ state: 'detached' });

    // ── Ctrl+V: two rows as Excel gives them, a preview, then created on confirmation ────────────
    const rows = [
      ['Lieferdatum', 'Lieferzeit', 'Ladewerk', 'Abgangsort', 'Lieferwerk', 'Material', 'Menge'].join('\t'),
      [crowded.split('-').reverse().join('.'), '10:00', LAEGERDORF, 'Silo 2', KIEL, CEM1, '24,5'].join('\t'),
      [crowded.split('-').reverse().join('.'), '11:00-12:00', LAEGERDORF, 'Silo 3', 'Betonwerk Lübeck', CEM2, '12'].join('\t'),
    ].join('\n');
    await page.evaluate((text) => navigator.clipboard.writeText(text), rows);
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('Control+V');
    const paste = page.getByRole('dialog', { name: t.pasteTitle });
    await paste.waitFor(LIVE);
    expect(await paste.getByRole('row').count()).toBe(3);
    if (shots) await page.screenshot({ path: `${shots}/paste-preview.png` });
    await paste.getByRole('button', { name: t.pasteCreate(2) }).click();
    await expectFlash(page, '2 Aufträge erfolgreich erstellt');

    // ── Shortcuts off: F2 does nothing ─────────────────────────────────────────────────────────
    await page.getByRole('button', { name: messages.orderIntake.settings }).click();
    await settings.getByRole('tab', { name: messages.settingsDialog.tabWorkflow }).click();
    await settings.getByLabel(t.settings.enableKeyboardShortcuts).uncheck();
    await settings.getByRole('button', { name: t.settingsSave }).click();
    await settings.waitFor({ state: 'detached' });
    if (shots) await page.screenshot({ path: `${shots}/page-after.png` });
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('F2');
    await page.keyboard.press('F10');
    await page.waitForTimeout(500);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await context.close();
  });
});
