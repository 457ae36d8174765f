import type { EventStore } from '@dispo/events/store/port';
import type { SqlClient, SqlExecutor } from '@dispo/events/sql/client';
import type { NoticeBus } from '@dispo/platform/bus/notice-bus';
import type { Projection } from '@dispo/projection-service/projection';
import { ProjectionRunner } from '@dispo/projection-service/runner';
import pino from 'pino';
import { readLog } from './read-log';
import { readTables, WORKER_STATE } from './read-tables';

/** How many differing rows of a table a report names (the rest is counted). */
const ROWS_SHOWN = 3;

/** Every row of a read table as text (without worker state), sorted: two tables are equal when these are. */
async function rowsOf(sql: SqlExecutor, table: string): Promise<string[]> {
  const { rows } = await sql.query<{ r: string }>(`SELECT (to_jsonb(t) - $1::text[])::text AS r FROM read.${table} t ORDER BY 1`, [
    WORKER_STATE[table] ?? [],
  ]);
  return rows.map((row) => row.r);
}

/** Rows in `a` and not in `b`, counted as a multiset. */
function without(a: readonly string[], b: readonly string[]): string[] {
  const counts = new Map<string, number>();
  for (const row of b) counts.set(row, (counts.get(row) ?? 0) + 1);
  return a.filter((row) => {
    const n = counts.get(row) ?? 0;
    if (n === 0) return true;
    counts.set(row, n - 1);
    return false;
  });
}

/** The columns in which rows of the same key differ (live → rebuilt), else a few whole rows. */
function describe(missing: readonly string[], extra: readonly string[]): string {
  const keyOf = (row: Record<string, unknown>) => JSON.stringify(row.id ?? row.mail_id ?? null);
  const rebuilt = new Map(extra.map((text) => JSON.parse(text) as Record<string, unknown>).map((row) => [keyOf(row), row]));
  const changed: string[] = [];
  const unpaired: string[] = [];
  for (const text of missing) {
    const live = JSON.parse(text) as Record<string, unknown>;
    const other = live.id === undefined && live.mail_id === undefined ? undefined : rebuilt.get(keyOf(live));
    if (!other) {
      unpaired.push(text);
      continue;
    }
    const columns = Object.keys({ ...live, ...other }).filter((c) => JSON.stringify(live[c]) !== JSON.stringify(other[c]));
    changed.push(`${keyOf(live)}: ${columns.map((c) => `${c} ${JSON.stringify(live[c])} → ${JSON.stringify(other[c])}`).join(', ')}`);
  }
  return [
    ...changed.slice(0, ROWS_SHOWN),
    ...(unpaired.length > 0 ? [`missing ${JSON.stringify(unpaired.slice(0, ROWS_SHOWN))}`] : []),
    ...(changed.length === 0 ? [`other ${JSON.stringify(extra.slice(0, ROWS_SHOWN))}`] : []),
  ].join('; ');
}

export interface RebuildAloneOptions {
  sql: SqlClient;
  store: EventStore;
  bus: NoticeBus;
  projections: readonly Projection[];
}

/**
 * Rebuilds every projection alone, one after the other, as `npm run projections:rebuild -- <name>`
 * does (runtime/src/rebuild-main.ts: the others stay as they are), and after each compares every read
 * table row by row with the live one taken before. A projection whose entries depend on another's
 * current table (rather than on its own events) gives other rows when rebuilt later than it ran live.
 * Answers one line per table that differed, naming the projection whose rebuild made it differ and a
 * few of the missing and extra rows; [] when every rebuild wrote the live rows.
 *
 * Nothing else may write meanwhile: stop the service's runner and workers first.
 */
export async function rebuildEachAlone(options: RebuildAloneOptions): Promise<string[]> {
  const { sql, store, bus, projections } = options;
  const runner = new ProjectionRunner(sql, store, projections, bus, pino({ level: 'silent' }));
  // Whatever the stopped service had not applied yet is applied the live way first: event by event.
  await runner.setup();
  await runner.start();
  await runner.stop();
  const head = (await readLog(store)).at(-1)?.position;
  if (head && !(await runner.waitForStored(head, 1000))) throw new Error('Die Projektionen haben das Ende des Logs nicht erreicht.');
  const liveSums = await readTables(sql);
  const liveRows = new Map<string, string[]>();
  for (const table of Object.keys(liveSums)) liveRows.set(table, await rowsOf(sql, table));

  const differences: string[] = [];
  const reported = new Set<string>();
  for (const p of projections) {
    await runner.rebuild(p.name);
    const sums = await readTables(sql);
    for (const [table, live] of Object.entries(liveSums)) {
      if (reported.has(table) || sums[table]?.checksum === live.checksum) continue;
      reported.add(table);
      const rebuilt = sums[table] ? await rowsOf(sql, table) : [];
      const before = liveRows.get(table) ?? [];
      const missing = without(before, rebuilt);
      const extra = without(rebuilt, before);
      differences.push(`${p.name} → read.${table}: ${missing.length} live rows missing, ${extra.length} other rows; ${describe(missing, extra)}`);
    }
  }
  return differences;
}
