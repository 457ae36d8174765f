import type { OrderTextCatalogue } from '@dispo/domain/order-text/index';
import type { SqlExecutor } from '@dispo/events/sql/client';
import { type Unit, unitSchema } from '@dispo/events/catalog/index';

const text = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

/**
 * The master data the order-text parser recognises, read from the read models (the parser only
 * proposes; creating the order checks every reference against the event log again). Retired plants,
 * materials and unavailable loading points are left out. Sorted, so that ties break the same way
 * on every read.
 *
 * The loader keeps the last catalogue and hands out the same object while nothing changed: the
 * parser prepares its index once per catalogue object.
 */
export function orderTextCatalogueLoader(sql: SqlExecutor): () => Promise<OrderTextCatalogue> {
  let last: { key: string; catalogue: OrderTextCatalogue } | null = null;
  return async () => {
    const [plants, loadingPoints, materials, customers] = await Promise.all([
      sql.query('SELECT id, name, city, plant_role, plant_type FROM read.plants WHERE status = $1 ORDER BY name, id', ['active']),
      sql.query(
        `SELECT lp.id, lp.name, lp.plant_id FROM read.loading_points lp JOIN read.plants p ON p.id = lp.plant_id
         WHERE lp.status = $1 AND p.status = $2 ORDER BY lp.name, lp.id`,
        ['available', 'active'],
      ),
      sql.query(
        'SELECT id, name, category, material_code, standard_load_size, unit FROM read.materials WHERE status = $1 ORDER BY name, id',
        ['active'],
      ),
      sql.query('SELECT id, company, contact_person FROM read.customers ORDER BY company, id'),
    ]);
    const catalogue: OrderTextCatalogue = {
      plants: plants.rows.map((r) => ({
        id: String(r.id),
        name: String(r.name),
        city: text(r.city),
        plantRole: text(r.plant_role),
        plantType: text(r.plant_type),
      })),
      loadingPoints: loadingPoints.rows.map((r) => ({ id: String(r.id), name: String(r.name), plantId: String(r.plant_id) })),
      materials: materials.rows.map((r) => {
        const unit = unitSchema.safeParse(r.unit);
        return {
          id: String(r.id),
          name: String(r.name),
          category: text(r.category),
          materialCode: text(r.material_code),
          standardLoadSize: r.standard_load_size === null || r.standard_load_size === undefined ? null : Number(r.standard_load_size),
          unit: unit.success ? (unit.data as Unit) : null,
        };
      }),
      customers: customers.rows.map((r) => ({ id: String(r.id), company: String(r.company), contactPerson: text(r.contact_person) })),
    };
    const key = JSON.stringify(catalogue);
    if (last?.key === key) return last.catalogue;
    last = { key, catalogue };
    return catalogue;
  };
}
