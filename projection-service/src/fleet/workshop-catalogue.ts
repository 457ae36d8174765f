import { straightLineKm } from '@dispo/domain/travel/geo';
import type { SqlExecutor } from '@dispo/events/sql/client';

/** A workshop of the catalogue (fleet.md §3 Workshop, without the smart service's scores). */
export interface CatalogueWorkshop {
  name: string;
  brand: string | null;
  address: string;
  phone: string;
  lat: number;
  lng: number;
  services: string[];
  openingHours: string;
  rating: number;
  mobile?: boolean;
}

/** Brand names as fleet.md §2 suggests by ("Mercedes, Volkswagen, MAN, default"): Mercedes-Benz counts as Mercedes. */
function brandKey(brand: string | null | undefined): string | null {
  const b = brand?.trim().toLowerCase();
  if (!b) return null;
  if (b.startsWith('mercedes')) return 'mercedes';
  if (b.startsWith('vw') || b.startsWith('volkswagen')) return 'volkswagen';
  return b;
}

/**
 * The workshops for a vehicle or trailer: nearest to its home plant first (the tractor's for a
 * trailer), those of its brand marked; without a known place in catalogue order.
 */
export async function workshopsFor(sql: SqlExecutor, catalogue: readonly CatalogueWorkshop[], vehicleId: string | null) {
  const { rows } = vehicleId
    ? await sql.query<{ brand: string | null; lat: number | null; lng: number | null }>(
        `SELECT v.brand, p.lat, p.lng FROM read.vehicles v LEFT JOIN read.plants p ON p.name = v.home_plant_name WHERE v.id = $1`,
        [vehicleId],
      )
    : { rows: [] };
  const home = rows[0];
  const brand = brandKey(home?.brand);
  const withDistance = catalogue.map((w, index) => {
    const distanceKm =
      home?.lat !== null && home?.lat !== undefined && home.lng !== null ? Math.round(straightLineKm({ lat: home.lat, lng: home.lng }, w) * 10) / 10 : null;
    return { ...w, id: `workshop-${index + 1}`, distance: distanceKm, brandMatch: brand !== null && brandKey(w.brand) === brand };
  });
  return withDistance.sort((a, b) => (a.distance ?? Number.MAX_VALUE) - (b.distance ?? Number.MAX_VALUE));
}
