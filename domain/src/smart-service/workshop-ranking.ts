import { brandLabel, brandMatch, isPreferred } from './brand-match';
import { isOpenAt, parseOpeningHours } from './opening-hours';

/** dispatch.md §9 / fleet.md §9: radius options and default, km. */
export const RADIUS_OPTIONS = [10, 25, 50, 100] as const;
export const DEFAULT_RADIUS_KM = 25;

/** A workshop of the register as the ranking needs it. */
export interface RegisteredWorkshop {
  id: string;
  name: string;
  brand: string | null;
  address: string;
  phone: string | null;
  website: string | null;
  openingHours: string;
  services: string[];
  rating: number;
  mobile: boolean;
}

export interface RankedWorkshop extends RegisteredWorkshop {
  /** Road km from the vehicle's position (the distance port). */
  distance: number;
  brandMatch: number;
  brandLabel: string;
  preferred: boolean;
  /** Open at the wanted date and time. */
  isOpen: boolean;
  score: number;
}

/**
 * The score the list is sorted by (docs/api/smart-service.md "Score"): 0.45 × brandMatch
 * + 0.35 × nearness (1 − distance / radius) + 0.2 × rating / 5, rounded to three places.
 */
export function workshopScore(w: { brandMatch: number; distance: number; rating: number }, radiusKm: number): number {
  const nearness = 1 - Math.min(1, w.distance / radiusKm);
  return Math.round((0.45 * w.brandMatch + 0.35 * nearness + 0.2 * (w.rating / 5)) * 1000) / 1000;
}

export interface RankingQuery {
  vehicleBrand: string | null;
  radiusKm: number;
  date: string;
  time: string;
  /** Only workshops offering this service (fleet.md appointment types, e.g. HU, Reparatur). */
  service?: string | null;
  /** Only those open at the wanted time. */
  onlyOpen?: boolean;
  /** The repair starts now: open ones first, then the nearest (the mobile service comes to the vehicle). */
  emergency?: boolean;
}

/**
 * Workshops within the radius, filtered by service and opening, each with distance, brand match and
 * label, rating and whether it is open; sorted by score (emergency: open first, then nearest).
 */
export function rankWorkshops(workshops: readonly (RegisteredWorkshop & { distance: number })[], q: RankingQuery): RankedWorkshop[] {
  const ranked = workshops
    .filter((w) => w.distance <= q.radiusKm)
    .filter((w) => !q.service || w.services.includes(q.service))
    .map((w): RankedWorkshop => {
      const hours = parseOpeningHours(w.openingHours);
      const match = brandMatch(q.vehicleBrand, w);
      const distance = Math.round(w.distance * 10) / 10;
      return {
        ...w,
        distance,
        brandMatch: match,
        brandLabel: brandLabel(match),
        preferred: isPreferred(match),
        isOpen: hours !== null && isOpenAt(hours, q.date, q.time),
        score: workshopScore({ brandMatch: match, distance, rating: w.rating }, q.radiusKm),
      };
    })
    .filter((w) => !q.onlyOpen || w.isOpen);
  return ranked.sort((a, b) =>
    q.emergency
      ? Number(b.isOpen) - Number(a.isOpen) || a.distance - b.distance || b.score - a.score
      : b.score - a.score || a.distance - b.distance || a.name.localeCompare(b.name),
  );
}
