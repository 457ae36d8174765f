import { seedTemplate } from './seed-template';

/** The browser tests' demo business (e2e/browser.ts DEMO_BUSINESS: one week), seeded once per run. */
export default () => seedTemplate(1);
