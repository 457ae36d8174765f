import type { EventData, VehicleDetails } from '@dispo/events/catalog/index';
import type { Notice } from '@dispo/platform/bus/notice-bus';
import type { Projection } from '../projection';
import { vehicleChangesOfCompletion } from '@dispo/domain/workshop-appointment/completion-vehicle-facts';
import { fleetEntityRows, fleetNotice } from './entity-rows';
import { readTableLifecycle } from './read-table-lifecycle';

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
/** The vehicle facts a workshop completion records (completion-vehicle-facts.ts), by column. */
const COMPLETION_COLUMNS = { odometerKm: 'odometer_km', lastServiceDate: 'last_service_date', nextServiceDue: 'next_service_due', inspectionUntil: 'inspection_until' } as const;

const rows = fleetEntityRows<VehicleDetails, EventData<'VehicleCreated'>>({
  table: 'read.vehicles',
  columns: VEHICLE_COLUMNS,
  createdColumns: (d) => ({ enabled_for_dispatch: d.enabledForDispatch, status: d.status, assigned_driver_id: d.assignedDriverId }),
  events: 'Vehicle',
  notices: 'vehicle',
});

/**
 * read.vehicles: one row per vehicle of the fleet with every field of fleet.md §3 Vehicle; deleted
 * vehicles leave it (their events stay in the log). Driver and trailers are joined when read.
 */
export const vehiclesProjection: Projection = {
  name: 'vehicles',

  ...readTableLifecycle(
    'read.vehicles',
    `id text PRIMARY KEY,
      license_plate text NOT NULL, vehicle_type text NOT NULL, make_model text NOT NULL, brand text, model text, year integer,
      payload_kg numeric, total_weight_kg numeric, loading_capacity text, axles integer,
      fuel_type text NOT NULL, emission_class text NOT NULL,
      suitable_material_ids text[] NOT NULL DEFAULT '{}', has_silo_equipment boolean NOT NULL, enabled_for_dispatch boolean NOT NULL,
      tuv_until date, inspection_until date, insurance_until date,
      home_location_postal_code text, home_location_city text, home_plant_name text, cost_center text,
      last_service_date date, next_service_due date, odometer_km numeric, fuel_consumption numeric,
      special_equipment text, restrictions text, notes text,
      status text NOT NULL, assigned_driver_id text,
      created_by text, created_at timestamptz NOT NULL, updated_at timestamptz NOT NULL, version integer NOT NULL`,
    { vehicles_plate_idx: 'license_plate', vehicles_driver_idx: 'assigned_driver_id' },
  ),

  async apply(tx, event): Promise<Notice[] | undefined> {
    const lifecycle = await rows.applyLifecycle(tx, event);
    if (lifecycle) return lifecycle;
    switch (event.type) {
      case 'VehicleDispatchChanged': {
        const d = event.data as EventData<'VehicleDispatchChanged'>;
        await rows.change(tx, event, d.id, { enabled_for_dispatch: d.to }, d.changedAt);
        // The dispatch views follow dispatch releases live (fleet.md §7 "dispatch update events").
        return [{ subject: 'dispo.fleet.dispatch_updated', payload: { id: d.id, enabled_for_dispatch: d.to } }];
      }
      case 'VehicleDriverChanged': {
        const d = event.data as EventData<'VehicleDriverChanged'>;
        await rows.change(tx, event, d.id, { assigned_driver_id: d.to }, d.changedAt);
        return fleetNotice('vehicle_updated', d.id);
      }
      case 'VehicleDeadlineSet':
      case 'VehicleDeadlineChanged':
      case 'VehicleDeadlineRemoved': {
        const d = event.data as EventData<'VehicleDeadlineSet' | 'VehicleDeadlineChanged' | 'VehicleDeadlineRemoved'>;
        const date = 'date' in d ? d.date : 'to' in d ? d.to : null;
        await rows.change(tx, event, d.id, { [DEADLINE_COLUMNS[d.deadline]]: date }, d.changedAt);
        return fleetNotice('vehicle_updated', d.id);
      }
      case 'WorkshopAppointmentCompleted': {
        // Issue 31: the vehicle facts of a completion come from its event (one source); the vehicle's
        // stream version stays, the event is the appointment's.
        const d = event.data as EventData<'WorkshopAppointmentCompleted'>;
        const changes = vehicleChangesOfCompletion(d.result);
        const values = Object.entries(changes).map(([key, value]) => [COMPLETION_COLUMNS[key as keyof typeof COMPLETION_COLUMNS], value] as const);
        if (d.subject.kind !== 'vehicle' || values.length === 0) return undefined;
        const sets = values.map(([column], i) => `${column} = $${i + 3}`).join(', ');
        await tx.query(`UPDATE read.vehicles SET ${sets}, updated_at = greatest(updated_at, $2) WHERE id = $1`, [d.subject.id, d.completedAt, ...values.map(([, v]) => v)]);
        return fleetNotice('vehicle_updated', d.subject.id);
      }
      case 'VehicleDocumentAdded':
      case 'VehicleDocumentRemoved': {
        // The stream version moves on; the documents themselves are read.vehicle_documents'.
        const d = event.data as EventData<'VehicleDocumentAdded'> | EventData<'VehicleDocumentRemoved'>;
        await tx.query('UPDATE read.vehicles SET version = $2 WHERE id = $1', [d.vehicleId, event.streamVersion]);
        return undefined;
      }
    }
    return undefined;
  },
};
