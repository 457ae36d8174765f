import type { SqlExecutor } from '@dispo/events/sql/client';
import { userView } from '../fleet/user-view';
import { listVehicles, type VehicleView } from '../fleet/vehicle-view';
import { num, str } from '../fleet/view-values';
import type { TourVehicleView, VehicleLookup } from './dispatch-views';

/**
 * The fields of dispatch.md §3 "Vehicle (dispatch view)" with the aliases the dispatch views read,
 * and no more: the timeline loads every released vehicle at once.
 */
function dispatchVehicle(v: VehicleView) {
  return {
    id: v.id,
    license_plate: v.license_plate,
    licensePlate: v.license_plate,
    vehicle_type: v.vehicle_type,
    brand: v.brand,
    make_model: v.make_model,
    status: v.status,
    enabled_for_dispatch: v.enabled_for_dispatch,
    payload_kg: v.payload_kg,
    payloadKg: v.payload_kg,
    home_plant_name: v.home_plant_name,
    driver: v.assigned_driver ? { full_name: v.assigned_driver.full_name } : null,
    current_tours: v.current_tours,
    workshop_appointments: v.workshop_appointments,
    auflieger: v.auflieger,
    tuv_until: v.tuv_until,
    inspection_until: v.inspection_until,
    insurance_until: v.insurance_until,
  };
}

/** A tour's driver: the name as the fleet writes it (userView). */
function driverOf(r: Record<string, unknown>): TourVehicleView['driver'] {
  if (r.driver_id === null || r.driver_id === undefined) return null;
  const user = userView({ id: r.driver_id, first_name: r.driver_first_name, last_name: r.driver_last_name, email: null, roles: [] });
  return { full_name: user.full_name };
}

/** The vehicles of tours (dispatch.md §3 "Tour": id, plate, brand, driver, payload) in one small query. */
export function vehicleLookup(sql: SqlExecutor): VehicleLookup {
  return async (ids) => {
    if (ids.length === 0) return new Map();
    const { rows } = await sql.query(
      `SELECT v.id, v.license_plate, v.brand, v.payload_kg,
              u.id AS driver_id, u.first_name AS driver_first_name, u.last_name AS driver_last_name
       FROM read.vehicles v LEFT JOIN read.users u ON u.id = v.assigned_driver_id
       WHERE v.id = ANY($1)`,
      [ids],
    );
    return new Map(
      rows.map((r): [string, TourVehicleView] => [
        String(r.id),
        {
          id: String(r.id),
          license_plate: String(r.license_plate),
          brand: str(r.brand),
          driver: driverOf(r),
          payloadKg: num(r.payload_kg),
        },
      ]),
    );
  };
}

/** Vehicles released for dispatch, by licence plate, with their planned and running tours of the day. */
export async function dispatchVehicles(sql: SqlExecutor, date: string) {
  return (await listVehicles(sql, date)).filter((v) => v.enabled_for_dispatch).map(dispatchVehicle);
}
