import type { OrderTemplate } from '../../api/templates';

/** A template of the orders test kit's catalogue: CEM I from Rüdersdorf Silo A to Betonwerk Kiel at 07:30. */
export function makeTemplate(overrides: Partial<OrderTemplate> = {}, data: Partial<OrderTemplate['templateData']> = {}): OrderTemplate {
  return {
    id: 't-1',
    name: 'Kiel Zement',
    usageCount: 0,
    lastUsed: null,
    createdAt: '2026-11-01T08:00:00.000Z',
    updatedAt: '2026-11-01T08:00:00.000Z',
    ...overrides,
    templateData: {
      loadingPlant: { id: 'p-zement', name: 'Zementwerk Rüdersdorf' },
      deliveryPlant: { id: 'p-beton', name: 'Betonwerk Kiel' },
      loadingPointId: 'lp-a',
      materials: [{ id: 'm-cem1', name: 'CEM I 42,5 R', quantity: 1, unit: 'to' }],
      deliveryTimeType: 'fixed',
      deliveryTimeFixed: '07:30',
      deliveryTimeFrom: null,
      deliveryTimeTo: null,
      priority: 'normal',
      notes: null,
      ...data,
    },
  };
}
