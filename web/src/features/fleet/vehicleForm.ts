import { VEHICLE_LIMITS } from '@dispo/domain/vehicle/vehicle-details';
import type { DriverUser, EmissionClass, FuelType, Vehicle, VehicleBody, VehicleStatus, VehicleType } from '../../api/fleetTypes';

/**
 * The vehicle form of fleet.md §2/§3 as plain values: inputs hold text, the body sends numbers and
 * null for cleared fields (the server keeps what is left out; the form always sends every field).
 */

/** §3 vehicle types the form offers (the Disposition shows sattelzug and pkw as well). */
export const FORM_VEHICLE_TYPES: readonly VehicleType[] = [
  'firmen_pkw',
  'zugmaschine',
  'abflieger_divers',
  'betonmischer',
  'transporter',
  'lkw_aufbau',
  'auflieger_silo_liegend',
  'auflieger_silo_kipp',
  'auflieger_silo_grossraum',
  'auflieger_silo_divers',
];
export const FORM_FUEL_TYPES: readonly FuelType[] = ['diesel', 'benzin', 'elektro', 'hybrid'];
export const FORM_EMISSION_CLASSES: readonly EmissionClass[] = ['euro6', 'euro5', 'euro4', 'euro3'];
/** §4: the form offers available, in_use, maintenance, defect, out_of_service. */
export const FORM_STATUSES: readonly VehicleStatus[] = ['available', 'in_use', 'maintenance', 'defect', 'out_of_service'];

/** The min and max of each number input: the server's limits (0 up for the others). */
export const NUMBER_LIMITS: Record<NumericVehicleField, { min: number; max?: number }> = {
  year: { min: VEHICLE_LIMITS.minYear, max: VEHICLE_LIMITS.maxYear },
  axles: { min: VEHICLE_LIMITS.minAxles, max: VEHICLE_LIMITS.maxAxles },
  payload_kg: { min: 0 },
  total_weight_kg: { min: 0 },
  odometer_km: { min: 0 },
  fuel_consumption: { min: 0 },
};

/** §2: the postal code input takes at most 5 characters. */
export const POSTAL_CODE_MAX_LENGTH = 5;
/** §2: fuel consumption in steps of 0.1 l/100 km. */
export const FUEL_CONSUMPTION_STEP = 0.1;

export interface VehicleFormValues {
  license_plate: string;
  vehicle_type: string;
  make_model: string;
  brand: string;
  model: string;
  year: string;
  payload_kg: string;
  total_weight_kg: string;
  loading_capacity: string;
  axles: string;
  fuel_type: string;
  emission_class: string;
  suitable_material_ids: string[];
  has_silo_equipment: boolean;
  enabled_for_dispatch: boolean;
  tuv_until: string;
  inspection_until: string;
  insurance_until: string;
  home_location_postal_code: string;
  home_location_city: string;
  home_plant_name: string;
  cost_center: string;
  last_service_date: string;
  next_service_due: string;
  odometer_km: string;
  fuel_consumption: string;
  special_equipment: string;
  restrictions: string;
  notes: string;
  status: string;
  driver: Pick<DriverUser, 'id' | 'full_name'> | null;
}

export type VehicleFormField = keyof VehicleFormValues;

export const REQUIRED_VEHICLE_FIELDS = ['license_plate', 'vehicle_type', 'make_model'] as const satisfies readonly VehicleFormField[];
export const NUMERIC_VEHICLE_FIELDS = [
  'year',
  'payload_kg',
  'total_weight_kg',
  'axles',
  'odometer_km',
  'fuel_consumption',
] as const satisfies readonly VehicleFormField[];
export type NumericVehicleField = (typeof NUMERIC_VEHICLE_FIELDS)[number];

/** §9 defaults: lkw_aufbau, diesel, euro6, available, dispatch disabled. */
export function emptyVehicleForm(): VehicleFormValues {
  return {
    license_plate: '',
    vehicle_type: 'lkw_aufbau',
    make_model: '',
    brand: '',
    model: '',
    year: '',
    payload_kg: '',
    total_weight_kg: '',
    loading_capacity: '',
    axles: '',
    fuel_type: 'diesel',
    emission_class: 'euro6',
    suitable_material_ids: [],
    has_silo_equipment: false,
    enabled_for_dispatch: false,
    tuv_until: '',
    inspection_until: '',
    insurance_until: '',
    home_location_postal_code: '',
    home_location_city: '',
    home_plant_name: '',
    cost_center: '',
    last_service_date: '',
    next_service_due: '',
    odometer_km: '',
    fuel_consumption: '',
    special_equipment: '',
    restrictions: '',
    notes: '',
    status: 'available',
    driver: null,
  };
}

const textOf = (value: string | null | undefined) => value ?? '';
/** A stored number as the input shows it; none → ''. */
export const numberText = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));

/** The form of a stored vehicle; the status is the stored one, not the live in_use of a tour (§4). */
export function vehicleFormValuesOf(vehicle: Vehicle): VehicleFormValues {
  return {
    license_plate: vehicle.license_plate,
    vehicle_type: vehicle.vehicle_type,
    make_model: textOf(vehicle.make_model),
    brand: textOf(vehicle.brand),
    model: textOf(vehicle.model),
    year: numberText(vehicle.year),
    payload_kg: numberText(vehicle.payload_kg),
    total_weight_kg: numberText(vehicle.total_weight_kg),
    loading_capacity: textOf(vehicle.loading_capacity),
    axles: numberText(vehicle.axles),
    fuel_type: vehicle.fuel_type,
    emission_class: vehicle.emission_class,
    suitable_material_ids: [...(vehicle.suitable_material_ids ?? [])],
    has_silo_equipment: vehicle.has_silo_equipment,
    enabled_for_dispatch: vehicle.enabled_for_dispatch,
    tuv_until: textOf(vehicle.tuv_until),
    inspection_until: textOf(vehicle.inspection_until),
    insurance_until: textOf(vehicle.insurance_until),
    home_location_postal_code: textOf(vehicle.home_location_postal_code),
    home_location_city: textOf(vehicle.home_location_city),
    home_plant_name: textOf(vehicle.home_plant_name),
    cost_center: textOf(vehicle.cost_center),
    last_service_date: textOf(vehicle.last_service_date),
    next_service_due: textOf(vehicle.next_service_due),
    odometer_km: numberText(vehicle.odometer_km),
    fuel_consumption: numberText(vehicle.fuel_consumption),
    special_equipment: textOf(vehicle.special_equipment),
    restrictions: textOf(vehicle.restrictions),
    notes: textOf(vehicle.notes),
    status: vehicle.stored_status ?? vehicle.status,
    driver: vehicle.assigned_driver ? { id: vehicle.assigned_driver.id, full_name: vehicle.assigned_driver.full_name } : null,
  };
}

/** '29,5' and '29.5' → 29.5; '' → null; anything else → NaN. */
export function parseNumber(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const value = Number(trimmed.replace(',', '.'));
  return Number.isFinite(value) ? value : Number.NaN;
}

/** True when the input holds something that is no number ≥ 0 (empty is fine). */
export function isInvalidNumber(text: string): boolean {
  const value = parseNumber(text);
  return value !== null && (Number.isNaN(value) || value < 0);
}

/** A text input's value for the body: trimmed, blank → null. */
export const blankToNull = (text: string) => (text.trim() === '' ? null : text.trim());

export interface VehicleFormProblems {
  /** §5: plate, type and make/model missing → 'Bitte füllen Sie alle Pflichtfelder aus.' */
  missing: VehicleFormField[];
  /** Numeric fields holding something that is no number ≥ 0. */
  invalidNumbers: VehicleFormField[];
}

export function checkVehicleForm(values: VehicleFormValues): VehicleFormProblems {
  const missing = REQUIRED_VEHICLE_FIELDS.filter((field) => values[field].trim() === '');
  const invalidNumbers = NUMERIC_VEHICLE_FIELDS.filter((field) => isInvalidNumber(values[field]));
  return { missing, invalidNumbers };
}

/** The body of POST/PUT /api/vehicles with every field; cleared fields are null. */
export function vehicleBodyOf(values: VehicleFormValues): VehicleBody {
  const number = (field: NumericVehicleField) => parseNumber(values[field]);
  return {
    license_plate: values.license_plate.trim(),
    vehicle_type: values.vehicle_type as VehicleType,
    make_model: values.make_model.trim(),
    brand: blankToNull(values.brand),
    model: blankToNull(values.model),
    year: number('year'),
    payload_kg: number('payload_kg'),
    total_weight_kg: number('total_weight_kg'),
    loading_capacity: blankToNull(values.loading_capacity),
    axles: number('axles'),
    fuel_type: values.fuel_type as FuelType,
    emission_class: values.emission_class as EmissionClass,
    suitable_material_ids: values.suitable_material_ids,
    has_silo_equipment: values.has_silo_equipment,
    enabled_for_dispatch: values.enabled_for_dispatch,
    tuv_until: blankToNull(values.tuv_until),
    inspection_until: blankToNull(values.inspection_until),
    insurance_until: blankToNull(values.insurance_until),
    home_location_postal_code: blankToNull(values.home_location_postal_code),
    home_location_city: blankToNull(values.home_location_city),
    home_plant_name: blankToNull(values.home_plant_name),
    cost_center: blankToNull(values.cost_center),
    last_service_date: blankToNull(values.last_service_date),
    next_service_due: blankToNull(values.next_service_due),
    odometer_km: number('odometer_km'),
    fuel_consumption: number('fuel_consumption'),
    special_equipment: blankToNull(values.special_equipment),
    restrictions: blankToNull(values.restrictions),
    notes: blankToNull(values.notes),
    status: values.status as VehicleStatus,
    assigned_driver_id: values.driver?.id ?? null,
  };
}
