import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDemoCatalog } from './demo-catalog';
import { demoId, seedDemoData } from './seed';
import { seedTemplates } from './seed-templates';
import { createTestApp, TEST_PIN_KEY, type TestApp } from './testing/test-app';

describe('demo templates and settings (runtime/src/seed-templates.ts)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('gives the demo dispatcher templates switched on and two templates, through the commands', async () => {
    const token = await t.login('dispo');
    const get = async (url: string) => (await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } })).json();
    expect((await get('/api/user/order-settings')).settings.enableOrderTemplates).toBe(true);
    const names = ((await get('/api/user/order-templates')).data as { name: string }[]).map((x) => x.name).sort();
    expect(names).toEqual(['Kiel – CEM I früh', 'Lübeck – Kies 8/16 vormittags']);
    const events = await t.infra.store.readStream(`intake-settings-${demoId('user', 'dispo')}`);
    expect(events.map((e) => [e.type, e.metadata.userId, e.metadata.commandName])).toEqual([['UserOrderSettingsSaved', null, 'Seed:SaveUserOrderSettings']]);
  });

  it('writes nothing the second time and leaves a user’s own later change alone', async () => {
    const token = await t.login('dispo');
    await t.app.inject({ method: 'PUT', url: '/api/user/order-settings', headers: { authorization: `Bearer ${token}` }, payload: { enableOrderTemplates: false } });
    expect(await seedTemplates(t.infra, loadDemoCatalog())).toBe(0);
    await seedDemoData(t.infra, loadDemoCatalog(), { pinKey: TEST_PIN_KEY });
    const res = await t.app.inject({ method: 'GET', url: '/api/user/order-settings', headers: { authorization: `Bearer ${token}` } });
    expect(res.json().settings.enableOrderTemplates).toBe(false);
  });
});
