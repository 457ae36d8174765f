import { allEventDefinitions } from '@dispo/events/catalog/index';
import { EventRegistry } from '@dispo/events/registry';
import { expect } from 'vitest';
import { type Decider, DomainError, type DomainErrorKind, fold } from '../decider';

/**
 * Decider tests as the architecture asks for them: given past events, when a command, then the new
 * events (or a refusal). Every emitted event is also checked against its schema in the event
 * catalogue, so a decider cannot produce data the event store would refuse.
 *
 *   givenWhenThen(orderDecider).given([]).when(createOrder).thenEmits([...]);
 *   givenWhenThen(orderDecider).given([created]).when(createOrder).thenThrows('Der Auftrag existiert bereits.', 'conflict');
 *
 * The steps are named `thenEmits`/`thenThrows`, not `then`: an object with a `then` method is a
 * thenable, and returning it from a test (or awaiting it) would call it like a promise.
 */
const registry = new EventRegistry(allEventDefinitions);

interface TestEvent {
  type: string;
  data: unknown;
}

export interface Expectations<Event> {
  /** The command is accepted and emits exactly these events. */
  thenEmits(expected: readonly Event[]): void;
  /** The command is refused with this German message (and, if given, this kind of error). */
  thenThrows(message: string, kind?: DomainErrorKind): DomainError;
  /** The events the command emits, for assertions on a part of them. */
  emitted(): Event[];
}

export function givenWhenThen<Command, State, Event extends TestEvent>(decider: Decider<Command, State, Event>) {
  return {
    given(history: readonly Event[]) {
      return {
        when(command: Command): Expectations<Event> {
          const decide = () => decider.decide(command, fold(decider, history));
          const emitted = () => {
            const events = decide();
            for (const event of events) registry.validateForAppend(event.type, registry.currentVersion(event.type), event.data);
            return events;
          };
          return {
            emitted,
            thenEmits(expected) {
              expect(emitted()).toEqual(expected);
            },
            thenThrows(message, kind) {
              let refusal: unknown;
              try {
                decide();
              } catch (error) {
                refusal = error;
              }
              expect(refusal, 'the command was accepted').toBeInstanceOf(DomainError);
              const domainError = refusal as DomainError;
              expect(domainError.message).toBe(message);
              if (kind) expect(domainError.kind).toBe(kind);
              return domainError;
            },
          };
        },
      };
    },
  };
}
