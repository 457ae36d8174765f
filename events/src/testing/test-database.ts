import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { SqlClient } from '../sql/client';
import { createPgClient } from '../sql/pg-client';
import { assertSqlIdentifier } from '../sql/identifier';
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
  /** Start as a copy of this database instead of empty (its kind wins over `kind`). */
  from?: TestTemplate;
}

/** A prepared database that test databases start from: a template database on the server, or a PGlite archive. */
export type TestTemplate = { kind: 'postgres'; database: string } | { kind: 'pglite'; file: string };

/**
 * A private, empty database for one test suite: on the PostgreSQL server of DATABASE_URL a freshly
 * created database (dropped again by `dispose`), otherwise an in-memory PGlite.
 */
export async function createTestSql(options: TestSqlOptions = {}): Promise<TestSql> {
  const url = process.env.DATABASE_URL;
  const kind = options.from?.kind ?? options.kind ?? defaultTestKind();
  if (kind === 'pglite') {
    const file = options.from?.kind === 'pglite' ? options.from.file : process.env[EMPTY_PGLITE];
    const archive = file ? new Blob([await readFile(file)]) : undefined;
    const sql = await createPgliteClient(undefined, archive);
    return { sql, url: undefined, dispose: once(() => sql.close()) };
  }
  if (!url) throw new Error('createTestSql: DATABASE_URL is not set');
  const name = testDatabaseName();
  await admin(url, async (client) => {
    await dropStaleDatabases(client);
    await createDatabase(client, name, options.from?.kind === 'postgres' ? options.from.database : undefined);
  });
  const sql = createPgClient(databaseUrl(url, name), { max: options.max ?? 5 });
  return {
    sql,
    url: databaseUrl(url, name),
    dispose: once(async () => {
      // A transaction a test left open would keep pool.end() waiting forever; FORCE ends it anyway.
      const closed = sql.close().catch(() => {});
      await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, CLOSE_TIMEOUT_MS).unref())]);
      await admin(url, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
      await closed;
    }),
  };
}

/**
 * An empty PGlite database as an archive, for a test run's globalSetup (createEmptyPgliteTemplate):
 * a database starts from it in about 1.1 s instead of the 2.7–2.9 s of creating one (initdb in wasm).
 */
const EMPTY_PGLITE = 'DISPO_TEST_EMPTY_PGLITE';

/** Makes the empty PGlite archive that later test databases of this run start from; answers its removal. */
export async function createEmptyPgliteTemplate(): Promise<() => Promise<void>> {
  const { template, dispose } = await createTestTemplate('pglite', async () => {});
  if (template.kind === 'pglite') process.env[EMPTY_PGLITE] = template.file;
  return dispose;
}

export function defaultTestKind(): 'postgres' | 'pglite' {
  return process.env.DATABASE_URL ? 'postgres' : 'pglite';
}

/**
 * Builds a template for `createTestSql({ from })`: `build` fills a fresh database, which is then kept
 * (PostgreSQL: as a database no one connects to; PGlite: as an archive file) until `dispose`.
 */
export async function createTestTemplate(
  kind: 'postgres' | 'pglite',
  build: (sql: SqlClient) => Promise<void>,
): Promise<{ template: TestTemplate; dispose(): Promise<void> }> {
  if (kind === 'pglite') {
    const sql = await createPgliteClient();
    const folder = await mkdtemp(join(tmpdir(), 'dispo-test-template-'));
    const file = join(folder, 'pglite.tar');
    try {
      await build(sql);
      await writeFile(file, Buffer.from(await (await sql.dumpDataDir()).arrayBuffer()));
    } finally {
      await sql.close();
    }
    return { template: { kind, file }, dispose: once(() => rm(folder, { recursive: true, force: true })) };
  }
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('createTestTemplate: DATABASE_URL is not set');
  const database = testDatabaseName();
  await admin(url, (client) => createDatabase(client, database));
  const sql = createPgClient(databaseUrl(url, database), { max: 5 });
  try {
    await build(sql);
  } finally {
    await sql.close();
  }
  return {
    template: { kind, database },
    dispose: once(() => admin(url, (client) => client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`)).then(() => undefined)),
  };
}

function testDatabaseName(): string {
  return `${PREFIX}${Date.now().toString(36)}_${process.pid}_${randomBytes(4).toString('hex')}`;
}

function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
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
async function createDatabase(client: pg.Client, name: string, template?: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await client.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${assertSqlIdentifier(template, 'template')}` : ''}`);
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
