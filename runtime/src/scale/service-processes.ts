import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createConnection, createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const ENTRY = { command: 'runtime/src/command-main.ts', projection: 'runtime/src/projection-main.ts', app: 'runtime/src/main.ts' } as const;
const SHIFTED_CLOCK = fileURLToPath(new URL('../testing/shifted-clock.ts', import.meta.url));

/** One service process of the scaled setup (docker-compose.yml), as `npm run start:*` starts it. */
export interface ServiceProcess {
  name: string;
  url: string;
  /** Its stdout and stderr so far (for the message of a failing test). */
  output(): string;
  /** SIGTERM, and wait until it has shut down (at most `timeoutMs`, then SIGKILL). */
  stop(timeoutMs?: number): Promise<void>;
  /** SIGKILL at once (a crash: no shutdown code runs), and wait until it is gone. */
  kill(): Promise<void>;
}

/** A free TCP port of 127.0.0.1 (asked from the OS, released again). */
export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  await once(server, 'close');
  if (!address || typeof address !== 'object') throw new Error('no port');
  return address.port;
}

export async function startService(name: string, kind: keyof typeof ENTRY, env: Record<string, string>): Promise<ServiceProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', '--import', SHIFTED_CLOCK, ENTRY[kind]], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = once(child, 'exit');
  const url = `http://127.0.0.1:${port}`;
  const service: ServiceProcess = {
    name,
    url,
    output: () => output,
    stop: (timeoutMs) => stop(child, exited, timeoutMs),
    kill: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGKILL');
      await exited;
    },
  };
  try {
    await healthy(url, child);
  } catch (error) {
    await service.stop(1000);
    throw new Error(`${name}: ${String(error)}\n${output}`, { cause: error });
  }
  return service;
}

async function healthy(url: string, child: ChildProcess, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('not healthy in time');
}

async function stop(child: ChildProcess, exited: Promise<unknown>, timeoutMs = 15_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  await exited;
  clearTimeout(timer);
}

/** A NATS server of the test's own (core NATS is all the notice bus needs), so that no other suite's notices mix in. */
export async function startNats(): Promise<{ url: string; stop(): Promise<void> }> {
  const port = await freePort();
  const child = spawn(process.env.NATS_SERVER ?? 'nats-server', ['-a', '127.0.0.1', '-p', String(port)], { stdio: 'ignore' });
  const exited = once(child, 'exit');
  const spawned = await Promise.race([once(child, 'spawn').then(() => true), once(child, 'error').then(() => false)]);
  if (!spawned) throw new Error('nats-server could not be started (NATS_SERVER or PATH)');
  const url = `nats://127.0.0.1:${port}`;
  for (let tries = 0; ; tries++) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = createConnection(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.end();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) break;
    if (tries > 100) throw new Error('nats-server does not listen');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { url, stop: () => stop(child, exited) };
}
