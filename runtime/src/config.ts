import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3001),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  NATS_URL: z.string().optional(),
  EVENTSTORE_URL: z.string().optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET muss mindestens 32 Zeichen lang sein.').optional(),
  PIN_KEY: z.string().min(32, 'PIN_KEY muss mindestens 32 Zeichen lang sein.').optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().email('MAIL_FROM muss eine E-Mail-Adresse sein.').default('disposition@dispo.example'),
  TOUR_PLAN_RECIPIENTS: z.string().optional(),
  ORDER_MAIL_CC: z.string().email('ORDER_MAIL_CC muss eine E-Mail-Adresse sein.').default('disposition@dispo.example'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: z.enum(['true', 'false']).default('true'),
  ROUTING_URL: z.string().url('ROUTING_URL muss eine URL sein.').optional(),
  TRUST_PROXY: z.string().optional(),
  IDEMPOTENCY_PENDING_MS: z.coerce.number().int().min(1000).max(3_600_000).optional(),
});

/**
 * TRUST_PROXY as Fastify's trustProxy: unset or 'false' believes no X-Forwarded-* header, 'true' every
 * one, a whole number that many proxy hops, anything else a comma list of proxy addresses/CIDR ranges.
 */
export function trustProxySetting(value: string | undefined): boolean | number | string {
  const text = value?.trim() ?? '';
  if (text === '' || text === 'false') return false;
  if (text === 'true') return true;
  if (/^\d+$/.test(text)) return Number(text);
  return text;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  natsUrl: string | undefined;
  eventstoreUrl: string | undefined;
  jwtSecret: string;
  /** Key material for the fuel card PINs (AES-256-GCM); every command-service needs the same. */
  pinKey: string;
  /** Where the mail worker sends (tour-plan mails); without it mails wait in the outbox. */
  smtpUrl: string | undefined;
  /** Sender of the tour-plan mails. */
  mailFrom: string;
  /** Comma list of tour-plan recipients; unset: every user with the role dispatcher. */
  tourPlanRecipients: string | undefined;
  /** The fixed copy address of every order mail (orders.md §2.10). */
  orderMailCopy: string;
  logLevel: string;
  seedDemo: boolean;
  /** An OSRM-compatible routing service for distances and travel times; unset: straight line × road factor. */
  routingUrl: string | undefined;
  /** Whose X-Forwarded-* headers to believe (client address, protocol); default none. */
  trustProxy: boolean | number | string;
  /** A pending Idempotency-Key whose write is not in the log is released after this (ADR 0021); default 30 s. */
  idempotencyPendingMs: number | undefined;
}

/** Configuration from the environment; the embedded defaults need nothing set. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const e = envSchema.parse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  const dataDir = resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    natsUrl: e.NATS_URL,
    eventstoreUrl: e.EVENTSTORE_URL,
    jwtSecret: e.JWT_SECRET ?? persistentSecret(dataDir, 'jwt-secret'),
    pinKey: e.PIN_KEY ?? persistentSecret(dataDir, 'pin-key'),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    tourPlanRecipients: e.TOUR_PLAN_RECIPIENTS,
    orderMailCopy: e.ORDER_MAIL_CC,
    logLevel: e.LOG_LEVEL,
    seedDemo: e.SEED_DEMO === 'true',
    routingUrl: e.ROUTING_URL,
    trustProxy: trustProxySetting(e.TRUST_PROXY),
    idempotencyPendingMs: e.IDEMPOTENCY_PENDING_MS,
  };
}

/** Embedded mode: a random secret generated once and kept in the data folder (mode 600). */
export function persistentSecret(dataDir: string, name: string): string {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
