import type { MaintenanceKind, TrailerDetails, TrailerType, VehicleStatus } from '@dispo/events/catalog/index';
import { cleanText, isMissing, requiredText, requireFields } from '../shared';
import { displayPlate, nonNegativeNumber, optionalDate } from '../vehicle/fleet-values';

/** Defaults of fleet.md §9: a new trailer is a kippsilo; its status starts like a vehicle's. */
export const trailerDefaults = {
  trailerType: 'kippsilo',
  status: 'available',
} as const satisfies { trailerType: TrailerType; status: VehicleStatus };

/** What the trailer form sends (kennzeichen, typ, zugmaschine_id, wartungstermine, notizen, …). */
export interface TrailerInput {
  licensePlate?: string | null;
  trailerType?: TrailerType | null;
  maxWeightKg?: number | null;
  /** wartungstermine; an entry without kind or date is refused as a missing field. */
  maintenanceDates?: readonly { kind?: MaintenanceKind | null; date?: string | null }[] | null;
  notes?: string | null;
  status?: VehicleStatus | null;
  tractorId?: string | null;
}

export interface TrailerFacts {
  details: TrailerDetails;
  status: VehicleStatus;
  tractorId: string | null;
}

/** A new trailer's input with the type default where the form left it out entirely. */
export function withTrailerDefaults(input: TrailerInput): TrailerInput {
  return { ...input, trailerType: input.trailerType === undefined ? trailerDefaults.trailerType : input.trailerType };
}

/** §5: kennzeichen and typ are required. Maintenance dates are kept in date order. */
export function trailerFactsFrom(input: TrailerInput): TrailerFacts {
  const entries = input.maintenanceDates ?? [];
  requireFields({
    licensePlate: input.licensePlate,
    trailerType: input.trailerType,
    ...(entries.some((entry) => isMissing(entry.kind) || isMissing(entry.date)) ? { maintenanceDates: null } : {}),
  });
  const maintenanceDates = entries
    .map((entry) => ({ kind: entry.kind as MaintenanceKind, date: optionalDate(entry.date, 'maintenanceDates') ?? '' }))
    .sort((a, b) => a.date.localeCompare(b.date) || a.kind.localeCompare(b.kind));
  return {
    details: {
      licensePlate: displayPlate(requiredText(input.licensePlate)),
      trailerType: input.trailerType ?? trailerDefaults.trailerType,
      maxWeightKg: nonNegativeNumber(input.maxWeightKg, 'maxWeightKg'),
      maintenanceDates,
      notes: cleanText(input.notes),
    },
    status: input.status ?? trailerDefaults.status,
    tractorId: cleanText(input.tractorId),
  };
}

export function trailerInputOf(facts: TrailerFacts): TrailerInput {
  return { ...facts.details, status: facts.status, tractorId: facts.tractorId };
}
