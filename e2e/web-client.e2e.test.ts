import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../runtime/src/testing/test-app';
import { webClientBuilt } from '../runtime/src/web-client';
import { launchChromium } from './browser';

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
});
