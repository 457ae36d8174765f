import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoOrderBody } from '../testing/demo-order';
import { createTestApp, type TestApp } from '../testing/test-app';

/** A private nats-server (FAULTS_NATS_PORT, default 3590), so stopping it disturbs no other suite. */
const PORT = Number(process.env.FAULTS_NATS_PORT ?? 3590);
const NATS_BIN = process.env.NATS_SERVER_BIN ?? '/usr/sbin/nats-server';

function portOpen(): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(PORT, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function until(check: () => Promise<boolean> | boolean, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('NATS outage (fault suite)', { timeout: 180_000 }, () => {
  let nats: ChildProcess | null = null;
  let t: TestApp;
  let admin: string;
  let dispo: string;
  const storeDir = mkdtempSync(join(tmpdir(), 'dispo-faults-js-'));
  const savedUrl = process.env.NATS_URL;

  async function startNats() {
    nats = spawn(NATS_BIN, ['-a', '127.0.0.1', '-p', String(PORT), '-js', '-sd', storeDir], { stdio: 'ignore' });
    await until(portOpen);
  }
  async function stopNats() {
    const proc = nats;
    nats = null;
    if (!proc) return;
    const exited = new Promise((r) => proc.once('exit', r));
    proc.kill('SIGKILL');
    await exited;
  }
  const health = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/health', headers: { authorization: `Bearer ${admin}` } })).json() as {
      status: string;
      bus: { state: string; downSince: string | null };
    };
  const create = async () => {
    const started = Date.now();
    const res = await t.app.inject({ method: 'POST', url: '/api/orders', headers: { authorization: `Bearer ${dispo}` }, payload: demoOrderBody() });
    return { status: res.statusCode, ms: Date.now() - started };
  };

  beforeAll(async () => {
    // The app starts while the bus is down and connects in the background.
    process.env.NATS_URL = `nats://127.0.0.1:${PORT}`;
    expect(await portOpen()).toBe(false);
    t = await createTestApp({ listen: true });
    admin = await t.login('admin');
    dispo = await t.login('dispo');
  });
  afterAll(async () => {
    await t?.close();
    await stopNats();
    rmSync(storeDir, { recursive: true, force: true });
    if (savedUrl === undefined) delete process.env.NATS_URL;
    else process.env.NATS_URL = savedUrl;
  });

  it('starts without the bus and reports it; writes work; once the bus is up health says so', async () => {
    expect(await health()).toMatchObject({ status: 'eingeschränkt', bus: { state: 'error' } });
    expect((await create()).status).toBe(201);
    await startNats();
    await until(async () => (await health()).bus.state === 'ok');
    expect(await health()).toMatchObject({ status: 'ok', bus: { state: 'ok', downSince: null } });
  });

  it('while the bus is stopped under load, writes stay fast; when it is back the clients are told to refetch', async () => {
    const socket: Socket = io(t.url, { auth: { token: dispo }, transports: ['websocket'], reconnection: false, forceNew: true });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    let resyncs = 0;
    socket.on('resync', () => resyncs++);

    await stopNats();
    await until(async () => (await health()).bus.state === 'error');
    const during = await Promise.all(Array.from({ length: 10 }, () => create()));
    expect(during.map((d) => d.status)).toEqual(Array(10).fill(201));
    // Before, the runner waited on each publish (2 s flush timeout) and every write with it.
    expect(Math.max(...during.map((d) => d.ms))).toBeLessThan(1500);

    await startNats();
    await until(() => resyncs > 0);
    expect((await health()).bus.state).toBe('ok');
    socket.close();
  });
});
