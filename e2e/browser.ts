import { messages } from '@dispo/domain/messages';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { expect } from 'vitest';

/** Debian's Chromium, headless, with the flags this machine's closed network needs; playwright gives it a fresh profile. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/** Browser tests run on top of the demo business (a week of it, to keep them quick), as `npm start` shows it. */
export const DEMO_BUSINESS = { weeks: 1 } as const;

/** A Berlin calendar day `days` from today, `YYYY-MM-DD`. */
export function berlinDay(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Texts of the page's message line (success: role status, error: role alert). */
export const lineTexts = (page: Page) => page.locator('.message-line').getByRole('status').or(page.locator('.message-line').getByRole('alert')).allInnerTexts();

/** A new tab of `context` that signs in as a demo user through the login page and ends on `path`. */
export async function loginPage(context: BrowserContext, url: string, username: string, path: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${url}${path}`);
  await expect.poll(() => page.url()).toContain('/login');
  await page.getByLabel(messages.login.username).fill(username);
  await page.getByLabel(messages.login.password).fill('demo1234');
  await page.getByRole('button', { name: messages.login.submit }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
  if (!page.url().endsWith(path)) await page.goto(`${url}${path}`);
  return page;
}
