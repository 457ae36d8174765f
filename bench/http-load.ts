import { type ChildProcess, fork } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { demoOrderBody } from '@dispo/runtime/testing/demo-order';
import autocannon, { type Options, type Result } from 'autocannon';
import { type Cost, type CostSnapshot, costBetween } from './cost';
import { renderWaits, WaitSampler } from './pg-waits';
import { type Percentiles, percentiles } from './stats';

export interface HttpOptions {
  kind: 'postgres' | 'pglite';
  connections: number;
  seconds: number;
  /** Stop early after this many responses: order numbers are drawn from 10,000 per day. */
  maxRequests: number;
  /** Write a V8 CPU profile of the server process during the measured run to this file. */
  profileFile?: string;
  waits?: boolean;
}

export interface HttpFigures {
  version: string;
  requests: number;
  seconds: number;
  perSecond: number;
  latency: Percentiles;
  non2xx: number;
  errors: number;
  statusCodes: Record<string, number>;
  /** Rows in read.orders at the end (warm-up included). */
  orders: number;
  warmup: number;
  /** Server process and its database during the measured run. */
  cost: Cost;
  waits: string[];
}

const WARMUP_REQUESTS = 320;

/**
 * POST /api/orders with autocannon against the real runtime in a child process (read-your-writes
 * included: the route answers after the projections have the order). Latency percentiles come from
 * every response's time as autocannon measured it.
 */
export async function benchHttp(options: HttpOptions): Promise<HttpFigures> {
  const execArgv = ['--import', 'tsx'];
  const args = [options.kind, ...(options.profileFile ? [`--profile=${options.profileFile}`] : [])];
  const child = fork(fileURLToPath(new URL('./http-server.ts', import.meta.url)), args, { execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const exited = once(child, 'exit');
  try {
    const ready = await reply<{ url: string; version: string; database: string }>(child, exited);
    const login = await fetch(`${ready.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'dispo', password: 'demo1234' }),
    });
    if (!login.ok) throw new Error(`login: ${login.status} ${await login.text()}`);
    const { token } = (await login.json()) as { token: string };
    const base: Options = {
      url: `${ready.url}/api/orders`,
      method: 'POST',
      connections: options.connections,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(demoOrderBody()),
    };

    await run({ ...base, amount: WARMUP_REQUESTS }, Number.POSITIVE_INFINITY);
    child.send('mark');
    const before = (await reply<{ snapshot: CostSnapshot }>(child, exited)).snapshot;
    const sampler = options.waits && options.kind === 'postgres' ? new WaitSampler(process.env.DATABASE_URL!, ready.database) : null;
    sampler?.start();
    const { result, latencies } = await run({ ...base, duration: options.seconds }, options.maxRequests);
    const waits = sampler ? [renderWaits(`POST /api/orders, ${options.connections} connections`, await sampler.stop())] : [];

    child.send('stop');
    const done = await reply<{ snapshot: CostSnapshot; orders: number }>(child, exited);
    await exited;
    const seconds = result.duration;
    return {
      version: ready.version,
      requests: latencies.length,
      seconds,
      perSecond: latencies.length / seconds,
      latency: percentiles(latencies),
      non2xx: result.non2xx,
      errors: result.errors + result.timeouts,
      statusCodes: Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, s]) => [code, s.count])),
      orders: done.orders,
      warmup: WARMUP_REQUESTS,
      cost: costBetween(before, done.snapshot),
      waits,
    };
  } finally {
    if (child.exitCode === null) child.kill();
  }
}

async function reply<T>(child: ChildProcess, exited: Promise<unknown>): Promise<T> {
  const [message] = (await Promise.race([once(child, 'message'), exited.then(() => Promise.reject(new Error('server process exited')))])) as [T];
  return message;
}

function run(options: Options, maxRequests: number): Promise<{ result: Result; latencies: number[] }> {
  const latencies: number[] = [];
  return new Promise((resolve, reject) => {
    const instance = autocannon(options, (error, result) => (error ? reject(error) : resolve({ result, latencies })));
    instance.on('response', (_client, _status, _bytes, responseTime) => {
      latencies.push(responseTime);
      if (latencies.length === maxRequests) instance.stop();
    });
  });
}
