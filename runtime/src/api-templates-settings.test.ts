import { messages } from '@dispo/domain/messages';
import { DEFAULT_USER_ORDER_SETTINGS } from '@dispo/domain/user-order-settings/index';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoId } from './seed';
import { createTestApp, type TestApp } from './testing/test-app';

interface Template {
  id: string;
  name: string;
  usageCount: number;
  lastUsed: string | null;
  templateData: { materials: { id: string; quantity: number; unit: string }[]; priority: string; deliveryTimeType: string };
}

const templateBody = (name = 'Kiel Zement') => ({
  name,
  templateData: {
    loadingPlant: { id: demoId('plant', 'Zementwerk Lägerdorf'), name: 'Zementwerk Lägerdorf' },
    deliveryPlant: { id: demoId('plant', 'Betonwerk Kiel'), name: 'Betonwerk Kiel' },
    loadingPointId: demoId('loading-point', 'Zementwerk Lägerdorf/Silo 1'),
    materials: [{ id: demoId('material', 'CEM I 42,5 R'), name: 'CEM I 42,5 R' }],
    deliveryTimeType: 'fixed',
    deliveryTimeFixed: '07:30',
  },
});

describe('personal templates and settings (docs/api/orders.md)', () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    for (const user of ['dispo', 'auftrag', 'audit', 'abrechnung']) tokens[user] = await t.login(user);
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, user = 'dispo') =>
    t.app.inject({ method, url, headers: { authorization: `Bearer ${tokens[user]}` }, ...(payload === undefined ? {} : { payload: payload as object }) });
  const ok = <T>(res: Awaited<ReturnType<typeof call>>, status = 200): T => {
    expect(res.statusCode, res.body.slice(0, 400)).toBe(status);
    return res.json() as T;
  };
  const refused = (res: Awaited<ReturnType<typeof call>>, status: number, message: string) => {
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json()).toMatchObject({ success: false, error: message });
  };

  describe('templates', () => {
    it('creates, lists, changes, counts uses and deletes a template of its owner', async () => {
      const created = ok<{ success: boolean; data: Template }>(await call('POST', '/api/user/order-templates', templateBody()), 201).data;
      expect(created).toMatchObject({ name: 'Kiel Zement', usageCount: 0, lastUsed: null, templateData: { priority: 'normal' } });
      expect(created.templateData.materials[0]).toMatchObject({ quantity: 1, unit: 'to' });

      const list = ok<{ data: Template[] }>(await call('GET', '/api/user/order-templates')).data;
      expect(list.map((x) => x.id)).toContain(created.id);

      const changed = ok<{ data: Template }>(await call('PUT', `/api/user/order-templates/${created.id}`, templateBody('Kiel Zement früh'))).data;
      expect(changed.name).toBe('Kiel Zement früh');

      const used = ok<{ data: Template }>(await call('POST', `/api/user/order-templates/${created.id}/use`)).data;
      expect(used.usageCount).toBe(1);
      expect(used.lastUsed).not.toBeNull();

      ok(await call('DELETE', `/api/user/order-templates/${created.id}`));
      const after = ok<{ data: Template[] }>(await call('GET', '/api/user/order-templates')).data;
      expect(after.map((x) => x.id)).not.toContain(created.id);
      refused(await call('POST', `/api/user/order-templates/${created.id}/use`), 404, messages.intakeTools.templateNotFound);
    });

    it("shows and changes only one's own templates: another user's id answers 404", async () => {
      const mine = ok<{ data: Template }>(await call('POST', '/api/user/order-templates', templateBody('Nur meins')), 201).data;
      const theirs = ok<{ data: Template[] }>(await call('GET', '/api/user/order-templates', undefined, 'auftrag')).data;
      expect(theirs.map((x) => x.id)).not.toContain(mine.id);
      refused(await call('PUT', `/api/user/order-templates/${mine.id}`, templateBody('Fremd'), 'auftrag'), 404, messages.intakeTools.templateNotFound);
      refused(await call('DELETE', `/api/user/order-templates/${mine.id}`, undefined, 'auftrag'), 404, messages.intakeTools.templateNotFound);
      refused(await call('POST', `/api/user/order-templates/${mine.id}/use`, undefined, 'auftrag'), 404, messages.intakeTools.templateNotFound);
    });

    it('answers the messages of §4.8 and §5.1', async () => {
      refused(await call('POST', '/api/user/order-templates', { ...templateBody(), name: ' ' }), 400, messages.validation.wizard.templateNameRequired);
      const noMaterials = { ...templateBody(), templateData: { ...templateBody().templateData, materials: [] } };
      refused(await call('POST', '/api/user/order-templates', noMaterials), 400, messages.templates.noMaterials);
      const badMaterial = { ...templateBody(), templateData: { ...templateBody().templateData, materials: [{ id: '' }] } };
      refused(await call('POST', '/api/user/order-templates', badMaterial), 400, messages.templates.invalidMaterial);
    });

    it('needs a token and an order role: auditors and billing keep no templates', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/user/order-templates' });
      expect(res.statusCode).toBe(401);
      refused(await call('POST', '/api/user/order-templates', templateBody(), 'audit'), 403, messages.auth.forbidden);
      refused(await call('POST', '/api/user/order-templates', templateBody(), 'abrechnung'), 403, messages.auth.forbidden);
      expect(ok<{ data: Template[] }>(await call('GET', '/api/user/order-templates', undefined, 'audit')).data).toEqual([]);
    });
  });

  describe('settings', () => {
    it('answers the defaults of §3 until saved, stores per user, resets', async () => {
      const initial = ok<{ settings: unknown; stored: boolean }>(await call('GET', '/api/user/order-settings', undefined, 'auftrag'));
      expect(initial).toEqual({ success: true, settings: DEFAULT_USER_ORDER_SETTINGS, stored: false });

      const saved = ok<{ settings: typeof DEFAULT_USER_ORDER_SETTINGS }>(
        await call('PUT', '/api/user/order-settings', { enableKeyboardShortcuts: false, favoriteProducts: ['m-1'] }, 'auftrag'),
      );
      expect(saved.settings).toEqual({ ...DEFAULT_USER_ORDER_SETTINGS, enableKeyboardShortcuts: false, favoriteProducts: ['m-1'] });
      // Another user still has the defaults.
      expect(ok<{ settings: unknown }>(await call('GET', '/api/user/order-settings', undefined, 'abrechnung')).settings).toEqual(DEFAULT_USER_ORDER_SETTINGS);

      const reset = ok<{ settings: unknown; stored: boolean }>(await call('POST', '/api/user/order-settings/reset', undefined, 'auftrag'));
      expect(reset).toMatchObject({ settings: DEFAULT_USER_ORDER_SETTINGS, stored: false });
    });

    it('validates the fields and lets every role keep settings', async () => {
      const res = await call('PUT', '/api/user/order-settings', { defaultSearchField: 'everything' });
      expect(res.statusCode).toBe(400);
      expect((await call('PUT', '/api/user/order-settings', { unknownSetting: true })).statusCode).toBe(400);
      ok(await call('PUT', '/api/user/order-settings', { enableAutoRefresh: true }, 'audit'));
      expect((await t.app.inject({ method: 'PUT', url: '/api/user/order-settings', payload: {} })).statusCode).toBe(401);
    });
  });
});
