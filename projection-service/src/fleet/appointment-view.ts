import { isPendingCompletion } from '@dispo/domain/workshop-appointment/appointment-rules';
import type { SqlExecutor } from '@dispo/events/sql/client';
import { iso, json, num, str } from './view-values';

/** SQL: minutes of the day of a `HH:MM` column. */
export const clockMinutesSql = (column: string) => `(split_part(${column}, ':', 1)::int * 60 + split_part(${column}, ':', 2)::int)`;

/**
 * An appointment with the fields of fleet.md §3 under the names the screens read: the vehicle list's
 * (scheduledDate, time, appointment_type, workshop, notes, status) and the maintenance schedules'
 * (type, date, scheduledDateTime, completed, completionTracked, completionData, …).
 */
export function appointmentView(r: Record<string, unknown>, today: string) {
  const date = String(r.date);
  const time = String(r.time);
  const status = String(r.status);
  const kind = String(r.subject_kind);
  const subjectId = String(r.subject_id);
  const estimatedCost = num(r.estimated_cost);
  return {
    id: String(r.id),
    subjectKind: kind,
    vehicleId: kind === 'vehicle' ? subjectId : null,
    aufliegerId: kind === 'trailer' ? subjectId : null,
    subjectPlate: str(r.subject_plate),
    scheduledDate: date,
    date,
    time,
    scheduledDateTime: `${date}T${time}:00`,
    appointment_type: String(r.appointment_type),
    appointmentType: String(r.appointment_type),
    type: String(r.appointment_type),
    workshop: str(r.workshop),
    customWorkshop: str(r.custom_workshop),
    location: str(r.location),
    notes: str(r.notes),
    estimatedCost,
    cost: estimatedCost,
    responsible: str(r.responsible),
    estimationKey: String(r.estimation_key),
    durationMinutes: Number(r.duration_minutes),
    status,
    completed: status === 'completed',
    completionTracked: Boolean(r.completion_tracked),
    completionData: json<Record<string, unknown> | null>(r.completion, null),
    pendingCompletion: isPendingCompletion({ date, status }, today),
    originalVehicleId: str(r.original_vehicle_id),
    detectedKeywords: json<string[]>(r.detected_keywords, []),
    followUpOf: str(r.follow_up_of),
    followUpId: str(r.follow_up_id),
    createdAt: iso(r.planned_at),
    updatedAt: iso(r.updated_at),
    completedBy: str(r.completed_by),
    completedByName: str(r.completer_name),
    completedAt: iso(r.completed_at),
    /** A Smart Service booking: its reference, the register's workshop, emergency. */
    bookingReference: str(r.booking_reference),
    workshopId: str(r.workshop_id),
    isEmergency: r.is_emergency === true,
  };
}
export type AppointmentView = ReturnType<typeof appointmentView>;

const SELECT = `
  SELECT a.*, coalesce(v.license_plate, t.license_plate) AS subject_plate,
    nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') AS completer_name
  FROM read.workshop_appointments a
  LEFT JOIN read.vehicles v ON a.subject_kind = 'vehicle' AND v.id = a.subject_id
  LEFT JOIN read.trailers t ON a.subject_kind = 'trailer' AND t.id = a.subject_id
  LEFT JOIN read.users u ON u.id = a.completed_by`;

export async function findAppointment(sql: SqlExecutor, id: string, today: string): Promise<AppointmentView | null> {
  const { rows } = await sql.query(`${SELECT} WHERE a.id = $1`, [id]);
  return rows[0] ? appointmentView(rows[0], today) : null;
}

export type SubjectKind = 'vehicle' | 'trailer';

/** GET /api/smart-service/appointments/:vehicleId: a vehicle's appointments, by status and date range. */
export async function vehicleAppointmentsIn(
  sql: SqlExecutor,
  vehicleId: string,
  filter: { status?: string; from?: string; to?: string },
  today: string,
): Promise<AppointmentView[]> {
  const { rows } = await sql.query(
    `${SELECT} WHERE a.subject_kind = 'vehicle' AND a.subject_id = $1 AND ($2::text IS NULL OR a.status = $2)
       AND ($3::text IS NULL OR a.date >= $3) AND ($4::text IS NULL OR a.date <= $4) ORDER BY a.date, a.time`,
    [vehicleId, filter.status ?? null, filter.from ?? null, filter.to ?? null],
  );
  return rows.map((r) => appointmentView(r, today));
}

/**
 * A vehicle's or trailer's appointments (deleted ones left out): upcoming (today on, pending, soonest
 * first) and past (the rest, latest first).
 */
export async function appointmentsOf(sql: SqlExecutor, kind: SubjectKind, id: string, today: string) {
  const { rows } = await sql.query(`${SELECT} WHERE a.subject_kind = $1 AND a.subject_id = $2 AND a.status <> 'cancelled' ORDER BY a.date, a.time`, [
    kind,
    id,
  ]);
  const all = rows.map((r) => appointmentView(r, today));
  const upcoming = all.filter((a) => a.status === 'pending' && a.date >= today);
  const past = all.filter((a) => !(a.status === 'pending' && a.date >= today)).reverse();
  return { upcoming, past };
}

/** fleet.md §4: the appointments pending completion (today or earlier, not completion-tracked), oldest first. */
export async function pendingAppointmentsOf(sql: SqlExecutor, kind: SubjectKind, id: string, today: string) {
  const { rows } = await sql.query(
    `${SELECT} WHERE a.subject_kind = $1 AND a.subject_id = $2 AND a.status = 'pending' AND a.date <= $3 ORDER BY a.date, a.time`,
    [kind, id, today],
  );
  return rows.map((r) => appointmentView(r, today));
}

/**
 * The appointments the vehicle and trailer lists carry (`workshop_appointments`): every pending one and
 * those of the last 90 days, as JSON of one subquery per row. `subject` is the outer row's id column.
 */
export function listedAppointmentsSql(kind: SubjectKind, subject: string, todayParam: string): string {
  return `coalesce((SELECT json_agg(json_build_object('id', a.id, 'scheduledDate', a.date, 'time', a.time,
      'appointment_type', a.appointment_type, 'workshop', coalesce(a.custom_workshop, a.workshop), 'notes', a.notes, 'status', a.status,
      'completionTracked', a.completion_tracked, 'durationMinutes', a.duration_minutes, 'location', a.location) ORDER BY a.date, a.time)
    FROM read.workshop_appointments a
    WHERE a.subject_kind = '${kind}' AND a.subject_id = ${subject} AND a.status <> 'cancelled'
      AND (a.status = 'pending' OR a.date >= (${todayParam}::date - 90)::text)), '[]'::json)`;
}
