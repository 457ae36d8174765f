import { demoId } from '../seed';

/** A valid POST /api/orders body on the demo catalogue: CEM I from Lägerdorf Silo 1 to Betonwerk Kiel. */
export function demoOrderBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    plant_id: demoId('plant', 'Zementwerk Lägerdorf'),
    delivery_plant_id: demoId('plant', 'Betonwerk Kiel'),
    loading_point_id: demoId('loading-point', 'Zementwerk Lägerdorf/Silo 1'),
    material_id: demoId('material', 'CEM I 42,5 R'),
    quantity: 27,
    unit: 'to',
    delivery_date: '2026-11-23',
    delivery_time_type: 'fixed',
    delivery_time_fixed: '08:00',
    ...overrides,
  };
}
