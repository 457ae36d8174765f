import type { RecordedEvent } from '@dispo/events/envelope';

/** A stretch of consecutive events that all match, or all do not. */
export interface EventRun {
  matching: boolean;
  events: RecordedEvent[];
}

/**
 * `events` cut into runs of consecutive events that match `predicate` and runs that do not, in log
 * order: a batch apply writes each matching run with one statement and keeps the order of the rest.
 */
export function consecutiveRuns(events: readonly RecordedEvent[], predicate: (event: RecordedEvent) => boolean): EventRun[] {
  const runs: EventRun[] = [];
  for (const event of events) {
    const matching = predicate(event);
    const last = runs[runs.length - 1];
    if (last && last.matching === matching) last.events.push(event);
    else runs.push({ matching, events: [event] });
  }
  return runs;
}

/**
 * The reservations of unique values (an order number beside each create, a plate beside a vehicle):
 * no projection applies them, so a run of creates may pass over them (Projection.runs).
 */
export function isReservation(event: RecordedEvent): boolean {
  return event.type === 'UniqueValueReserved' || event.type === 'UniqueValueReleased';
}
