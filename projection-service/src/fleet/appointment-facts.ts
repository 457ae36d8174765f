import type { SqlExecutor } from '@dispo/events/sql/client';
import type { AppointmentFacts } from './appointment-history';

/** Type, date and time of an appointment as read.workshop_appointments holds it; null if unknown. */
export async function appointmentFacts(tx: SqlExecutor, id: string): Promise<AppointmentFacts | null> {
  const { rows } = await tx.query<{ appointment_type: string; date: string; time: string }>(
    'SELECT appointment_type, date, time FROM read.workshop_appointments WHERE id = $1',
    [id],
  );
  const r = rows[0];
  return r ? { appointmentType: r.appointment_type, date: r.date, time: r.time } : null;
}
