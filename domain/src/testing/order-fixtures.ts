import type { EventData, OrderEvent } from '@dispo/events/catalog/index';
import type { CreateOrder } from '../order/create-order';

/** One order of the demo data as decider tests start from it. */
export const now = '2026-11-20T09:15:00.000Z';

// Demo data: Zementwerk Lägerdorf (loading, zementwerk) with Silo 1, Betonwerk Kiel (delivery, delivery_plant).
export const laegerdorf = { id: 'p-laegerdorf', plantRole: 'loading', plantType: 'zementwerk' };
export const kiel = { id: 'p-kiel', plantRole: 'delivery', plantType: 'delivery_plant' };
export const neumuenster = { id: 'p-neumuenster', plantRole: 'both', plantType: 'sonstige' };
export const silo1 = { id: 'lp-silo-1', plantId: 'p-laegerdorf' };

export const create: CreateOrder = {
  type: 'CreateOrder',
  orderId: 'o-1',
  orderNumber: 'S261121-4711',
  userId: 'u-dispo',
  now,
  details: {
    plantId: 'p-laegerdorf',
    deliveryPlantId: 'p-kiel',
    loadingPointId: 'lp-silo-1',
    materialId: 'm-cem1',
    quantity: 27,
    deliveryDate: '2026-11-21',
    deliveryTimeFixed: '08:00',
  },
  loadingPlant: laegerdorf,
  deliveryPlant: kiel,
  loadingPoint: silo1,
  material: { id: 'm-cem1' },
  customer: null,
};

export const expectedOrder: EventData<'OrderCreated'> = {
  id: 'o-1',
  orderNumber: 'S261121-4711',
  plantId: 'p-laegerdorf',
  deliveryPlantId: 'p-kiel',
  loadingPointId: 'lp-silo-1',
  materialId: 'm-cem1',
  customerId: null,
  materialSpecification: null,
  quantity: 27,
  unit: 'to',
  weightTons: 27,
  deliveryDate: '2026-11-21',
  deliveryTimeType: 'fixed',
  deliveryTimeFixed: '08:00',
  deliveryTimeFrom: null,
  deliveryTimeTo: null,
  priority: 'normal',
  transportType: 'standard',
  status: 'offen',
  notes: null,
  internalNotes: null,
  deliveryAddress: null,
  deliveryContactPerson: null,
  deliveryPhone: null,
  vehicleRequirements: null,
  accessConditions: null,
  pumpAvailable: false,
  craneAvailable: false,
  createdBy: 'u-dispo',
  createdAt: now,
};

export const created: OrderEvent = { type: 'OrderCreated', data: expectedOrder };
