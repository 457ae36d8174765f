import type { EventData, VehicleDetails } from '@dispo/events/catalog/index';
import type { RecordedEvent } from '@dispo/events/envelope';
import type { SqlExecutor } from '@dispo/events/sql/client';
import type { Notice } from '@dispo/platform/bus/notice-bus';
import type { Projection } from '../projection';
import { updateRow } from './upsert';

/** Vehicle detail fields and their columns in read.vehicles (the spec's snake_case names). */
export const VEHICLE_COLUMNS: Record<keyof VehicleDetails, string> = {
  licensePlate: 'license_plate',
  vehicleType: 'vehicle_type',
  makeModel: 'make_model',
  brand: 'brand',
  model: 'model',
  year: 'year',
  payloadKg: 'payload_kg',
  totalWeightKg: 'total_weight_kg',
  loadingCapacity: 'loading_capacity',
  axles: 'axles',
  fuelType: 'fuel_type',
  emissionClass: 'emission_class',
  suitableMaterialIds: 'suitable_material_ids',
  hasSiloEquipment: 'has_silo_equipment',
  homeLocationPostalCode: 'home_location_postal_code',
  homeLocationCity: 'home_location_city',
  homePlantName: 'home_plant_name',
  costCenter: 'cost_center',
  lastServiceDate: 'last_service_date',
  nextServiceDue: 'next_service_due',
  odometerKm: 'odometer_km',
  fuelConsumption: 'fuel_consumption',
  specialEquipment: 'special_equipment',
  restrictions: 'restrictions',
  notes: 'notes',
};

const DEADLINE_COLUMNS = { tuv: 'tuv_until', inspection: 'inspection_until', insurance: 'insurance_until' } as const;

function notice(event: string, id: string): Notice[] {
  return [{ subject: `dispo.fleet.${event}`, payload: { id } }];
}

/** Updates one vehicle row with what an event changed, and the stream version it reflects. */
function change(tx: SqlExecutor, id: string, row: Record<string, unknown>, at: string, event: RecordedEvent) {
  return updateRow(tx, 'read.vehicles', id, { ...row, updated_at: at, version: event.streamVersion });
}

/**
 * read.vehicles: one row per vehicle of the fleet with every field of fleet.md §3 Vehicle; deleted
 * vehicles leave it (their events stay in the log). Driver and trailers are joined when read.
 */
export const vehiclesProjection: Projection = {
  name: 'vehicles',

  async setup(sql) {
    await sql.query(`CREATE TABLE IF NOT EXISTS read.vehicles (
      id text PRIMARY KEY,
      license_plate text NOT NULL, vehicle_type text NOT NULL, make_model text NOT NULL, brand text, model text, year integer,
      payload_kg numeric, total_weight_kg numeric, loading_capacity text, axles integer,
      fuel_type text NOT NULL, emission_class text NOT NULL,
      suitable_material_ids text[] NOT NULL DEFAULT '{}', has_silo_equipment boolean NOT NULL, enabled_for_dispatch boolean NOT NULL,
      tuv_until date, inspection_until date, insurance_until date,
      home_location_postal_code text, home_location_city text, home_plant_name text, cost_center text,
      last_service_date date, next_service_due date, odometer_km numeric, fuel_consumption numeric,
      special_equipment text, restrictions text, notes text,
      status text NOT NULL, assigned_driver_id text,
      created_by text, created_at timestamptz NOT NULL, updated_at timestamptz NOT NULL, version integer NOT NULL)`);
    await sql.query('CREATE INDEX IF NOT EXISTS vehicles_plate_idx ON read.vehicles (license_plate)');
    await sql.query('CREATE INDEX IF NOT EXISTS vehicles_driver_idx ON read.vehicles (assigned_driver_id)');
  },

  async reset(sql) {
    await sql.query('TRUNCATE read.vehicles');
  },

  async drop(sql) {
    await sql.query('DROP TABLE IF EXISTS read.vehicles');
  },

  async apply(tx, event): Promise<Notice[] | undefined> {
    switch (event.type) {
      case 'VehicleCreated': {
        const d = event.data as EventData<'VehicleCreated'>;
        const row: Record<string, unknown> = { id: d.id };
        for (const [field, column] of Object.entries(VEHICLE_COLUMNS)) row[column] = d[field as keyof VehicleDetails];
        Object.assign(row, {
          enabled_for_dispatch: d.enabledForDispatch,
          status: d.status,
          assigned_driver_id: d.assignedDriverId,
          created_by: d.createdBy,
          created_at: d.createdAt,
          updated_at: d.createdAt,
          version: event.streamVersion,
        });
        const names = Object.keys(row);
        await tx.query(
          `INSERT INTO read.vehicles (${names.join(', ')}) VALUES (${names.map((_, i) => `$${i + 1}`).join(', ')}) ON CONFLICT (id) DO NOTHING`,
          names.map((n) => row[n]),
        );
        return notice('vehicle_created', d.id);
      }
      case 'VehicleDetailsChanged': {
        const d = event.data as EventData<'VehicleDetailsChanged'>;
        const row: Record<string, unknown> = {};
        for (const [field, value] of Object.entries(d.changes)) row[VEHICLE_COLUMNS[field as keyof VehicleDetails]] = value;
        await change(tx, d.id, row, d.changedAt, event);
        return notice('vehicle_updated', d.id);
      }
      case 'VehicleStatusChanged': {
        const d = event.data as EventData<'VehicleStatusChanged'>;
        await change(tx, d.id, { status: d.to }, d.changedAt, event);
        return notice('vehicle_updated', d.id);
      }
      case 'VehicleDispatchChanged': {
        const d = event.data as EventData<'VehicleDispatchChanged'>;
        await change(tx, d.id, { enabled_for_dispatch: d.to }, d.changedAt, event);
        // The dispatch views follow dispatch releases live (fleet.md §7 "dispatch update events").
        return [{ subject: 'dispo.fleet.dispatch_updated', payload: { id: d.id, enabled_for_dispatch: d.to } }];
      }
      case 'VehicleDriverChanged': {
        const d = event.data as EventData<'VehicleDriverChanged'>;
        await change(tx, d.id, { assigned_driver_id: d.to }, d.changedAt, event);
        return notice('vehicle_updated', d.id);
      }
      case 'VehicleDeadlineSet':
      case 'VehicleDeadlineChanged':
      case 'VehicleDeadlineRemoved': {
        const d = event.data as EventData<'VehicleDeadlineSet' | 'VehicleDeadlineChanged' | 'VehicleDeadlineRemoved'>;
        const date = 'date' in d ? d.date : 'to' in d ? d.to : null;
        await change(tx, d.id, { [DEADLINE_COLUMNS[d.deadline]]: date }, d.changedAt, event);
        return notice('vehicle_updated', d.id);
      }
      case 'VehicleDocumentAdded':
      case 'VehicleDocumentRemoved': {
        // The stream version moves on; the documents themselves are read.vehicle_documents'.
        const d = event.data as EventData<'VehicleDocumentAdded'> | EventData<'VehicleDocumentRemoved'>;
        await tx.query('UPDATE read.vehicles SET version = $2 WHERE id = $1', [d.vehicleId, event.streamVersion]);
        return undefined;
      }
      case 'VehicleDeleted': {
        const d = event.data as EventData<'VehicleDeleted'>;
        await tx.query('DELETE FROM read.vehicles WHERE id = $1', [d.id]);
        return notice('vehicle_deleted', d.id);
      }
    }
    return undefined;
  },
};
