/**
 * A decider is the whole behaviour of one aggregate as three pure functions:
 * the state before any event, how an event changes the state, and which events a command causes.
 * `decide` throws a DomainError (with a German message) when the command is refused.
 */
export interface Decider<Command, State, Event> {
  initialState: State;
  evolve(state: State, event: Event): State;
  decide(command: Command, state: State): Event[];
}

export function fold<State, Event>(
  decider: Pick<Decider<unknown, State, Event>, 'initialState' | 'evolve'>,
  events: readonly Event[],
): State {
  return events.reduce(decider.evolve, decider.initialState);
}

export type DomainErrorKind = 'validation' | 'not_found' | 'conflict' | 'forbidden';

/** A refused command. `message` is German, taken from the message catalogue. */
export class DomainError extends Error {
  override readonly name = 'DomainError';
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}
