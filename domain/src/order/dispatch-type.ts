/**
 * The order type of the Disposition's sidebar (dispatch.md §2, §3 `order_type`: simple, standard,
 * transport), derived from how and what an order is (docs/order-status.md "Order type in the
 * Disposition"):
 *
 * - `transport`: it needs special transport: a silo, pump or crane vehicle (`transport_type` other
 *   than `standard`) or stated vehicle requirements.
 * - `simple`: a plain bulk run between plants: standard transport to a delivery plant, no address of
 *   its own, no access conditions.
 * - `standard`: every other standard-transport order (a site address, or access conditions to mind).
 */
export type DispatchOrderType = 'simple' | 'standard' | 'transport';

export interface DispatchTypeFacts {
  transportType: string | null;
  vehicleRequirements: string | null;
  deliveryPlantId: string | null;
  deliveryAddress: string | null;
  accessConditions: string | null;
}

const given = (value: string | null) => value !== null && value.trim() !== '';

export function dispatchOrderType(order: DispatchTypeFacts): DispatchOrderType {
  if ((order.transportType !== null && order.transportType !== 'standard') || given(order.vehicleRequirements)) return 'transport';
  if (given(order.deliveryPlantId) && !given(order.deliveryAddress) && !given(order.accessConditions)) return 'simple';
  return 'standard';
}
