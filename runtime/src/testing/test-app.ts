import { createTestSql } from '@dispo/events/testing/test-database';
import type { FastifyInstance } from 'fastify';
import { loadDemoCatalog } from '../demo-catalog';
import { createInfrastructure, type Infrastructure } from '../infrastructure';
import { seedDemoData } from '../seed';
import type { HistoryOptions } from '../seed/history';
import { createServices, type ServiceOptions, type Services } from '../services';
import { seededTemplateFor } from './seeded-template';

export interface TestApp {
  app: FastifyInstance;
  infra: Infrastructure;
  services: Services;
  /** Base URL once `listen()` was called. */
  url: string;
  /** A token of a demo user (password demo1234). */
  login(username?: string): Promise<string>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  seed?: boolean;
  /** Also seed the demo business's operations (weeks before today, today, next workdays); off by default. */
  history?: HistoryOptions;
  listen?: boolean;
  commands?: boolean;
  queries?: boolean;
  loginAttemptsPerMinute?: number;
  loginAttemptsPerAddressPerMinute?: number;
  trustProxy?: ServiceOptions['trustProxy'];
  /** Serve the built web client (web/dist) as `npm start` does. */
  serveWeb?: boolean;
  /** Log into this stream (at LOG_LEVEL, default info) instead of not logging at all. */
  logStream?: { write(line: string): void };
  logLevel?: string;
  /** Share a database with another test app (two gateways on one database). */
  sql?: Infrastructure['sql'];
  /** Tour-plan mails: SMTP worker and scheduler (off unless given). */
  mail?: ServiceOptions['mail'];
  optimization?: ServiceOptions['optimization'];
  idempotencyPendingBoundMs?: number;
}

export const TEST_JWT_SECRET = 'test-secret-test-secret-test-secret-0123456789';
/** Fuel card PINs of test apps are encrypted with this key (seed and services alike). */
export const TEST_PIN_KEY = 'test-pin-key-test-pin-key-test-pin-key-0123456789';

/**
 * The whole product on a private database: PGlite in memory, or a fresh database on the server of
 * DATABASE_URL; the bus is NATS when NATS_URL is set. Seeded with the demo catalogue by default, or
 * copied from the run's seeded template when it holds the same (seeded-template.ts).
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const seed = options.seed ?? true;
  const seeded = options.sql || !seed ? undefined : seededTemplateFor(options.history);
  const testSql = options.sql ? null : await createTestSql({ from: seeded });
  const sql = options.sql ?? testSql!.sql;
  const infra = await createInfrastructure({ databaseUrl: undefined, dataDir: '', natsUrl: process.env.NATS_URL, eventstoreUrl: undefined }, sql);
  const services = await createServices(infra, {
    jwtSecret: TEST_JWT_SECRET,
    pinKey: TEST_PIN_KEY,
    logger: options.logStream !== undefined,
    logStream: options.logStream,
    logLevel: options.logLevel,
    commands: options.commands ?? true,
    queries: options.queries ?? true,
    loginAttemptsPerMinute: options.loginAttemptsPerMinute ?? 1000,
    loginAttemptsPerAddressPerMinute: options.loginAttemptsPerAddressPerMinute ?? 100_000,
    trustProxy: options.trustProxy,
    serveWeb: options.serveWeb,
    mail: options.mail,
    optimization: options.optimization,
    idempotencyPendingBoundMs: options.idempotencyPendingBoundMs,
  });
  if (seed && !seeded) await seedDemoData(infra, loadDemoCatalog(), { pinKey: TEST_PIN_KEY, history: options.history });
  await services.start();
  let url = '';
  if (options.listen) {
    await services.app.listen({ port: 0, host: '127.0.0.1' });
    const address = services.app.server.address();
    if (address && typeof address === 'object') url = `http://127.0.0.1:${address.port}`;
  }
  return {
    app: services.app,
    infra,
    services,
    get url() {
      return url;
    },
    async login(username = 'dispo') {
      const res = await services.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password: 'demo1234' } });
      if (res.statusCode !== 200) throw new Error(`login ${username}: ${res.statusCode} ${res.body}`);
      return (res.json() as { token: string }).token;
    },
    async close() {
      await services.close();
      await infra.close();
      await testSql?.dispose();
    },
  };
}
