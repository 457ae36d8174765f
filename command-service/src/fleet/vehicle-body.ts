import type { VehicleInput } from '@dispo/domain/vehicle/index';
import { emissionClassSchema, fuelTypeSchema, vehicleStatusSchema, vehicleTypeSchema } from '@dispo/events/catalog/index';
import { requestText } from '@dispo/platform/http/text-schemas';
import { z } from 'zod';
import { optionalChoice, optionalDateText, optionalFlag, optionalId, optionalNumber, optionalText } from './fleet-body';

/** The vehicle body of POST and PUT /api/vehicles (fleet.md §3 Vehicle, §7), snake_case as the spec shows. */
export const vehicleBodySchema = z.strictObject({
  license_plate: optionalText(20),
  vehicle_type: optionalChoice(vehicleTypeSchema),
  make_model: optionalText(200),
  brand: optionalText(100),
  model: optionalText(100),
  year: optionalNumber,
  payload_kg: optionalNumber,
  total_weight_kg: optionalNumber,
  loading_capacity: optionalText(200),
  axles: optionalNumber,
  fuel_type: optionalChoice(fuelTypeSchema),
  emission_class: optionalChoice(emissionClassSchema),
  suitable_material_ids: z.array(requestText().trim().min(1).max(100)).max(200).nullable().optional(),
  has_silo_equipment: optionalFlag,
  enabled_for_dispatch: optionalFlag,
  tuv_until: optionalDateText,
  inspection_until: optionalDateText,
  insurance_until: optionalDateText,
  home_location_postal_code: optionalText(20),
  home_location_city: optionalText(200),
  home_plant_name: optionalText(200),
  cost_center: optionalText(100),
  last_service_date: optionalDateText,
  next_service_due: optionalDateText,
  odometer_km: optionalNumber,
  fuel_consumption: optionalNumber,
  special_equipment: optionalText(2000),
  restrictions: optionalText(2000),
  notes: optionalText(4000),
  status: optionalChoice(vehicleStatusSchema),
  assigned_driver_id: optionalId,
});
export type VehicleBody = z.infer<typeof vehicleBodySchema>;

export function vehicleInputFromBody(b: VehicleBody): VehicleInput {
  return {
    licensePlate: b.license_plate,
    vehicleType: b.vehicle_type,
    makeModel: b.make_model,
    brand: b.brand,
    model: b.model,
    year: b.year,
    payloadKg: b.payload_kg,
    totalWeightKg: b.total_weight_kg,
    loadingCapacity: b.loading_capacity,
    axles: b.axles,
    fuelType: b.fuel_type,
    emissionClass: b.emission_class,
    suitableMaterialIds: b.suitable_material_ids,
    hasSiloEquipment: b.has_silo_equipment,
    enabledForDispatch: b.enabled_for_dispatch,
    tuvUntil: b.tuv_until,
    inspectionUntil: b.inspection_until,
    insuranceUntil: b.insurance_until,
    homeLocationPostalCode: b.home_location_postal_code,
    homeLocationCity: b.home_location_city,
    homePlantName: b.home_plant_name,
    costCenter: b.cost_center,
    lastServiceDate: b.last_service_date,
    nextServiceDue: b.next_service_due,
    odometerKm: b.odometer_km,
    fuelConsumption: b.fuel_consumption,
    specialEquipment: b.special_equipment,
    restrictions: b.restrictions,
    notes: b.notes,
    status: b.status,
    assignedDriverId: b.assigned_driver_id,
  };
}

/** At most this many vehicles in one bulk dispatch toggle. */
export const BULK_MAX = 500;

export const bulkDispatchBodySchema = z.strictObject({
  // The count is checked by the route, to answer with its own message.
  vehicle_ids: z.array(requestText().trim().min(1).max(100)),
  enabled_for_dispatch: z.boolean(),
});
