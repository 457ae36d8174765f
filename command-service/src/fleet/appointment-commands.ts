import { berlinDate } from '@dispo/domain/shared/berlin-date';
import { trailerDecider } from '@dispo/domain/trailer/index';
import { vehicleDecider } from '@dispo/domain/vehicle/index';
import {
  type AppointmentInput,
  type AppointmentState,
  appointmentDecider,
  type CompletionInput,
  followUpPlan,
  type SubjectFacts,
} from '@dispo/domain/workshop-appointment/index';
import { type AppointmentBooking, type AppointmentSubject, type EstimationKey, reservationKinds, streamIds } from '@dispo/events/catalog/index';
import { messages } from '@dispo/domain/messages';
import { newReservationDecision } from '../reserve';
import { type AppointmentCandidatesOf, appointmentDay } from './appointment-day';
import type { EventRegistry } from '@dispo/events/registry';
import type { EventStore } from '@dispo/events/store/port';
import { type CommandMeta, commandTime, type Decision, executeCommand, loadAggregate } from '../command-handler';

/** What the trailer suggestion adds when a vehicle's appointment is planned for its trailer. */
export interface TrailerMove {
  originalVehicleId: string;
  detectedKeywords: readonly string[];
}

/**
 * Workshop appointment commands (`appointment-<id>`). The business day ("not in the past", "due") is
 * the Berlin day of the command's instant.
 */
export function appointmentCommands(ctx: { store: EventStore; registry: EventRegistry; appointmentCandidates?: AppointmentCandidatesOf }) {
  const load = (id: string) => loadAggregate(ctx.store, appointmentDecider, streamIds.appointment(id));
  const timing = (meta: CommandMeta) => {
    const now = commandTime(meta);
    return { now, today: berlinDate(new Date(now)), userId: meta.userId };
  };

  async function subjectFacts(subject: AppointmentSubject): Promise<SubjectFacts> {
    if (subject.kind === 'vehicle') {
      const { state } = await loadAggregate(ctx.store, vehicleDecider, streamIds.vehicle(subject.id));
      return { exists: state.exists };
    }
    const { state } = await loadAggregate(ctx.store, trailerDecider, streamIds.trailer(subject.id));
    return state.exists ? { exists: true, tractorId: state.entity.tractorId } : { exists: false };
  }

  return {
    /** With `booking` (Smart Service): its reference is reserved in the same append, so it is unique. */
    planAppointment(
      appointmentId: string,
      subject: AppointmentSubject,
      input: AppointmentInput,
      meta: CommandMeta,
      move?: TrailerMove,
      booking?: AppointmentBooking & { estimationKey: EstimationKey },
    ) {
      return executeCommand(ctx.store, ctx.registry, meta, async () => {
        const date = input.date ?? null;
        const [{ state, version }, facts, day] = await Promise.all([
          load(appointmentId),
          subjectFacts(subject),
          date ? appointmentDay(ctx.store, subject, date, ctx.appointmentCandidates) : Promise.resolve(null),
        ]);
        const events = appointmentDecider.decide(
          {
            type: 'PlanAppointment',
            appointmentId,
            subject,
            subjectFacts: facts,
            sameDayOpen: day?.open ?? [],
            input,
            originalVehicleId: move?.originalVehicleId ?? null,
            detectedKeywords: move?.detectedKeywords ?? [],
            booking: booking ?? null,
            ...timing(meta),
          },
          state,
        );
        const reservation = booking
          ? [newReservationDecision(reservationKinds.bookingReference, booking.reference, appointmentId, messages.http.conflict)]
          : [];
        const ledger = day && events.length > 0 ? [day.entry(appointmentId)] : [];
        return [{ streamId: streamIds.appointment(appointmentId), expectedVersion: version, events }, ...reservation, ...ledger];
      });
    },

    updateAppointment(appointmentId: string, changes: AppointmentInput, meta: CommandMeta) {
      return executeCommand(ctx.store, ctx.registry, meta, async () => {
        const { state, version } = await load(appointmentId);
        const events = appointmentDecider.decide({ type: 'UpdateAppointment', appointmentId, changes, ...timing(meta) }, state);
        return [{ streamId: streamIds.appointment(appointmentId), expectedVersion: version, events }];
      });
    },

    /** fleet.md §4: the invoice amount of a completed vehicle appointment, added or corrected later. */
    setInvoiceAmount(appointmentId: string, invoiceAmount: number | null, meta: CommandMeta) {
      return executeCommand(ctx.store, ctx.registry, meta, async () => {
        const { state, version } = await load(appointmentId);
        const { now, userId } = timing(meta);
        const events = appointmentDecider.decide({ type: 'SetAppointmentInvoiceAmount', appointmentId, invoiceAmount, userId, now }, state);
        return [{ streamId: streamIds.appointment(appointmentId), expectedVersion: version, events }];
      });
    },

    cancelAppointment(appointmentId: string, meta: CommandMeta) {
      return executeCommand(ctx.store, ctx.registry, meta, async () => {
        const { state, version } = await load(appointmentId);
        const events = appointmentDecider.decide({ type: 'CancelAppointment', appointmentId, ...timing(meta) }, state);
        return [{ streamId: streamIds.appointment(appointmentId), expectedVersion: version, events }];
      });
    },

    /** The completion and, when it asks for one, the follow-up appointment: one atomic append. */
    completeAppointment(appointmentId: string, result: (state: AppointmentState) => CompletionInput, followUpId: string, meta: CommandMeta) {
      return executeCommand(ctx.store, ctx.registry, meta, async () => {
        const { state, version } = await load(appointmentId);
        const command = { type: 'CompleteAppointment' as const, appointmentId, result: result(state), followUpId, ...timing(meta) };
        const events = appointmentDecider.decide(command, state);
        const decisions: Decision[] = [{ streamId: streamIds.appointment(appointmentId), expectedVersion: version, events }];
        const completed = events.find((e) => e.type === 'WorkshopAppointmentCompleted');
        const plan = completed && state.exists ? followUpPlan(state.entity, completed.data.result, command) : null;
        if (plan) {
          decisions.push({
            streamId: streamIds.appointment(followUpId),
            expectedVersion: 'no_stream',
            events: appointmentDecider.decide(plan, appointmentDecider.initialState),
          });
        }
        return decisions;
      });
    },
  };
}
