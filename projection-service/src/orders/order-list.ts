import { messages } from '@dispo/domain/messages';
import { ORDER_PRIORITIES, ORDER_STATUSES, type OrderStatus, TRANSPORT_TYPES } from '@dispo/events/catalog/index';
import type { SqlExecutor } from '@dispo/events/sql/client';
import { keyedListQuery } from './order-list-keys';
import { containsPattern, filterStatuses } from './order-list-terms';
import { type OrderRow, type OrderView, orderView } from './order-view';

/** Sort keys the list accepts, mapped to their columns; order number breaks ties for a stable page. */
export const orderSortColumns = {
  deliveryDate: 'delivery_date',
  orderNumber: 'order_number',
  createdAt: 'created_at',
  status: 'status',
  priority: 'priority_rank',
  quantity: 'quantity',
  material: 'material_name',
  plant: 'plant_name',
  deliveryPlant: 'delivery_plant_name',
  customer: 'customer_company',
} as const;
export type OrderSortKey = keyof typeof orderSortColumns;

/** The list filters of orders.md §3 ("List filters"), as the query string names them. */
export interface OrderFilters {
  search?: string;
  /** Where the search looks (the user setting defaultSearchField, orders.md §3); absent or `all`: every searched field. */
  searchField?: OrderSearchField;
  plant?: string;
  loadingPoint?: string;
  /** A status of the filter list (§4.1); `all` or absent means every status. */
  status?: (typeof ORDER_STATUSES)[number] | 'all';
  material?: string;
  priority?: (typeof ORDER_PRIORITIES)[number];
  dateFrom?: string;
  dateTo?: string;
  transportType?: (typeof TRANSPORT_TYPES)[number];
  minQuantity?: number;
  pumpRequired?: boolean;
  craneRequired?: boolean;
  /** Orders created on or after this business date (Europe/Berlin). */
  createdFrom?: string;
  hideSettled?: boolean;
}

export interface OrderListQuery extends OrderFilters {
  page: number;
  limit: number;
  /** Absent: by relevance when searching, else by delivery date. */
  sortBy?: OrderSortKey;
  sortOrder: 'asc' | 'desc';
}

export const ORDER_SEARCH_FIELDS = ['all', 'customer', 'material', 'plant', 'status'] as const;
export type OrderSearchField = (typeof ORDER_SEARCH_FIELDS)[number];

/**
 * The searched texts of each search field (orders.md §9): a term matches where one of them contains
 * it. `all` also has the generated search_text, their concatenation, which the trigram index can
 * narrow down first (a term in one field is in it too).
 */
const SEARCH_FIELD_TEXTS: Record<OrderSearchField, readonly string[]> = {
  all: ['order_number', 'customer_company', 'material_name', 'loading_point_name', 'delivery_plant_name', 'status'],
  customer: ['customer_company', 'customer_contact_person'],
  material: ['material_name'],
  plant: ['plant_name', 'delivery_plant_name', 'loading_point_name'],
  status: ['status'],
};

function searchCondition(field: OrderSearchField, pattern: string): string {
  const each = SEARCH_FIELD_TEXTS[field].map((column) => `lower(coalesce(${column}, '')) LIKE ${pattern}`);
  return `${field === 'all' ? `search_text LIKE ${pattern} AND ` : ''}(${each.join(' OR ')})`;
}

/** Settled = billed: abgerechnet, or confirmed in billing (§4.2). */
const SETTLED = `(status = 'abgerechnet' OR billing_confirmed)`;

/** WHERE clause and parameters; every value is a parameter, column names are the code's own. */
function whereClause(f: OrderFilters, params: unknown[]): string {
  const conditions: string[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const term = f.search?.trim().toLowerCase();
  if (term) conditions.push(searchCondition(f.searchField ?? 'all', param(containsPattern(term))));
  if (f.plant) conditions.push(`plant_id = ${param(f.plant)}`);
  if (f.loadingPoint) conditions.push(`loading_point_id = ${param(f.loadingPoint)}`);
  if (f.status && f.status !== 'all') {
    if (f.status === 'abgerechnet') conditions.push(SETTLED);
    else conditions.push(`status = ANY(${param(filterStatuses(f.status))})`);
  }
  if (f.material) conditions.push(`material_id = ${param(f.material)}`);
  if (f.priority) conditions.push(`priority = ${param(f.priority)}`);
  if (f.dateFrom) conditions.push(`delivery_date >= ${param(f.dateFrom)}::date`);
  if (f.dateTo) conditions.push(`delivery_date <= ${param(f.dateTo)}::date`);
  if (f.transportType) conditions.push(`transport_type = ${param(f.transportType)}`);
  if (f.minQuantity !== undefined) conditions.push(`quantity >= ${param(f.minQuantity)}`);
  if (f.pumpRequired) conditions.push('pump_available');
  if (f.craneRequired) conditions.push('crane_available');
  if (f.createdFrom) conditions.push(`created_at >= (${param(f.createdFrom)}::date::timestamp AT TIME ZONE 'Europe/Berlin')`);
  // §4.2: hide-settled hides billed orders unless a plant filter is set.
  if (f.hideSettled && !f.plant) conditions.push(`NOT ${SETTLED}`);
  return conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
}

/**
 * Relevance of a row for the search term (orders.md §9): exact order number 100, partial order
 * number 16, exact customer company 70, exact material 60, exact loading point 50, exact delivery
 * plant 50, exact status 15.
 */
function relevance(termParam: string, likeParam: string): string {
  return `(CASE WHEN lower(order_number) = ${termParam} THEN 100 WHEN lower(order_number) LIKE ${likeParam} THEN 16 ELSE 0 END
    + CASE WHEN lower(coalesce(customer_company, '')) = ${termParam} THEN 70 ELSE 0 END
    + CASE WHEN lower(coalesce(material_name, '')) = ${termParam} THEN 60 ELSE 0 END
    + CASE WHEN lower(coalesce(loading_point_name, '')) = ${termParam} THEN 50 ELSE 0 END
    + CASE WHEN lower(coalesce(delivery_plant_name, '')) = ${termParam} THEN 50 ELSE 0 END
    + CASE WHEN lower(status) = ${termParam} THEN 15 ELSE 0 END)`;
}

/** `keyed: false` compares text only (the tests hold both ways to one answer). */
export async function listOrders(sql: SqlExecutor, q: OrderListQuery, { keyed: useKeys = true } = {}): Promise<{ orders: OrderView[]; total: number }> {
  const keyed = useKeys ? await keyedListQuery(sql, q) : null;
  if (keyed?.empty) return { orders: [], total: 0 };
  const { where, whereParams, orderBy, params } = keyed ?? textListQuery(q);
  const pageParams = [...params, q.limit, (q.page - 1) * q.limit];
  // Rows and total as two statements, in parallel on the pool: a window count would make the database
  // read every matching row before the LIMIT, where an index in sort order can stop after one page.
  // The page's ids first, from an index alone where one holds the filters and sort keys
  // (orders_list_keys_idx, orders_default_sort_idx), then only their rows (issue 20: 1,000,000 orders).
  const page = sql.query<OrderRow>(
    `SELECT o.* FROM (SELECT id FROM read.orders ${where} ORDER BY ${orderBy} LIMIT $${pageParams.length - 1} OFFSET $${pageParams.length}) p
     JOIN read.orders o USING (id) ORDER BY ${orderBy}`,
    pageParams,
  );
  const count = sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM read.orders ${where}`, whereParams);
  const [{ rows }, counted] = await Promise.all([page, count]);
  return { orders: rows.map(orderView), total: Number(counted.rows[0]?.n ?? 0) };
}

/** The list as text comparisons over read.orders: every filter and sort. */
function textListQuery(q: OrderListQuery): { where: string; whereParams: unknown[]; orderBy: string; params: unknown[] } {
  const params: unknown[] = [];
  const where = whereClause(q, params);
  const whereParams = [...params];
  const direction = q.sortOrder === 'desc' ? 'DESC' : 'ASC';
  const term = q.search?.trim().toLowerCase();
  const order: string[] = [];
  if (term && q.sortBy === undefined) {
    params.push(term, containsPattern(term));
    order.push(`${relevance(`$${params.length - 1}`, `$${params.length}`)} DESC`, 'delivery_date ASC');
  } else {
    const column = orderSortColumns[q.sortBy ?? 'deliveryDate'];
    order.push(`${column} ${direction} NULLS LAST`);
    if (column === 'delivery_date') order.push(`coalesce(delivery_time_fixed, delivery_time_from) ${direction} NULLS LAST`);
  }
  order.push(`order_number ${direction}`);
  return { where, whereParams, orderBy: order.join(', '), params };
}

export interface OrderSuggestion {
  kind: 'orderNumber' | 'customer' | 'material' | 'loadingPoint' | 'deliveryPlant' | 'status';
  value: string;
  label: string;
}

/** Search-box suggestions (§2.3, §9): from 2 characters, at most 8, names that start with the term first. */
export async function suggestOrders(sql: SqlExecutor, term: string, limit = 8): Promise<OrderSuggestion[]> {
  const q = term.trim().toLowerCase();
  if (q.length < 2) return [];
  const { rows } = await sql.query<{ kind: OrderSuggestion['kind']; value: string }>(
    `WITH hits AS (
       SELECT DISTINCT kind, value FROM read.orders o
       CROSS JOIN LATERAL (VALUES ('orderNumber', order_number), ('customer', customer_company), ('material', material_name),
         ('loadingPoint', loading_point_name), ('deliveryPlant', delivery_plant_name), ('status', status)) AS f(kind, value)
       WHERE o.search_text LIKE $1 AND value IS NOT NULL AND lower(value) LIKE $1)
     SELECT kind, value FROM hits ORDER BY (lower(value) LIKE $2) DESC, length(value), value LIMIT $3`,
    [containsPattern(q), `${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`, limit],
  );
  return rows.map((r) => ({
    kind: r.kind,
    value: r.value,
    label: r.kind === 'status' ? (messages.labels.orderStatus[r.value as OrderStatus] ?? r.value) : r.value,
  }));
}
