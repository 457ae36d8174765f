import { ORDER_STATUSES } from '@dispo/events/catalog/index';
import type { SqlExecutor } from '@dispo/events/sql/client';
import { priorityRank } from '../projections/orders';
import type { OrderListQuery, OrderSearchField } from './order-list';
import { containsPattern, filterStatuses } from './order-list-terms';
import { exactOrderSeq, orderNumberCondition, orderNumberPlacements } from './order-number-match';

/**
 * The order list's fast path (issue 20: a million orders). With a plant chosen, the list reads
 * orders_list_keys_idx, whose filters and sort keys are whole numbers (orders.ts, LIST_KEY_COLUMNS),
 * instead of comparing text row by row: a search term is first looked up in the master data (a few
 * thousand names), and the orders are then matched by the keys of the names it found, by the status
 * and by the digits of the order number. The answer is the same as the text comparison's
 * (order-list.test.ts compares both); where a hash of an id is shared with another record of its
 * kind (hashtext is 32 bits), or a filter or sort is not covered, `keyedListQuery` answers null and
 * the list compares text.
 */

/** Sort keys the index carries: the column(s) for each, in the list's order. */
const KEYED_SORTS = {
  deliveryDate: ['delivery_date', 'delivery_minutes'],
  orderNumber: [],
  quantity: ['quantity_sort'],
  priority: ['priority_rank'],
} as const satisfies Partial<Record<NonNullable<OrderListQuery['sortBy']>, readonly string[]>>;

/** Which master data each search field looks in (order-list.ts, SEARCH_FIELD_TEXT, says the same in text). */
const ARMS: Record<OrderSearchField, { material?: true; customer?: 'company' | 'companyOrContact'; loadingPoint?: true; deliveryPlant?: true; plant?: true; status?: true; orderNumber?: true }> = {
  all: { orderNumber: true, customer: 'company', material: true, loadingPoint: true, deliveryPlant: true, status: true },
  customer: { customer: 'companyOrContact' },
  material: { material: true },
  plant: { plant: true, deliveryPlant: true, loadingPoint: true },
  status: { status: true },
};

/** The order columns each kind of master record is matched by. */
const ARM_COLUMNS = {
  material: 'material_key',
  customer: 'customer_key',
  loadingPoint: 'loading_point_key',
  deliveryPlant: 'delivery_plant_key',
  plant: 'plant_key',
} as const;
type Arm = keyof typeof ARM_COLUMNS;

/** Relevance points of an exact name (order-list.ts, relevance()). */
const EXACT_POINTS: Partial<Record<Arm, number>> = { customer: 70, material: 60, loadingPoint: 50, deliveryPlant: 50 };

export interface KeyedList {
  /** WHERE clause over the key columns; it uses `whereParams`, the first of `params`. */
  where: string;
  whereParams: unknown[];
  /** ORDER BY over the key columns (ties broken by the order number). */
  orderBy: string;
  params: unknown[];
  /** No order can match (a search term found nowhere): the answer is empty without a query. */
  empty: boolean;
}

/** A key the query needs: of a filter's id, of a status, or of a master record the term names. */
interface KeyRow {
  arm: Arm | 'filter' | 'status';
  /** The filter (`plant`, `material`, `loadingPoint`) or the status. */
  name: string | null;
  key: number;
  /** The record's name contains the term / equals it. */
  hit: boolean;
  exact: boolean;
  /** Records that disagree share this key (or it is 0, an absent id's): only text can tell them apart. */
  ambiguous: boolean;
}

/** The master table and name column(s) each arm looks in. */
const ARM_SOURCES: Record<Arm, { table: string; name: string }> = {
  material: { table: 'read.materials', name: 'name' },
  customer: { table: 'read.customers', name: 'company' },
  loadingPoint: { table: 'read.loading_points', name: 'name' },
  deliveryPlant: { table: 'read.plants', name: 'name' },
  plant: { table: 'read.plants', name: 'name' },
};
const FILTER_SOURCES = { plant: 'read.plants', material: 'read.materials', loadingPoint: 'read.loading_points' } as const;

/**
 * One statement: the keys of the filters' ids, of every status, and of the master records of the
 * searched arms with whether their name contains (`hit`) or equals (`exact`) the term. Records that
 * share a key are grouped; if they disagree, the key is ambiguous.
 */
async function resolveKeys(sql: SqlExecutor, q: OrderListQuery, term: string | undefined, arms: (typeof ARMS)[OrderSearchField]): Promise<KeyRow[]> {
  const params: unknown[] = [ORDER_STATUSES];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const parts = [`SELECT 'status' AS arm, s AS name, hashtext(s) AS key, false AS hit, false AS exact, false AS ambiguous FROM unnest($1::text[]) AS s`];
  for (const [filter, table] of Object.entries(FILTER_SOURCES)) {
    const id = q[filter as keyof typeof FILTER_SOURCES];
    if (!id) continue;
    const p = param(id);
    parts.push(
      `SELECT 'filter', '${filter}', hashtext(${p}), false, false,
         hashtext(${p}) = 0 OR EXISTS (SELECT 1 FROM ${table} WHERE id <> ${p} AND hashtext(id) = hashtext(${p}))`,
    );
  }
  const searched = (Object.keys(ARM_COLUMNS) as Arm[]).filter((arm) => arms[arm]);
  if (term && searched.length > 0) {
    const like = param(containsPattern(term));
    const same = param(term);
    const sources: string[] = [];
    for (const arm of searched) {
      const { table, name } = ARM_SOURCES[arm];
      const text = `lower(coalesce(${name}, ''))`;
      const hit = arm === 'customer' && arms.customer === 'companyOrContact' ? `(${text} LIKE ${like} OR lower(coalesce(contact_person, '')) LIKE ${like})` : `${text} LIKE ${like}`;
      sources.push(`SELECT '${arm}' AS arm, hashtext(id) AS key, ${hit} AS hit, ${text} = ${same} AS exact FROM ${table}`);
    }
    parts.push(
      `SELECT arm, NULL, key, true, bool_or(exact), key = 0 OR NOT bool_and(hit) OR bool_or(exact) <> bool_and(exact)
       FROM (${sources.join(' UNION ALL ')}) AS records GROUP BY arm, key HAVING bool_or(hit)`,
    );
  }
  const { rows } = await sql.query<KeyRow>(parts.join(' UNION ALL '), params);
  const statusKeys = rows.filter((r) => r.arm === 'status').map((r) => Number(r.key));
  const sharedStatusKey = new Set(statusKeys).size !== statusKeys.length;
  return rows.map((r) => ({ ...r, key: Number(r.key), ambiguous: Boolean(r.ambiguous) || (r.arm === 'status' && sharedStatusKey) }));
}

/**
 * The keyed form of `q`, or null where the list must compare text: no plant chosen, a filter or sort
 * the index does not carry, or a hash shared by two records.
 */
export async function keyedListQuery(sql: SqlExecutor, q: OrderListQuery): Promise<KeyedList | null> {
  if (!q.plant || q.status === 'abgerechnet' || q.transportType || q.minQuantity !== undefined || q.pumpRequired || q.craneRequired || q.createdFrom) return null;
  const term = q.search?.trim().toLowerCase() || undefined;
  const sortKey = q.sortBy ?? (term ? undefined : 'deliveryDate');
  const sortColumns = sortKey === undefined ? undefined : (KEYED_SORTS as Partial<Record<string, readonly string[]>>)[sortKey];
  if (sortKey !== undefined && !sortColumns) return null;
  const arms = ARMS[q.searchField ?? 'all'];
  const statuses = q.status && q.status !== 'all' ? filterStatuses(q.status) : null;

  const keys = await resolveKeys(sql, q, term, arms);
  if (keys.some((k) => k.ambiguous)) return null;

  const params: unknown[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const hashOf = new Map(keys.filter((k) => k.arm === 'status').map((k) => [k.name!, k.key]));
  const conditions = [`plant_key = ${param(keys.find((k) => k.arm === 'filter' && k.name === 'plant')!.key)}`];
  // One status as an equality: then the index's order (day, time, number) is the list's, and a page stops early.
  if (statuses?.length === 1) conditions.push(`status_key = ${param(hashOf.get(statuses[0]!))}`);
  else if (statuses) conditions.push(`status_key = ANY(${param(statuses.map((s) => hashOf.get(s)!))}::int[])`);
  for (const [name, column] of [
    ['material', 'material_key'],
    ['loadingPoint', 'loading_point_key'],
  ] as const) {
    const key = keys.find((k) => k.arm === 'filter' && k.name === name);
    if (key) conditions.push(`${column} = ${param(key.key)}`);
  }
  if (q.priority) conditions.push(`priority_rank = ${param(priorityRank[q.priority])}`);
  if (q.dateFrom) conditions.push(`delivery_date >= ${param(q.dateFrom)}::date`);
  if (q.dateTo) conditions.push(`delivery_date <= ${param(q.dateTo)}::date`);

  // Points of an exact match (order-list.ts, relevance()): rendered after the WHERE, whose parameters come first.
  const exactPoints: ((param: (value: unknown) => string) => string)[] = [];
  if (term) {
    const alternatives: string[] = [];
    for (const arm of Object.keys(ARM_COLUMNS) as Arm[]) {
      if (!arms[arm]) continue;
      const found = keys.filter((k) => k.arm === arm && k.hit);
      if (found.length > 0) alternatives.push(`${ARM_COLUMNS[arm]} = ANY(${param(found.map((k) => k.key))}::int[])`);
      const exact = found.filter((k) => k.exact).map((k) => k.key);
      const points = EXACT_POINTS[arm];
      if (points && exact.length > 0) exactPoints.push((p) => `CASE WHEN ${ARM_COLUMNS[arm]} = ANY(${p(exact)}::int[]) THEN ${points} ELSE 0 END`);
    }
    if (arms.status) {
      const matching = ORDER_STATUSES.filter((s) => s.includes(term));
      if (matching.length > 0) alternatives.push(`status_key = ANY(${param(matching.map((s) => hashOf.get(s)!))}::int[])`);
      if (hashOf.has(term)) exactPoints.push((p) => `CASE WHEN status_key = ${p(hashOf.get(term))} THEN 15 ELSE 0 END`);
    }
    if (arms.orderNumber) {
      const onNumber = orderNumberCondition('order_seq', orderNumberPlacements(term), param);
      if (onNumber) alternatives.push(onNumber);
      const exact = exactOrderSeq(term);
      if (exact !== null) exactPoints.push((p) => `CASE WHEN order_seq = ${p(exact)}::bigint THEN 100 ELSE 0 END`);
      if (onNumber) exactPoints.push(() => `CASE WHEN ${onNumber} THEN 16 ELSE 0 END`);
    }
    if (alternatives.length === 0) return { where: '', whereParams: [], orderBy: '', params: [], empty: true };
    conditions.push(`(${alternatives.join(' OR ')})`);
  }
  const whereParams = [...params];

  const direction = q.sortOrder === 'desc' ? 'DESC' : 'ASC';
  const order =
    sortColumns === undefined
      ? [`(0 + ${exactPoints.map((points) => points(param)).join(' + ') || '0'}) DESC`, 'delivery_date ASC', `order_seq ${direction}`]
      : [...sortColumns.map((c) => `${c} ${direction} NULLS LAST`), `order_seq ${direction}`];
  return { where: `WHERE ${conditions.join(' AND ')}`, whereParams, orderBy: order.join(', '), params, empty: false };
}
