import type { EmissionClass, FuelType, VehicleDeadline, VehicleDetails, VehicleStatus, VehicleType } from '@dispo/events/catalog/index';
import { messages } from '../messages';
import { cleanText, isGermanPostalCode, refuse, requiredText, requireFields } from '../shared';
import { displayPlate, nonNegativeNumber, optionalDate } from './fleet-values';

/** Defaults of fleet.md §9: lkw_aufbau, diesel, euro6, available, dispatch disabled. */
export const vehicleDefaults = {
  vehicleType: 'lkw_aufbau',
  fuelType: 'diesel',
  emissionClass: 'euro6',
  status: 'available',
  enabledForDispatch: false,
} as const satisfies {
  vehicleType: VehicleType;
  fuelType: FuelType;
  emissionClass: EmissionClass;
  status: VehicleStatus;
  enabledForDispatch: boolean;
};

/** What the vehicle form sends (fleet.md §3 Vehicle), camelCase; anything may be missing here. */
export interface VehicleInput {
  licensePlate?: string | null;
  vehicleType?: VehicleType | null;
  makeModel?: string | null;
  brand?: string | null;
  model?: string | null;
  year?: number | null;
  payloadKg?: number | null;
  totalWeightKg?: number | null;
  loadingCapacity?: string | null;
  axles?: number | null;
  fuelType?: FuelType | null;
  emissionClass?: EmissionClass | null;
  suitableMaterialIds?: readonly string[] | null;
  hasSiloEquipment?: boolean | null;
  homeLocationPostalCode?: string | null;
  homeLocationCity?: string | null;
  homePlantName?: string | null;
  costCenter?: string | null;
  lastServiceDate?: string | null;
  nextServiceDue?: string | null;
  odometerKm?: number | null;
  fuelConsumption?: number | null;
  specialEquipment?: string | null;
  restrictions?: string | null;
  notes?: string | null;
  status?: VehicleStatus | null;
  enabledForDispatch?: boolean | null;
  assignedDriverId?: string | null;
  tuvUntil?: string | null;
  inspectionUntil?: string | null;
  insuranceUntil?: string | null;
}

export type VehicleDeadlines = Record<VehicleDeadline, string | null>;

/** A vehicle as decided: its details and the facts that have events of their own. */
export interface VehicleFacts {
  details: VehicleDetails;
  status: VehicleStatus;
  enabledForDispatch: boolean;
  assignedDriverId: string | null;
  deadlines: VehicleDeadlines;
}

/** The input field of each deadline. */
export const DEADLINE_FIELDS = {
  tuv: 'tuvUntil',
  inspection: 'inspectionUntil',
  insurance: 'insuranceUntil',
} as const satisfies Record<VehicleDeadline, keyof VehicleInput>;

/** The limits of the numbers the server takes; the form's inputs carry the same. */
export const VEHICLE_LIMITS = { minYear: 1900, maxYear: 2100, minAxles: 1, maxAxles: 10 } as const;
const { minYear: MIN_YEAR, maxYear: MAX_YEAR, maxAxles: MAX_AXLES } = VEHICLE_LIMITS;

function validYear(year: number | null | undefined): number | null {
  if (year === null || year === undefined) return null;
  if (!Number.isInteger(year) || year < MIN_YEAR || year > MAX_YEAR) refuse('validation', messages.fleetCommands.invalidYear, ['year']);
  return year;
}

function validAxles(axles: number | null | undefined): number | null {
  if (axles === null || axles === undefined) return null;
  if (!Number.isInteger(axles) || axles < VEHICLE_LIMITS.minAxles || axles > MAX_AXLES) refuse('validation', messages.fleetCommands.invalidAxles, ['axles']);
  return axles;
}

function validPostalCode(value: string | null | undefined): string | null {
  const postalCode = cleanText(value);
  if (postalCode !== null && !isGermanPostalCode(postalCode)) {
    refuse('validation', messages.validation.invalidPostalCode, ['homeLocationPostalCode']);
  }
  return postalCode;
}

function materialIds(ids: readonly string[] | null | undefined): string[] {
  return [...new Set((ids ?? []).map((id) => id.trim()).filter((id) => id !== ''))];
}

/** A new vehicle's input with the defaults of §9 where the form left a field out entirely. */
export function withVehicleDefaults(input: VehicleInput): VehicleInput {
  return {
    ...input,
    vehicleType: input.vehicleType === undefined ? vehicleDefaults.vehicleType : input.vehicleType,
  };
}

/**
 * Validates a vehicle input (§5: plate, type and make/model are required) and turns it into the
 * stored facts. A type cleared to null is missing; fuel, emission class and status fall back to
 * their defaults, as the form's selects always hold one of them.
 */
export function vehicleFactsFrom(input: VehicleInput): VehicleFacts {
  requireFields({ licensePlate: input.licensePlate, vehicleType: input.vehicleType, makeModel: input.makeModel });
  const details: VehicleDetails = {
    licensePlate: displayPlate(requiredText(input.licensePlate)),
    vehicleType: input.vehicleType ?? vehicleDefaults.vehicleType,
    makeModel: requiredText(input.makeModel),
    brand: cleanText(input.brand),
    model: cleanText(input.model),
    year: validYear(input.year),
    payloadKg: nonNegativeNumber(input.payloadKg, 'payloadKg'),
    totalWeightKg: nonNegativeNumber(input.totalWeightKg, 'totalWeightKg'),
    loadingCapacity: cleanText(input.loadingCapacity),
    axles: validAxles(input.axles),
    fuelType: input.fuelType ?? vehicleDefaults.fuelType,
    emissionClass: input.emissionClass ?? vehicleDefaults.emissionClass,
    suitableMaterialIds: materialIds(input.suitableMaterialIds),
    hasSiloEquipment: input.hasSiloEquipment ?? false,
    homeLocationPostalCode: validPostalCode(input.homeLocationPostalCode),
    homeLocationCity: cleanText(input.homeLocationCity),
    homePlantName: cleanText(input.homePlantName),
    costCenter: cleanText(input.costCenter),
    lastServiceDate: optionalDate(input.lastServiceDate, 'lastServiceDate'),
    nextServiceDue: optionalDate(input.nextServiceDue, 'nextServiceDue'),
    odometerKm: nonNegativeNumber(input.odometerKm, 'odometerKm'),
    fuelConsumption: nonNegativeNumber(input.fuelConsumption, 'fuelConsumption'),
    specialEquipment: cleanText(input.specialEquipment),
    restrictions: cleanText(input.restrictions),
    notes: cleanText(input.notes),
  };
  return {
    details,
    status: input.status ?? vehicleDefaults.status,
    enabledForDispatch: input.enabledForDispatch ?? vehicleDefaults.enabledForDispatch,
    assignedDriverId: cleanText(input.assignedDriverId),
    deadlines: {
      tuv: optionalDate(input.tuvUntil, DEADLINE_FIELDS.tuv),
      inspection: optionalDate(input.inspectionUntil, DEADLINE_FIELDS.inspection),
      insurance: optionalDate(input.insuranceUntil, DEADLINE_FIELDS.insurance),
    },
  };
}

/** The stored facts as the form would send them again (the base an update is merged onto). */
export function vehicleInputOf(facts: VehicleFacts): VehicleInput {
  return {
    ...facts.details,
    status: facts.status,
    enabledForDispatch: facts.enabledForDispatch,
    assignedDriverId: facts.assignedDriverId,
    tuvUntil: facts.deadlines.tuv,
    inspectionUntil: facts.deadlines.inspection,
    insuranceUntil: facts.deadlines.insurance,
  };
}
