import { type AppointmentRecord, appointmentDecider } from '@dispo/domain/workshop-appointment/index';
import { type AppointmentSubject, reservationKinds, streamIds } from '@dispo/events/catalog/index';
import type { EventStore } from '@dispo/events/store/port';
import { type Decision, loadAggregate } from '../command-handler';

/** The read side's ids of the subject's open appointments on a day (those planned before the ledger existed). */
export type AppointmentCandidatesOf = (subject: AppointmentSubject, date: string) => Promise<string[]>;

/**
 * The ledger of a subject's appointments on one day (`day-appointments-<kind>-<id>-<date>`): every
 * planning appends the new appointment's id with the ledger's version, so two plannings of the same
 * subject and day conflict on the append and the retry sees the other (race-safe, issue 31). The
 * open ones come from the appointments' own streams; the read side adds appointments planned before
 * the ledger existed.
 */
export async function appointmentDay(store: EventStore, subject: AppointmentSubject, date: string, candidates?: AppointmentCandidatesOf) {
  const value = `${subject.kind}-${subject.id}-${date}`;
  const streamId = streamIds.reservation(reservationKinds.appointmentDay, value);
  const [events, fromReadSide] = await Promise.all([store.readStream(streamId), candidates?.(subject, date) ?? Promise.resolve([])]);
  const ids = new Set([...events.flatMap((e) => (e.type === 'UniqueValueReserved' ? [String((e.data as { ownerId: string }).ownerId)] : [])), ...fromReadSide]);
  const loaded = await Promise.all([...ids].map((id) => loadAggregate(store, appointmentDecider, streamIds.appointment(id))));
  const open: AppointmentRecord[] = loaded.flatMap(({ state }) =>
    state.exists &&
    state.entity.status !== 'cancelled' &&
    !state.entity.completionTracked &&
    state.entity.subject.kind === subject.kind &&
    state.entity.subject.id === subject.id &&
    state.entity.details.date === date
      ? [state.entity]
      : [],
  );
  const last = events[events.length - 1];
  const version = last ? last.streamVersion : ('no_stream' as const);
  return {
    open,
    /** The new appointment's entry in the ledger, appended with the version read. */
    entry(appointmentId: string): Decision {
      return {
        streamId,
        expectedVersion: version,
        events: [{ type: 'UniqueValueReserved', data: { kind: reservationKinds.appointmentDay, value, ownerId: appointmentId } }],
      };
    },
  };
}
