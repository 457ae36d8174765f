import { searchPlants } from '@dispo/domain/search/plant-search';
import type { SqlExecutor } from '@dispo/events/sql/client';
import { readerRoles, requireRoles } from '@dispo/platform/http/auth';
import { requestText } from '@dispo/platform/http/text-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const str = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

export function plantView(r: Record<string, unknown>) {
  return {
    id: String(r.id),
    name: String(r.name),
    city: str(r.city),
    address: str(r.address),
    street: str(r.street),
    postalCode: str(r.postal_code),
    contactPerson: str(r.contact_person),
    phone: str(r.phone),
    plant_type: String(r.plant_type),
    plant_role: String(r.plant_role),
    status: String(r.status),
    lat: r.lat === null ? null : Number(r.lat),
    lng: r.lng === null ? null : Number(r.lng),
  };
}

const plantRoleFilter = z.enum(['all', 'loading', 'delivery']);

/** GET routes of orders.md §7.1: plants, plant search, loading points, materials, customer search. */
export const referenceRoutes: FastifyPluginAsyncZod<{ sql: SqlExecutor }> = async (app, { sql }) => {
  const read = { onRequest: requireRoles(...readerRoles) };

  app.get(
    '/api/plants',
    {
      ...read,
      schema: { tags: ['Stammdaten'], querystring: z.strictObject({ limit: z.coerce.number().int().min(1).max(1000).default(100) }) },
    },
    async (req) => {
      const { rows } = await sql.query('SELECT * FROM read.plants ORDER BY name LIMIT $1', [req.query.limit]);
      return { plants: rows.map(plantView) };
    },
  );

  app.get(
    '/api/plants/search',
    {
      ...read,
      schema: {
        tags: ['Stammdaten'],
        querystring: z.strictObject({
          q: requestText().max(200).default(''),
          plant_role: plantRoleFilter.default('all'),
          limit: z.coerce.number().int().min(1).max(100).default(20),
        }),
      },
    },
    async (req) => {
      const { rows } = await sql.query('SELECT * FROM read.plants');
      const plants = rows.map((r) => ({ ...plantView(r), plantRole: String(r.plant_role), plantType: String(r.plant_type) }));
      const found = searchPlants(plants, req.query.q, { role: req.query.plant_role, limit: req.query.limit });
      return { plants: found.map(({ plantRole: _r, plantType: _t, ...plant }) => plant) };
    },
  );

  app.get(
    '/api/loading-points',
    { ...read, schema: { tags: ['Stammdaten'], querystring: z.strictObject({ plant_id: requestText().max(100).optional() }) } },
    async (req) => {
      const { rows } = await sql.query(
        `SELECT lp.*, p.name AS plant_name FROM read.loading_points lp JOIN read.plants p ON p.id = lp.plant_id
       WHERE ($1::text IS NULL OR lp.plant_id = $1) ORDER BY p.name, lp.name`,
        [req.query.plant_id ?? null],
      );
      return {
        loading_points: rows.map((r) => ({
          id: String(r.id),
          name: String(r.name),
          plant_id: String(r.plant_id),
          plant_name: String(r.plant_name),
          loading_type: String(r.loading_type),
          status: String(r.status),
        })),
      };
    },
  );

  app.get('/api/materials', { ...read, schema: { tags: ['Stammdaten'] } }, async () => {
    const { rows } = await sql.query('SELECT * FROM read.materials ORDER BY category, name');
    return {
      materials: rows.map((r) => ({
        id: String(r.id),
        name: String(r.name),
        materialCode: str(r.material_code),
        category: str(r.category),
        description: str(r.description),
        unit: String(r.unit),
        standardLoadSize: r.standard_load_size === null ? null : Number(r.standard_load_size),
        densityTonsPerCubicMetre: r.density_tons_per_cubic_metre === null || r.density_tons_per_cubic_metre === undefined ? null : Number(r.density_tons_per_cubic_metre),
        plantSpecific: Boolean(r.plant_specific),
        assignedPlants: (r.assigned_plant_ids as string[]) ?? [],
        status: String(r.status),
      })),
    };
  });

  app.get(
    '/api/customers/search/query',
    {
      ...read,
      schema: {
        tags: ['Stammdaten'],
        querystring: z.strictObject({ q: requestText().max(200).default(''), limit: z.coerce.number().int().min(1).max(100).default(20) }),
      },
    },
    async (req) => {
      const term = req.query.q.trim().toLowerCase();
      const { rows } = await sql.query(
        `SELECT id, company, contact_person, email FROM read.customers
         WHERE $1 = '' OR strpos(lower(company), $1) > 0 OR strpos(lower(coalesce(contact_person, '')), $1) > 0
         ORDER BY (strpos(lower(company), $1) = 1) DESC, company LIMIT $2`,
        [term, req.query.limit],
      );
      return {
        customers: rows.map((r) => ({
          id: String(r.id),
          company: String(r.company),
          contactPerson: str(r.contact_person),
          email: str(r.email),
        })),
      };
    },
  );
};
