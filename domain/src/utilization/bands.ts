/** dispatch.md §9 "Utilization and efficiency": the colour bands and the efficiency value. */

export type Band = 'red' | 'yellow' | 'green';

/** Utilisation: 90 percent or more red, 70 or more yellow, else green. */
export function utilizationBand(percent: number): Band {
  if (percent >= 90) return 'red';
  if (percent >= 70) return 'yellow';
  return 'green';
}

/** Efficiency: 80 or more green, 60 or more yellow, else red. */
export function efficiencyBand(value: number): Band {
  if (value >= 80) return 'green';
  if (value >= 60) return 'yellow';
  return 'red';
}

/**
 * Efficiency of a vehicle's day: 0 tours 0; one tour 100; more tours from the empty-run share of the
 * day (100 minus the share in percent, clamped to 10..100) when the travel model knows the km, else
 * 100 minus 15 per extra tour, at least 40.
 */
export function efficiencyOf(tourCount: number, emptyRunShare: number | null): number {
  if (tourCount <= 0) return 0;
  if (tourCount === 1) return 100;
  if (emptyRunShare !== null && Number.isFinite(emptyRunShare)) return Math.min(100, Math.max(10, Math.round(100 - emptyRunShare * 100)));
  return Math.max(40, 100 - 15 * (tourCount - 1));
}

/** Minutes of the day rounded up to the next half hour (a connection's drop time, §9). */
export function roundUpToHalfHour(minutes: number): number {
  return Math.ceil(minutes / 30) * 30;
}

/** §9 "Capacity may add more if the remaining load is above 5 t". */
export const ADD_MORE_ABOVE_TONS = 5;

export function canAddMore(payloadTons: number, loadedTons: number): boolean {
  return payloadTons - loadedTons > ADD_MORE_ABOVE_TONS;
}

/** §9 defaults: payload 27000 kg, order quantity 25 t. */
export const DEFAULT_PAYLOAD_KG = 27000;
export const DEFAULT_ORDER_TONS = 25;
/** §9: a tour without end time lasts 2 hours in the utilisation. */
export const UTILIZATION_DEFAULT_TOUR_MINUTES = 120;
