import { ESTIMATED_HOURS } from '@dispo/domain/workshop-appointment/appointment-rules';
import type { AppointmentSubject, EstimationKey, EventData } from '@dispo/events/catalog/index';
import type { Notice } from '@dispo/platform/bus/notice-bus';
import type { Projection } from '../projection';
import { fleetNotice } from './entity-rows';
import { readTableLifecycle } from './read-table-lifecycle';

/** Appointment detail fields and their columns. */
const COLUMNS = {
  appointmentType: 'appointment_type',
  date: 'date',
  time: 'time',
  workshop: 'workshop',
  customWorkshop: 'custom_workshop',
  location: 'location',
  notes: 'notes',
  estimatedCost: 'estimated_cost',
  responsible: 'responsible',
  estimationKey: 'estimation_key',
  durationMinutes: 'duration_minutes',
} as const;

/** fleet.md §9 estimated duration, kept as minutes so that SQL finds the workshop windows. */
const durationMinutes = (key: EstimationKey) => Math.round(ESTIMATED_HOURS[key] * 60);

/** A change shows on the vehicle or trailer it concerns: the fleet and Disposition lists refetch it. */
function subjectNotice(subject: AppointmentSubject): Notice[] {
  return fleetNotice(subject.kind === 'vehicle' ? 'vehicle_updated' : 'auflieger_updated', subject.id);
}

/**
 * read.workshop_appointments: one row per workshop or maintenance appointment of a vehicle or trailer
 * (fleet.md §3), with its status (pending, completed, not_completed, cancelled), whether completion is
 * tracked, the completion result and the follow-up it created.
 */
export const workshopAppointmentsProjection: Projection = {
  name: 'workshop_appointments',
  // 2: Smart Service bookings (reference, workshop id, emergency; their duration in duration_minutes).
  schemaVersion: 2,

  ...readTableLifecycle(
    'read.workshop_appointments',
    `id text PRIMARY KEY, subject_kind text NOT NULL, subject_id text NOT NULL,
      appointment_type text NOT NULL, date text NOT NULL, time text NOT NULL, workshop text, custom_workshop text,
      location text, notes text, estimated_cost numeric, responsible text, estimation_key text NOT NULL, duration_minutes integer NOT NULL,
      status text NOT NULL, completion_tracked boolean NOT NULL DEFAULT false, completion jsonb,
      original_vehicle_id text, detected_keywords jsonb NOT NULL DEFAULT '[]', follow_up_of text, follow_up_id text,
      planned_by text, planned_at timestamptz NOT NULL, updated_at timestamptz NOT NULL,
      completed_by text, completed_at timestamptz, version integer NOT NULL,
      booking_reference text, workshop_id text, is_emergency boolean NOT NULL DEFAULT false`,
    { workshop_appointments_subject_idx: 'subject_kind, subject_id, date', workshop_appointments_date_idx: 'date' },
  ),

  async apply(tx, event): Promise<Notice[] | undefined> {
    const version = event.streamVersion;
    switch (event.type) {
      case 'WorkshopAppointmentPlanned': {
        const d = event.data as EventData<'WorkshopAppointmentPlanned'>;
        await tx.query(
          `INSERT INTO read.workshop_appointments (id, subject_kind, subject_id, appointment_type, date, time, workshop, custom_workshop,
             location, notes, estimated_cost, responsible, estimation_key, status, original_vehicle_id, detected_keywords, follow_up_of,
             planned_by, planned_at, updated_at, version, duration_minutes, booking_reference, workshop_id, is_emergency)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, 'pending', $14, $15, $16, $17, $18, $18, $19, $20, $21, $22, $23)
           ON CONFLICT (id) DO NOTHING`,
          [
            d.id, d.subject.kind, d.subject.id, d.appointmentType, d.date, d.time, d.workshop, d.customWorkshop, d.location, d.notes,
            d.estimatedCost, d.responsible, d.estimationKey, d.originalVehicleId, JSON.stringify(d.detectedKeywords), d.followUpOf,
            d.plannedBy, d.plannedAt, version, d.booking?.durationMinutes ?? durationMinutes(d.estimationKey),
            d.booking?.reference ?? null, d.booking?.workshopId ?? null, d.booking?.isEmergency ?? false,
          ],
        );
        return subjectNotice(d.subject);
      }
      case 'WorkshopAppointmentUpdated': {
        const d = event.data as EventData<'WorkshopAppointmentUpdated'>;
        const entries: [string, unknown][] = Object.entries(d.changes).filter(([key]) => key in COLUMNS);
        if (d.changes.estimationKey) entries.push(['durationMinutes', durationMinutes(d.changes.estimationKey)]);
        const sets = entries.map(([key], i) => `${COLUMNS[key as keyof typeof COLUMNS]} = $${i + 4}`);
        await tx.query(
          `UPDATE read.workshop_appointments SET ${[...sets, 'updated_at = $2', 'version = $3'].join(', ')} WHERE id = $1 AND version < $3`,
          [d.id, d.changedAt, version, ...entries.map(([, v]) => v)],
        );
        return subjectNotice(d.subject);
      }
      case 'WorkshopAppointmentCancelled': {
        const d = event.data as EventData<'WorkshopAppointmentCancelled'>;
        await tx.query(
          `UPDATE read.workshop_appointments SET status = 'cancelled', updated_at = $2, version = $3 WHERE id = $1 AND version < $3`,
          [d.id, d.cancelledAt, version],
        );
        return subjectNotice(d.subject);
      }
      case 'WorkshopAppointmentCompleted': {
        const d = event.data as EventData<'WorkshopAppointmentCompleted'>;
        const done = d.result.kind === 'vehicle' ? d.result.completed : d.result.wasSuccessful;
        await tx.query(
          `UPDATE read.workshop_appointments SET status = $2, completion_tracked = true, completion = $3, follow_up_id = $4,
             completed_by = $5, completed_at = $6, updated_at = $6, version = $7
           WHERE id = $1 AND version < $7`,
          [d.id, done ? 'completed' : 'not_completed', JSON.stringify(d.result), d.followUpAppointmentId, d.completedBy, d.completedAt, version],
        );
        return subjectNotice(d.subject);
      }
      case 'AppointmentInvoiceAmountSet': {
        // fleet.md §4: the amount entered later is part of the completion data the dialog shows.
        const d = event.data as EventData<'AppointmentInvoiceAmountSet'>;
        await tx.query(
          `UPDATE read.workshop_appointments
             SET completion = completion || jsonb_build_object('hasInvoice', true, 'invoiceAmount', $2::numeric), updated_at = $3, version = $4
           WHERE id = $1 AND version < $4`,
          [d.id, d.invoiceAmount, d.setAt, version],
        );
        return subjectNotice(d.subject);
      }
    }
    return undefined;
  },
};
