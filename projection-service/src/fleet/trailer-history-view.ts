import type { SqlExecutor } from '@dispo/events/sql/client';
import type { HistoryFilter } from './history-view';
import { iso, json, str } from './view-values';

/** An entry as fleet.md §3 "Trailer history entry" reads it. */
export function trailerHistoryView(r: Record<string, unknown>) {
  const firstName = str(r.performer_first_name);
  return {
    id: String(r.id),
    aufliegerId: String(r.trailer_id),
    kennzeichen: str(r.trailer_license_plate),
    actionType: String(r.action_type),
    actionTitle: String(r.action_title),
    description: String(r.description),
    details: json<Record<string, unknown>>(r.details, {}),
    metadata: json<Record<string, unknown>>(r.metadata, {}),
    performedAt: iso(r.performed_at),
    performer: firstName === null ? null : { firstName, lastName: str(r.performer_last_name) ?? '' },
  };
}

/** A trailer's history, newest first; dates are Berlin calendar days, both ends included. */
export async function trailerHistory(sql: SqlExecutor, trailerId: string, filter: HistoryFilter = {}) {
  const { rows } = await sql.query(
    `SELECT * FROM read.trailer_history
     WHERE trailer_id = $1
       AND ($2::date IS NULL OR (performed_at AT TIME ZONE 'Europe/Berlin')::date >= $2::date)
       AND ($3::date IS NULL OR (performed_at AT TIME ZONE 'Europe/Berlin')::date <= $3::date)
       AND ($4::text IS NULL OR action_type = $4)
     ORDER BY performed_at DESC, global_position DESC, id DESC`,
    [trailerId, filter.startDate ?? null, filter.endDate ?? null, filter.actionType ?? null],
  );
  return rows.map(trailerHistoryView);
}
