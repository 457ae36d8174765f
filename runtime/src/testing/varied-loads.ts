import { loadDemoCatalog } from '../demo-catalog';
import { demoId } from '../seed';
import { demoOrderBody } from './demo-order';

/**
 * POST /api/orders bodies for route optimization loads: every material in tonnes from each plant
 * that has it, to the catalogue's delivery plants in turn, on `day` with a wide window. Many plants,
 * so a tour of them is a real optimization problem, not one load repeated. The same `i`, the same body.
 */
export function variedLoads(day: string): (i: number) => Record<string, unknown> {
  const catalog = loadDemoCatalog();
  const point = new Map<string, string>();
  for (const lp of catalog.loadingPoints) if (!point.has(lp.plant)) point.set(lp.plant, `${lp.plant}/${lp.name}`);
  const pairs = catalog.materials
    .filter((m) => m.unit === 'to')
    .flatMap((m) => m.plants.filter((p) => point.has(p)).map((p) => ({ material: m.name, plant: p, point: point.get(p)! })));
  const deliveries = catalog.plants.filter((p) => p.plant_role !== 'loading').map((p) => p.name);
  return (i) => {
    const load = pairs[(i * 7) % pairs.length]!;
    const others = deliveries.filter((p) => p !== load.plant);
    return demoOrderBody({
      delivery_date: day,
      plant_id: demoId('plant', load.plant),
      loading_point_id: demoId('loading-point', load.point),
      material_id: demoId('material', load.material),
      delivery_plant_id: demoId('plant', others[(i * 11) % others.length]!),
      quantity: 20,
      delivery_time_type: 'range',
      delivery_time_fixed: null,
      delivery_time_from: '05:00',
      delivery_time_to: '23:30',
    });
  };
}
