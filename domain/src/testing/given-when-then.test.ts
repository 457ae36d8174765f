import { describe, expect, it } from 'vitest';
import type { Decider } from '../decider';
import { DomainError } from '../decider';
import { givenWhenThen } from './given-when-then';

type Event = { type: 'CustomerCreated'; data: unknown };
type Command = { type: 'Create'; data: unknown } | { type: 'Refuse' };

// A stand-in decider: emits what it is told, or refuses.
const echo: Decider<Command, number, Event> = {
  initialState: 0,
  evolve: (count) => count + 1,
  decide(command) {
    if (command.type === 'Refuse') throw new DomainError('conflict', 'Nein.');
    return [{ type: 'CustomerCreated', data: command.data }];
  },
};

const validCustomer = {
  id: 'c-1',
  company: 'Elbe Bau AG',
  contactPerson: null,
  email: null,
  phone: null,
  createdAt: '2026-11-20T08:00:00Z',
};

describe('givenWhenThen', () => {
  it('passes when the events match', () => {
    givenWhenThen(echo)
      .given([])
      .when({ type: 'Create', data: validCustomer })
      .thenEmits([{ type: 'CustomerCreated', data: validCustomer }]);
  });

  it('fails when an emitted event breaks its schema', () => {
    expect(() =>
      givenWhenThen(echo)
        .given([])
        .when({ type: 'Create', data: { ...validCustomer, company: '' } })
        .emitted(),
    ).toThrow(/Invalid event CustomerCreated/);
  });

  it('checks message and kind of a refusal, and fails when there is none', () => {
    givenWhenThen(echo).given([]).when({ type: 'Refuse' }).thenThrows('Nein.', 'conflict');
    expect(() => givenWhenThen(echo).given([]).when({ type: 'Refuse' }).thenThrows('Nein.', 'validation')).toThrow();
    expect(() => givenWhenThen(echo).given([]).when({ type: 'Create', data: validCustomer }).thenThrows('Nein.')).toThrow();
  });
});
