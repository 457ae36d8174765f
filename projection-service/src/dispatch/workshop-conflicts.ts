import { minutesOfClock } from '@dispo/domain/workshop-appointment/appointment-rules';
import type { SqlExecutor } from '@dispo/events/sql/client';

/** The workshop appointment a tour runs into: its type and window (HH:MM). */
export interface WorkshopConflict {
  appointmentId: string;
  appointmentType: string;
  from: string;
  to: string;
}

const clock = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/**
 * Tours planned onto a vehicle while it is in the workshop (issue 13, read side): a pending
 * appointment of the tour's vehicle on the tour's day whose window (time plus the estimated duration
 * of fleet.md §9) overlaps the tour. One query for all tours.
 */
export async function workshopConflicts(
  sql: SqlExecutor,
  tours: readonly { id: string; vehicleId: string; date: string; span: readonly [number, number] }[],
): Promise<Map<string, WorkshopConflict>> {
  const found = new Map<string, WorkshopConflict>();
  if (tours.length === 0) return found;
  const { rows } = await sql.query<{ id: string; subject_id: string; date: string; time: string; appointment_type: string; estimation_key: string; duration_minutes: number }>(
    `SELECT id, subject_id, date, time, appointment_type, estimation_key, duration_minutes FROM read.workshop_appointments
     WHERE subject_kind = 'vehicle' AND status = 'pending' AND subject_id = ANY($1) AND date = ANY($2)`,
    [[...new Set(tours.map((t) => t.vehicleId))], [...new Set(tours.map((t) => t.date))]],
  );
  for (const tour of tours) {
    for (const a of rows) {
      if (a.subject_id !== tour.vehicleId || a.date !== tour.date) continue;
      const from = Number(a.time.slice(0, 2)) * 60 + Number(a.time.slice(3, 5));
      // The stored duration: the estimate of fleet.md §9, or a Smart Service booking's own.
      if (!(tour.span[0] < Math.min(1440, from + Number(a.duration_minutes)) && tour.span[1] > from)) continue;
      found.set(tour.id, { appointmentId: a.id, appointmentType: a.appointment_type, from: a.time, to: clock(Math.min(1440, from + Number(a.duration_minutes))) });
      break;
    }
  }
  return found;
}

/** The pending workshop appointments of a vehicle on a day, as windows in minutes (the assignment's warning). */
export async function workshopWindowsOf(sql: SqlExecutor, vehicleId: string, date: string) {
  const { rows } = await sql.query<{ time: string; appointment_type: string; duration_minutes: number }>(
    `SELECT time, appointment_type, duration_minutes FROM read.workshop_appointments
     WHERE subject_kind = 'vehicle' AND status = 'pending' AND subject_id = $1 AND date = $2 ORDER BY time`,
    [vehicleId, date],
  );
  return rows.map((a) => {
    const from = minutesOfClock(a.time);
    return { appointmentType: a.appointment_type, from, to: Math.min(1440, from + Number(a.duration_minutes)) };
  });
}

/** Ids of the subject's pending appointments on a day (candidates; the planning confirms each from its stream). */
export async function openAppointmentIds(sql: SqlExecutor, subject: { kind: string; id: string }, date: string): Promise<string[]> {
  const { rows } = await sql.query<{ id: string }>(
    `SELECT id FROM read.workshop_appointments WHERE subject_kind = $1 AND subject_id = $2 AND date = $3 AND status = 'pending'`,
    [subject.kind, subject.id, date],
  );
  return rows.map((r) => r.id);
}
