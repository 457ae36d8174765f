import type { EventData } from '@dispo/events/catalog/index';
import type { RecordedEvent } from '@dispo/events/envelope';
import type { Projection } from '../projection';
import { isReservation } from './event-runs';
import { readTableLifecycle } from './read-table-lifecycle';
import { updateRow, upsertRow, upsertRows } from './upsert';

const TABLE = 'read.route_material_orders';

/** The command of the quick-order wizard (command-service/src/orders/quick-order-routes.ts). */
const QUICK_ORDER_COMMAND = 'CreateQuickOrder';

/** Order fields this table follows, by their column. */
const FOLLOWED = {
  plantId: 'plant_id',
  deliveryPlantId: 'delivery_plant_id',
  loadingPointId: 'loading_point_id',
  materialId: 'material_id',
  quantity: 'quantity',
  unit: 'unit',
} as const;

/** The row an OrderCreated event makes. */
function routeRow(event: RecordedEvent): Record<string, unknown> {
  const d = event.data as EventData<'OrderCreated'>;
  return {
    order_id: d.id,
    plant_id: d.plantId,
    delivery_plant_id: d.deliveryPlantId,
    loading_point_id: d.loadingPointId,
    material_id: d.materialId,
    quantity: d.quantity,
    unit: d.unit,
    quick_order: event.metadata.commandName === QUICK_ORDER_COMMAND,
    created_at: d.createdAt,
  };
}

/**
 * read.route_material_orders: one row per order with its route (loading plant → delivery plant),
 * material and quantity, and whether the quick-order wizard created it. The material history of a
 * route and the last quick order of a plant are read from it (docs/api/order-intake-tools.md).
 * Deleted orders leave it (a mistaken order says nothing about the route).
 */
export const routeMaterialHistoryProjection: Projection = {
  name: 'route_material_history',

  ...readTableLifecycle(
    TABLE,
    `order_id text PRIMARY KEY, plant_id text NOT NULL, delivery_plant_id text NOT NULL, loading_point_id text NOT NULL,
      material_id text NOT NULL, quantity numeric NOT NULL, unit text NOT NULL, quick_order boolean NOT NULL,
      created_at timestamptz NOT NULL`,
    { route_material_orders_route_idx: 'plant_id, delivery_plant_id, material_id', route_material_orders_quick_idx: 'quick_order, created_at' },
  ),

  // A run of creates (quick orders come in tens) in one statement.
  runs: {
    joins: (event) => event.type === 'OrderCreated',
    passes: isReservation,
    async apply(tx, events) {
      await upsertRows(tx, TABLE, events.map(routeRow), 'order_id');
      return undefined;
    },
  },

  async apply(tx, event) {
    switch (event.type) {
      case 'OrderCreated': {
        await upsertRow(tx, TABLE, routeRow(event), 'order_id');
        break;
      }
      case 'OrderDetailsChanged': {
        const d = event.data as EventData<'OrderDetailsChanged'>;
        const row: Record<string, unknown> = {};
        for (const [field, column] of Object.entries(FOLLOWED)) {
          const value = d.changes[field as keyof typeof FOLLOWED];
          if (value !== undefined && value !== null) row[column] = value;
        }
        if (Object.keys(row).length > 0) await updateRow(tx, TABLE, d.id, row, 'order_id');
        break;
      }
      case 'OrderDeleted': {
        const d = event.data as EventData<'OrderDeleted'>;
        await tx.query(`DELETE FROM ${TABLE} WHERE order_id = $1`, [d.id]);
        break;
      }
    }
    return undefined;
  },
};
