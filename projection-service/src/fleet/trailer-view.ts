import { berlinDate } from '@dispo/domain/shared/berlin-date';
import type { SqlExecutor } from '@dispo/events/sql/client';
import { listedAppointmentsSql } from './appointment-view';
import type { ListedAppointment } from './vehicle-view';
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
    workshop_appointments: json<ListedAppointment[]>(r.workshop_appointments, []),
  };
}
export type TrailerView = ReturnType<typeof trailerView>;

/** The trailers with their tractor's plate and their appointments; `$2` is the business day. */
const TRAILER_SELECT = selectWithVehiclePlate('read.trailers', 'tractor_id', 'license_plate').replace(
  'SELECT r.*,',
  `SELECT r.*, ${listedAppointmentsSql('trailer', 'r.id', '$2')} AS workshop_appointments,`,
);
const trailers = viewsById<TrailerView, [today: string]>(TRAILER_SELECT, trailerView);
export const listTrailers = (sql: SqlExecutor, today = berlinDate(new Date())): Promise<TrailerView[]> => trailers.list(sql, today);
export const findTrailer = (sql: SqlExecutor, id: string, today = berlinDate(new Date())): Promise<TrailerView | null> =>
  trailers.find(sql, id, today);

/** Plates of the trailers coupled to a vehicle (its tractor), by plate. */
export async function coupledTrailerPlates(sql: SqlExecutor, vehicleId: string): Promise<string[]> {
  const { rows } = await sql.query<{ license_plate: string }>('SELECT license_plate FROM read.trailers WHERE tractor_id = $1 ORDER BY license_plate', [vehicleId]);
  return rows.map((r) => r.license_plate);
}
