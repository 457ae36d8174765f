import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../runtime/src/testing/test-app';
import { inlineScriptHashes, webClientBuilt } from '../runtime/src/web-client';
import { launchChromium, loginPage } from './browser';

/** How the built client is served (needs `npm run build`, like the browser tests). */
describe('serving the built web client', () => {
  let t: TestApp;
  beforeAll(async () => {
    if (!webClientBuilt()) throw new Error('web/dist fehlt: zuerst `npm run build` ausführen');
    t = await createTestApp({ serveWeb: true, seed: false });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("fetches a page's code with the main chunk on that page's own paths only", async () => {
    const listening = await createTestApp({ serveWeb: true, seed: false, listen: true });
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      const preloaded = async (path: string) => {
        await page.goto(`${listening.url}${path}`);
        return page.evaluate(() =>
          Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel=modulepreload]')).map((link) => new URL(link.href).pathname.replace(/-[\w-]+\.js$/, '')),
        );
      };
      expect(await preloaded('/disposition')).toContain('/assets/DispatchPage');
      expect(await preloaded('/disposition')).not.toContain('/assets/OrdersPage');
      expect(await preloaded('/auftragsannahme')).toContain('/assets/OrdersPage');
      expect(await preloaded('/fuhrpark')).not.toContain('/assets/DispatchPage');
    } finally {
      await browser.close();
      await listening.close();
    }
  });

  it('lets browsers keep hashed assets for a year and revalidate index.html on every page load', async () => {
    for (const url of ['/', '/disposition', '/auftragsannahme']) {
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type'], url).toContain('text/html');
      expect(page.headers['cache-control'], url).toBe('no-cache');
    }
    const html = (await t.app.inject({ method: 'GET', url: '/' })).body;
    const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((match) => match[1] as string);
    expect(assets.length).toBeGreaterThan(0);
    for (const asset of assets) {
      const res = await t.app.inject({ method: 'GET', url: asset });
      expect(res.statusCode, asset).toBe(200);
      expect(res.headers['cache-control'], asset).toBe('public, max-age=31536000, immutable');
    }
  });

  it("serves index.html under a CSP that allows exactly its inline start script, by hash", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/disposition' });
    const csp = String(res.headers['content-security-policy']);
    const hashes = inlineScriptHashes();
    expect(hashes.length).toBeGreaterThan(0);
    expect(csp).toMatch(new RegExp(`script-src 'self'( '${hashes.map((h) => h.replace(/[+/=]/g, '\\$&')).join("' '")}')(;|$)`));
    expect(csp).not.toContain('unsafe-inline\' \'');
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it('shows every area under the CSP without a violation or a console error', async () => {
    const listening = await createTestApp({ serveWeb: true, listen: true });
    const browser = await launchChromium();
    try {
      const context = await browser.newContext();
      // Violations are reported as events (and console errors): both are collected from the first script on.
      await context.addInitScript(() => {
        const w = window as unknown as { cspViolations: string[] };
        w.cspViolations = [];
        document.addEventListener('securitypolicyviolation', (e) => w.cspViolations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`));
      });
      const errors: string[] = [];
      const page = await loginPage(context, listening.url, 'admin', '/auftragsannahme');
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      const violations = () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
      for (const [path, visible] of [
        ['/auftragsannahme', '.ag-root'],
        ['/disposition', 'main'],
        ['/fuhrpark', 'main'],
        ['/abrechnung', 'main'],
        ['/pruefung', 'main'],
        ['/postausgang', 'main'],
      ] as const) {
        await page.goto(`${listening.url}${path}`);
        await page.locator(visible).first().waitFor({ timeout: 30_000 });
        await page.waitForTimeout(500);
        expect(await violations(), path).toEqual([]);
      }
      expect(errors.filter((e) => /Content Security Policy|Refused to/i.test(e))).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
      await listening.close();
    }
  }, 180_000);
});

