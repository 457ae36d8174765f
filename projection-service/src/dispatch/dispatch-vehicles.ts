import type { SqlExecutor } from '@dispo/events/sql/client';
import { listVehicles, type VehicleView } from '../fleet/vehicle-view';
import type { VehicleLookup } from './dispatch-views';

/** The fleet's vehicle with the aliases the dispatch views read (dispatch.md §3 "Vehicle (dispatch view)"). */
function dispatchVehicle(v: VehicleView) {
  return {
    ...v,
    licensePlate: v.license_plate,
    payloadKg: v.payload_kg,
    driver: v.assigned_driver ? { full_name: v.assigned_driver.full_name } : null,
  };
}

export function vehicleLookup(sql: SqlExecutor): VehicleLookup {
  return async (ids) => {
    if (ids.length === 0) return new Map();
    const wanted = new Set(ids);
    const vehicles = (await listVehicles(sql)).filter((v) => wanted.has(v.id));
    return new Map(vehicles.map((v) => [v.id, dispatchVehicle(v)]));
  };
}

/** Vehicles released for dispatch, by licence plate, with their planned and running tours of the day. */
export async function dispatchVehicles(sql: SqlExecutor, date: string) {
  return (await listVehicles(sql, date)).filter((v) => v.enabled_for_dispatch).map(dispatchVehicle);
}
