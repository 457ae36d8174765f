import type { Order, User } from '../api/types';

export const testUser: User = {
  id: 'u-1',
  username: 'mmueller',
  firstName: 'Maria',
  lastName: 'Müller',
  roles: ['dispatcher'],
};

export function makeOrder(overrides: Partial<Order> = {}): Order {
  return {
    id: 'o-1',
    orderNumber: 'S251121-4711',
    plantId: 'p-1',
    deliveryPlantId: 'p-2',
    loadingPointId: 'lp-1',
    materialId: 'm-1',
    customerId: 'c-1',
    quantity: 27.5,
    unit: 'to',
    weightTons: 27.5,
    deliveryDate: '2099-03-05',
    deliveryTimeType: 'fixed',
    deliveryTimeFixed: '08:00',
    deliveryTimeFrom: null,
    deliveryTimeTo: null,
    priority: 'normal',
    status: 'offen',
    transportType: 'silo',
    notes: null,
    internalNotes: null,
    createdAt: '2025-11-21T08:00:00.000Z',
    updatedAt: '2025-11-21T08:00:00.000Z',
    plant: { name: 'Zementwerk Rüdersdorf', city: 'Rüdersdorf' },
    deliveryPlant: { name: 'Betonwerk Berlin-Süd', city: 'Berlin' },
    material: { name: 'CEM I 42,5 R', category: 'Zement' },
    loadingPoint: { name: 'Silo 3' },
    customer: { company: 'Bau GmbH & Co. KG', contactPerson: 'Herr Schulz', email: 'dispo@bau.example' },
    creator: { firstName: 'Maria', lastName: 'Müller' },
    ...overrides,
  };
}
