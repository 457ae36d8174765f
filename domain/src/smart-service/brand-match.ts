import { messages } from '../messages';

/**
 * How well a workshop fits a vehicle's brand, 0 to 1 (docs/api/smart-service.md "Brand match"):
 * - 1.0 the workshop is authorised for the vehicle's brand (Mercedes-Benz and Mercedes alike);
 * - 0.8 it is authorised for a brand of the same manufacturer group (a brand partner: MAN and Scania
 *   of Traton; Volvo and Renault Trucks; Mercedes-Benz, Fuso and Freightliner of Daimler Truck);
 * - 0.6 a multi-brand workshop (no brand) with a full truck service: repair plus at least two other services;
 * - 0.4 a multi-brand workshop with fewer services, or a mobile breakdown service;
 * - 0.2 the authorised workshop of another brand (basic work only).
 * A vehicle without a brand: multi-brand workshops as above, branded ones 0.4.
 */
export const BRAND_MATCH = { same: 1, partner: 0.8, specialist: 0.6, general: 0.4, basic: 0.2 } as const;

/** fleet.md §9 brand match labels: at least 1, 0.8, 0.6, 0.3, else Basis-Service. */
export const BRAND_LABEL_THRESHOLDS = [
  [1, messages.smartService.brandLabels.authorised],
  [0.8, messages.smartService.brandLabels.partner],
  [0.6, messages.smartService.brandLabels.specialist],
  [0.3, messages.smartService.brandLabels.general],
] as const;
/** fleet.md §9: preferred at 0.8 or above. */
export const PREFERRED_BRAND_MATCH = 0.8;

const GROUPS: readonly (readonly string[])[] = [
  ['man', 'scania', 'volkswagen'],
  ['volvo', 'renault'],
  ['mercedes', 'fuso', 'freightliner'],
];

/** The brand as compared: lower case, `Mercedes-Benz` → `mercedes`, `VW` → `volkswagen`, `Renault Trucks` → `renault`. */
export function brandKey(brand: string | null | undefined): string | null {
  const b = brand?.trim().toLowerCase();
  if (!b) return null;
  if (b.startsWith('mercedes')) return 'mercedes';
  if (b === 'vw' || b.startsWith('volkswagen')) return 'volkswagen';
  return b.split(/[\s-]+/)[0] ?? b;
}

export interface BrandFacts {
  brand: string | null;
  services: readonly string[];
  mobile?: boolean;
}

export function brandMatch(vehicleBrand: string | null | undefined, workshop: BrandFacts): number {
  const vehicle = brandKey(vehicleBrand);
  const own = brandKey(workshop.brand);
  if (own === null) {
    if (workshop.mobile) return BRAND_MATCH.general;
    const full = workshop.services.includes('Reparatur') && workshop.services.length >= 3;
    return full ? BRAND_MATCH.specialist : BRAND_MATCH.general;
  }
  if (vehicle === null) return BRAND_MATCH.general;
  if (own === vehicle) return BRAND_MATCH.same;
  if (GROUPS.some((g) => g.includes(own) && g.includes(vehicle))) return BRAND_MATCH.partner;
  return BRAND_MATCH.basic;
}

export function brandLabel(match: number): string {
  return BRAND_LABEL_THRESHOLDS.find(([min]) => match >= min)?.[1] ?? messages.smartService.brandLabels.basic;
}

export function isPreferred(match: number): boolean {
  return match >= PREFERRED_BRAND_MATCH;
}

/**
 * Whether the workshop services the vehicle's make (issue 31): anything better than another brand's
 * authorised workshop. Only such a workshop is preselected.
 */
export function servicesMake(match: number): boolean {
  return match > BRAND_MATCH.basic;
}
