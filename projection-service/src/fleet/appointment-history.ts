import { messages } from '@dispo/domain/messages';
import type { AppointmentSubject, EventData } from '@dispo/events/catalog/index';
import type { RecordedEvent } from '@dispo/events/envelope';
import { formatIsoDateDe } from '../pdf/format';

const ws = messages.workshopScreen;
const titles = messages.vehicleHistory.titles;
const euro = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' });

/** An appointment as the history needs it: type, date and time as of the event (appointments-as-of-event.ts). */
export interface AppointmentFacts {
  appointmentType: string;
  date: string;
  time: string;
}

/** One history entry an appointment event leaves on its vehicle or trailer. */
export interface AppointmentHistoryEntry {
  subject: AppointmentSubject;
  actionType: 'MAINTENANCE_SCHEDULED' | 'MAINTENANCE_COMPLETED' | 'UPDATED';
  title: string;
  description: string;
  details: Record<string, unknown>;
  priority: 'low' | 'normal' | 'high';
}

const typeLabel = (type: string) => ws.types[type as keyof typeof ws.types] ?? type;

/**
 * The history entry of a workshop appointment event (fleet.md §4 MAINTENANCE_SCHEDULED and
 * MAINTENANCE_COMPLETED): planned and rescheduled are "scheduled", a deletion is an update, a
 * completion names the invoice or cost and the follow-up. `facts` are the appointment as of the event.
 */
export async function appointmentHistoryEntry(
  event: RecordedEvent,
  facts: (id: string) => Promise<AppointmentFacts | null>,
  plate: (vehicleId: string) => Promise<string | null>,
): Promise<AppointmentHistoryEntry | null> {
  switch (event.type) {
    case 'WorkshopAppointmentPlanned': {
      const d = event.data as EventData<'WorkshopAppointmentPlanned'>;
      const workshop = d.customWorkshop ?? d.workshop ?? d.location ?? ws.noWorkshop;
      const moved = d.originalVehicleId ? ws.movedFromVehicle((await plate(d.originalVehicleId)) ?? d.originalVehicleId) : '';
      return {
        subject: d.subject,
        actionType: 'MAINTENANCE_SCHEDULED',
        title: titles.MAINTENANCE_SCHEDULED,
        description: ws.scheduled(typeLabel(d.appointmentType), formatIsoDateDe(d.date), d.time, workshop) + moved,
        details: {
          appointmentId: d.id,
          type: d.appointmentType,
          date: d.date,
          time: d.time,
          workshop,
          notes: d.notes,
          estimatedCost: d.estimatedCost,
          originalVehicleId: d.originalVehicleId,
          detectedKeywords: d.detectedKeywords,
          followUpOf: d.followUpOf,
        },
        priority: 'normal',
      };
    }
    case 'WorkshopAppointmentUpdated': {
      const d = event.data as EventData<'WorkshopAppointmentUpdated'>;
      const a = await facts(d.id);
      if (!a) return null;
      return {
        subject: d.subject,
        actionType: 'MAINTENANCE_SCHEDULED',
        title: ws.rescheduledTitle,
        description: ws.rescheduled(typeLabel(a.appointmentType), formatIsoDateDe(a.date), a.time),
        details: { appointmentId: d.id, changes: d.changes, previous: d.previous },
        priority: 'low',
      };
    }
    case 'WorkshopAppointmentCancelled': {
      const d = event.data as EventData<'WorkshopAppointmentCancelled'>;
      const a = await facts(d.id);
      if (!a) return null;
      return {
        subject: d.subject,
        actionType: 'UPDATED',
        title: ws.cancelledTitle,
        description: ws.cancelledEntry(typeLabel(a.appointmentType), formatIsoDateDe(a.date)),
        details: { appointmentId: d.id, type: a.appointmentType, date: a.date },
        priority: 'low',
      };
    }
    case 'WorkshopAppointmentCompleted': {
      const d = event.data as EventData<'WorkshopAppointmentCompleted'>;
      const a = await facts(d.id);
      if (!a) return null;
      const r = d.result;
      const tookPlace = r.kind === 'vehicle' ? r.completed : r.wasSuccessful;
      const amount = r.kind === 'vehicle' ? r.invoiceAmount : r.actualCost;
      const base = (tookPlace ? ws.completedEntry : ws.notTakenPlaceEntry)(typeLabel(a.appointmentType), formatIsoDateDe(a.date));
      const invoice = amount !== null && (r.kind === 'trailer' || r.hasInvoice) ? ws.withInvoice(euro.format(amount)) : '';
      const followUp = r.followUpDate ? ws.withFollowUp(formatIsoDateDe(r.followUpDate)) : '';
      return {
        subject: d.subject,
        actionType: 'MAINTENANCE_COMPLETED',
        title: titles.MAINTENANCE_COMPLETED,
        description: base + invoice + followUp,
        details: { appointmentId: d.id, type: a.appointmentType, date: a.date, ...r, followUpAppointmentId: d.followUpAppointmentId },
        priority: tookPlace ? 'normal' : 'high',
      };
    }
    case 'AppointmentInvoiceAmountSet': {
      const d = event.data as EventData<'AppointmentInvoiceAmountSet'>;
      const a = await facts(d.id);
      if (!a) return null;
      return {
        subject: d.subject,
        actionType: 'MAINTENANCE_COMPLETED',
        title: ws.invoiceAmountSetTitle,
        description: ws.invoiceAmountSetEntry(typeLabel(a.appointmentType), formatIsoDateDe(a.date), euro.format(d.invoiceAmount)),
        details: { appointmentId: d.id, type: a.appointmentType, date: a.date, changes: { invoiceAmount: d.invoiceAmount }, previous: { invoiceAmount: d.previousInvoiceAmount } },
        priority: 'low',
      };
    }
  }
  return null;
}
