import { randomUUID } from 'node:crypto';
import { messages } from '@dispo/domain/messages';
import { formatDateDe } from '@dispo/projection-service/pdf/format';
import { pdfToText } from '@dispo/projection-service/pdf/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoId } from './seed';
import { demoOrderBody } from './testing/demo-order';
import { createTestApp, type TestApp } from './testing/test-app';

interface Order {
  id: string;
  orderNumber: string;
}

describe('order PDFs (GET /api/orders/:id/pdf, /storno-pdf)', () => {
  let t: TestApp;
  let token: string;
  let order: Order;

  beforeAll(async () => {
    t = await createTestApp();
    token = await t.login('dispo');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { authorization: `Bearer ${token}` },
      payload: demoOrderBody({
        customer_id: demoId('customer', 'Nordbeton GmbH'),
        notes: 'Bitte 30 Minuten vor Ankunft anrufen.',
        internal_notes: 'NUR-FUER-DAS-BUERO',
        access_conditions: 'Zufahrt über Tor 3',
        pump_available: true,
      }),
    });
    expect(res.statusCode, res.body).toBe(201);
    order = (res.json() as { order: Order }).order;
  });
  afterAll(async () => {
    await t?.close();
  });

  const download = (path: string, authToken: string | null = token) =>
    t.app.inject({ method: 'GET', url: path, headers: authToken ? { authorization: `Bearer ${authToken}` } : {} });

  it('downloads the order PDF as Auftrag_{orderNumber}.pdf with every detail of the order', async () => {
    const res = await download(`/api/orders/${order.id}/pdf`);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="Auftrag_${order.orderNumber}.pdf"`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const text = await pdfToText(res.rawPayload);
    for (const expected of [
      'Transportauftrag',
      order.orderNumber,
      'Zementwerk Lägerdorf',
      'Am Zementwerk 1',
      '25566 Lägerdorf',
      'Ole Thiessen',
      'Silo 1',
      'Betonwerk Kiel',
      'CEM I 42,5 R',
      'Zement',
      '27 Tonnen',
      '23.11.2026',
      '08:00 Uhr',
      'Pumpe erforderlich',
      'Zufahrt über Tor 3',
      'Nordbeton GmbH',
      'Bitte 30 Minuten vor Ankunft anrufen.',
      'Unterschrift Fahrer',
      'Unterschrift Empfänger',
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(text).not.toContain('NUR-FUER-DAS-BUERO');
    expect(text).not.toContain('STORNO');
  });

  it('downloads the storno PDF as Storno_{orderNumber}.pdf, cancelled by the requesting user', async () => {
    const before = formatDateDe(new Date());
    const res = await download(`/api/orders/${order.id}/storno-pdf`, await t.login('auftrag'));
    const after = formatDateDe(new Date());
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="Storno_${order.orderNumber}.pdf"`);
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const text = await pdfToText(res.rawPayload);
    expect(text).toContain('STORNO – Transportauftrag');
    expect([messages.orderPdf.cancelledOnBy(before, 'Julia Neumann'), messages.orderPdf.cancelledOnBy(after, 'Julia Neumann')]).toContain(
      /Storniert am \d\d\.\d\d\.\d{4} durch Julia Neumann/.exec(text)?.[0],
    );
    for (const expected of [order.orderNumber, 'Zementwerk Lägerdorf', 'Betonwerk Kiel', 'CEM I 42,5 R', '27 Tonnen']) {
      expect(text, expected).toContain(expected);
    }
    expect(text).not.toContain('NUR-FUER-DAS-BUERO');
    // Downloading the storno PDF changes nothing: the client removes the order afterwards (§4.4).
    expect((await download(`/api/orders/${order.id}`)).statusCode).toBe(200);
  });

  it('lets every reader role download, the auditor included', async () => {
    for (const username of ['audit', 'abrechnung', 'fuhrpark', 'admin']) {
      const userToken = await t.login(username);
      expect((await download(`/api/orders/${order.id}/pdf`, userToken)).statusCode, username).toBe(200);
      expect((await download(`/api/orders/${order.id}/storno-pdf`, userToken)).statusCode, username).toBe(200);
    }
  });

  it('answers 401 without a token, and with an invalid one', async () => {
    for (const path of [`/api/orders/${order.id}/pdf`, `/api/orders/${order.id}/storno-pdf`]) {
      for (const authToken of [null, 'kein-token']) {
        const res = await download(path, authToken);
        expect(res.statusCode, path).toBe(401);
        expect(res.json()).toEqual({ success: false, error: messages.auth.sessionExpired });
      }
    }
  });

  it('answers 404 with the German text for an unknown order', async () => {
    for (const path of [`/api/orders/${randomUUID()}/pdf`, `/api/orders/${randomUUID()}/storno-pdf`]) {
      const res = await download(path);
      expect(res.statusCode, path).toBe(404);
      expect(res.json()).toEqual({ success: false, error: messages.order.notFound });
    }
  });

  it('answers 400 for an id no order can have', async () => {
    const res = await download('/api/orders/%00/pdf');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, error: messages.http.invalidField('id') });
  });
});
