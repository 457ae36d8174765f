import { randomBytes } from 'node:crypto';
import type { EventRegistry } from '../registry';
import type { SqlClient } from '../sql/client';
import { EsdbEventStore } from '../store/esdb-event-store';
import type { EventStore } from '../store/port';
import { SqlEventStore, type SqlEventStoreOptions } from '../store/sql-event-store';
import { createTestSql, type TestSqlOptions } from './test-database';

export interface EventStoreHarness {
  /** The SQL database behind the store; undefined for EventStoreDB. */
  readonly sql: SqlClient | undefined;
  /**
   * A store with an empty log: on SQL a fresh schema per call (its name in `schema`), on EventStoreDB
   * the one shared log (use unique stream ids and read from the current end).
   */
  freshStore(
    registry: EventRegistry,
    options?: Pick<SqlEventStoreOptions, 'pollIntervalMs'>,
  ): Promise<{ store: EventStore; schema?: string }>;
  dispose(): Promise<void>;
}

export interface EventStoreAdapter {
  name: 'pglite' | 'postgres' | 'eventstoredb';
  /** Several transactions can be open at once (not on PGlite's single connection). */
  concurrentTransactions: boolean;
  /** appendMany is all or nothing, and partly repeated event ids are detected. */
  transactional: boolean;
  start(): Promise<EventStoreHarness>;
}

/** Every adapter reachable here: PGlite always, PostgreSQL with DATABASE_URL, EventStoreDB with EVENTSTORE_URL. */
export function reachableEventStoreAdapters(): EventStoreAdapter[] {
  const adapters: EventStoreAdapter[] = [];
  adapters.push({ name: 'pglite', concurrentTransactions: false, transactional: true, start: () => sqlHarness({ kind: 'pglite' }) });
  if (process.env.DATABASE_URL) {
    adapters.push({
      name: 'postgres',
      concurrentTransactions: true,
      transactional: true,
      start: () => sqlHarness({ kind: 'postgres', max: 10 }),
    });
  }
  const eventstoreUrl = process.env.EVENTSTORE_URL;
  if (eventstoreUrl) {
    adapters.push({
      name: 'eventstoredb',
      concurrentTransactions: true,
      transactional: false,
      start: async () => esdbHarness(eventstoreUrl),
    });
  }
  return adapters;
}

async function sqlHarness(options: TestSqlOptions): Promise<EventStoreHarness> {
  const { sql, dispose } = await createTestSql(options);
  const stores: EventStore[] = [];
  return {
    sql,
    async freshStore(registry, options = {}) {
      const schema = `es_${randomBytes(6).toString('hex')}`;
      const store = new SqlEventStore(sql, registry, { ...options, schema });
      await store.migrate();
      stores.push(store);
      return { store, schema };
    },
    async dispose() {
      await Promise.all(stores.map((store) => store.close()));
      await dispose();
    },
  };
}

function esdbHarness(url: string): EventStoreHarness {
  const stores: EventStore[] = [];
  return {
    sql: undefined,
    async freshStore(registry, options = {}) {
      const store = new EsdbEventStore(url, registry, options);
      stores.push(store);
      return { store };
    },
    async dispose() {
      await Promise.all(stores.map((store) => store.close()));
    },
  };
}
