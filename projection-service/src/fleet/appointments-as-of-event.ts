import type { EventData } from '@dispo/events/catalog/index';
import type { RecordedEvent } from '@dispo/events/envelope';
import type { SqlExecutor } from '@dispo/events/sql/client';
import type { AppointmentFacts } from './appointment-history';

/**
 * Type, date and time of each workshop appointment as of the event a history projection is applying,
 * kept by that projection in its own table `read.<table>` from the appointment events it has seen.
 * read.workshop_appointments holds the appointments as they stand now (and is another projection's,
 * which may be ahead or rebuilt apart), so an entry rendered from it would show a later date.
 */
export function appointmentsAsOfEvent(table: string) {
  const name = `read.${table}`;
  return {
    async setup(sql: SqlExecutor) {
      await sql.query(`CREATE TABLE IF NOT EXISTS ${name} (id text PRIMARY KEY, appointment_type text NOT NULL, date text NOT NULL, time text NOT NULL)`);
    },
    async reset(sql: SqlExecutor) {
      await sql.query(`TRUNCATE ${name}`);
    },
    async drop(sql: SqlExecutor) {
      await sql.query(`DROP TABLE IF EXISTS ${name}`);
    },
    /** Records a planned or changed appointment; call before the event's entry is made (it shows the change). */
    async track(tx: SqlExecutor, event: RecordedEvent) {
      if (event.type === 'WorkshopAppointmentPlanned') {
        const d = event.data as EventData<'WorkshopAppointmentPlanned'>;
        await tx.query(
          `INSERT INTO ${name} (id, appointment_type, date, time) VALUES ($1, $2, $3, $4)
           ON CONFLICT (id) DO UPDATE SET appointment_type = EXCLUDED.appointment_type, date = EXCLUDED.date, time = EXCLUDED.time`,
          [d.id, d.appointmentType, d.date, d.time],
        );
      } else if (event.type === 'WorkshopAppointmentUpdated') {
        const { id, changes } = event.data as EventData<'WorkshopAppointmentUpdated'>;
        await tx.query(
          `UPDATE ${name} SET appointment_type = coalesce($2, appointment_type), date = coalesce($3, date), time = coalesce($4, time) WHERE id = $1`,
          [id, changes.appointmentType ?? null, changes.date ?? null, changes.time ?? null],
        );
      }
    },
    /** The appointment as of the event being applied; null if this projection never saw it planned. */
    async facts(tx: SqlExecutor, id: string): Promise<AppointmentFacts | null> {
      const { rows } = await tx.query<{ appointment_type: string; date: string; time: string }>(
        `SELECT appointment_type, date, time FROM ${name} WHERE id = $1`,
        [id],
      );
      const r = rows[0];
      return r ? { appointmentType: r.appointment_type, date: r.date, time: r.time } : null;
    },
  };
}
