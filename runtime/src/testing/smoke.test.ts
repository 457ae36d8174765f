import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app';
import { demoOrderBody } from './demo-order';

describe('the product on a private database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('creates an order and answers it as GET /api/orders/:id shows it', async () => {
    const token = await t.login();
    const res = await t.app.inject({ method: 'POST', url: '/api/orders', headers: { authorization: `Bearer ${token}` }, payload: demoOrderBody() });
    expect(res.statusCode).toBe(201);
    const created = res.json() as { success: boolean; order: { id: string; orderNumber: string; deliveryDate: string; plant: { name: string } } };
    expect(created.success).toBe(true);
    expect(created.order.orderNumber).toMatch(/^S\d{6}-\d{4}$/);
    expect(created.order.deliveryDate).toBe('2026-11-23');
    expect(created.order.plant.name).toBe('Zementwerk Lägerdorf');
    const get = await t.app.inject({ method: 'GET', url: `/api/orders/${created.order.id}`, headers: { authorization: `Bearer ${token}` } });
    expect(get.json()).toEqual({ order: created.order });
  });
});
