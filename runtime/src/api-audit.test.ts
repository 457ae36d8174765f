import type { AuditEntry as Entry, AuditHistory as History, AuditLogEntry as LogEntry, AuditState as State } from '@dispo/domain/audit/index';
import { messages } from '@dispo/domain/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoId } from './seed';
import { demoOrderBody } from './testing/demo-order';
import { createTestApp, type TestApp } from './testing/test-app';

const ms = (iso: string, delta: number) => new Date(new Date(iso).getTime() + delta).toISOString();

describe('audit: histories, states at an instant, the global log (docs/api/audit.md)', () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  let orderId = '';

  beforeAll(async () => {
    t = await createTestApp();
    for (const user of ['dispo', 'auftrag', 'audit', 'admin', 'fuhrpark']) tokens[user] = await t.login(user);
    const created = await call('POST', '/api/orders', demoOrderBody({ quantity: 27 }));
    orderId = (created.json() as { order: { id: string } }).order.id;
    expect((await call('PUT', `/api/orders/${orderId}`, { quantity: 30 })).statusCode).toBe(200);
    expect((await call('PUT', `/api/orders/${orderId}`, { quantity: 32, notes: 'Bitte anrufen' })).statusCode).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, user = 'dispo') =>
    t.app.inject({ method, url, headers: { authorization: `Bearer ${tokens[user]}` }, ...(payload === undefined ? {} : { payload: payload as object }) });
  const ok = async <T>(res: Awaited<ReturnType<typeof call>>): Promise<T> => {
    expect(res.statusCode, res.body.slice(0, 400)).toBe(200);
    return res.json() as T;
  };

  it("shows an order's edits newest first with old → new per field, who did them and the command", async () => {
    const history = await ok<History>(await call('GET', `/api/audit/order/${orderId}/history`, undefined, 'audit'));
    expect(history).toMatchObject({ kind: 'order', exists: true, title: expect.stringMatching(/^S\d{6}-\d{4}$/) });
    expect(history.entries.map((e) => e.type)).toEqual(['OrderDetailsChanged', 'OrderDetailsChanged', 'OrderCreated']);
    const [second, first, creation] = history.entries as [Entry, Entry, Entry];
    // The weight in tonnes follows a quantity in tonnes (orders.md), so it changes with it.
    expect(first.changes).toEqual([
      { field: 'quantity', label: 'Menge', old: 27, new: 30, oldText: '27', newText: '30' },
      { field: 'weightTons', label: 'Gewicht (t)', old: 27, new: 30, oldText: '27', newText: '30' },
    ]);
    expect(second.changes).toEqual([
      { field: 'quantity', label: 'Menge', old: 30, new: 32, oldText: '30', newText: '32' },
      { field: 'weightTons', label: 'Gewicht (t)', old: 30, new: 32, oldText: '30', newText: '32' },
      { field: 'notes', label: 'Bemerkungen', old: null, new: 'Bitte anrufen', oldText: '—', newText: 'Bitte anrufen' },
    ]);
    expect(second).toMatchObject({ typeLabel: 'Auftrag geändert', commandLabel: 'Auftrag ändern', user: { name: 'Frank Berger', roles: 'Disposition, Auftragsannahme' } });
    // References read as names, enums as labels.
    expect(creation.changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'plantId', newText: 'Zementwerk Lägerdorf' }),
        expect.objectContaining({ field: 'unit', newText: 'Tonnen' }),
        expect.objectContaining({ field: 'status', newText: 'Offen' }),
      ]),
    );
  });

  it("shows a workshop appointment's history with German fields, linked both ways with its vehicle", async () => {
    const vehicleId = demoId('vehicle', 'IZ-MS 103');
    const date = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    const later = new Date(Date.now() + 12 * 86_400_000).toISOString().slice(0, 10);
    const planned = await call('POST', `/api/vehicles/${vehicleId}/appointments`, { type: 'HU', date, workshop: 'MAN Truck & Bus Service Neumünster' }, 'fuhrpark');
    expect(planned.statusCode, planned.body).toBe(201);
    const id = (planned.json() as { appointment: { id: string } }).appointment.id;
    expect((await call('PUT', `/api/appointments/${id}`, { date: later, type: 'SP' }, 'fuhrpark')).statusCode).toBe(200);

    const history = await ok<History>(await call('GET', `/api/audit/appointment/${id}/history`, undefined, 'audit'));
    const german = (d: string) => d.split('-').reverse().join('.');
    expect(history).toMatchObject({ kind: 'appointment', kindLabel: 'Werkstatttermin', title: `SP ${german(later)}`, exists: true });
    expect(history.entries.map((e) => e.type)).toEqual(['WorkshopAppointmentUpdated', 'WorkshopAppointmentPlanned']);
    expect(history.entries[0]!.changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'appointmentType', label: 'Terminart', oldText: 'HU', newText: 'SP' }),
        expect.objectContaining({ field: 'date', label: 'Datum', oldText: german(date), newText: german(later) }),
      ]),
    );
    expect(history.related).toContainEqual(expect.objectContaining({ kind: 'vehicle', id: vehicleId, title: 'IZ-MS 103', label: 'Fahrzeug' }));
    const vehicle = await ok<History>(await call('GET', `/api/audit/vehicle/${vehicleId}/history`, undefined, 'audit'));
    expect(vehicle.related).toContainEqual(expect.objectContaining({ kind: 'appointment', id, title: `SP ${german(later)}`, kindLabel: 'Werkstatttermin' }));
  });

  it('answers the state before, between and after the events; 404 before the stream existed', async () => {
    const history = await ok<History>(await call('GET', `/api/audit/order/${orderId}/history`, undefined, 'audit'));
    const [second, first, creation] = history.entries.map((e) => e.recordedAt) as [string, string, string];
    const quantityAt = async (at: string) => {
      const state = await ok<State>(await call('GET', `/api/audit/order/${orderId}/state?at=${encodeURIComponent(at)}`, undefined, 'audit'));
      return state.fields.find((f) => f.field === 'quantity')?.value;
    };
    const before = await call('GET', `/api/audit/order/${orderId}/state?at=${encodeURIComponent(ms(creation, -1))}`, undefined, 'audit');
    expect(before.statusCode).toBe(404);
    expect(before.json()).toMatchObject({ success: false, error: messages.audit.notYetExisting });
    expect(await quantityAt(creation)).toBe(27);
    expect(await quantityAt(ms(first, -1))).toBe(27);
    expect(await quantityAt(first)).toBe(30);
    expect(await quantityAt(second)).toBe(32);
    expect(await quantityAt(ms(second, 3_600_000))).toBe(32);
    const bad = await call('GET', `/api/audit/order/${orderId}/state?at=gestern`, undefined, 'audit');
    expect(bad.statusCode).toBe(400);
  });

  it('lets every role read histories of records it may read, but not the global log; hides other users\' templates', async () => {
    expect((await call('GET', `/api/audit/order/${orderId}/history`, undefined, 'fuhrpark')).statusCode).toBe(200);
    for (const user of ['dispo', 'auftrag', 'fuhrpark']) {
      const log = await call('GET', '/api/audit/log', undefined, user);
      expect(log.statusCode, user).toBe(403);
      expect((await call('GET', '/api/audit/log.csv', undefined, user)).statusCode, user).toBe(403);
    }
    expect((await call('GET', '/api/audit/log', undefined, 'admin')).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/audit/order/${orderId}/history` })).statusCode).toBe(401);

    const template = await call('POST', '/api/user/order-templates', {
      name: 'Prüfvorlage',
      templateData: {
        loadingPlant: null,
        deliveryPlant: null,
        loadingPointId: null,
        materials: [{ id: demoId('material', 'CEM I 42,5 R'), name: 'CEM I 42,5 R' }],
        deliveryTimeType: 'fixed',
        deliveryTimeFixed: '07:00',
      },
    });
    expect(template.statusCode, template.body).toBe(201);
    const templateId = (template.json() as { data: { id: string } }).data.id;
    expect((await call('GET', `/api/audit/template/${templateId}/history`)).statusCode).toBe(200);
    expect((await call('GET', `/api/audit/template/${templateId}/history`, undefined, 'auftrag')).statusCode).toBe(404);
    expect((await call('GET', `/api/audit/template/${templateId}/history`, undefined, 'audit')).statusCode).toBe(200);
    expect((await call('GET', `/api/audit/nothing/${templateId}/history`, undefined, 'audit')).statusCode).toBe(404);
    expect((await call('GET', '/api/audit/order/unknown-id/history', undefined, 'audit')).statusCode).toBe(404);
  });

  it("never shows a fuel card's PIN: a change reads 'geändert', a reveal is an entry of its own", async () => {
    const cardId = demoId('fuel-card', '7002 1234 5678 0101');
    expect((await call('PUT', `/api/fuel-cards/${cardId}`, { pin_code: '8642' }, 'fuhrpark')).statusCode).toBe(200);
    expect((await call('POST', `/api/fuel-cards/${cardId}/reveal-pin`, undefined, 'fuhrpark')).statusCode).toBe(200);
    const res = await call('GET', `/api/audit/fuel-card/${cardId}/history`, undefined, 'audit');
    const history = await ok<History>(res);
    expect(history.entries[0]).toMatchObject({ type: 'FuelCardPinRevealed', typeLabel: 'PIN angezeigt', changes: [], user: { name: 'Michael Hoffmann' } });
    expect(history.entries[1]!.changes).toEqual([{ field: 'pin', label: 'PIN', old: null, new: null, oldText: '', newText: 'geändert', secret: true }]);
    expect(history.entries.at(-1)).toMatchObject({ type: 'FuelCardCreated', user: null, commandLabel: 'Demodaten: Tankkarte anlegen' });
    expect(res.body).not.toContain('8642');
    expect(res.body).not.toContain('4711');
    expect(res.body).not.toContain('ciphertext');
    const state = await ok<State>(await call('GET', `/api/audit/fuel-card/${cardId}/state?at=${encodeURIComponent(new Date().toISOString())}`, undefined, 'audit'));
    expect(state.fields.find((f) => f.field === 'pin')).toEqual({ field: 'pin', label: 'PIN', value: null, text: 'verborgen' });
  });

  it('pages the global log by cursor, newest first, filtered by user, kind and type, linking to the record', async () => {
    const dispoId = demoId('user', 'dispo');
    const first = await ok<{ entries: LogEntry[]; nextCursor: string | null }>(await call('GET', `/api/audit/log?userId=${dispoId}&kind=order&limit=2`, undefined, 'audit'));
    expect(first.entries).toHaveLength(2);
    expect(first.entries[0]).toMatchObject({ type: 'OrderDetailsChanged', kind: 'order', entityId: orderId, user: { name: 'Frank Berger' } });
    expect(first.nextCursor).toBeTruthy();
    const second = await ok<{ entries: LogEntry[] }>(await call('GET', `/api/audit/log?userId=${dispoId}&kind=order&limit=2&cursor=${first.nextCursor}`, undefined, 'audit'));
    expect(second.entries[0]).toMatchObject({ type: 'OrderCreated', entityId: orderId });
    expect(second.entries.map((e) => e.position)).not.toContain(first.entries[0]!.position);
    const byType = await ok<{ entries: LogEntry[] }>(await call('GET', '/api/audit/log?type=FuelCardPinRevealed', undefined, 'audit'));
    expect(byType.entries.map((e) => e.type)).toEqual(['FuelCardPinRevealed']);
    const future = await ok<{ entries: LogEntry[] }>(await call('GET', `/api/audit/log?from=${encodeURIComponent(ms(new Date().toISOString(), 60_000))}`, undefined, 'audit'));
    expect(future.entries).toEqual([]);
    expect((await call('GET', '/api/audit/log?cursor=nonsense', undefined, 'audit')).statusCode).toBe(400);
  });

  it('exports the filtered log as CSV with ; and German headers', async () => {
    const res = await call('GET', `/api/audit/log.csv?kind=order&userId=${demoId('user', 'dispo')}`, undefined, 'audit');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('Zeitpunkt;Benutzer;Rolle;Bereich;Datensatz;Ereignis;Befehl;Datenstrom;Position');
    expect(lines[1]).toMatch(/^\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}:\d{2};Frank Berger;Disposition, Auftragsannahme;Auftrag;S\d{6}-\d{4};Auftrag geändert;Auftrag ändern;order-/);
    expect(lines).toHaveLength(4);
  });
});
