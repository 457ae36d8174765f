import type { SqlExecutor } from '@dispo/events/sql/client';
import { iso, json, str } from './view-values';

/** An entry as fleet.md §3 "Vehicle history entry" reads it (both timestamp and performedAt). */
export function historyView(r: Record<string, unknown>) {
  const at = iso(r.performed_at);
  const details = json<Record<string, unknown>>(r.details, {});
  const firstName = str(r.performer_first_name);
  return {
    id: String(r.id),
    vehicleId: String(r.vehicle_id),
    vehicleLicensePlate: str(r.vehicle_license_plate),
    timestamp: at,
    performedAt: at,
    actionType: String(r.action_type),
    actionTitle: String(r.action_title),
    description: String(r.description),
    details,
    performedBy: str(r.performed_by),
    performer: firstName === null ? null : { firstName, lastName: str(r.performer_last_name) ?? '' },
    category: String(r.category),
    priority: String(r.priority),
    systemGenerated: Boolean(r.system_generated),
    metadata: json<Record<string, unknown>>(r.metadata, {}),
    tourId: str(r.tour_id),
  };
}

export interface HistoryFilter {
  startDate?: string;
  endDate?: string;
  actionType?: string;
}

/** A vehicle's history, newest first; dates are Berlin calendar days, both ends included. */
export async function vehicleHistory(sql: SqlExecutor, vehicleId: string, filter: HistoryFilter = {}) {
  const { rows } = await sql.query(
    `SELECT * FROM read.vehicle_history
     WHERE vehicle_id = $1
       AND ($2::date IS NULL OR (performed_at AT TIME ZONE 'Europe/Berlin')::date >= $2::date)
       AND ($3::date IS NULL OR (performed_at AT TIME ZONE 'Europe/Berlin')::date <= $3::date)
       AND ($4::text IS NULL OR action_type = $4)
     ORDER BY performed_at DESC, global_position DESC, id DESC`,
    [vehicleId, filter.startDate ?? null, filter.endDate ?? null, filter.actionType ?? null],
  );
  return rows.map(historyView);
}
