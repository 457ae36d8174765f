import { type Browser, chromium } from 'playwright-core';

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
