import { messages } from '@dispo/domain/messages';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoId } from './seed';
import { demoOrderBody } from './testing/demo-order';
import { createTestApp, type TestApp } from './testing/test-app';

const DAY = '2026-12-09';

describe('order export (orders.md §7.2, §2.11)', () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp();
    token = await t.login('dispo');
    const post = (body: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: '/api/orders', headers: { authorization: `Bearer ${token}` }, payload: demoOrderBody({ delivery_date: DAY, ...body }) });
    expect((await post({ quantity: 25, delivery_time_fixed: '09:00' })).statusCode).toBe(201);
    expect((await post({ quantity: 12.5, delivery_time_fixed: '07:00', notes: 'Tor 2' })).statusCode).toBe(201);
    // Another loading plant, and another day: filtered out.
    expect(
      (
        await post({
          plant_id: demoId('plant', 'Kieswerk Moorburg'),
          loading_point_id: demoId('loading-point', 'Kieswerk Moorburg/Halde Nord'),
          material_id: demoId('material', 'Kies 8/16'),
          quantity: 20,
        })
      ).statusCode,
    ).toBe(201);
    expect((await post({ delivery_date: '2026-12-10' })).statusCode).toBe(201);
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  const laegerdorf = demoId('plant', 'Zementwerk Lägerdorf');

  it('counts the orders of a day and plant for the preview', async () => {
    expect((await get(`/api/orders/export?date=${DAY}&preview=true`)).json()).toEqual({ success: true, count: 3 });
    expect((await get(`/api/orders/export?date=${DAY}&preview=true&plantId=${laegerdorf}`)).json()).toEqual({ success: true, count: 2 });
    expect((await get('/api/orders/export?date=2026-02-30&preview=true')).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `/api/orders/export?date=${DAY}&preview=true` })).statusCode).toBe(401);
  });

  it('writes an xlsx with German headers, real dates and numbers, a frozen header, a filter and the sums', async () => {
    const res = await get(`/api/orders/export?date=${DAY}&plantId=${laegerdorf}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Transportauftraege_${DAY}_Zementwerk Lagerdorf.xlsx"; filename*=UTF-8''${encodeURIComponent(`Transportauftraege_${DAY}_Zementwerk Lägerdorf.xlsx`)}`,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet(messages.exportScreen.sheet)!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header.slice(0, 4)).toEqual(['Auftragsnummer', 'Lieferdatum', 'Uhrzeit', 'Kunde']);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.autoFilter).toBeTruthy();
    const col = (name: string) => header.indexOf(name) + 1;
    // Sorted by time: 07:00 first.
    expect(sheet.getRow(2).getCell(col('Uhrzeit')).value).toBe('07:00');
    const date = sheet.getRow(2).getCell(col('Lieferdatum'));
    expect(date.value).toBeInstanceOf(Date);
    expect((date.value as Date).toISOString().slice(0, 10)).toBe(DAY);
    expect(date.numFmt).toBe('dd.mm.yyyy');
    expect(sheet.getRow(2).getCell(col('Menge')).value).toBe(12.5);
    expect(sheet.getRow(2).getCell(col('Bemerkungen')).value).toBe('Tor 2');
    const sums = sheet.getRow(4);
    expect(sums.getCell(1).value).toBe('Summe');
    expect(sums.getCell(col('Menge')).value).toBe(37.5);
    expect(sums.getCell(col('Gewicht (t)')).value).toBe(37.5);
  });

  it('writes CSV when asked, with semicolons and decimal commas; all plants when none is chosen', async () => {
    const res = await get(`/api/orders/export?date=${DAY}&format=csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(`filename="Transportauftraege_${DAY}_Alle.csv"`);
    const lines = res.body.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]!.split(';')[0]).toBe('Auftragsnummer');
    expect(lines.some((l) => l.includes(';12,5;'))).toBe(true);
    expect(lines[1]).toContain('09.12.2026');
  });

  it('answers 404 for a plant that does not exist', async () => {
    const res = await get(`/api/orders/export?date=${DAY}&plantId=gibt-es-nicht`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: messages.masterData.plantNotFound });
  });
});
