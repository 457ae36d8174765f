import { brandLabel, brandMatch } from '@dispo/domain/smart-service/brand-match';
import type { RegisteredWorkshop } from '@dispo/domain/smart-service/workshop-ranking';
import { straightLineKm } from '@dispo/domain/travel/geo';
import type { SqlExecutor } from '@dispo/events/sql/client';

/** A workshop of the register with its place (fleet.md §3 Workshop, without the smart service's scores). */
export interface WorkshopView extends RegisteredWorkshop {
  lat: number;
  lng: number;
}

function workshopView(r: Record<string, unknown>): WorkshopView {
  return {
    id: String(r.id),
    name: String(r.name),
    brand: r.brand == null ? null : String(r.brand),
    address: String(r.address),
    phone: r.phone == null ? null : String(r.phone),
    website: r.website == null ? null : String(r.website),
    openingHours: String(r.opening_hours),
    services: (typeof r.services === 'string' ? JSON.parse(r.services) : r.services) as string[],
    rating: Number(r.rating),
    mobile: r.mobile === true,
    lat: Number(r.lat),
    lng: Number(r.lng),
  };
}

/** Every registered workshop, by name. */
export async function listWorkshops(sql: SqlExecutor): Promise<WorkshopView[]> {
  const { rows } = await sql.query('SELECT * FROM read.workshops ORDER BY name, id');
  return rows.map(workshopView);
}

export async function findWorkshop(sql: SqlExecutor, id: string): Promise<WorkshopView | null> {
  const { rows } = await sql.query('SELECT * FROM read.workshops WHERE id = $1', [id]);
  return rows[0] ? workshopView(rows[0]) : null;
}

/**
 * The workshops for a vehicle or trailer (the planning wizard): nearest to its home plant first (the
 * tractor's for a trailer), with the brand match of the Smart Service; without a known place by name.
 */
export async function workshopsFor(sql: SqlExecutor, vehicleId: string | null) {
  const [{ rows }, workshops] = await Promise.all([
    vehicleId
      ? sql.query<{ brand: string | null; lat: number | null; lng: number | null }>(
          `SELECT v.brand, p.lat, p.lng FROM read.vehicles v LEFT JOIN read.plants p ON p.name = v.home_plant_name WHERE v.id = $1`,
          [vehicleId],
        )
      : Promise.resolve({ rows: [] as { brand: string | null; lat: number | null; lng: number | null }[] }),
    listWorkshops(sql),
  ]);
  const home = rows[0];
  const withDistance = workshops.map((w) => {
    const distance = home?.lat != null && home.lng != null ? Math.round(straightLineKm({ lat: home.lat, lng: home.lng }, w) * 10) / 10 : null;
    const match = brandMatch(home?.brand ?? null, w);
    return { ...w, distance, brandMatch: match, brandLabel: brandLabel(match) };
  });
  return withDistance.sort((a, b) => (a.distance ?? Number.MAX_VALUE) - (b.distance ?? Number.MAX_VALUE));
}
