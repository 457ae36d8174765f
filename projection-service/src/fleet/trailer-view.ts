import type { SqlExecutor } from '@dispo/events/sql/client';
import { iso, json, num, str } from './view-values';
import { linkedVehicle, selectWithVehiclePlate, viewsById } from './views-by-id';

/**
 * A trailer with the read fields of fleet.md §3 (id, kennzeichen, typ, status, maxWeight, notizen,
 * createdAt, zugmaschineId, zugmaschine) and its wartungstermine for the edit form. A tractor that
 * left the fleet counts as none ("Nicht zugeordnet").
 */
export function trailerView(r: Record<string, unknown>) {
  const tractor = linkedVehicle(r, 'tractor_id');
  return {
    id: String(r.id),
    kennzeichen: String(r.license_plate),
    typ: String(r.trailer_type),
    status: String(r.status),
    maxWeight: num(r.max_weight_kg),
    notizen: str(r.notes),
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
    zugmaschineId: tractor.id,
    zugmaschine: tractor.plate === null ? null : { licensePlate: tractor.plate },
    wartungstermine: json<{ kind: string; date: string }[]>(r.maintenance_dates, []).map((m) => ({ art: m.kind, datum: m.date })),
  };
}
export type TrailerView = ReturnType<typeof trailerView>;

const trailers = viewsById(selectWithVehiclePlate('read.trailers', 'tractor_id', 'license_plate'), trailerView);
export const listTrailers = (sql: SqlExecutor): Promise<TrailerView[]> => trailers.list(sql);
export const findTrailer = (sql: SqlExecutor, id: string): Promise<TrailerView | null> => trailers.find(sql, id);
