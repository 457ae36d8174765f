import { clockOf, minutesOf } from '@dispo/domain/tour/clock';
import type { EventData, OrderDetails } from '@dispo/events/catalog/index';
import type { RecordedEvent } from '@dispo/events/envelope';
import type { SqlExecutor } from '@dispo/events/sql/client';
import type { Notice } from '@dispo/platform/bus/notice-bus';
import { findOrder, type OrderRow, orderView } from '../orders/order-view';
import type { Projection } from '../projection';
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

/** The licence plate of the assigned vehicle (read.vehicles is kept by the fleet projection, applied before this one). */
const VEHICLE_PLATE = 'assigned_vehicle_license_plate = (SELECT license_plate FROM read.vehicles WHERE id = read.orders.assigned_vehicle_id)';

/** orders.md §9: the arrival at a tour stop is the tour start plus 30 minutes per stop before it. */
/** The stop's arrival the travel model planned (read.tour_orders, TourTimesPlanned came first in the same append). */
async function plannedArrival(tx: SqlExecutor, tourId: string, orderId: string): Promise<string | null> {
  const { rows } = await tx.query<{ estimated_arrival: string | null }>('SELECT estimated_arrival FROM read.tour_orders WHERE tour_id = $1 AND order_id = $2', [tourId, orderId]);
  return rows[0]?.estimated_arrival ?? null;
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

/** Sorting by priority means by urgency, not alphabetically. */
const priorityRank: Record<string, number> = { low: 0, normal: 1, high: 2, urgent: 3 };

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

async function notice(tx: SqlExecutor, subject: string, id: string, ...more: string[]): Promise<Notice[] | undefined> {
  const order = await findOrder(tx, id);
  return order ? [subject, ...more].map((s) => ({ subject: s, payload: { order } })) : undefined;
}

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
  // 5: arrivals planned by the travel model (TourTimesPlanned).
  schemaVersion: 5,

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
        coalesce(loading_point_name, '') || ' ' || coalesce(delivery_plant_name, '') || ' ' || status)) STORED)`);
    for (const [name, definition] of [
      ['orders_delivery_idx', '(delivery_date, delivery_time_fixed, order_number)'],
      // The default sort of the order list and of the open orders (delivery day, then time, then number):
      // read in index order, a page stops after its rows instead of sorting every match.
      ['orders_default_sort_idx', '(delivery_date, (coalesce(delivery_time_fixed, delivery_time_from)), order_number)'],
      ['orders_created_idx', '(created_at)'],
      ['orders_status_idx', '(status, delivery_date)'],
      ['orders_plant_idx', '(plant_id, delivery_date)'],
      // The plant chip together with a status link is the commonest pair of filters. The searched text
      // and the sort keys ride along, so that a search in it and a page of it need no table rows (issue 20).
      [
        'orders_plant_status_list_idx',
        '(plant_id, status, delivery_date) INCLUDE (id, search_text, delivery_time_fixed, delivery_time_from, order_number, quantity, priority_rank)',
      ],
      ['orders_delivery_plant_idx', '(delivery_plant_id)'],
      ['orders_loading_point_idx', '(loading_point_id, delivery_date)'],
      ['orders_material_idx', '(material_id, delivery_date)'],
      ['orders_customer_idx', '(customer_id)'],
      ['orders_priority_idx', '(priority_rank, delivery_date)'],
      ['orders_quantity_idx', '(quantity)'],
      ['orders_tour_idx', '(tour_id)'],
      ['orders_search_idx', 'USING gin (search_text gin_trgm_ops)'],
    ] as const) {
      await sql.query(`CREATE INDEX IF NOT EXISTS ${name} ON read.orders ${definition}`);
    }
    // Replaced by orders_plant_status_list_idx (same key, with the list's columns included).
    await sql.query('DROP INDEX IF EXISTS read.orders_plant_status_idx');
  },

  async reset(sql) {
    await sql.query('TRUNCATE read.orders');
  },

  async drop(sql) {
    await sql.query('DROP TABLE IF EXISTS read.orders');
  },

  async apply(tx, event: RecordedEvent): Promise<Notice[] | undefined> {
    switch (event.type) {
      case 'OrderCreated': {
        const d = event.data as EventData<'OrderCreated'>;
        const columns: Record<string, unknown> = { id: d.id, order_number: d.orderNumber };
        for (const [field, column] of Object.entries(DETAIL_COLUMNS)) columns[column] = d[field as keyof OrderDetails];
        Object.assign(columns, {
          priority_rank: priorityRank[d.priority],
          status: d.status,
          duplicated_from: d.duplicatedFrom ?? null,
          created_by: d.createdBy,
          created_at: d.createdAt,
          updated_at: d.createdAt,
          version: event.streamVersion,
        });
        const { rows } = await tx.query<{ row: OrderRow }>(
          INSERT_ORDER,
          CREATED_COLUMNS.map((n) => columns[n]),
          { prepare: true },
        );
        if (rows[0]) return [{ subject: 'dispo.orders.new_order', payload: { order: orderView(rows[0].row) } }];
        // Already there (a replay into tables that were not emptied): names refreshed as on a change.
        await tx.query(`UPDATE read.orders o SET ${JOINED_NAMES} WHERE id = $1`, [d.id]);
        return notice(tx, 'dispo.orders.new_order', d.id);
      }
      case 'OrderDetailsChanged': {
        const d = event.data as EventData<'OrderDetailsChanged'>;
        const row: Record<string, unknown> = { updated_at: d.changedAt, version: event.streamVersion };
        for (const [field, value] of Object.entries(d.changes)) row[DETAIL_COLUMNS[field as keyof OrderDetails]] = value;
        if (d.changes.priority) row.priority_rank = priorityRank[d.changes.priority];
        await updateRow(tx, 'read.orders', d.id, row);
        await tx.query(`UPDATE read.orders o SET ${JOINED_NAMES} WHERE id = $1`, [d.id]);
        return notice(tx, 'dispo.orders.order_updated', d.id);
      }
      case 'OrderStatusChanged': {
        const d = event.data as EventData<'OrderStatusChanged'>;
        await updateRow(tx, 'read.orders', d.id, { status: d.to, updated_at: d.changedAt, version: event.streamVersion });
        return notice(tx, 'dispo.orders.order_status_changed', d.id);
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
        return notice(tx, 'dispo.orders.order_updated', d.id, ...changed);
      }
      case 'OrderHandedToBilling': {
        const d = event.data as EventData<'OrderHandedToBilling'>;
        await updateRow(tx, 'read.orders', d.id, {
          billing_pending: true,
          processing_status: 'processing',
          updated_at: d.handedAt,
          version: event.streamVersion,
        });
        return notice(tx, 'dispo.orders.order_updated', d.id, billingNotice.refresh);
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
        return notice(tx, 'dispo.orders.order_updated', d.id, billingNotice.confirmed);
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
        return notice(tx, 'dispo.orders.order_updated', d.id, billingNotice.undone);
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
        return notice(tx, 'dispo.orders.order_updated', d.id, billingNotice.removed);
      }
      case 'OrderDeliveryDataUnlocked': {
        const d = event.data as EventData<'OrderDeliveryDataUnlocked'>;
        await updateRow(tx, 'read.orders', d.id, { delivery_data_unlocked: true, updated_at: d.unlockedAt, version: event.streamVersion });
        return notice(tx, 'dispo.orders.order_updated', d.id);
      }
      case 'OrderTransferredToDisposition': {
        const d = event.data as EventData<'OrderTransferredToDisposition'>;
        await updateRow(tx, 'read.orders', d.id, { disposition_status: 'in_progress', updated_at: d.transferredAt, version: event.streamVersion });
        return notice(tx, 'dispo.orders.order_updated', d.id);
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
          tour_orders: JSON.stringify([tourOrder(d.date, d.startTime, d.sequenceNumber, await plannedArrival(tx, d.tourId, d.id))]),
          updated_at: d.assignedAt,
          version: event.streamVersion,
        });
        await tx.query(`UPDATE read.orders SET ${VEHICLE_PLATE} WHERE id = $1`, [d.id]);
        return notice(tx, 'dispo.orders.order_status_changed', d.id);
      }
      case 'OrderTourRescheduled': {
        const d = event.data as EventData<'OrderTourRescheduled'>;
        const { rows } = await tx.query<{ tour_orders: unknown }>('SELECT tour_orders FROM read.orders WHERE id = $1', [d.id]);
        const sequence = sequenceOf(rows[0]?.tour_orders);
        await updateRow(tx, 'read.orders', d.id, {
          assigned_vehicle_id: d.vehicleId,
          tour_orders: JSON.stringify([tourOrder(d.date, d.startTime, sequence, await plannedArrival(tx, d.tourId, d.id))]),
          updated_at: d.rescheduledAt,
          version: event.streamVersion,
        });
        await tx.query(`UPDATE read.orders SET ${VEHICLE_PLATE} WHERE id = $1`, [d.id]);
        return notice(tx, 'dispo.orders.order_updated', d.id);
      }
      case 'TourTimesPlanned': {
        // The tour's orders get their planned sequence and arrival (the tour's day and start stay).
        const d = event.data as EventData<'TourTimesPlanned'>;
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
        return notice(tx, 'dispo.orders.order_status_changed', d.id);
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
        await tx.query('UPDATE read.orders SET material_name = $2, material_category = $3 WHERE material_id = $1', [d.id, d.name, d.category]);
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
    }
    return undefined;
  },
};
