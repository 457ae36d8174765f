import { randomUUID } from 'node:crypto';
import { messages } from '@dispo/domain/messages';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoId } from './seed';
import { demoOrderBody } from './testing/demo-order';
import { createTestApp, type TestApp } from './testing/test-app';

const INJECTION = "'; DROP TABLE read.orders; --";

/** Every German text of the catalogue (functions called with a placeholder), to recognise an answer as ours. */
function catalogueTexts(node: unknown, out: string[] = []): string[] {
  if (typeof node === 'string') out.push(node);
  else if (typeof node === 'function') out.push(String((node as (...a: unknown[]) => unknown)('x', 'x', 'x')));
  else if (node && typeof node === 'object') for (const v of Object.values(node)) catalogueTexts(v, out);
  return out;
}

/**
 * A refusal as the product must answer it: the status, JSON `{ success: false, error[, details] }`
 * with exactly the catalogue's text, and nothing of the server's inside (stack frames, error classes).
 */
function expectRefusal(res: LightMyRequestResponse, status: number, message: string) {
  expect(res.statusCode, res.body.slice(0, 300)).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = res.json() as Record<string, unknown>;
  expect(body.success).toBe(false);
  expect(body.error).toBe(message);
  expect(
    Object.keys(body).every((k) => ['success', 'error', 'details'].includes(k)),
    res.body,
  ).toBe(true);
  expectNoInternals(res.body);
}

function expectNoInternals(body: string) {
  expect(body).not.toMatch(/\bat [\w.<>$]+ \(|\bat (file|node):|\n\s+at /);
  expect(body).not.toMatch(/\b\w*Error\b/);
  expect(body).not.toMatch(/node_modules|\.[jt]s:\d+/);
  expect(body).not.toMatch(/stack/i);
}

describe('bad input', () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp();
    token = await t.login('dispo');
  });
  afterAll(async () => {
    await t?.close();
  });

  const eventCount = async () => Number((await t.infra.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM es.events')).rows[0]?.n);

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { authorization: `Bearer ${token}`, ...headers },
      ...(payload === undefined ? {} : typeof payload === 'string' ? { payload } : { payload: payload as Record<string, unknown> }),
    });

  it('refuses dates that are no calendar day in bodies and query strings, and writes nothing', async () => {
    for (const targetDate of ['2026-02-30', '2026-13-01']) {
      await refused(() => post('/api/disposition/send-tour-plan', { targetDate }), 400, messages.http.invalidField('targetDate'));
    }
    const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    for (const [url, field] of [
      ['/api/orders?dateFrom=2026-02-30', 'dateFrom'],
      ['/api/billing/stats?startDate=2026-02-30', 'startDate'],
      ['/api/disposition/vehicles?date=2026-02-30', 'date'],
    ] as const) {
      expectRefusal(await get(url), 400, messages.http.invalidField(field));
    }
    // The event schema itself refuses such a date, so no projection ever meets one.
    expect(() => t.infra.registry.validateForAppend('TourPlanMailRequested', 1, {
      mailId: 'm-1', date: '2026-02-30', recipients: ['a@b.de'], trigger: 'manual', requestedBy: null, requestedAt: new Date().toISOString(),
    })).toThrow();
  });

  /** Sends `send()`, expects the refusal, and checks that nothing was written and the server still answers. */
  async function refused(send: () => Promise<LightMyRequestResponse>, status: number, message: string) {
    const before = await eventCount();
    const res = await send();
    expectRefusal(res, status, message);
    expect(await eventCount()).toBe(before);
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    return res;
  }

  const order = (overrides: Record<string, unknown>) => () => post('/api/orders', demoOrderBody(overrides));
  const without = (field: string) => () => {
    const body = demoOrderBody();
    delete body[field];
    return post('/api/orders', body);
  };

  it('answers malformed multipart uploads with 400 and a German text, and stores nothing', async () => {
    const vehicleUrl = `/api/vehicles/${demoId('vehicle', 'HH-MS 204')}/documents`;
    const boundary = 'kaputt123';
    const files = async () => Number((await t.infra.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM blobs.files')).rows[0]?.n);
    const before = await files();
    for (const [contentType, body] of [
      [`multipart/form-data; boundary=${boundary}`, 'no boundary at all'],
      ['multipart/form-data', `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.4`],
      [`multipart/form-data; boundary=${boundary}`, `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.4 abgeschnitten`],
      [`multipart/form-data; boundary=${boundary}`, `--${boundary}\r\nkaputt\r\n\r\nx\r\n--${boundary}--\r\n`],
    ] as const) {
      const res = await post(vehicleUrl, body, { 'content-type': contentType });
      expect(res.statusCode, `${contentType}: ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, res.body).toBeLessThan(500);
      expect(catalogueTexts(messages)).toContain((res.json() as { error: string }).error);
      expectNoInternals(res.body);
    }
    expect(await files()).toBe(before);
  });

  it('refuses a lone UTF-16 surrogate and numbers beyond any bound in every text and number field (400 naming it)', async () => {
    for (const [field, value] of [
      ['notes', 'Anfang\ud800Ende'],
      ['delivery_address', '\udc00'],
      ['plant_id', 'x\ud83d'],
      ['quantity', 1e308],
      ['weight_tons', 1e16],
    ] as const) {
      await refused(order({ [field]: value }), 400, messages.http.invalidField(field));
    }
    // Only a weight the quantity cannot tell is taken as given (pieces); a tonne order's weight is its quantity.
    await refused(order({ unit: 'stueck', quantity: 10, weight_tons: 5000 }), 400, messages.validation.weightTooLarge('1.000'));
    const admin = await t.login('admin');
    const card = (limits: Record<string, number>) => () =>
      t.app.inject({
        method: 'POST',
        url: '/api/fuel-cards',
        headers: { authorization: `Bearer ${admin}` },
        payload: { card_number: '7000 1234', card_type: 'diesel', ...limits },
      });
    await refused(card({ daily_limit: 1e308 }), 400, messages.http.invalidField('daily_limit'));
    await refused(card({ monthly_limit: 1e12 }), 400, messages.fleetCommands.invalidNumber);
    const entry = (extra: Record<string, unknown>) => () =>
      t.app.inject({
        method: 'POST',
        url: `/api/vehicle-analytics/${demoId('vehicle', 'HH-MS 204')}/history`,
        headers: { authorization: `Bearer ${admin}` },
        payload: { action_type: 'UPDATED', action_title: 'Kilometerstand', description: 'abgelesen', ...extra },
      });
    await refused(entry({ odometer_reading: 99_999_999 }), 400, messages.http.invalidField('odometer_reading'));
    await refused(entry({ cost_amount: 50_000_000 }), 400, messages.http.invalidField('cost_amount'));
    const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    // A query string cannot carry a lone surrogate (its bytes decode to U+FFFD), but NUL: refused as well.
    expectRefusal(await get('/api/plants/search?q=Kies%00'), 400, messages.http.invalidField('q'));
    expect((await get('/api/plants/search?q=%ED%A0%80')).statusCode).toBe(200);
  });

  describe('POST /api/orders', () => {
    it('names an unknown field (also the camelCase spelling of a known one)', async () => {
      await refused(order({ favourite_colour: 'rot' }), 400, messages.http.unknownField('favourite_colour'));
      await refused(order({ plantId: demoId('plant', 'Betonwerk Kiel') }), 400, messages.http.unknownField('plantId'));
    });

    it('names the field of a wrong type', async () => {
      const cases: [string, unknown][] = [
        ['quantity', '27'],
        ['quantity', [27]],
        ['quantity', { value: 27 }],
        ['quantity', true],
        ['pump_available', 'true'],
        ['crane_available', 'false'],
        ['pump_available', 1],
        ['notes', ['Bitte anrufen']],
        ['plant_id', [demoId('plant', 'Zementwerk Lägerdorf')]],
        ['delivery_date', 20261123],
        ['unit', 'tonnen'],
        ['priority', 'sofort'],
        ['delivery_time_type', 'morgens'],
        ['status', 'geliefert'],
        ['weight_tons', '27'],
      ];
      for (const [field, value] of cases) await refused(order({ [field]: value }), 400, messages.http.invalidField(field));
    });

    it('refuses a quantity that JSON turns into Infinity', async () => {
      const raw = JSON.stringify(demoOrderBody()).replace('"quantity":27', '"quantity":1e400');
      expect(raw).toContain('1e400');
      await refused(() => post('/api/orders', raw, { 'content-type': 'application/json' }), 400, messages.http.invalidField('quantity'));
    });

    it('answers "Pflichtfelder" when a required field is missing, null or blank', async () => {
      await refused(() => post('/api/orders', {}), 400, messages.validation.requiredFields);
      for (const field of ['plant_id', 'delivery_plant_id', 'material_id', 'loading_point_id', 'quantity', 'delivery_date']) {
        await refused(without(field), 400, messages.validation.requiredFields);
        await refused(order({ [field]: null }), 400, messages.validation.requiredFields);
      }
      await refused(order({ delivery_date: '' }), 400, messages.validation.requiredFields);
      // Optional fields may be empty or null.
      expect((await order({ notes: '', customer_id: null, unit: null, priority: null })()).statusCode).toBe(201);
    });

    it('answers "Pflichtfelder" for an id sent as an empty string (a select the user cleared)', async () => {
      // The body schema leaves "required" to the decider (order-body.ts), but its id type refuses '' first.
      for (const field of ['plant_id', 'delivery_plant_id', 'material_id', 'loading_point_id']) {
        await refused(order({ [field]: '' }), 400, messages.validation.requiredFields);
      }
    });

    it('refuses an empty body, a body that is not an object, malformed JSON and other media types', async () => {
      // No body at all: a German refusal, "Pflichtfelder" or "Ungültige Anfrage" both fit.
      const before = await eventCount();
      const none = await post('/api/orders', undefined);
      expect(none.statusCode).toBe(400);
      expect([messages.validation.requiredFields, messages.http.badRequest]).toContain((none.json() as { error: string }).error);
      expectNoInternals(none.body);
      expect(await eventCount()).toBe(before);
      await refused(() => post('/api/orders', '', { 'content-type': 'application/json' }), 400, messages.http.invalidJson);
      await refused(() => post('/api/orders', '{"plant_id": ', { 'content-type': 'application/json' }), 400, messages.http.invalidJson);
      await refused(() => post('/api/orders', "{'plant_id': 'x'}", { 'content-type': 'application/json' }), 400, messages.http.invalidJson);
      await refused(() => post('/api/orders', '[]', { 'content-type': 'application/json' }), 400, messages.http.badRequest);
      await refused(() => post('/api/orders', '"text"', { 'content-type': 'application/json' }), 400, messages.http.badRequest);
      await refused(() => post('/api/orders', '<order/>', { 'content-type': 'application/xml' }), 415, messages.http.unsupportedMediaType);
    });

    it('answers 413 for a body over 1 MB', async () => {
      const body = JSON.stringify(demoOrderBody({ notes: 'x'.repeat(1024 * 1024 + 10) }));
      await refused(() => post('/api/orders', body, { 'content-type': 'application/json' }), 413, messages.http.payloadTooLarge);
    });

    it('refuses a quantity of 0 or below', async () => {
      for (const quantity of [0, -1, -0.5]) await refused(order({ quantity }), 400, messages.validation.wizard.quantityPositive);
    });

    it('refuses a time range that does not run forwards, half a range, and malformed dates and times', async () => {
      const range = { delivery_time_type: 'range', delivery_time_fixed: null };
      await refused(order({ ...range, delivery_time_from: '10:00', delivery_time_to: '08:00' }), 400, messages.validation.timeRangeOrder);
      await refused(order({ ...range, delivery_time_from: '08:00', delivery_time_to: '08:00' }), 400, messages.validation.timeRangeOrder);
      await refused(order({ ...range, delivery_time_from: '08:00' }), 400, messages.validation.quickOrder.completeTimeRange);
      await refused(order({ delivery_time_fixed: '25:00' }), 400, messages.validation.invalidTime);
      await refused(order({ delivery_date: '2026-02-30' }), 400, messages.validation.invalidDate);
      await refused(order({ delivery_date: '23.11.2026' }), 400, messages.validation.invalidDate);
    });

    it('refuses the same plant as loading and delivery plant', async () => {
      const lägerdorf = demoId('plant', 'Zementwerk Lägerdorf');
      await refused(order({ delivery_plant_id: lägerdorf }), 400, messages.validation.quickOrder.plantsMustDiffer);
    });

    it('answers 404 with the German text for references that do not exist', async () => {
      await refused(order({ plant_id: randomUUID() }), 404, messages.order.loadingPlantNotFound);
      await refused(order({ delivery_plant_id: randomUUID() }), 404, messages.order.deliveryPlantNotFound);
      await refused(order({ loading_point_id: randomUUID() }), 404, messages.order.loadingPointNotFound);
      await refused(order({ material_id: randomUUID() }), 404, messages.order.materialNotFound);
      await refused(order({ customer_id: randomUUID() }), 404, messages.order.customerNotFound);
    });

    it('treats SQL in ids and dates as a value: a clean 4xx, nothing written', async () => {
      await refused(order({ plant_id: INJECTION }), 404, messages.order.loadingPlantNotFound);
      await refused(order({ delivery_plant_id: INJECTION }), 404, messages.order.deliveryPlantNotFound);
      await refused(order({ loading_point_id: INJECTION }), 404, messages.order.loadingPointNotFound);
      await refused(order({ material_id: INJECTION }), 404, messages.order.materialNotFound);
      await refused(order({ customer_id: INJECTION }), 404, messages.order.customerNotFound);
      await refused(order({ delivery_date: INJECTION }), 400, messages.http.invalidField('delivery_date'));
      await refused(order({ delivery_date: "';--DROP--" }), 400, messages.validation.invalidDate);
      await refused(order({ delivery_time_fixed: "'; --" }), 400, messages.validation.invalidTime);
    });

    it('stores SQL metacharacters in free texts verbatim, and the read tables stay intact', async () => {
      const texts = {
        notes: INJECTION,
        internal_notes: 'Robert"); DELETE FROM es.events; --',
        delivery_address: "O'Brien-Straße 1; \\x27 $1 %s",
        delivery_contact_person: "Dr. O'Neil",
        delivery_phone: "0431 12 34'--",
        material_specification: '1=1 OR "a"="a"',
        vehicle_requirements: '$$; SELECT pg_sleep(10); $$',
        access_conditions: '/* */ UNION SELECT * FROM read.users --',
      };
      const before = await eventCount();
      const res = await post('/api/orders', demoOrderBody(texts));
      expect(res.statusCode, res.body).toBe(201);
      expect(await eventCount()).toBeGreaterThan(before);
      const created = (res.json() as { order: Record<string, unknown> & { id: string } }).order;
      const got = (
        await t.app.inject({ method: 'GET', url: `/api/orders/${created.id}`, headers: { authorization: `Bearer ${token}` } })
      ).json() as {
        order: Record<string, unknown>;
      };
      expect(got.order).toMatchObject({
        notes: texts.notes,
        internalNotes: texts.internal_notes,
        deliveryAddress: texts.delivery_address,
        deliveryContactPerson: texts.delivery_contact_person,
        deliveryPhone: texts.delivery_phone,
        materialSpecification: texts.material_specification,
        vehicleRequirements: texts.vehicle_requirements,
        accessConditions: texts.access_conditions,
      });
      const counts = await t.infra.sql.query<{ orders: number; plants: number; users: number; events: number }>(
        `SELECT (SELECT count(*)::int FROM read.orders) AS orders, (SELECT count(*)::int FROM read.plants) AS plants,
                (SELECT count(*)::int FROM read.users) AS users, (SELECT count(*)::int FROM es.events) AS events`,
      );
      expect(counts.rows[0]).toMatchObject({ plants: 13, users: 6 });
      expect(counts.rows[0]!.orders).toBeGreaterThanOrEqual(1);
      expect(counts.rows[0]!.events).toBe(await eventCount());
    });

    it('refuses a NUL character in a text or id with a clean 4xx, not a database error (500)', async () => {
      const nul = 'Anfang\u0000Ende';
      const before = await eventCount();
      const answers: Record<string, number> = {};
      for (const field of ['notes', 'delivery_address', 'plant_id', 'material_id']) {
        const res = await post('/api/orders', demoOrderBody({ [field]: nul }));
        answers[field] = res.statusCode;
        expectNoInternals(res.body);
      }
      const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: nul, password: 'demo1234' } });
      answers.username = login.statusCode;
      expectNoInternals(login.body);
      const kind = (status: number) => (status >= 400 && status < 500 ? '4xx' : status);
      expect(Object.fromEntries(Object.entries(answers).map(([field, status]) => [field, kind(status)]))).toEqual({
        notes: '4xx',
        delivery_address: '4xx',
        plant_id: '4xx',
        material_id: '4xx',
        username: '4xx',
      });
      expect(await eventCount()).toBe(before);
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    });

    it('treats SQL in query strings and path parameters as a value', async () => {
      const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
      const q = encodeURIComponent(INJECTION);
      const search = await get(`/api/plants/search?q=${q}`);
      expect(search.statusCode).toBe(200);
      expect(search.json()).toEqual({ plants: [] });
      const customers = await get(`/api/customers/search/query?q=${q}`);
      expect(customers.statusCode).toBe(200);
      expect(customers.json()).toEqual({ customers: [] });
      expectRefusal(await get(`/api/orders/${q}`), 404, messages.order.notFound);
      expectRefusal(await get(`/api/orders?sort_by=${q}`), 400, messages.http.invalidField('sort_by'));
      expectRefusal(await get(`/api/orders?sort_order=${q}`), 400, messages.http.invalidField('sort_order'));
      const points = await get(`/api/loading-points?plant_id=${q}`);
      expect(points.statusCode).toBe(200);
      expect(points.json()).toEqual({ loading_points: [] });
      const { rows } = await t.infra.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM read.plants');
      expect(rows[0]?.n).toBe(13);
    });
  });

  describe('POST /api/auth/login', () => {
    const login = (payload: unknown, headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers,
        ...(payload === undefined ? {} : typeof payload === 'string' ? { payload } : { payload: payload as Record<string, unknown> }),
      });

    it('names an unknown field', async () => {
      await refused(
        () => login({ username: 'dispo', password: 'demo1234', remember_me: true }),
        400,
        messages.http.unknownField('remember_me'),
      );
    });

    it('names the field of a wrong type', async () => {
      await refused(() => login({ username: 42, password: 'demo1234' }), 400, messages.http.invalidField('username'));
      await refused(() => login({ username: 'dispo', password: ['demo1234'] }), 400, messages.http.invalidField('password'));
      await refused(() => login({ username: 'dispo', password: true }), 400, messages.http.invalidField('password'));
      await refused(() => login({ username: { $ne: null }, password: 'x' }), 400, messages.http.invalidField('username'));
    });

    it('answers "Pflichtfelder" when username or password is missing', async () => {
      await refused(() => login({}), 400, messages.validation.requiredFields);
      await refused(() => login({ username: 'dispo' }), 400, messages.validation.requiredFields);
      await refused(() => login({ password: 'demo1234' }), 400, messages.validation.requiredFields);
      const none = await login(undefined);
      expect(none.statusCode).toBe(400);
      expect([messages.validation.requiredFields, messages.http.badRequest, messages.login.fieldsRequired]).toContain(
        (none.json() as { error: string }).error,
      );
      expectNoInternals(none.body);
    });

    it('refuses an empty body, malformed JSON and a body over 1 MB', async () => {
      await refused(() => login('', { 'content-type': 'application/json' }), 400, messages.http.invalidJson);
      await refused(() => login('{"username":"dispo",', { 'content-type': 'application/json' }), 400, messages.http.invalidJson);
      const huge = JSON.stringify({ username: 'dispo', password: 'x'.repeat(1024 * 1024 + 10) });
      await refused(() => login(huge, { 'content-type': 'application/json' }), 413, messages.http.payloadTooLarge);
    });

    it('treats SQL in username and password as a value: 401, nothing written', async () => {
      await refused(() => login({ username: INJECTION, password: 'demo1234' }), 401, messages.login.invalidCredentials);
      await refused(() => login({ username: "dispo' --", password: 'demo1234' }), 401, messages.login.invalidCredentials);
      await refused(() => login({ username: 'dispo', password: "' OR '1'='1" }), 401, messages.login.invalidCredentials);
    });

    it('answers every refusal with a text of the message catalogue', async () => {
      const known = new Set(catalogueTexts(messages));
      for (const payload of [
        { username: '', password: '' },
        { username: 'x'.repeat(65), password: 'y' },
        { username: 'dispo', password: 'p'.repeat(257) },
      ]) {
        const res = await login(payload);
        expect(res.statusCode).toBe(400);
        const error = (res.json() as { error: string }).error;
        expect(known.has(error) || /^Ungültiger Wert für Feld (username|password)$/.test(error), error).toBe(true);
        expectNoInternals(res.body);
      }
    });
  });
});
