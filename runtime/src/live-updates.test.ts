import { createHmac } from 'node:crypto';
import { messages } from '@dispo/domain/messages';
import { io, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { demoId } from './seed';
import { demoOrderBody } from './testing/demo-order';
import { createTestApp, TEST_JWT_SECRET, type TestApp } from './testing/test-app';

interface NewOrderNotice {
  order: { id: string; orderNumber: string; plant: { name: string } | null };
}

const sockets: Socket[] = [];

/** A socket.io client that connects once (no reconnects); rejects with the server's refusal. */
function connect(url: string, auth?: Record<string, unknown>): Promise<Socket> {
  const socket = io(url, { auth, transports: ['websocket'], reconnection: false, forceNew: true, timeout: 5000 });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => reject(err));
  });
}

/** Records every `new_order` a socket receives. */
function record(socket: Socket): NewOrderNotice[] {
  const received: NewOrderNotice[] = [];
  socket.on('new_order', (payload: NewOrderNotice) => received.push(payload));
  return received;
}

async function until(check: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** POST /api/orders over the network, as the browser does. */
async function createOrder(app: TestApp, token: string, overrides: Record<string, unknown> = {}): Promise<NewOrderNotice['order']> {
  const res = await fetch(`${app.url}/api/orders`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(demoOrderBody(overrides)),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as NewOrderNotice).order;
}

function signJwt(payload: Record<string, unknown>, secret: string): string {
  const part = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
  const data = `${part({ alg: 'HS256', typ: 'JWT' })}.${part(payload)}`;
  return `${data}.${createHmac('sha256', secret).update(data).digest('base64url')}`;
}

afterEach(() => {
  for (const s of sockets.splice(0)) s.disconnect();
});

describe('live updates over socket.io', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ listen: true });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('delivers order_updated, order_status_changed and order_deleted for edits, status changes and deletion', async () => {
    const watcher = await connect(t.url, { token: await t.login('dispo') });
    const seen: { event: string; id: string; status?: string; quantity?: number }[] = [];
    for (const event of ['order_updated', 'order_status_changed', 'order_deleted']) {
      watcher.on(event, (payload: { id?: string; order?: { id: string; status: string; quantity: number } }) =>
        seen.push({ event, id: payload.order?.id ?? payload.id ?? '', status: payload.order?.status, quantity: payload.order?.quantity }),
      );
    }
    const token = await t.login('auftrag');
    const order = await createOrder(t, token);
    const send = (method: string, path: string, body?: unknown) =>
      fetch(`${t.url}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
    expect((await send('PATCH', `/api/orders/${order.id}`, { quantity: 12.5 })).status).toBe(200);
    await until(() => seen.some((s) => s.event === 'order_updated' && s.id === order.id && s.quantity === 12.5));
    expect((await send('PATCH', `/api/orders/${order.id}`, { status: 'geplant' })).status).toBe(200);
    await until(() => seen.some((s) => s.event === 'order_status_changed' && s.id === order.id && s.status === 'geplant'));
    expect((await send('PATCH', `/api/orders/${order.id}`, { status: 'offen' })).status).toBe(200);
    expect((await send('DELETE', `/api/orders/${order.id}`)).status).toBe(200);
    await until(() => seen.some((s) => s.event === 'order_deleted' && s.id === order.id));
  });

  it('delivers new_order with the order to a logged-in client when another user creates one', async () => {
    const watcher = await connect(t.url, { token: await t.login('dispo') });
    const received = record(watcher);
    const order = await createOrder(t, await t.login('auftrag'), { notes: 'live' });
    await until(() => received.some((n) => n.order.orderNumber === order.orderNumber));
    const notice = received.find((n) => n.order.orderNumber === order.orderNumber)!;
    expect(notice.order).toMatchObject({ id: order.id, orderNumber: order.orderNumber, plant: { name: 'Zementwerk Lägerdorf' } });
    // Once per order, not once per projection or batch.
    await new Promise((r) => setTimeout(r, 300));
    expect(received.filter((n) => n.order.id === order.id)).toHaveLength(1);
  });

  it('delivers to every connected client of the instance', async () => {
    const token = await t.login('audit');
    const clients = await Promise.all([connect(t.url, { token }), connect(t.url, { token }), connect(t.url, { token })]);
    const inboxes = clients.map(record);
    const order = await createOrder(t, await t.login('dispo'));
    await until(() => inboxes.every((inbox) => inbox.some((n) => n.order.id === order.id)));
  });

  it('refuses a socket without token, with a forged, an expired or a garbage token', async () => {
    const exp = Math.floor(Date.now() / 1000) + 3600;
    const claims = { sub: demoId('user', 'dispo'), username: 'dispo', firstName: 'Frank', lastName: 'Berger', roles: ['admin'] };
    const refusals: [string, Record<string, unknown> | undefined][] = [
      ['no auth', undefined],
      ['empty auth', {}],
      ['token not a string', { token: 42 }],
      ['forged', { token: signJwt({ ...claims, exp }, 'another-secret-another-secret-another-secret') }],
      ['expired', { token: signJwt({ ...claims, exp: exp - 7200 }, TEST_JWT_SECRET) }],
      ['garbage', { token: 'not-a-token' }],
    ];
    for (const [name, auth] of refusals) {
      const error = await connect(t.url, auth).then(
        () => null,
        (err: Error) => err,
      );
      expect(error, name).toBeInstanceOf(Error);
      expect(error?.message, name).toBe(messages.auth.sessionExpired);
    }
  });

  it('refuses a signed token whose claims HTTP refuses (unknown role, no roles, empty claims, expired) and sends it nothing', async () => {
    const exp = Math.floor(Date.now() / 1000) + 3600;
    const claims = { sub: demoId('user', 'dispo'), username: 'dispo', firstName: 'Frank', lastName: 'Berger', roles: ['dispatcher'] };
    const { roles: _roles, ...withoutRoles } = claims;
    const tokens: [string, string][] = [
      ['unknown role', signJwt({ ...claims, roles: ['hacker'], exp }, TEST_JWT_SECRET)],
      ['unknown and known role', signJwt({ ...claims, roles: ['dispatcher', 'hacker'], exp }, TEST_JWT_SECRET)],
      ['roles missing', signJwt({ ...withoutRoles, exp }, TEST_JWT_SECRET)],
      ['no roles', signJwt({ ...claims, roles: [], exp }, TEST_JWT_SECRET)],
      ['empty claims', signJwt({ exp }, TEST_JWT_SECRET)],
      ['name missing', signJwt({ sub: claims.sub, roles: ['admin'], exp }, TEST_JWT_SECRET)],
      ['expired', signJwt({ ...claims, exp: exp - 7200 }, TEST_JWT_SECRET)],
    ];
    const refused: ReturnType<typeof record>[] = [];
    for (const [name, token] of tokens) {
      // HTTP refuses the token: the socket must do the same.
      const http = await fetch(`${t.url}/api/orders?limit=1`, { headers: { authorization: `Bearer ${token}` } });
      expect(http.status, name).toBe(401);
      for (const transport of ['websocket', 'polling'] as const) {
        const socket = io(t.url, { auth: { token }, transports: [transport], reconnection: false, forceNew: true, timeout: 5000 });
        sockets.push(socket);
        refused.push(record(socket));
        const error = await new Promise<Error | null>((resolve) => {
          socket.once('connect', () => resolve(null));
          socket.once('connect_error', (err) => resolve(err));
        });
        expect(error?.message, `${name} over ${transport}`).toBe(messages.auth.sessionExpired);
      }
    }
    // The same token with valid claims connects; it hears the order, the refused ones do not.
    const valid = signJwt({ ...claims, exp }, TEST_JWT_SECRET);
    expect((await fetch(`${t.url}/api/orders?limit=1`, { headers: { authorization: `Bearer ${valid}` } })).status).toBe(200);
    const watched = record(await connect(t.url, { token: valid }));
    const order = await createOrder(t, await t.login('auftrag'));
    await until(() => watched.some((n) => n.order.id === order.id));
    expect(refused.flat()).toEqual([]);
  });

  it('answers the polling handshake and polls with the security headers of every other answer', async () => {
    const api = await fetch(`${t.url}/api/health`);
    const expected = ['content-security-policy', 'x-frame-options', 'x-content-type-options', 'referrer-policy'].map(
      (name) => [name, api.headers.get(name)] as const,
    );
    expect(expected.every(([, value]) => value !== null && value !== '')).toBe(true);
    const handshake = await fetch(`${t.url}/socket.io/?EIO=4&transport=polling`);
    expect(handshake.status).toBe(200);
    const open = JSON.parse((await handshake.text()).slice(1)) as { sid: string };
    const url = `${t.url}/socket.io/?EIO=4&transport=polling&sid=${open.sid}`;
    // The CONNECT packet (refused for want of a token, an answer all the same), then the poll that reads the refusal.
    const post = await fetch(url, { method: 'POST', body: '40', headers: { 'content-type': 'text/plain;charset=UTF-8' } });
    expect(post.status).toBe(200);
    const poll = await fetch(url);
    expect(poll.status).toBe(200);
    expect(await poll.text()).toContain(messages.auth.sessionExpired);
    const unknownSession = await fetch(`${t.url}/socket.io/?EIO=4&transport=polling&sid=unbekannt`);
    expect(unknownSession.status).toBe(400);
    for (const [answer, res] of Object.entries({ handshake, post, poll, unknownSession })) {
      for (const [name, value] of expected) expect(res.headers.get(name), `${answer}: ${name}`).toBe(value);
    }
    expect(Object.fromEntries(expected)).toMatchObject({ 'x-frame-options': 'DENY', 'x-content-type-options': 'nosniff', 'referrer-policy': 'same-origin' });
  });

  it('sends nothing to a refused socket', async () => {
    const socket = io(t.url, { transports: ['websocket'], reconnection: false, forceNew: true, auth: { token: 'forged' } });
    sockets.push(socket);
    const received = record(socket);
    await new Promise<void>((resolve) => socket.once('connect_error', () => resolve()));
    const order = await createOrder(t, await t.login('dispo'));
    // A connected watcher proves the notice went out; the refused socket got none.
    const watcher = await connect(t.url, { token: await t.login('dispo') });
    const watched = record(watcher);
    const second = await createOrder(t, await t.login('dispo'));
    await until(() => watched.some((n) => n.order.id === second.id));
    expect(received.filter((n) => n.order.id === order.id || n.order.id === second.id)).toEqual([]);
  });
});

describe('two gateway instances on one database', () => {
  let first: TestApp;
  let second: TestApp;

  beforeAll(async () => {
    first = await createTestApp({ listen: true });
    // Same database, its own HTTP server, gateway, runner and bus connection. Both runners follow the
    // log; the checkpoint locking lets only one of them apply (and publish) each batch.
    second = await createTestApp({ sql: first.infra.sql, seed: false, listen: true });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it.runIf(!!process.env.NATS_URL)(
    'each gateway delivers new_order to its own clients exactly once (needs NATS_URL: without it each process has its own in-process bus)',
    async () => {
      expect(first.infra.bus.kind).toBe('nats');
      expect(first.url).not.toBe(second.url);
      const atFirst = record(await connect(first.url, { token: await first.login('dispo') }));
      const atSecond = record(await connect(second.url, { token: await second.login('dispo') }));

      const viaSecond = await createOrder(second, await second.login('auftrag'));
      const viaFirst = await createOrder(first, await first.login('auftrag'));
      for (const inbox of [atFirst, atSecond]) {
        await until(() => [viaFirst, viaSecond].every((o) => inbox.some((n) => n.order.orderNumber === o.orderNumber)));
      }
      await new Promise((r) => setTimeout(r, 500));
      for (const inbox of [atFirst, atSecond]) {
        expect(inbox.filter((n) => n.order.id === viaFirst.id)).toHaveLength(1);
        expect(inbox.filter((n) => n.order.id === viaSecond.id)).toHaveLength(1);
      }
    },
  );

  it('answers every POST promptly on both instances (read-your-writes waits for the checkpoint, whichever runner applies)', async () => {
    const tokens = [await first.login('auftrag'), await second.login('auftrag')];
    const took: number[] = [];
    for (let i = 0; i < 6; i++) {
      const app = i % 2 === 0 ? first : second;
      const t0 = Date.now();
      await createOrder(app, tokens[i % 2]!);
      took.push(Date.now() - t0);
    }
    // The projection wait gives up after 5 s; an answer that slow means a waiter was never resolved.
    expect(took.filter((ms) => ms >= 2000)).toEqual([]);
  });

  it('both instances answer reads of an order the other one created', async () => {
    const order = await createOrder(second, await second.login('auftrag'));
    const token = await first.login('dispo');
    // The first instance's runner may apply the batch, or the second's: either way the shared read table has it.
    const res = await fetch(`${first.url}/api/orders/${order.id}`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as NewOrderNotice).order.orderNumber).toBe(order.orderNumber);
  });
});
