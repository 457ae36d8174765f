import { RECENT_DAYS, type RouteMaterialEntry, type RouteUsage, routeScores, topSuggestions } from '@dispo/domain/quick-order/index';
import type { SqlExecutor } from '@dispo/events/sql/client';
import { findOrder } from '../orders/order-view';

const str = (v: unknown) => (v === null || v === undefined ? null : String(v));

/**
 * The material history of a route (orders.md §3, §7.1): every material ordered from `plantId` to
 * `deliveryPlantId` (to anywhere when absent), best suggestion first (0.5 × frequencyScore +
 * 0.5 × recentFrequencyScore). `now` is the instant the last 30 days count back from.
 */
export async function routeMaterialHistory(
  sql: SqlExecutor,
  plantId: string,
  deliveryPlantId: string | undefined,
  now: Date,
): Promise<RouteMaterialEntry[]> {
  const since = new Date(now.getTime() - RECENT_DAYS * 86_400_000).toISOString();
  const { rows } = await sql.query(
    `SELECT h.material_id, count(*)::int AS usage_count, count(*) FILTER (WHERE h.created_at >= $3)::int AS recent_count,
            max(h.created_at) AS last_used, avg(h.quantity)::float8 AS average_quantity,
            m.name, m.unit, m.category, m.material_code
     FROM read.route_material_orders h JOIN read.materials m ON m.id = h.material_id
     WHERE h.plant_id = $1 AND ($2::text IS NULL OR h.delivery_plant_id = $2)
     GROUP BY h.material_id, m.name, m.unit, m.category, m.material_code`,
    [plantId, deliveryPlantId ?? null, since],
  );
  const usages: RouteUsage[] = rows.map((r) => ({
    materialId: String(r.material_id),
    usageCount: Number(r.usage_count),
    recentCount: Number(r.recent_count),
    lastUsedDate: new Date(String(r.last_used instanceof Date ? r.last_used.toISOString() : r.last_used)).toISOString(),
    averageQuantity: Math.round(Number(r.average_quantity) * 100) / 100,
  }));
  const scores = routeScores(usages);
  const entries = rows.map((r, i): RouteMaterialEntry => {
    const u = usages[i]!;
    return {
      material: {
        id: u.materialId,
        name: String(r.name),
        unit: String(r.unit),
        category: str(r.category),
        materialCode: str(r.material_code),
      },
      usageCount: u.usageCount,
      lastUsedDate: u.lastUsedDate,
      averageQuantity: u.averageQuantity,
      ...scores.get(u.materialId)!,
    };
  });
  return topSuggestions(entries, entries.length);
}

/**
 * The last order the quick-order wizard created that starts or ends at `plantId` (as loading or
 * delivery plant) and still exists, as GET /api/orders/:id shows it; null when there is none.
 */
export async function lastQuickOrder(sql: SqlExecutor, plantId: string): Promise<unknown> {
  const { rows } = await sql.query(
    `SELECT h.order_id FROM read.route_material_orders h JOIN read.orders o ON o.id = h.order_id
     WHERE h.quick_order AND (h.plant_id = $1 OR h.delivery_plant_id = $1)
     ORDER BY h.created_at DESC, h.order_id DESC LIMIT 1`,
    [plantId],
  );
  const id = rows[0]?.order_id;
  return id === undefined ? null : findOrder(sql, String(id));
}
