import type { SqlClient, SqlExecutor } from '@dispo/events/sql/client';
import type { DeferredIndex } from './projection';

/**
 * Memory for sorting while an index is built (PostgreSQL's default is 64 MB): the trigram index of a
 * million orders sorts several hundred megabytes of entries.
 */
const BUILD_MEMORY = '256MB';
/** Indexes built side by side, each on its own connection (a build mostly keeps one core busy). */
const BUILDS_AT_ONCE = 2;

/** Drops the indexes a rebuild defers (Projection.deferredIndexes), in the rebuild's own transaction. */
export async function dropDeferredIndexes(tx: SqlExecutor, indexes: readonly DeferredIndex[]): Promise<void> {
  for (const { name } of indexes) await tx.query(`DROP INDEX IF EXISTS ${name}`);
}

/** Builds the deferred indexes after a replay, BUILDS_AT_ONCE at a time. */
export async function buildDeferredIndexes(sql: SqlClient, indexes: readonly DeferredIndex[]): Promise<void> {
  const queue = [...indexes];
  const builder = async () => {
    for (let index = queue.shift(); index; index = queue.shift()) {
      const { create } = index;
      await sql.transaction(async (tx) => {
        await tx.query(`SET LOCAL maintenance_work_mem = '${BUILD_MEMORY}'`);
        await tx.query(create);
      });
    }
  };
  await Promise.all(Array.from({ length: Math.min(BUILDS_AT_ONCE, queue.length) }, builder));
}
