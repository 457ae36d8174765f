// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startBackend, type TestBackend, useBackendOrigin } from '../test/backend';
import { ApiError } from './errors';
import { fileNameFromDisposition } from './client';
import { bulkUpdateStatus, fetchOrderPdf, orderListQuery, patchOrder } from './orders';

describe('order list query', () => {
  it('sends only the filters that are set', () => {
    expect(
      orderListQuery({
        page: 2,
        limit: 50,
        sort_by: 'orderNumber',
        sort_order: 'desc',
        filters: { search: ' Kies ', status: '', pumpRequired: true, craneRequired: false, hideSettled: true, minQuantity: '20' },
      }),
    ).toEqual({
      page: 2,
      limit: 50,
      sort_by: 'orderNumber',
      sort_order: 'desc',
      search: 'Kies',
      pumpRequired: 'true',
      hideSettled: 'true',
      minQuantity: '20',
    });
  });

  it('reads the file name of Content-Disposition', () => {
    expect(fileNameFromDisposition('attachment; filename="Auftrag_S261121-4711.pdf"')).toBe('Auftrag_S261121-4711.pdf');
    expect(fileNameFromDisposition("attachment; filename*=UTF-8''Storno_S%C3%9C1.pdf")).toBe('Storno_SÜ1.pdf');
    expect(fileNameFromDisposition(null)).toBeNull();
  });
});

describe('order calls against a real server', () => {
  let backend: TestBackend;

  beforeEach(async () => {
    backend = await startBackend();
    useBackendOrigin(backend);
    localStorage.clear();
    localStorage.setItem('authToken', 'tok-1');
  });

  afterEach(async () => {
    await backend.close();
  });

  it('PATCH and bulk status send snake_case bodies with the token', async () => {
    backend.routes.set('PATCH /api/orders/o-1', ({ body }) => ({ json: { success: true, order: { id: 'o-1', echoed: body } } }));
    backend.routes.set('POST /api/orders/bulk-status', () => ({ json: { success: true, updated: 2, failed: [] } }));
    await patchOrder('o-1', { quantity: 12.5 });
    const answer = await bulkUpdateStatus(['o-1', 'o-2'], 'geliefert');
    expect(answer.updated).toBe(2);
    expect(backend.requests.map((request) => [request.method, request.path, request.body, request.headers.authorization])).toEqual([
      ['PATCH', '/api/orders/o-1', { quantity: 12.5 }, 'Bearer tok-1'],
      ['POST', '/api/orders/bulk-status', { order_ids: ['o-1', 'o-2'], status: 'geliefert' }, 'Bearer tok-1'],
    ]);
  });

  it('fetches a PDF as a blob with the token; failures carry the server text', async () => {
    backend.routes.set('GET /api/orders/o-1/pdf', () => ({ raw: '%PDF-1.4 x', contentType: 'application/pdf' }));
    backend.routes.set('GET /api/orders/o-2/pdf', () => ({
      status: 404,
      json: { success: false, error: 'Der Auftrag wurde nicht gefunden.' },
    }));
    const file = await fetchOrderPdf('o-1');
    expect(await file.blob.text()).toBe('%PDF-1.4 x');
    expect(backend.requests[0]?.headers.authorization).toBe('Bearer tok-1');
    const failure = await fetchOrderPdf('o-2').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 404, message: 'Der Auftrag wurde nicht gefunden.', fromServer: true });
  });
});
