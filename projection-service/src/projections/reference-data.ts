import type { EventData } from '@dispo/events/catalog/index';
import type { RecordedEvent } from '@dispo/events/envelope';
import type { SqlExecutor } from '@dispo/events/sql/client';
import type { Notice } from '@dispo/platform/bus/notice-bus';
import type { Projection } from '../projection';
import { updateRow, upsertRow } from './upsert';

/**
 * Master data the order intake looks up: users (without credentials), plants, loading points,
 * materials and customers. One projection, because they change rarely and always together on seed.
 */
export const referenceDataProjection: Projection = {
  name: 'reference_data',

  async setup(sql) {
    await sql.query(`CREATE TABLE IF NOT EXISTS read.users (
      id text PRIMARY KEY, username text NOT NULL UNIQUE, first_name text NOT NULL, last_name text NOT NULL,
      email text NOT NULL, roles text[] NOT NULL, registered_at timestamptz NOT NULL)`);
    await sql.query(`CREATE TABLE IF NOT EXISTS read.plants (
      id text PRIMARY KEY, name text NOT NULL, city text, street text, postal_code text, address text,
      contact_person text, phone text, plant_type text NOT NULL, plant_role text NOT NULL, status text NOT NULL,
      lat double precision, lng double precision, created_at timestamptz NOT NULL, updated_at timestamptz NOT NULL)`);
    await sql.query('CREATE INDEX IF NOT EXISTS plants_name_idx ON read.plants (lower(name))');
    await sql.query(`CREATE TABLE IF NOT EXISTS read.loading_points (
      id text PRIMARY KEY, plant_id text NOT NULL, name text NOT NULL, loading_type text NOT NULL, status text NOT NULL,
      created_at timestamptz NOT NULL, updated_at timestamptz NOT NULL)`);
    await sql.query('CREATE INDEX IF NOT EXISTS loading_points_plant_idx ON read.loading_points (plant_id)');
    await sql.query(`CREATE TABLE IF NOT EXISTS read.materials (
      id text PRIMARY KEY, name text NOT NULL, material_code text, category text, description text, unit text NOT NULL,
      standard_load_size numeric, plant_specific boolean NOT NULL, assigned_plant_ids text[] NOT NULL, status text NOT NULL,
      created_at timestamptz NOT NULL, updated_at timestamptz NOT NULL)`);
    // Issue 31: the bulk density came later; materials created before have none.
    await sql.query('ALTER TABLE read.materials ADD COLUMN IF NOT EXISTS density_tons_per_cubic_metre numeric');
    await sql.query(`CREATE TABLE IF NOT EXISTS read.customers (
      id text PRIMARY KEY, company text NOT NULL, contact_person text, email text, phone text,
      created_at timestamptz NOT NULL, updated_at timestamptz NOT NULL)`);
    await sql.query('CREATE INDEX IF NOT EXISTS customers_company_idx ON read.customers (lower(company))');
  },

  async reset(sql) {
    await sql.query('TRUNCATE read.users, read.plants, read.loading_points, read.materials, read.customers');
  },

  async apply(tx, event: RecordedEvent): Promise<Notice[] | undefined> {
    switch (event.type) {
      case 'UserRegistered': {
        const d = event.data as EventData<'UserRegistered'>;
        await upsertRow(tx, 'read.users', {
          id: d.id,
          username: d.username,
          first_name: d.firstName,
          last_name: d.lastName,
          email: d.email,
          roles: d.roles,
          registered_at: d.registeredAt,
        });
        return undefined;
      }
      case 'PlantCreated':
      case 'PlantUpdated': {
        const d = event.data as EventData<'PlantCreated'> | EventData<'PlantUpdated'>;
        await save(tx, 'read.plants', d.id, {
          name: d.name,
          city: d.city,
          street: d.street,
          postal_code: d.postalCode,
          address: d.address,
          contact_person: d.contactPerson,
          phone: d.phone,
          plant_type: d.plantType,
          plant_role: d.plantRole,
          status: d.status,
          lat: d.lat,
          lng: d.lng,
        }, 'createdAt' in d ? d.createdAt : null, event);
        return undefined;
      }
      case 'LoadingPointCreated':
      case 'LoadingPointUpdated': {
        const d = event.data as EventData<'LoadingPointCreated'> | EventData<'LoadingPointUpdated'>;
        await save(
          tx,
          'read.loading_points',
          d.id,
          { name: d.name, loading_type: d.loadingType, status: d.status, ...('plantId' in d ? { plant_id: d.plantId } : {}) },
          'createdAt' in d ? d.createdAt : null,
          event,
        );
        return undefined;
      }
      case 'MaterialCreated':
      case 'MaterialUpdated': {
        const d = event.data as EventData<'MaterialCreated'> | EventData<'MaterialUpdated'>;
        await save(tx, 'read.materials', d.id, {
          name: d.name,
          material_code: d.materialCode,
          category: d.category,
          description: d.description,
          unit: d.unit,
          standard_load_size: d.standardLoadSize,
          density_tons_per_cubic_metre: d.densityTonsPerCubicMetre ?? null,
          plant_specific: d.plantSpecific,
          assigned_plant_ids: d.assignedPlantIds,
          status: d.status,
        }, 'createdAt' in d ? d.createdAt : null, event);
        return undefined;
      }
      case 'CustomerCreated':
      case 'CustomerUpdated': {
        const d = event.data as EventData<'CustomerCreated'> | EventData<'CustomerUpdated'>;
        await save(tx, 'read.customers', d.id, {
          company: d.company,
          contact_person: d.contactPerson,
          email: d.email,
          phone: d.phone,
        }, 'createdAt' in d ? d.createdAt : null, event);
        return undefined;
      }
    }
    return undefined;
  },
};

/** A creation event inserts the row with its creation time; an update changes the row it finds. */
async function save(
  tx: SqlExecutor,
  table: string,
  id: string,
  row: Record<string, unknown>,
  createdAt: string | null,
  event: RecordedEvent,
): Promise<void> {
  if (createdAt) await upsertRow(tx, table, { id, ...row, created_at: createdAt, updated_at: createdAt });
  else await updateRow(tx, table, id, { ...row, updated_at: event.metadata.occurredAt });
}
