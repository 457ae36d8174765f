import type { SqlExecutor } from '@dispo/events/sql/client';
import { iso, json, num, str } from './view-values';

const TRAILER_SELECT = `
  SELECT t.*, v.license_plate AS tractor_license_plate
  FROM read.trailers t LEFT JOIN read.vehicles v ON v.id = t.tractor_id
  WHERE ($1::text IS NULL OR t.id = $1)
  ORDER BY t.license_plate`;

/**
 * A trailer with the read fields of fleet.md §3 (id, kennzeichen, typ, status, maxWeight, notizen,
 * createdAt, zugmaschineId, zugmaschine) and its wartungstermine for the edit form. A tractor that
 * left the fleet counts as none ("Nicht zugeordnet").
 */
export function trailerView(r: Record<string, unknown>) {
  const tractorPlate = str(r.tractor_license_plate);
  return {
    id: String(r.id),
    kennzeichen: String(r.license_plate),
    typ: String(r.trailer_type),
    status: String(r.status),
    maxWeight: num(r.max_weight_kg),
    notizen: str(r.notes),
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
    zugmaschineId: tractorPlate === null ? null : str(r.tractor_id),
    zugmaschine: tractorPlate === null ? null : { licensePlate: tractorPlate },
    wartungstermine: json<{ kind: string; date: string }[]>(r.maintenance_dates, []).map((m) => ({ art: m.kind, datum: m.date })),
  };
}
export type TrailerView = ReturnType<typeof trailerView>;

export async function listTrailers(sql: SqlExecutor): Promise<TrailerView[]> {
  const { rows } = await sql.query(TRAILER_SELECT, [null]);
  return rows.map(trailerView);
}

export async function findTrailer(sql: SqlExecutor, id: string): Promise<TrailerView | null> {
  const { rows } = await sql.query(TRAILER_SELECT, [id]);
  return rows[0] ? trailerView(rows[0]) : null;
}
