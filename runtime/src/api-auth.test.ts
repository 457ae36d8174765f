import { createHmac } from 'node:crypto';
import { messages } from '@dispo/domain/messages';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoId } from './seed';
import { demoOrderBody } from './testing/demo-order';
import { isWrite, operationsOf } from './testing/openapi-fuzz';
import { readLog } from './testing/read-log';
import { createTestApp, TEST_JWT_SECRET, type TestApp } from './testing/test-app';


/** A HS256 JWT with any header, payload and secret: for forged, expired and malformed tokens. */
function signJwt(payload: Record<string, unknown>, secret: string, header: Record<string, unknown> = { alg: 'HS256', typ: 'JWT' }): string {
  const part = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
  const data = `${part(header)}.${part(payload)}`;
  return `${data}.${createHmac('sha256', secret).update(data).digest('base64url')}`;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

const dispoClaims = {
  sub: demoId('user', 'dispo'),
  username: 'dispo',
  firstName: 'Frank',
  lastName: 'Berger',
  roles: ['dispatcher', 'order_taker'],
};

/** The error answer of the product: exactly `{ success: false, error }` with the catalogue's text. */
function expectError(res: LightMyRequestResponse, status: number, message: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  expect(res.json()).toEqual({ success: false, error: message });
}

const noSecrets = /passwordHash|password_hash|\$argon2/i;

/** The routes of the OpenAPI document with a concrete URL, e.g. GET /api/orders/x. */
async function documentedRoutes(t: TestApp): Promise<{ method: string; url: string; path: string; security: unknown }[]> {
  const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, { security?: unknown }>>;
  };
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops)
      .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map(([method, op]) => ({
        method: method.toUpperCase(),
        path,
        url: path.replace(/\{[^}]+\}/g, 'does-not-exist'),
        security: op.security,
      })),
  );
}

const publicPaths = new Set(['/api/auth/login', '/api/health']);

describe('authentication and roles', () => {
  let t: TestApp;
  let dispoToken: string;

  beforeAll(async () => {
    t = await createTestApp();
    dispoToken = await t.login('dispo');
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string, token?: string) =>
    t.app.inject({ method: 'GET', url, headers: token === undefined ? {} : { authorization: `Bearer ${token}` } });
  const postOrder = (token: string | undefined, body: Record<string, unknown> = demoOrderBody()) =>
    t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
      payload: body,
    });

  describe('login', () => {
    it('answers a token and the user (id, username, names, roles) for dispo/demo1234, and the token opens the API', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'dispo', password: 'demo1234' } });
      expect(res.statusCode).toBe(200);
      const body = res.json() as { token: string; user: Record<string, unknown> };
      expect(Object.keys(body).sort()).toEqual(['token', 'user']);
      expect(body.user).toEqual({
        id: demoId('user', 'dispo'),
        username: 'dispo',
        firstName: 'Frank',
        lastName: 'Berger',
        roles: ['dispatcher', 'order_taker'],
      });
      expect(body.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
      expect((await get('/api/orders', body.token)).statusCode).toBe(200);
    });

    it('accepts the username in any case and with blanks around it', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: ' Dispo ', password: 'demo1234' } });
      expect(res.statusCode).toBe(200);
      expect((res.json() as { user: { username: string } }).user.username).toBe('dispo');
    });

    it('answers 401 with the same German text and nothing else for a wrong password and for an unknown user', async () => {
      const wrong = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'dispo', password: 'demo12345' } });
      expectError(wrong, 401, messages.login.invalidCredentials);
      const unknown = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'niemand', password: 'demo1234' },
      });
      expectError(unknown, 401, messages.login.invalidCredentials);
      // The password of another user does not open this one.
      const other = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'audit', password: 'wrong-for-audit' },
      });
      expectError(other, 401, messages.login.invalidCredentials);
    });

    it('never answers a password hash (login answer and every GET body)', async () => {
      const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'admin', password: 'demo1234' } });
      expect(login.statusCode).toBe(200);
      expect(login.body).not.toMatch(noSecrets);
      const adminToken = (login.json() as { token: string }).token;
      const created = await postOrder(dispoToken);
      expect(created.statusCode).toBe(201);
      expect(created.body).not.toMatch(noSecrets);
      const orderId = (created.json() as { order: { id: string } }).order.id;

      const gets = (await documentedRoutes(t)).filter((r) => r.method === 'GET');
      expect(gets.length).toBeGreaterThanOrEqual(7);
      for (const route of gets) {
        const url = route.path.replace('{id}', orderId).replace(/\{[^}]+\}/g, 'x');
        const res = await get(url, adminToken);
        expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
        expect(res.body, url).not.toMatch(noSecrets);
      }
      // The read model of users holds no credentials either.
      const { rows } = await t.infra.sql.query<{ column_name: string }>(
        `SELECT column_name FROM information_schema.columns WHERE table_schema = 'read' AND table_name = 'users'`,
      );
      expect(rows.map((r) => r.column_name).join(',')).not.toMatch(/password/i);
    });
  });

  describe('tokens', () => {
    it('answers 401 "Session abgelaufen" on every route but login and health when no token is sent', async () => {
      const routes = (await documentedRoutes(t)).filter((r) => !publicPaths.has(r.path));
      expect(routes.map((r) => `${r.method} ${r.path}`)).toEqual(
        expect.arrayContaining([
          'GET /api/orders',
          'POST /api/orders',
          'GET /api/orders/{id}',
          'GET /api/plants',
          'GET /api/plants/search',
          'GET /api/loading-points',
          'GET /api/materials',
          'GET /api/customers/search/query',
        ]),
      );
      for (const route of routes) {
        const res = await t.app.inject({ method: route.method as 'GET', url: route.url });
        expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
        expect(res.json(), `${route.method} ${route.url}`).toEqual({ success: false, error: messages.auth.sessionExpired });
      }
    });

    it('answers 401, not a validation error, when a request without token also has a bad body or query', async () => {
      // Who is not logged in learns nothing about the API's fields; the client is sent to /login.
      expectError(await postOrder(undefined, { unknown_field: 1 }), 401, messages.auth.sessionExpired);
      expectError(await t.app.inject({ method: 'POST', url: '/api/orders' }), 401, messages.auth.sessionExpired);
      expectError(await get('/api/orders?limit=abc'), 401, messages.auth.sessionExpired);
    });

    it('answers 401 for a token signed with another secret', async () => {
      const forged = signJwt(
        { ...dispoClaims, roles: ['admin'], iat: nowSeconds(), exp: nowSeconds() + 3600 },
        'another-secret-another-secret-another-secret',
      );
      expectError(await get('/api/orders', forged), 401, messages.auth.sessionExpired);
      expectError(await postOrder(forged), 401, messages.auth.sessionExpired);
    });

    it('answers 401 for an unsigned token (alg none) and for garbage', async () => {
      const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
      const payload = Buffer.from(JSON.stringify({ ...dispoClaims, roles: ['admin'], exp: nowSeconds() + 3600 })).toString('base64url');
      expectError(await get('/api/orders', `${header}.${payload}.`), 401, messages.auth.sessionExpired);
      expectError(await get('/api/orders', 'not-a-token'), 401, messages.auth.sessionExpired);
      expectError(
        await t.app.inject({ method: 'GET', url: '/api/orders', headers: { authorization: dispoToken } }),
        401,
        messages.auth.sessionExpired,
      );
    });

    it('answers 401 for an expired token (exp in the past, correctly signed)', async () => {
      const expired = signJwt({ ...dispoClaims, iat: nowSeconds() - 7200, exp: nowSeconds() - 3600 }, TEST_JWT_SECRET);
      expectError(await get('/api/orders', expired), 401, messages.auth.sessionExpired);
      expectError(await postOrder(expired), 401, messages.auth.sessionExpired);
      // The same claims with a future exp pass: only the expiry made the difference.
      const fresh = signJwt({ ...dispoClaims, iat: nowSeconds(), exp: nowSeconds() + 3600 }, TEST_JWT_SECRET);
      expect((await get('/api/orders', fresh)).statusCode).toBe(200);
    });

    it('answers 401 once a token of the app runs out', async () => {
      const shortLived = t.app.jwt.sign(dispoClaims as Parameters<typeof t.app.jwt.sign>[0], { expiresIn: 1 });
      expect((await get('/api/orders', shortLived)).statusCode).toBe(200);
      await new Promise((r) => setTimeout(r, 2100));
      expectError(await get('/api/orders', shortLived), 401, messages.auth.sessionExpired);
    });

    it('answers 401 for a correctly signed token whose claims are malformed', async () => {
      const exp = nowSeconds() + 3600;
      const malformed: Record<string, unknown>[] = [
        { ...dispoClaims, roles: 'admin' },
        { ...dispoClaims, roles: ['superuser'] },
        { username: 'dispo', firstName: 'Frank', lastName: 'Berger', roles: ['admin'] },
        { ...dispoClaims, sub: 42 },
        {},
      ];
      const before = (await readLog(t.infra.store)).length;
      for (const claims of malformed) {
        const token = signJwt({ ...claims, iat: nowSeconds(), exp }, TEST_JWT_SECRET);
        expectError(await get('/api/orders', token), 401, messages.auth.sessionExpired);
        expectError(await postOrder(token), 401, messages.auth.sessionExpired);
      }
      expect((await readLog(t.infra.store)).length).toBe(before);
    });

    it('sends the security headers: a strict CSP that forbids framing, nosniff, a referrer policy; HSTS only over TLS', async () => {
      const res = await get('/api/health');
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toMatch(/script-src 'self'(;|$)/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('same-origin');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['strict-transport-security']).toBeUndefined();
      // Without TRUST_PROXY a client cannot claim TLS; errors carry the headers too.
      expect((await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } })).headers['strict-transport-security']).toBeUndefined();
      expect((await get('/api/orders')).headers['content-security-policy']).toBe(csp);
    });

    it('sends HSTS when a trusted proxy says the request came over TLS', async () => {
      const proxied = await createTestApp({ sql: t.infra.sql, seed: false, trustProxy: '127.0.0.1' });
      try {
        const res = await proxied.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
        expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
        expect((await proxied.app.inject({ method: 'GET', url: '/api/health' })).headers['strict-transport-security']).toBeUndefined();
      } finally {
        await proxied.close();
      }
    });

    it('serves /api/health without a token (up or down only); the details to admins', async () => {
      const res = await get('/api/health');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ok' });
      const admin = await t.login('admin');
      const details = await t.app.inject({ method: 'GET', url: '/api/health', headers: { authorization: `Bearer ${admin}` } });
      expect(details.json()).toMatchObject({ status: 'ok', database: 'ok', bus: { state: 'ok' }, projections: { parked: [] } });
    });

    it('serves a valid OpenAPI document at /api/docs/json with the order and login paths', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
      expect(res.statusCode).toBe(200);
      const doc = JSON.parse(res.body) as { openapi: string; paths: Record<string, Record<string, unknown>> };
      expect(doc.openapi).toMatch(/^3\./);
      expect(doc.paths['/api/orders']).toHaveProperty('get');
      expect(doc.paths['/api/orders']).toHaveProperty('post');
      expect(doc.paths['/api/orders/{id}']).toHaveProperty('get');
      expect(doc.paths['/api/auth/login']).toHaveProperty('post');
    });
  });

  describe('roles', () => {
    const orderEvents = async () => (await readLog(t.infra.store)).filter((e) => e.type === 'OrderCreated');

    it('lets the auditor read orders and plants but not create an order; nothing is written', async () => {
      const audit = await t.login('audit');
      expect((await get('/api/orders', audit)).statusCode).toBe(200);
      expect((await get('/api/plants', audit)).statusCode).toBe(200);
      const before = await readLog(t.infra.store);
      expectError(await postOrder(audit), 403, messages.auth.forbidden);
      const after = await readLog(t.infra.store);
      expect(after.length).toBe(before.length);
      expect(after.filter((e) => e.type === 'OrderCreated' && e.metadata.userId === demoId('user', 'audit'))).toEqual([]);
    });

    /** Reads that take their question as a body: open to every role, they write nothing. */
    const readsByPost = ['POST /api/capacity-analysis/analyze', 'POST /api/drag-preview', 'POST /api/smart-service/analyze-vehicle', 'POST /api/smart-service/search-workshops'];
    /** Every role keeps its own settings (docs/adr/0010). */
    const ownSettings = ['POST /api/user/order-settings/reset', 'PUT /api/user/order-settings'];

    it('answers 403 to the auditor on every write route of the OpenAPI document, so a new route without a guard fails here', async () => {
      const audit = await t.login('audit');
      const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as unknown;
      const writes = operationsOf(doc).filter((op) => isWrite(op) && !op.isPublic);
      expect(writes.length).toBeGreaterThanOrEqual(60);
      const open: string[] = [];
      for (const op of writes) {
        const before = (await readLog(t.infra.store)).length;
        const res = await t.app.inject({
          method: op.method,
          url: op.path.replace(/\{[^}]+\}/g, 'does-not-exist'),
          headers: { authorization: `Bearer ${audit}`, 'content-type': 'application/json' },
          payload: '{}',
        });
        const route = `${op.method} ${op.path}`;
        if (res.statusCode === 403) expect(res.json(), route).toEqual({ success: false, error: expect.any(String) });
        else open.push(route);
        if (!ownSettings.includes(route)) expect((await readLog(t.infra.store)).length, route).toBe(before);
      }
      expect(open.sort()).toEqual([...readsByPost, ...ownSettings].sort());
    });

    it('documents the body of every write route that takes one (JSON or multipart), so clients and the fuzz know it', async () => {
      const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as unknown;
      const bodiless = operationsOf(doc)
        .filter((op) => isWrite(op) && op.method !== 'DELETE' && op.body === null)
        .map((op) => `${op.method} ${op.path}`);
      // Commands whose path says it all (no body is read).
      expect(bodiless.sort()).toEqual(
        [
          'POST /api/admin/projections/{name}/resume',
          'POST /api/billing/confirm/{id}',
          'POST /api/disposition/tours/{id}/reset',
          'POST /api/fuel-cards/{id}/reveal-pin',
          'POST /api/optimization/tours/{id}/optimize',
          'POST /api/orders/{id}/duplicate',
          'POST /api/orders/{id}/storno',
          'POST /api/orders/{id}/unlock-delivery-data',
          'POST /api/user/order-settings/reset',
          'POST /api/user/order-templates/{id}/use',
        ].sort(),
      );
      const upload = operationsOf(doc).find((op) => op.path === '/api/vehicles/{id}/documents' && op.method === 'POST');
      expect(upload?.body?.contentType).toBe('multipart/form-data');
      expect(Object.keys(upload?.body?.schema.properties ?? {}).sort()).toEqual(['category', 'file']);
    });

    it('answers 403 to the auditor also when the body is invalid (no hint about the fields)', async () => {
      const audit = await t.login('audit');
      expectError(await postOrder(audit, { unknown_field: 1 }), 403, messages.auth.forbidden);
    });

    it('refuses order creation to billing and fleet users with 403', async () => {
      const before = (await orderEvents()).length;
      expectError(await postOrder(await t.login('abrechnung')), 403, messages.auth.forbidden);
      expectError(await postOrder(await t.login('fuhrpark')), 403, messages.auth.forbidden);
      expect((await orderEvents()).length).toBe(before);
    });

    it('lets order takers, dispatchers and admins create orders', async () => {
      const before = (await orderEvents()).length;
      for (const username of ['auftrag', 'dispo', 'admin']) {
        const res = await postOrder(await t.login(username));
        expect(res.statusCode, `${username}: ${res.body}`).toBe(201);
      }
      const created = (await orderEvents()).slice(before);
      expect(created.map((e) => e.metadata.userId)).toEqual([demoId('user', 'auftrag'), demoId('user', 'dispo'), demoId('user', 'admin')]);
    });
  });
});

describe('login rate limit', () => {
  let t: TestApp;
  let limited: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    // A second app on the same (seeded) database with a limit of 3 attempts per minute.
    limited = await createTestApp({ sql: t.infra.sql, seed: false, loginAttemptsPerMinute: 3 });
  });
  afterAll(async () => {
    await limited?.close();
    await t?.close();
  });

  const login = (username: string, password: string) =>
    limited.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password }, remoteAddress: '10.0.0.7' });

  it('answers 429 "Zu viele Anmeldeversuche" on the 4th attempt within a minute, even with the right password', async () => {
    for (let i = 0; i < 3; i++) expectError(await login('auftrag', 'falsch'), 401, messages.login.invalidCredentials);
    expectError(await login('auftrag', 'falsch'), 429, messages.login.tooManyAttempts);
    expectError(await login('auftrag', 'demo1234'), 429, messages.login.tooManyAttempts);
  });

  it('does not believe X-Forwarded-For without TRUST_PROXY: forged addresses do not reset the count', async () => {
    const forged = (i: number) =>
      limited.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'admin', password: 'falsch' },
        remoteAddress: '10.0.0.8',
        headers: { 'x-forwarded-for': `203.0.113.${i}` },
      });
    for (let i = 0; i < 3; i++) expectError(await forged(i), 401, messages.login.invalidCredentials);
    expectError(await forged(99), 429, messages.login.tooManyAttempts);
  });

    it('counts attempts per username: locking out one name does not lock out a colleague at the same address', async () => {
    for (let i = 0; i < 4; i++) await login('fuhrpark', 'falsch');
    expectError(await login('fuhrpark', 'demo1234'), 429, messages.login.tooManyAttempts);
    const colleague = await login('abrechnung', 'demo1234');
    expect(colleague.statusCode, colleague.body).toBe(200);
  });
});

describe('login limits per address and behind a proxy', () => {
  let t: TestApp;
  let perAddress: TestApp;
  let proxied: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    // At most 4 attempts a minute from one address, whatever the usernames.
    perAddress = await createTestApp({ sql: t.infra.sql, seed: false, loginAttemptsPerAddressPerMinute: 4 });
    // Behind a proxy at 10.0.0.1 (TRUST_PROXY=10.0.0.1): its X-Forwarded-For names the client.
    proxied = await createTestApp({ sql: t.infra.sql, seed: false, loginAttemptsPerMinute: 3, trustProxy: '10.0.0.1' });
  });
  afterAll(async () => {
    await proxied?.close();
    await perAddress?.close();
    await t?.close();
  });

  const login = (app: TestApp, username: string, remoteAddress: string, headers: Record<string, string> = {}) =>
    app.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password: 'falsch' }, remoteAddress, headers });

  it('answers 429 once one address tried too often, even spread over many usernames; another address still logs in', async () => {
    const names = ['dispo', 'auftrag', 'abrechnung', 'fuhrpark'];
    for (const name of names) expectError(await login(perAddress, name, '10.0.1.1'), 401, messages.login.invalidCredentials);
    expectError(await login(perAddress, 'audit', '10.0.1.1'), 429, messages.login.tooManyAttempts);
    const other = await perAddress.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'audit', password: 'demo1234' },
      remoteAddress: '10.0.1.2',
    });
    expect(other.statusCode, other.body).toBe(200);
  });

  it('counts per forwarded client behind the configured proxy, and ignores the header from anyone else', async () => {
    // Two clients behind the proxy: each has its own count.
    for (let i = 0; i < 3; i++) expectError(await login(proxied, 'dispo', '10.0.0.1', { 'x-forwarded-for': '198.51.100.1' }), 401, messages.login.invalidCredentials);
    expectError(await login(proxied, 'dispo', '10.0.0.1', { 'x-forwarded-for': '198.51.100.1' }), 429, messages.login.tooManyAttempts);
    expectError(await login(proxied, 'dispo', '10.0.0.1', { 'x-forwarded-for': '198.51.100.2' }), 401, messages.login.invalidCredentials);
    // Not from the proxy: the header is not believed, the socket's address counts.
    for (let i = 0; i < 3; i++) expectError(await login(proxied, 'auftrag', '10.9.9.9', { 'x-forwarded-for': `198.51.100.${10 + i}` }), 401, messages.login.invalidCredentials);
    expectError(await login(proxied, 'auftrag', '10.9.9.9', { 'x-forwarded-for': '198.51.100.99' }), 429, messages.login.tooManyAttempts);
  });
});

