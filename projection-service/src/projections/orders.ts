import { clockOf, minutesOf } from '@dispo/domain/tour/clock';
import type { DomainEventType, EventData, OrderDetails } from '@dispo/events/catalog/index';
import type { RecordedEvent } from '@dispo/events/envelope';
import type { SqlExecutor } from '@dispo/events/sql/client';
import type { Notice } from '@dispo/platform/bus/notice-bus';
import { platesAsOfEvent } from '../fleet/plates-as-of-event';
import { findOrder, type OrderRow, orderView } from '../orders/order-view';
import type { Projection } from '../projection';
import { consecutiveRuns, isReservation } from './event-runs';
import { updateRow } from './upsert';

/** Order detail fields and their columns in read.orders. */
const DETAIL_COLUMNS: Record<keyof OrderDetails, string> = {
  plantId: 'plant_id',
  deliveryPlantId: 'delivery_plant_id',
  loadingPointId: 'loading_point_id',
  materialId: 'material_id',
  customerId: 'customer_id',
  materialSpecification: 'material_specification',
  quantity: 'quantity',
  unit: 'unit',
  weightTons: 'weight_tons',
  deliveryDate: 'delivery_date',
  deliveryTimeType: 'delivery_time_type',
  deliveryTimeFixed: 'delivery_time_fixed',
  deliveryTimeFrom: 'delivery_time_from',
  deliveryTimeTo: 'delivery_time_to',
  priority: 'priority',
  transportType: 'transport_type',
  notes: 'notes',
  internalNotes: 'internal_notes',
  deliveryAddress: 'delivery_address',
  deliveryContactPerson: 'delivery_contact_person',
  deliveryPhone: 'delivery_phone',
  vehicleRequirements: 'vehicle_requirements',
  accessConditions: 'access_conditions',
  pumpAvailable: 'pump_available',
  craneAvailable: 'crane_available',
};

const DETAIL_ENTRIES = Object.entries(DETAIL_COLUMNS) as [keyof OrderDetails, string][];

/**
 * The licence plates of vehicles as of the event, in this projection's own table: read.vehicles is
 * another projection's and holds today's plates (or none for a deleted vehicle), so a rebuild of this
 * one alone would write other plates than it did live (issue 38).
 */
const plates = platesAsOfEvent('order_vehicle_plates');

/**
 * The arrivals the travel model planned per tour stop (TourTimesPlanned, which comes before the
 * assignment in the same append), in this projection's own table for the same reason: read.tour_orders
 * is the tours projection's and may be ahead of or behind this one.
 */
const plannedArrivals = {
  async setup(sql: SqlExecutor) {
    await sql.query(
      'CREATE TABLE IF NOT EXISTS read.order_planned_arrivals (tour_id text NOT NULL, order_id text NOT NULL, estimated_arrival text NOT NULL, PRIMARY KEY (tour_id, order_id))',
    );
  },
  async reset(sql: SqlExecutor) {
    await sql.query('TRUNCATE read.order_planned_arrivals');
  },
  async drop(sql: SqlExecutor) {
    await sql.query('DROP TABLE IF EXISTS read.order_planned_arrivals');
  },
  async track(tx: SqlExecutor, d: EventData<'TourTimesPlanned'>) {
    if (d.stops.length === 0) return;
    await tx.query(
      `INSERT INTO read.order_planned_arrivals (tour_id, order_id, estimated_arrival)
       SELECT $1, s.order_id, s.arrival FROM unnest($2::text[], $3::text[]) AS s(order_id, arrival)
       ON CONFLICT (tour_id, order_id) DO UPDATE SET estimated_arrival = EXCLUDED.estimated_arrival`,
      [d.id, d.stops.map((x) => x.orderId), d.stops.map((x) => x.estimatedArrival)],
    );
  },
  /** The stop's arrival the travel model planned, as of the event. */
  async of(tx: SqlExecutor, tourId: string, orderId: string): Promise<string | null> {
    const { rows } = await tx.query<{ estimated_arrival: string }>(
      'SELECT estimated_arrival FROM read.order_planned_arrivals WHERE tour_id = $1 AND order_id = $2',
      [tourId, orderId],
    );
    return rows[0]?.estimated_arrival ?? null;
  },
};

/** Sets the assigned vehicle's plate as of the event. */
async function setVehiclePlate(tx: SqlExecutor, orderId: string, vehicleId: string): Promise<void> {
  await tx.query('UPDATE read.orders SET assigned_vehicle_license_plate = $2 WHERE id = $1', [orderId, await plates.plate(tx, 'vehicle', vehicleId)]);
}

/** Without planned times, orders.md §9: the tour's start plus 30 minutes per stop before. */
function tourOrder(date: string, startTime: string, sequenceNumber: number, planned: string | null = null) {
  const arrival = planned ?? clockOf(minutesOf(startTime) + 30 * (sequenceNumber - 1));
  return { sequenceNumber, estimatedArrival: `${date}T${arrival}`, tour: { startTime: `${date}T${startTime}` } };
}

function sequenceOf(stored: unknown): number {
  const list = typeof stored === 'string' ? (JSON.parse(stored) as unknown) : stored;
  const first = Array.isArray(list) ? (list[0] as { sequenceNumber?: number } | undefined) : undefined;
  return first?.sequenceNumber ?? 1;
}

/**
 * The order list's filters, searched fields and sort keys once more as whole numbers, generated from the
 * row (issue 20: a million orders). An index of these (orders_list_keys_idx) is read at a fraction of
 * the cost of text: ids become their hashtext (order-list-keys.ts checks the master data for
 * collisions), the order number its digits (`S261121-4711` is 2611214711), the time of day minutes.
 * An absent id is 0.
 */
const LIST_KEY_COLUMNS = [
  ['plant_key', 'int', 'coalesce(hashtext(plant_id), 0)'],
  ['status_key', 'int', 'hashtext(status)'],
  ['material_key', 'int', 'coalesce(hashtext(material_id), 0)'],
  ['customer_key', 'int', 'coalesce(hashtext(customer_id), 0)'],
  ['loading_point_key', 'int', 'coalesce(hashtext(loading_point_id), 0)'],
  ['delivery_plant_key', 'int', 'coalesce(hashtext(delivery_plant_id), 0)'],
  [
    'order_seq',
    'bigint',
    "CASE WHEN order_number ~ '^S[0-9]{6}-[0-9]{4}$' THEN (substr(order_number, 2, 6) || substr(order_number, 9, 4))::bigint END",
  ],
  [
    'delivery_minutes',
    'smallint',
    "CASE WHEN coalesce(delivery_time_fixed, delivery_time_from) ~ '^[0-9]{2}:[0-9]{2}' THEN (substr(coalesce(delivery_time_fixed, delivery_time_from), 1, 2)::int * 60 + substr(coalesce(delivery_time_fixed, delivery_time_from), 4, 2)::int)::smallint END",
  ],
  ['quantity_sort', 'float8', 'quantity::float8'],
]
  .map(([name, type, expression]) => `${name} ${type} GENERATED ALWAYS AS (${expression}) STORED`)
  .join(',\n      ');

/**
 * read.orders' secondary indexes. Those apply() never reads by (`queryOnly`: the list's filters, sorts
 * and search) are left out while a rebuild replays the log and built once after it, which costs a
 * fraction of keeping them up to date row by row (issue 20); renames and tour events find their
 * orders through the others, which stay.
 */
const ORDER_INDEXES: readonly { name: string; definition: string; queryOnly?: true }[] = [
  // First: the slowest to build (a rebuild builds the deferred ones in this order, two at a time).
  { name: 'orders_search_idx', definition: 'USING gin (search_text gin_trgm_ops)', queryOnly: true },
  { name: 'orders_delivery_idx', definition: '(delivery_date, delivery_time_fixed, order_number)', queryOnly: true },
  // The default sort of the order list and of the open orders (delivery day, then time, then number):
  // read in index order, a page stops after its rows instead of sorting every match.
  {
    name: 'orders_default_sort_idx',
    definition: '(delivery_date, (coalesce(delivery_time_fixed, delivery_time_from)), order_number)',
    queryOnly: true,
  },
  { name: 'orders_created_idx', definition: '(created_at)', queryOnly: true },
  { name: 'orders_status_idx', definition: '(status, delivery_date)', queryOnly: true },
  { name: 'orders_plant_idx', definition: '(plant_id, delivery_date)' },
  // The plant chip together with a status link is the commonest pair of filters. The searched text
  // and the sort keys ride along, so that a search in it and a page of it need no table rows (issue 20).
  {
    name: 'orders_list_keys_idx',
    definition:
      '(plant_key, status_key, delivery_date, delivery_minutes, order_seq) INCLUDE (material_key, customer_key, loading_point_key, delivery_plant_key, quantity_sort, priority_rank, id)',
    queryOnly: true,
  },
  { name: 'orders_delivery_plant_idx', definition: '(delivery_plant_id)' },
  { name: 'orders_loading_point_idx', definition: '(loading_point_id, delivery_date)' },
  { name: 'orders_material_idx', definition: '(material_id, delivery_date)' },
  { name: 'orders_customer_idx', definition: '(customer_id)' },
  { name: 'orders_priority_idx', definition: '(priority_rank, delivery_date)', queryOnly: true },
  { name: 'orders_quantity_idx', definition: '(quantity)', queryOnly: true },
  { name: 'orders_tour_idx', definition: '(tour_id)' },
];
const createIndex = ({ name, definition }: { name: string; definition: string }) =>
  `CREATE INDEX IF NOT EXISTS ${name} ON read.orders ${definition}`;

/** Sorting by priority means by urgency, not alphabetically. */
export const priorityRank: Record<string, number> = { low: 0, normal: 1, high: 2, urgent: 3 };

/** Joined names follow the ids they belong to (read.plants & co. are kept by reference_data): column, source table and column, id column. */
const JOINED: readonly (readonly [string, string, string, string])[] = [
  ['plant_name', 'read.plants', 'name', 'plant_id'],
  ['plant_city', 'read.plants', 'city', 'plant_id'],
  ['delivery_plant_name', 'read.plants', 'name', 'delivery_plant_id'],
  ['delivery_plant_city', 'read.plants', 'city', 'delivery_plant_id'],
  ['loading_point_name', 'read.loading_points', 'name', 'loading_point_id'],
  ['material_name', 'read.materials', 'name', 'material_id'],
  ['material_category', 'read.materials', 'category', 'material_id'],
  ['customer_company', 'read.customers', 'company', 'customer_id'],
  ['customer_contact_person', 'read.customers', 'contact_person', 'customer_id'],
  ['customer_email', 'read.customers', 'email', 'customer_id'],
  ['creator_first_name', 'read.users', 'first_name', 'created_by'],
  ['creator_last_name', 'read.users', 'last_name', 'created_by'],
];
const joinedName = (table: string, column: string, id: string) => `(SELECT ${column} FROM ${table} WHERE id = ${id})`;
const JOINED_NAMES = JOINED.map(([name, table, column, key]) => `${name} = ${joinedName(table, column, `o.${key}`)}`).join(',\n  ');

/**
 * INSERT of a new order with its joined names, in one statement, answering the stored row (as jsonb). `columns`
 * are the row's own columns in parameter order ($1, $2, ...).
 */
function insertOrderSql(columns: readonly string[]): string {
  const param = (column: string) => `$${columns.indexOf(column) + 1}`;
  const names = JOINED.map(([name]) => name);
  const values = [...columns.map(param), ...JOINED.map(([, table, column, key]) => joinedName(table, column, param(key)))];
  // The row as one jsonb value: far cheaper for the driver to hand over than some 60 columns.
  return `INSERT INTO read.orders AS o (${[...columns, ...names].join(', ')}) VALUES (${values.join(', ')}) ON CONFLICT (id) DO NOTHING RETURNING to_jsonb(o) AS row`;
}

/** The columns an OrderCreated event fills. */
const CREATED_COLUMNS = [
  'id',
  'order_number',
  ...Object.values(DETAIL_COLUMNS),
  'priority_rank',
  'status',
  'duplicated_from',
  'created_by',
  'created_at',
  'updated_at',
  'version',
];
const INSERT_ORDER = insertOrderSql(CREATED_COLUMNS);

/** The master-data rows the joined names come from: one join per table and id column, aliased `j0`, `j1`, ... */
const JOINED_SOURCES: (readonly [string, string])[] = [];
for (const [, table, , key] of JOINED) if (!JOINED_SOURCES.some(([t, k]) => t === table && k === key)) JOINED_SOURCES.push([table, key]);
const sourceAlias = (table: string, key: string) => `j${JOINED_SOURCES.findIndex(([t, k]) => t === table && k === key)}`;

/** The types of CREATED_COLUMNS that are not text, as read.orders declares them. */
const CREATED_COLUMN_TYPES: Readonly<Record<string, string>> = {
  quantity: 'numeric',
  weight_tons: 'numeric',
  delivery_date: 'date',
  pump_available: 'boolean',
  crane_available: 'boolean',
  priority_rank: 'smallint',
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
  version: 'integer',
};

/**
 * The same INSERT for many new orders at once (a replay): their columns as one json array of objects
 * keyed by column name, read with the created columns' types (json_populate_recordset with the
 * table's row type looked for each of its hundred columns in every object: 15 % more of a rebuild's
 * insert, issue 20); the names joined (every id a primary key, so at most one row each, as the
 * sub-selects of one row). Answers the ids it inserted.
 */
const INSERT_ORDERS = `INSERT INTO read.orders AS o (${[...CREATED_COLUMNS, ...JOINED.map(([name]) => name)].join(', ')})
  SELECT ${[...CREATED_COLUMNS.map((c) => `r.${c}`), ...JOINED.map(([, table, column, key]) => `${sourceAlias(table, key)}.${column}`)].join(', ')}
  FROM json_to_recordset($1::json) AS r(${CREATED_COLUMNS.map((c) => `${c} ${CREATED_COLUMN_TYPES[c] ?? 'text'}`).join(', ')})
  ${JOINED_SOURCES.map(([table, key]) => `LEFT JOIN ${table} ${sourceAlias(table, key)} ON ${sourceAlias(table, key)}.id = r.${key}`).join('\n  ')}
  ON CONFLICT (id) DO NOTHING RETURNING id`;

/** The row an OrderCreated event makes, by column name. */
function createdRow(event: RecordedEvent): Record<string, unknown> {
  const d = event.data as EventData<'OrderCreated'>;
  const columns: Record<string, unknown> = { id: d.id, order_number: d.orderNumber };
  for (const [field, column] of DETAIL_ENTRIES) columns[column] = d[field];
  return Object.assign(columns, {
    priority_rank: priorityRank[d.priority],
    status: d.status,
    duplicated_from: d.duplicatedFrom ?? null,
    created_by: d.createdBy,
    created_at: d.createdAt,
    updated_at: d.createdAt,
    version: event.streamVersion,
  });
}

/** INSERT_ORDERS answering each stored row (as jsonb), for the notices of a live run. */
const INSERT_ORDERS_ANNOUNCED = INSERT_ORDERS.replace(/RETURNING id$/, 'RETURNING to_jsonb(o) AS row');

/** Already there (a replay into tables that were not emptied): names refreshed as on a change. */
async function refreshNames(tx: SqlExecutor, ids: readonly string[]): Promise<void> {
  if (ids.length > 0) await tx.query(`UPDATE read.orders o SET ${JOINED_NAMES} WHERE id = ANY($1)`, [ids]);
}

/**
 * INSERT_ORDERS' parameter for a run of OrderCreated, made by prepareBatch before the run's turn (a
 * replay): by the run's first event, with the run's length.
 */
const preparedRuns = new WeakMap<RecordedEvent, { length: number; rows: string }>();

/** The runs of OrderCreated applyBatch() writes with one INSERT each; every other event it follows on its own. */
function runsOfBatch(events: readonly RecordedEvent[]) {
  return consecutiveRuns(
    events.filter((e) => followed.has(e.type)),
    (e) => e.type === 'OrderCreated',
  );
}

function prepareCreatedRuns(events: readonly RecordedEvent[]): void {
  for (const run of runsOfBatch(events)) {
    if (run.matching) preparedRuns.set(run.events[0]!, { length: run.events.length, rows: JSON.stringify(run.events.map(createdRow)) });
  }
}

/** Consecutive OrderCreated events in one statement, without notices (applyBatch). */
async function insertOrders(tx: SqlExecutor, events: readonly RecordedEvent[]): Promise<void> {
  const prepared = preparedRuns.get(events[0]!);
  preparedRuns.delete(events[0]!);
  const rows = prepared?.length === events.length ? prepared.rows : JSON.stringify(events.map(createdRow));
  const { rows: inserted } = await tx.query<{ id: string }>(INSERT_ORDERS, [rows], { prepare: true });
  if (inserted.length === events.length) return;
  const fresh = new Set(inserted.map((r) => r.id));
  await refreshNames(
    tx,
    events.map((e) => (e.data as EventData<'OrderCreated'>).id).filter((id) => !fresh.has(id)),
  );
}

/** A run of OrderCreated in one statement, with the notices apply() would give, in the events' order. */
async function insertOrdersAnnounced(tx: SqlExecutor, events: readonly RecordedEvent[]): Promise<Notice[]> {
  const rows = events.map(createdRow);
  const { rows: inserted } = await tx.query<{ row: OrderRow }>(INSERT_ORDERS_ANNOUNCED, [JSON.stringify(rows)], { prepare: true });
  const stored = new Map(inserted.map(({ row }) => [row.id, row]));
  const notices: Notice[] = [];
  for (const { id } of rows as { id: string }[]) {
    const row = stored.get(id);
    if (row) notices.push({ subject: 'dispo.orders.new_order', payload: { order: orderView(row) } });
    else {
      await refreshNames(tx, [id]);
      notices.push(...((await announceWith(tx)('dispo.orders.new_order', id)) ?? []));
    }
  }
  return notices;
}

/** The event types read.orders follows (applyOrderEvent's cases); every other event leaves it as it is. */
const ORDER_EVENT_TYPES = [
  'OrderCreated',
  'OrderDetailsChanged',
  'OrderStatusChanged',
  'OrderDeliveryDataRecorded',
  'OrderHandedToBilling',
  'OrderBillingConfirmed',
  'OrderBillingUndone',
  'OrderRemovedFromBilling',
  'OrderDeliveryDataUnlocked',
  'OrderTransferredToDisposition',
  'OrderDeleted',
  'OrderAssignedToTour',
  'OrderTourRescheduled',
  'TourTimesPlanned',
  'OrderReleasedFromTour',
  'PlantUpdated',
  'LoadingPointUpdated',
  'MaterialUpdated',
  'CustomerUpdated',
  'VehicleCreated',
  'VehicleDetailsChanged',
] as const satisfies readonly DomainEventType[];
type OrderEventType = (typeof ORDER_EVENT_TYPES)[number];
const followed: ReadonlySet<string> = new Set(ORDER_EVENT_TYPES);

/** The notices about one order after an event: `subject` and `more`, each with the order as it now is. */
type Announce = (subject: string, id: string, ...more: string[]) => Promise<Notice[] | undefined>;

/** Live: the order read back for its notices. */
const announceWith =
  (tx: SqlExecutor): Announce =>
  async (subject, id, ...more) => {
    const order = await findOrder(tx, id);
    return order ? [subject, ...more].map((s) => ({ subject: s, payload: { order } })) : undefined;
  };

/** Billing's live events (orders.md §3 "Billing events"), besides order_updated for every table. */
const billingNotice = {
  deliverySlipUpdated: 'dispo.billing.delivery_slip_updated',
  weightUpdated: 'dispo.billing.weight_updated',
  confirmed: 'dispo.billing.billing_confirmed',
  undone: 'dispo.billing.billing_undone',
  removed: 'dispo.billing.order_removed',
  refresh: 'dispo.billing.billing_data_refresh',
} as const;

/**
 * read.orders: every order field with the names the order table shows (plant, material, loading point,
 * customer, creator), kept current when master data is renamed; deleted orders leave it (their events
 * stay in the log). Reads read.plants & co., which reference_data (applied before it) maintains.
 */
export const ordersProjection: Projection = {
  name: 'orders',
  // 5: arrivals planned by the travel model (TourTimesPlanned). 6: the list keys (order-list-keys.ts).
  // 7: plates and planned arrivals as of the event, in tables of its own (issue 38).
  schemaVersion: 7,

  async setup(sql) {
    await sql.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
    await sql.query(`CREATE TABLE IF NOT EXISTS read.orders (
      id text PRIMARY KEY,
      order_number text NOT NULL UNIQUE,
      plant_id text, plant_name text, plant_city text,
      delivery_plant_id text, delivery_plant_name text, delivery_plant_city text,
      loading_point_id text, loading_point_name text,
      material_id text, material_name text, material_category text, material_specification text,
      customer_id text, customer_company text, customer_contact_person text, customer_email text,
      quantity numeric NOT NULL, unit text NOT NULL, weight_tons numeric,
      delivery_date date NOT NULL, delivery_time_type text NOT NULL,
      delivery_time_fixed text, delivery_time_from text, delivery_time_to text,
      delivery_address text, delivery_contact_person text, delivery_phone text,
      priority text NOT NULL, priority_rank smallint NOT NULL,
      pump_available boolean NOT NULL, crane_available boolean NOT NULL, access_conditions text,
      notes text, internal_notes text, status text NOT NULL, transport_type text NOT NULL, vehicle_requirements text,
      delivery_slip_number text, actual_weight numeric, delivery_notes text,
      billing_pending boolean NOT NULL DEFAULT false, billing_confirmed boolean NOT NULL DEFAULT false,
      billing_confirmed_at timestamptz, processing_status text NOT NULL DEFAULT 'pending',
      billing_reversal_reason text, billing_reversed_at timestamptz, billing_reversed_by text, billing_reverser text,
      delivery_data_unlocked boolean NOT NULL DEFAULT false,
      disposition_status text, assigned_vehicle_id text, assigned_vehicle_license_plate text, tour_id text,
      tour_orders jsonb NOT NULL DEFAULT '[]',
      duplicated_from text,
      created_by text, creator_first_name text, creator_last_name text,
      created_at timestamptz NOT NULL, updated_at timestamptz NOT NULL,
      version integer NOT NULL,
      -- What the search box searches (orders.md §9): order number, customer, material, loading point,
      -- delivery plant, status; generated, so renamed master data is searchable at once.
      search_text text GENERATED ALWAYS AS (lower(
        order_number || ' ' || coalesce(customer_company, '') || ' ' || coalesce(material_name, '') || ' ' ||
        coalesce(loading_point_name, '') || ' ' || coalesce(delivery_plant_name, '') || ' ' || status)) STORED,
      ${LIST_KEY_COLUMNS})`);
    for (const index of ORDER_INDEXES) await sql.query(createIndex(index));
    // Replaced by orders_list_keys_idx (the same filters as whole numbers, order-list-keys.ts).
    await sql.query('DROP INDEX IF EXISTS read.orders_plant_status_idx');
    await sql.query('DROP INDEX IF EXISTS read.orders_plant_status_list_idx');
    await plates.setup(sql);
    await plannedArrivals.setup(sql);
  },

  // A replay's next batch: its runs' INSERT parameters, made while the database writes the batch before.
  prepareBatch: prepareCreatedRuns,

  deferredIndexes: ORDER_INDEXES.filter((index) => index.queryOnly).map((index) => ({
    name: `read.${index.name}`,
    create: createIndex(index),
  })),

  async reset(sql) {
    await sql.query('TRUNCATE read.orders');
    await plates.reset(sql);
    await plannedArrivals.reset(sql);
  },

  async drop(sql) {
    await sql.query('DROP TABLE IF EXISTS read.orders');
    await plates.drop(sql);
    await plannedArrivals.drop(sql);
  },

  apply(tx, event) {
    return applyOrderEvent(tx, event, announceWith(tx));
  },

  // Many creates at once (quick orders, pasted rows, a busy morning): one INSERT for the run.
  runs: {
    joins: (event) => event.type === 'OrderCreated',
    passes: isReservation,
    apply: insertOrdersAnnounced,
  },

  /**
   * Runs of OrderCreated in one INSERT each, every other event it follows as apply() writes it; no
   * notices. Events it does not follow (the order number's reservation beside each create) break no run.
   */
  async applyBatch(tx, events) {
    for (const run of runsOfBatch(events)) {
      if (run.matching) await insertOrders(tx, run.events);
      else for (const event of run.events) await applyOrderEvent(tx, event);
    }
  },
};

/** What one event changes in read.orders; its notices only with `announce` (a replay builds none). */
async function applyOrderEvent(tx: SqlExecutor, event: RecordedEvent, announce?: Announce): Promise<Notice[] | undefined> {
  if (!followed.has(event.type)) return undefined;
  switch (event.type as OrderEventType) {
    case 'OrderCreated': {
      if (!announce) {
        await insertOrders(tx, [event]);
        return undefined;
      }
      const row = createdRow(event);
      const { rows } = await tx.query<{ row: OrderRow }>(
        INSERT_ORDER,
        CREATED_COLUMNS.map((n) => row[n]),
        { prepare: true },
      );
      if (rows[0]) return [{ subject: 'dispo.orders.new_order', payload: { order: orderView(rows[0].row) } }];
      await refreshNames(tx, [row.id as string]);
      return announce('dispo.orders.new_order', row.id as string);
    }
    case 'OrderDetailsChanged': {
      const d = event.data as EventData<'OrderDetailsChanged'>;
      const row: Record<string, unknown> = { updated_at: d.changedAt, version: event.streamVersion };
      for (const [field, value] of Object.entries(d.changes)) row[DETAIL_COLUMNS[field as keyof OrderDetails]] = value;
      if (d.changes.priority) row.priority_rank = priorityRank[d.changes.priority];
      await updateRow(tx, 'read.orders', d.id, row);
      await tx.query(`UPDATE read.orders o SET ${JOINED_NAMES} WHERE id = $1`, [d.id]);
      return announce?.('dispo.orders.order_updated', d.id);
    }
    case 'OrderStatusChanged': {
      const d = event.data as EventData<'OrderStatusChanged'>;
      await updateRow(tx, 'read.orders', d.id, { status: d.to, updated_at: d.changedAt, version: event.streamVersion });
      return announce?.('dispo.orders.order_status_changed', d.id);
    }
    case 'OrderDeliveryDataRecorded': {
      const d = event.data as EventData<'OrderDeliveryDataRecorded'>;
      await updateRow(tx, 'read.orders', d.id, {
        delivery_slip_number: d.deliverySlipNumber,
        actual_weight: d.actualWeight,
        updated_at: d.recordedAt,
        version: event.streamVersion,
      });
      const changed = [
        ...(d.deliverySlipNumber !== d.previousDeliverySlipNumber ? [billingNotice.deliverySlipUpdated] : []),
        ...(d.actualWeight !== d.previousActualWeight ? [billingNotice.weightUpdated] : []),
      ];
      return announce?.('dispo.orders.order_updated', d.id, ...changed);
    }
    case 'OrderHandedToBilling': {
      const d = event.data as EventData<'OrderHandedToBilling'>;
      await updateRow(tx, 'read.orders', d.id, {
        billing_pending: true,
        processing_status: 'processing',
        updated_at: d.handedAt,
        version: event.streamVersion,
      });
      return announce?.('dispo.orders.order_updated', d.id, billingNotice.refresh);
    }
    case 'OrderBillingConfirmed': {
      const d = event.data as EventData<'OrderBillingConfirmed'>;
      await updateRow(tx, 'read.orders', d.id, {
        billing_confirmed: true,
        billing_confirmed_at: d.confirmedAt,
        processing_status: 'confirmed',
        status: 'abgerechnet',
        updated_at: d.confirmedAt,
        version: event.streamVersion,
      });
      return announce?.('dispo.orders.order_updated', d.id, billingNotice.confirmed);
    }
    case 'OrderBillingUndone': {
      const d = event.data as EventData<'OrderBillingUndone'>;
      await updateRow(tx, 'read.orders', d.id, {
        billing_confirmed: false,
        billing_confirmed_at: null,
        processing_status: 'processing',
        status: 'problem',
        billing_reversal_reason: d.reason,
        billing_reversed_at: d.undoneAt,
        billing_reversed_by: d.undoneBy,
        updated_at: d.undoneAt,
        version: event.streamVersion,
      });
      await tx.query(
        "UPDATE read.orders SET billing_reverser = (SELECT first_name || ' ' || last_name FROM read.users WHERE id = $2) WHERE id = $1",
        [d.id, d.undoneBy],
      );
      return announce?.('dispo.orders.order_updated', d.id, billingNotice.undone);
    }
    case 'OrderRemovedFromBilling': {
      const d = event.data as EventData<'OrderRemovedFromBilling'>;
      await updateRow(tx, 'read.orders', d.id, {
        delivery_slip_number: null,
        actual_weight: null,
        delivery_notes: null,
        billing_pending: false,
        billing_confirmed: false,
        billing_confirmed_at: null,
        processing_status: 'pending',
        status: 'abgelehnt',
        updated_at: d.removedAt,
        version: event.streamVersion,
      });
      return announce?.('dispo.orders.order_updated', d.id, billingNotice.removed);
    }
    case 'OrderDeliveryDataUnlocked': {
      const d = event.data as EventData<'OrderDeliveryDataUnlocked'>;
      await updateRow(tx, 'read.orders', d.id, { delivery_data_unlocked: true, updated_at: d.unlockedAt, version: event.streamVersion });
      return announce?.('dispo.orders.order_updated', d.id);
    }
    case 'OrderTransferredToDisposition': {
      const d = event.data as EventData<'OrderTransferredToDisposition'>;
      await updateRow(tx, 'read.orders', d.id, {
        disposition_status: 'in_progress',
        updated_at: d.transferredAt,
        version: event.streamVersion,
      });
      return announce?.('dispo.orders.order_updated', d.id);
    }
    case 'OrderDeleted': {
      const d = event.data as EventData<'OrderDeleted'>;
      await tx.query('DELETE FROM read.orders WHERE id = $1', [d.id]);
      return [{ subject: 'dispo.orders.order_deleted', payload: { id: d.id, orderNumber: d.orderNumber } }];
    }
    case 'OrderAssignedToTour': {
      const d = event.data as EventData<'OrderAssignedToTour'>;
      await updateRow(tx, 'read.orders', d.id, {
        status: d.status,
        disposition_status: 'assigned',
        tour_id: d.tourId,
        assigned_vehicle_id: d.vehicleId,
        tour_orders: JSON.stringify([tourOrder(d.date, d.startTime, d.sequenceNumber, await plannedArrivals.of(tx, d.tourId, d.id))]),
        updated_at: d.assignedAt,
        version: event.streamVersion,
      });
      await setVehiclePlate(tx, d.id, d.vehicleId);
      return announce?.('dispo.orders.order_status_changed', d.id);
    }
    case 'OrderTourRescheduled': {
      const d = event.data as EventData<'OrderTourRescheduled'>;
      const { rows } = await tx.query<{ tour_orders: unknown }>('SELECT tour_orders FROM read.orders WHERE id = $1', [d.id]);
      const sequence = sequenceOf(rows[0]?.tour_orders);
      await updateRow(tx, 'read.orders', d.id, {
        assigned_vehicle_id: d.vehicleId,
        tour_orders: JSON.stringify([tourOrder(d.date, d.startTime, sequence, await plannedArrivals.of(tx, d.tourId, d.id))]),
        updated_at: d.rescheduledAt,
        version: event.streamVersion,
      });
      await setVehiclePlate(tx, d.id, d.vehicleId);
      return announce?.('dispo.orders.order_updated', d.id);
    }
    case 'TourTimesPlanned': {
      // The tour's orders get their planned sequence and arrival (the tour's day and start stay).
      const d = event.data as EventData<'TourTimesPlanned'>;
      await plannedArrivals.track(tx, d);
      await tx.query(
        `UPDATE read.orders o SET tour_orders = jsonb_build_array(jsonb_build_object(
           'sequenceNumber', s.seq,
           'estimatedArrival', left(o.tour_orders->0->'tour'->>'startTime', 10) || 'T' || s.arrival,
           'tour', o.tour_orders->0->'tour'))
         FROM unnest($2::text[], $3::text[], $4::int[]) AS s(order_id, arrival, seq)
         WHERE o.id = s.order_id AND o.tour_id = $1 AND jsonb_array_length(o.tour_orders) > 0`,
        [d.id, d.stops.map((x) => x.orderId), d.stops.map((x) => x.estimatedArrival), d.stops.map((x) => x.sequenceNumber)],
      );
      return undefined;
    }
    case 'OrderReleasedFromTour': {
      const d = event.data as EventData<'OrderReleasedFromTour'>;
      await updateRow(tx, 'read.orders', d.id, {
        status: 'offen',
        disposition_status: null,
        tour_id: null,
        assigned_vehicle_id: null,
        assigned_vehicle_license_plate: null,
        tour_orders: '[]',
        updated_at: d.releasedAt,
        version: event.streamVersion,
      });
      return announce?.('dispo.orders.order_status_changed', d.id);
    }
    case 'PlantUpdated': {
      const d = event.data as EventData<'PlantUpdated'>;
      await tx.query('UPDATE read.orders SET plant_name = $2, plant_city = $3 WHERE plant_id = $1', [d.id, d.name, d.city]);
      await tx.query('UPDATE read.orders SET delivery_plant_name = $2, delivery_plant_city = $3 WHERE delivery_plant_id = $1', [
        d.id,
        d.name,
        d.city,
      ]);
      return undefined;
    }
    case 'LoadingPointUpdated': {
      const d = event.data as EventData<'LoadingPointUpdated'>;
      await tx.query('UPDATE read.orders SET loading_point_name = $2 WHERE loading_point_id = $1', [d.id, d.name]);
      return undefined;
    }
    case 'MaterialUpdated': {
      const d = event.data as EventData<'MaterialUpdated'>;
      await tx.query('UPDATE read.orders SET material_name = $2, material_category = $3 WHERE material_id = $1', [
        d.id,
        d.name,
        d.category,
      ]);
      return undefined;
    }
    case 'CustomerUpdated': {
      const d = event.data as EventData<'CustomerUpdated'>;
      await tx.query(
        'UPDATE read.orders SET customer_company = $2, customer_contact_person = $3, customer_email = $4 WHERE customer_id = $1',
        [d.id, d.company, d.contactPerson, d.email],
      );
      return undefined;
    }
    case 'VehicleCreated':
    case 'VehicleDetailsChanged': {
      // Assigned orders keep the plate of their assignment (as read.vehicle_history shows it too).
      await plates.track(tx, event);
      return undefined;
    }
  }
  return undefined;
}
