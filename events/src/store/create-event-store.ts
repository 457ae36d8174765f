import type { EventRegistry } from '../registry';
import type { SqlClient } from '../sql/client';
import { EsdbEventStore } from './esdb-event-store';
import type { EventStore } from './port';
import { SqlEventStore } from './sql-event-store';

export interface CreateEventStoreOptions {
  /** The database of the read models; holds the event log too unless `eventstoreUrl` is given. */
  sql: SqlClient;
  registry: EventRegistry;
  /** EVENTSTORE_URL: keep the log in EventStoreDB instead. */
  eventstoreUrl?: string;
  /** Schema of the SQL event table (default 'es'). */
  schema?: string;
}

/** The configured event store, ready to use (the SQL table is created if missing). */
export async function createEventStore(options: CreateEventStoreOptions): Promise<EventStore> {
  if (options.eventstoreUrl) return new EsdbEventStore(options.eventstoreUrl, options.registry);
  const store = new SqlEventStore(options.sql, options.registry, { schema: options.schema });
  await store.migrate();
  return store;
}
