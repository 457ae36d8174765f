import type { RecordedEvent } from '@dispo/events/envelope';
import type { SqlExecutor } from '@dispo/events/sql/client';
import type { Projection } from '../projection';

/**
 * Daily aggregates for the statistics (orders.md §7.5; docs/read-models.md "Statistics"), so that a
 * 90-day figure sums at most a few thousand rows however many orders there are.
 *
 * `read.order_stat_facts` keeps what each order contributes (its delivery day, status, route,
 * delivery hour, material, vehicle and weights, as read.orders shows them after the event). Every
 * event of an order stream compares the order's new facts with the kept ones and moves the
 * difference into the `read.order_stats_by_*` tables. Names (plants, material, plate) are joined when
 * queried, so a renamed plant needs no recount. Relies on the orders projection running first.
 */

/** Cancelled in either spelling of the spec (§4.1): counted by status, left out of routes, hours, materials and vehicles. */
export const CANCELLED_STATUSES = ['storniert', 'storno'] as const;

interface Fact {
  order_id: string;
  delivery_date: string;
  status: string;
  plant_id: string | null;
  delivery_plant_id: string | null;
  hour: number | null;
  material_id: string | null;
  vehicle_id: string | null;
  estimated: number;
  actual: number | null;
}

/** The facts of these orders as read.orders shows them now (none for a deleted order). */
const CURRENT_FACTS = `
  SELECT o.id AS order_id, o.delivery_date::text AS delivery_date, o.status, o.plant_id, o.delivery_plant_id,
         substr(coalesce(o.delivery_time_fixed, o.delivery_time_from), 1, 2)::int AS hour,
         o.material_id, o.assigned_vehicle_id AS vehicle_id,
         coalesce(o.weight_tons, CASE WHEN o.unit = 'to' THEN o.quantity END, 0)::numeric(14,3) AS estimated,
         o.actual_weight::numeric(14,3) AS actual
    FROM read.orders o WHERE o.id = ANY($1::text[])`;

const FACT_COLUMNS = [
  'order_id',
  'delivery_date',
  'status',
  'plant_id',
  'delivery_plant_id',
  'hour',
  'material_id',
  'vehicle_id',
  'estimated',
  'actual',
] as const;

/** The column types of FACT_COLUMNS, in their order. */
const FACT_TYPES = ['text', 'date', 'text', 'text', 'text', 'smallint', 'text', 'text', 'numeric(14,3)', 'numeric(14,3)'] as const;

function sameFact(a: Fact | undefined, b: Fact | undefined): boolean {
  if (!a || !b) return a === b;
  return FACT_COLUMNS.every((column) => String(a[column]) === String(b[column]));
}

const cancelled = (fact: Fact) => (CANCELLED_STATUSES as readonly string[]).includes(fact.status);

/** One aggregate table: its key columns, what a fact adds to it, and whether cancelled orders count. */
interface Aggregate {
  table: string;
  keys: readonly string[];
  key(fact: Fact): unknown[] | null;
  /** Summed columns besides `orders`. */
  sums: readonly string[];
  values(fact: Fact): number[];
  withCancelled: boolean;
}

const AGGREGATES: readonly Aggregate[] = [
  {
    table: 'order_stats_by_status',
    keys: ['delivery_date', 'status'],
    key: (f) => [f.delivery_date, f.status],
    sums: ['estimated', 'actual', 'weighed_estimated'],
    values: (f) => [f.estimated, f.actual ?? 0, f.actual === null ? 0 : f.estimated],
    withCancelled: true,
  },
  {
    table: 'order_stats_by_route',
    keys: ['delivery_date', 'plant_id', 'delivery_plant_id'],
    key: (f) => [f.delivery_date, f.plant_id ?? '', f.delivery_plant_id ?? ''],
    sums: [],
    values: () => [],
    withCancelled: false,
  },
  {
    table: 'order_stats_by_hour',
    keys: ['delivery_date', 'hour'],
    key: (f) => (f.hour === null ? null : [f.delivery_date, f.hour]),
    sums: [],
    values: () => [],
    withCancelled: false,
  },
  {
    table: 'order_stats_by_material',
    keys: ['delivery_date', 'material_id'],
    key: (f) => (f.material_id === null ? null : [f.delivery_date, f.material_id]),
    sums: ['estimated', 'actual'],
    values: (f) => [f.estimated, f.actual ?? 0],
    withCancelled: false,
  },
  {
    table: 'order_stats_by_vehicle',
    keys: ['delivery_date', 'vehicle_id'],
    key: (f) => (f.vehicle_id === null ? null : [f.delivery_date, f.vehicle_id]),
    // Weighed where weighed, else as planned.
    sums: ['total'],
    values: (f) => [f.actual ?? f.estimated],
    withCancelled: false,
  },
];

const KEY_TYPES: Record<string, string> = {
  delivery_date: 'date',
  status: 'text',
  plant_id: 'text',
  delivery_plant_id: 'text',
  hour: 'smallint',
  material_id: 'text',
  vehicle_id: 'text',
};

interface DeltaRow {
  key: unknown[];
  orders: number;
  sums: number[];
}

/** What `changes` (each fact times its sign) add to one aggregate's rows; rows that do not move are left out. */
function deltasOf(aggregate: Aggregate, changes: readonly { fact: Fact; sign: 1 | -1 }[]): DeltaRow[] {
  const rows = new Map<string, DeltaRow>();
  for (const { fact, sign } of changes) {
    if (!aggregate.withCancelled && cancelled(fact)) continue;
    const key = aggregate.key(fact);
    if (!key) continue;
    const id = JSON.stringify(key);
    const row = rows.get(id) ?? { key, orders: 0, sums: aggregate.sums.map(() => 0) };
    row.orders += sign;
    aggregate.values(fact).forEach((value, i) => (row.sums[i]! += sign * value));
    rows.set(id, row);
  }
  // Weights are kept to the kilogram (numeric(14,3)): rounded deltas keep the sums exact, so the counts
  // kept event by event equal a rebuild's to the last digit.
  for (const row of rows.values()) row.sums = row.sums.map((v) => Math.round(v * 1e3) / 1e3);
  return [...rows.values()].filter((row) => row.orders !== 0 || row.sums.some((v) => v !== 0));
}

type Param = (value: unknown) => string;

/** Adds the deltas to an aggregate's rows (INSERT … ON CONFLICT DO UPDATE). */
function addDeltasSql(aggregate: Aggregate, deltas: readonly DeltaRow[], param: Param): string {
  const columns = [...aggregate.keys, 'orders', ...aggregate.sums];
  const types = [...aggregate.keys.map((k) => KEY_TYPES[k]!), 'int', ...aggregate.sums.map(() => 'numeric(14,3)')];
  const arrays = columns.map((_, i) =>
    deltas.map((row) => (i < aggregate.keys.length ? row.key[i] : i === aggregate.keys.length ? row.orders : row.sums[i - aggregate.keys.length - 1])),
  );
  const t = `read.${aggregate.table}`;
  return `INSERT INTO ${t} (${columns.join(', ')})
     SELECT * FROM unnest(${types.map((type, i) => `${param(arrays[i])}::${type}[]`).join(', ')})
     ON CONFLICT (${aggregate.keys.join(', ')}) DO UPDATE SET
       ${['orders', ...aggregate.sums].map((c) => `${c} = ${t}.${c} + excluded.${c}`).join(', ')}`;
}

/** Removes the aggregate's rows among the deltas' keys that fell to zero orders. */
function dropEmptiedSql(aggregate: Aggregate, deltas: readonly DeltaRow[], param: Param): string {
  const keys = aggregate.keys.map((k, i) => `${k} = ANY(${param(deltas.map((row) => row.key[i]))}::${KEY_TYPES[k]}[])`);
  return `DELETE FROM read.${aggregate.table} WHERE orders = 0 AND ${keys.join(' AND ')}`;
}

/** Data-modifying statements as one (one round trip): they see the same snapshot, so none may read another's rows. */
async function runTogether(tx: SqlExecutor, build: (param: Param) => string[]): Promise<void> {
  const params: unknown[] = [];
  const statements = build((value) => {
    params.push(value);
    return `$${params.length}`;
  });
  if (statements.length === 0) return;
  await tx.query(`WITH ${statements.map((sql, i) => `s${i} AS (${sql})`).join(',\n')} SELECT 1`, params);
}

/**
 * Brings the kept facts of these orders up to date and moves the differences into the aggregates:
 * one statement reads the kept and the current facts, one writes them and every aggregate, and only
 * where an aggregate row may have fallen to zero orders a third removes such rows.
 */
export async function recountOrders(tx: SqlExecutor, orderIds: readonly string[]): Promise<void> {
  const { rows } = await tx.query<Fact & { kept: boolean }>(
    `SELECT true AS kept, ${FACT_COLUMNS.map((c) => (c === 'delivery_date' ? 'delivery_date::text AS delivery_date' : c)).join(', ')}
       FROM read.order_stat_facts WHERE order_id = ANY($1::text[])
     UNION ALL
     SELECT false, * FROM (${CURRENT_FACTS}) AS current_facts`,
    [orderIds],
  );
  // numeric columns come back as text.
  const parsed = ({ kept: _, ...f }: Fact & { kept: boolean }): Fact => ({ ...f, estimated: Number(f.estimated), actual: f.actual === null ? null : Number(f.actual) });
  const before = new Map(rows.filter((r) => r.kept).map((f) => [f.order_id, parsed(f)]));
  const after = new Map(rows.filter((r) => !r.kept).map((f) => [f.order_id, parsed(f)]));
  const changes: { fact: Fact; sign: 1 | -1 }[] = [];
  const gone: string[] = [];
  const current: Fact[] = [];
  for (const id of orderIds) {
    const old = before.get(id);
    const fresh = after.get(id);
    if (sameFact(old, fresh)) continue;
    if (old) changes.push({ fact: old, sign: -1 });
    if (fresh) {
      changes.push({ fact: fresh, sign: 1 });
      current.push(fresh);
    } else gone.push(id);
  }
  if (changes.length === 0) return;
  const moved = AGGREGATES.map((aggregate) => ({ aggregate, deltas: deltasOf(aggregate, changes) })).filter((m) => m.deltas.length > 0);
  await runTogether(tx, (param) => [
    ...moved.map(({ aggregate, deltas }) => addDeltasSql(aggregate, deltas, param)),
    ...(gone.length > 0 ? [`DELETE FROM read.order_stat_facts WHERE order_id = ANY(${param(gone)}::text[])`] : []),
    ...(current.length > 0
      ? [
          `INSERT INTO read.order_stat_facts (${FACT_COLUMNS.join(', ')})
           SELECT * FROM unnest(${FACT_COLUMNS.map((column, i) => `${param(current.map((f) => f[column]))}::${FACT_TYPES[i]}[]`).join(', ')})
           ON CONFLICT (order_id) DO UPDATE SET ${FACT_COLUMNS.slice(1)
             .map((c) => `${c} = excluded.${c}`)
             .join(', ')}`,
        ]
      : []),
  ]);
  // Only a fact taken away can empty a row: creates (the busy case) need no third statement.
  const emptied = moved.filter(({ deltas }) => deltas.some((row) => row.orders < 0));
  await runTogether(tx, (param) => emptied.map(({ aggregate, deltas }) => dropEmptiedSql(aggregate, deltas, param)));
}

const TABLES = ['order_stat_facts', ...AGGREGATES.map((a) => a.table)];

/** What an aggregate sums from the facts, in SQL (the same as `Aggregate.values`). */
const SQL_SUMS: Record<string, string> = {
  estimated: 'sum(estimated)',
  actual: 'sum(coalesce(actual, 0))',
  weighed_estimated: 'sum(CASE WHEN actual IS NULL THEN 0 ELSE estimated END)',
  total: 'sum(coalesce(actual, estimated))',
};
const SQL_KEYS: Record<string, string> = { plant_id: "coalesce(plant_id, '')", delivery_plant_id: "coalesce(delivery_plant_id, '')" };

/**
 * Counts every order of read.orders afresh in one pass (set-based): for orders written straight into
 * read.orders (benchmarks), and to check that the counts kept event by event are right.
 */
export async function recountAllOrders(sql: SqlExecutor): Promise<void> {
  await orderStatisticsProjection.reset(sql);
  await sql.query(
    `INSERT INTO read.order_stat_facts (${FACT_COLUMNS.join(', ')})
     ${CURRENT_FACTS.replace('WHERE o.id = ANY($1::text[])', '').replace('o.delivery_date::text AS delivery_date', 'o.delivery_date')}`,
  );
  const excluded = `(${CANCELLED_STATUSES.map((status) => `'${status}'`).join(', ')})`;
  for (const a of AGGREGATES) {
    const keys = a.keys.map((k) => SQL_KEYS[k] ?? k);
    const where = [
      ...(a.withCancelled ? [] : [`status NOT IN ${excluded}`]),
      ...a.keys.filter((k) => !SQL_KEYS[k] && k !== 'delivery_date' && k !== 'status').map((k) => `${k} IS NOT NULL`),
    ];
    await sql.query(
      `INSERT INTO read.${a.table} (${[...a.keys, 'orders', ...a.sums].join(', ')})
       SELECT ${[...keys, 'count(*)', ...a.sums.map((s) => SQL_SUMS[s])].join(', ')}
         FROM read.order_stat_facts ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''}
        GROUP BY ${keys.join(', ')}`,
    );
  }
}

export const orderStatisticsProjection: Projection = {
  name: 'order_statistics',
  schemaVersion: 2,

  async setup(sql) {
    await sql.query(`CREATE TABLE IF NOT EXISTS read.order_stat_facts (
      order_id text PRIMARY KEY, delivery_date date NOT NULL, status text NOT NULL, plant_id text, delivery_plant_id text,
      hour smallint, material_id text, vehicle_id text, estimated numeric(14,3) NOT NULL, actual numeric(14,3))`);
    for (const aggregate of AGGREGATES) {
      const keys = aggregate.keys.map((k) => `${k} ${KEY_TYPES[k]} NOT NULL`).join(', ');
      const sums = aggregate.sums.map((s) => `, ${s} numeric(14,3) NOT NULL DEFAULT 0`).join('');
      await sql.query(
        `CREATE TABLE IF NOT EXISTS read.${aggregate.table} (${keys}, orders int NOT NULL DEFAULT 0${sums}, PRIMARY KEY (${aggregate.keys.join(', ')}))`,
      );
    }
  },

  async reset(sql) {
    await sql.query(`TRUNCATE ${TABLES.map((t) => `read.${t}`).join(', ')}`);
  },

  async drop(sql) {
    for (const t of TABLES) await sql.query(`DROP TABLE IF EXISTS read.${t}`);
  },

  // An order's facts are read from read.orders as the batch left it: one recount per batch for every
  // order its events touched (8 statements), instead of one per event.
  async apply() {
    return undefined;
  },

  async settle(tx, events: readonly RecordedEvent[]) {
    const touched = new Set<string>();
    // Reservation streams (`order-number-…`) also start with `order-`: order events name an Order type.
    for (const event of events) if (event.streamId.startsWith('order-') && event.type.startsWith('Order')) touched.add(event.streamId.slice('order-'.length));
    if (touched.size > 0) await recountOrders(tx, [...touched]);
  },
};
