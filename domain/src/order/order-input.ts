import type { OrderPriority, TransportType, Unit } from '@dispo/events/catalog/index';
import type { DeliveryTimeInput } from './delivery-time';

/**
 * The fields of an order as a user enters them (POST /orders, orders.md §7.2, in camelCase).
 * Anything may be missing; the decider decides what is required.
 */
export interface OrderInput extends DeliveryTimeInput {
  /** The loading plant (Ladewerk). */
  plantId?: string | null;
  deliveryPlantId?: string | null;
  /** Abgangsort, a loading point of the loading plant. */
  loadingPointId?: string | null;
  materialId?: string | null;
  customerId?: string | null;
  materialSpecification?: string | null;
  quantity?: number | null;
  unit?: Unit | null;
  weightTons?: number | null;
  deliveryDate?: string | null;
  priority?: OrderPriority | null;
  transportType?: TransportType | null;
  notes?: string | null;
  internalNotes?: string | null;
  deliveryAddress?: string | null;
  deliveryContactPerson?: string | null;
  deliveryPhone?: string | null;
  vehicleRequirements?: string | null;
  accessConditions?: string | null;
  pumpAvailable?: boolean | null;
  craneAvailable?: boolean | null;
}
