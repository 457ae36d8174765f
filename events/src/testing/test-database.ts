import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { SqlClient } from '../sql/client';
import { createPgClient } from '../sql/pg-client';
import { createPgliteClient } from '../sql/pglite-client';

const PREFIX = 'dispo_test_';
const CLOSE_TIMEOUT_MS = 2000;
const STALE_AFTER_MS = 60 * 60 * 1000;
/** prefix, creation time (base 36), pid, random: the time lets a later run drop what a killed run left. */
const NAME = /^dispo_test_([0-9a-z]{8})_\d+_[0-9a-f]{8}$/;

export interface TestSql {
  sql: SqlClient;
  /** The database's URL on PostgreSQL (for other processes); undefined on PGlite. */
  url: string | undefined;
  /** Closes the client and drops its database; safe to call twice. */
  dispose(): Promise<void>;
}

export interface TestSqlOptions {
  /** Default: 'postgres' when DATABASE_URL is set, else 'pglite'. */
  kind?: 'postgres' | 'pglite';
  /** Pool size on PostgreSQL (default 5). */
  max?: number;
}

/**
 * A private, empty database for one test suite: on the PostgreSQL server of DATABASE_URL a freshly
 * created database (dropped again by `dispose`), otherwise an in-memory PGlite.
 */
export async function createTestSql(options: TestSqlOptions = {}): Promise<TestSql> {
  const url = process.env.DATABASE_URL;
  const kind = options.kind ?? (url ? 'postgres' : 'pglite');
  if (kind === 'pglite') {
    const sql = await createPgliteClient();
    return { sql, url: undefined, dispose: once(() => sql.close()) };
  }
  if (!url) throw new Error('createTestSql: DATABASE_URL is not set');
  const name = `${PREFIX}${Date.now().toString(36)}_${process.pid}_${randomBytes(4).toString('hex')}`;
  await admin(url, async (client) => {
    await dropStaleDatabases(client);
    await createDatabase(client, name);
  });
  const testUrl = new URL(url);
  testUrl.pathname = `/${name}`;
  const sql = createPgClient(testUrl.toString(), { max: options.max ?? 5 });
  return {
    sql,
    url: testUrl.toString(),
    dispose: once(async () => {
      // A transaction a test left open would keep pool.end() waiting forever; FORCE ends it anyway.
      const closed = sql.close().catch(() => {});
      await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, CLOSE_TIMEOUT_MS).unref())]);
      await admin(url, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
      await closed;
    }),
  };
}

/** Databases of test processes that died before `dispose` (no test suite runs for an hour). */
async function dropStaleDatabases(client: pg.Client): Promise<void> {
  const { rows } = await client.query<{ datname: string }>('SELECT datname FROM pg_database WHERE starts_with(datname, $1)', [PREFIX]);
  for (const { datname } of rows) {
    const stamp = NAME.exec(datname)?.[1];
    if (stamp && Date.now() - Number.parseInt(stamp, 36) > STALE_AFTER_MS)
      await client.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
  }
}

async function admin<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** CREATE DATABASE fails while another session briefly uses the template (code 55006): try again. */
async function createDatabase(client: pg.Client, name: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await client.query(`CREATE DATABASE ${name}`);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '55006' || attempt >= 10) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}

function once(fn: () => Promise<void>): () => Promise<void> {
  let done: Promise<void> | undefined;
  return () => {
    done ??= fn();
    return done;
  };
}
