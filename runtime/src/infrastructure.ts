import { join } from 'node:path';
import { allEventDefinitions } from '@dispo/events/catalog/index';
import { EventRegistry } from '@dispo/events/registry';
import type { SqlClient } from '@dispo/events/sql/client';
import { createPgClient } from '@dispo/events/sql/pg-client';
import { createPgliteClient } from '@dispo/events/sql/pglite-client';
import { createEventStore } from '@dispo/events/store/create-event-store';
import type { EventStore } from '@dispo/events/store/port';
import { createBus } from '@dispo/platform/bus/create-bus';
import type { NoticeBus } from '@dispo/platform/bus/notice-bus';
import type { Config } from './config';

export interface Infrastructure {
  sql: SqlClient;
  registry: EventRegistry;
  store: EventStore;
  bus: NoticeBus;
  close(): Promise<void>;
}

/** The database (PostgreSQL or embedded PGlite), the event store on it (or EventStoreDB) and the notice bus. */
export async function createInfrastructure(config: Pick<Config, 'databaseUrl' | 'dataDir' | 'natsUrl' | 'eventstoreUrl'>, sqlOverride?: SqlClient): Promise<Infrastructure> {
  const sql = sqlOverride ?? (config.databaseUrl ? createPgClient(config.databaseUrl, { max: 20 }) : await createPgliteClient(join(config.dataDir, 'pglite')));
  const registry = new EventRegistry(allEventDefinitions);
  const store = await createEventStore({ sql, registry, eventstoreUrl: config.eventstoreUrl });
  const bus = await createBus(config.natsUrl);
  return {
    sql,
    registry,
    store,
    bus,
    async close() {
      await bus.close();
      await store.close();
      if (!sqlOverride) await sql.close();
    },
  };
}
