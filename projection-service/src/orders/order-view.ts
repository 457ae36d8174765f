import { billingState, isLocked } from '@dispo/domain/order/order-status';
import type { OrderStatus } from '@dispo/events/catalog/index';
import type { SqlExecutor } from '@dispo/events/sql/client';

/** One row of read.orders as the database returns it. */
export type OrderRow = Record<string, unknown>;

const str = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));
const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
const iso = (v: unknown): string | null => (v === null || v === undefined ? null : v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString());

/** Stored as jsonb; pg parses it, PGlite too, but a text value is parsed here to be safe. */
function tourOrders(v: unknown): { sequenceNumber: number; estimatedArrival: string | null; tour: { startTime: string | null } }[] {
  const list = typeof v === 'string' ? (JSON.parse(v) as unknown) : v;
  return Array.isArray(list) ? (list as ReturnType<typeof tourOrders>) : [];
}

/** The order as every order answer shows it (orders.md §3, names as the client uses them). */
export function orderView(r: OrderRow) {
  return {
    id: String(r.id),
    orderNumber: String(r.order_number),
    plantId: str(r.plant_id),
    deliveryPlantId: str(r.delivery_plant_id),
    delivery_plant_id: str(r.delivery_plant_id),
    loadingPointId: str(r.loading_point_id),
    materialId: str(r.material_id),
    customerId: str(r.customer_id),
    materialSpecification: str(r.material_specification),
    quantity: Number(r.quantity),
    unit: String(r.unit),
    weightTons: num(r.weight_tons),
    deliveryDate: String(r.delivery_date),
    deliveryTimeType: String(r.delivery_time_type),
    deliveryTimeFixed: str(r.delivery_time_fixed),
    deliveryTimeFrom: str(r.delivery_time_from),
    deliveryTimeTo: str(r.delivery_time_to),
    deliveryAddress: str(r.delivery_address),
    deliveryContactPerson: str(r.delivery_contact_person),
    deliveryPhone: str(r.delivery_phone),
    priority: String(r.priority),
    pumpAvailable: Boolean(r.pump_available),
    craneAvailable: Boolean(r.crane_available),
    accessConditions: str(r.access_conditions),
    notes: str(r.notes),
    internalNotes: str(r.internal_notes),
    status: String(r.status),
    transportType: String(r.transport_type),
    vehicleRequirements: str(r.vehicle_requirements),
    deliverySlipNumber: str(r.delivery_slip_number),
    actualWeight: num(r.actual_weight),
    deliveryNotes: str(r.delivery_notes),
    billingPending: Boolean(r.billing_pending),
    billingConfirmed: Boolean(r.billing_confirmed),
    billingConfirmedAt: iso(r.billing_confirmed_at),
    processingStatus: String(r.processing_status ?? 'pending'),
    billingReversalReason: str(r.billing_reversal_reason),
    billingReversedAt: iso(r.billing_reversed_at),
    billingReversedBy: str(r.billing_reversed_by),
    billingReverser: str(r.billing_reverser),
    billingState: billingState({ billingPending: Boolean(r.billing_pending), billingConfirmed: Boolean(r.billing_confirmed) }),
    locked: isLocked({
      status: String(r.status) as OrderStatus,
      billingPending: Boolean(r.billing_pending),
      billingConfirmed: Boolean(r.billing_confirmed),
    }),
    deliveryDataUnlocked: Boolean(r.delivery_data_unlocked),
    dispositionStatus: str(r.disposition_status),
    assignedVehicleLicensePlate: str(r.assigned_vehicle_license_plate),
    tourOrders: tourOrders(r.tour_orders),
    duplicatedFrom: str(r.duplicated_from),
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
    creator: r.creator_first_name ? { firstName: String(r.creator_first_name), lastName: String(r.creator_last_name) } : null,
    plant: r.plant_name ? { name: String(r.plant_name), city: str(r.plant_city) } : null,
    deliveryPlant: r.delivery_plant_name ? { name: String(r.delivery_plant_name), city: str(r.delivery_plant_city) } : null,
    material: r.material_name ? { name: String(r.material_name), category: str(r.material_category) } : null,
    loadingPoint: r.loading_point_name ? { name: String(r.loading_point_name) } : null,
    customer: r.customer_company
      ? { company: String(r.customer_company), contactPerson: str(r.customer_contact_person), email: str(r.customer_email) }
      : null,
  };
}
export type OrderView = ReturnType<typeof orderView>;

export async function findOrder(sql: SqlExecutor, id: string): Promise<OrderView | null> {
  const { rows } = await sql.query('SELECT * FROM read.orders WHERE id = $1', [id]);
  return rows[0] ? orderView(rows[0]) : null;
}

