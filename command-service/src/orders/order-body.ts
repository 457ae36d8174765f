import type { OrderInput } from '@dispo/domain/order/index';
import { deliveryTimeTypeSchema, orderPrioritySchema, orderStatusSchema, transportTypeSchema, unitSchema } from '@dispo/events/catalog/index';
import { requestText, selectedId } from '@dispo/platform/http/text-schemas';
import { z } from 'zod';
import type { OrderChange } from './order-commands';

const id = selectedId().optional();
const text = (max: number) => requestText().max(max).nullable().optional();
const time = requestText().max(5).nullable().optional();

/**
 * The body of POST /api/orders (orders.md §7.2), snake_case as the spec shows. Every field may be
 * missing here: which are required is the decider's rule, so it answers with the spec's message.
 */
export const orderBodySchema = z.strictObject({
  plant_id: id,
  delivery_plant_id: id,
  material_id: id,
  loading_point_id: id,
  customer_id: id,
  quantity: z.number().finite().nullable().optional(),
  unit: unitSchema.nullable().optional(),
  delivery_date: requestText().max(10).nullable().optional(),
  delivery_time_type: deliveryTimeTypeSchema.nullable().optional(),
  delivery_time_fixed: time,
  delivery_time_from: time,
  delivery_time_to: time,
  // New orders always start as offen (§4.1); anything else is a mistake of the client.
  status: z.literal('offen').optional(),
  priority: orderPrioritySchema.nullable().optional(),
  transport_type: transportTypeSchema.nullable().optional(),
  notes: text(4000),
  internal_notes: text(4000),
  weight_tons: z.number().finite().nullable().optional(),
  material_specification: text(500),
  delivery_address: text(500),
  delivery_contact_person: text(200),
  delivery_phone: text(100),
  vehicle_requirements: text(1000),
  access_conditions: text(1000),
  pump_available: z.boolean().nullable().optional(),
  crane_available: z.boolean().nullable().optional(),
});
export type OrderBody = z.infer<typeof orderBodySchema>;

export function orderInputFromBody(b: OrderBody): OrderInput {
  return {
    plantId: b.plant_id,
    deliveryPlantId: b.delivery_plant_id,
    materialId: b.material_id,
    loadingPointId: b.loading_point_id,
    customerId: b.customer_id,
    quantity: b.quantity,
    unit: b.unit,
    deliveryDate: b.delivery_date,
    deliveryTimeType: b.delivery_time_type,
    deliveryTimeFixed: b.delivery_time_fixed,
    deliveryTimeFrom: b.delivery_time_from,
    deliveryTimeTo: b.delivery_time_to,
    priority: b.priority,
    transportType: b.transport_type,
    notes: b.notes,
    internalNotes: b.internal_notes,
    weightTons: b.weight_tons,
    materialSpecification: b.material_specification,
    deliveryAddress: b.delivery_address,
    deliveryContactPerson: b.delivery_contact_person,
    deliveryPhone: b.delivery_phone,
    vehicleRequirements: b.vehicle_requirements,
    accessConditions: b.access_conditions,
    pumpAvailable: b.pump_available,
    craneAvailable: b.crane_available,
  };
}

/**
 * The body of PUT and PATCH /api/orders/:id: the order's fields as for POST, any status, and the
 * billing hand-off fields (delivery slip number, actual weight) of §7.2.
 */
export const orderChangeBodySchema = orderBodySchema.omit({ status: true }).extend({
  status: orderStatusSchema.optional(),
  delivery_slip_number: text(100),
  actual_weight: z.number().finite().nullable().optional(),
});
export type OrderChangeBody = z.infer<typeof orderChangeBodySchema>;

/** Keys that billing staff may PATCH alone: the hand-off fields, nothing else of the order. */
export const BILLING_KEYS: readonly (keyof OrderChangeBody)[] = ['delivery_slip_number', 'actual_weight'];

export function orderChangeFromBody(b: OrderChangeBody): OrderChange {
  const { status, delivery_slip_number, actual_weight, ...details } = b;
  return {
    changes: orderInputFromBody(details),
    ...(status === undefined ? {} : { status }),
    ...(delivery_slip_number === undefined ? {} : { deliverySlipNumber: delivery_slip_number }),
    ...(actual_weight === undefined ? {} : { actualWeight: actual_weight }),
  };
}
