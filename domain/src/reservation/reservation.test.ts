import { describe, it } from 'vitest';
import { givenWhenThen } from '../testing/given-when-then';
import { reservationDecider, type ReserveValue } from './reservation-decider';

const reserve = (ownerId: string): ReserveValue => ({
  type: 'ReserveValue',
  kind: 'username',
  value: 'dispo',
  ownerId,
  takenMessage: 'Der Benutzername ist bereits vergeben.',
});
const reserved = (ownerId: string) => ({ type: 'UniqueValueReserved' as const, data: { kind: 'username', value: 'dispo', ownerId } });

describe('reservation', () => {
  it('reserves a free value', () => {
    givenWhenThen(reservationDecider).given([]).when(reserve('u1')).thenEmits([reserved('u1')]);
  });
  it('refuses a value someone else holds', () => {
    givenWhenThen(reservationDecider).given([reserved('u1')]).when(reserve('u2')).thenThrows('Der Benutzername ist bereits vergeben.', 'conflict');
  });
  it('is a no-op for the same owner', () => {
    givenWhenThen(reservationDecider).given([reserved('u1')]).when(reserve('u1')).thenEmits([]);
  });
  it('releases a value for its holder only, and lets the next claimant take it', () => {
    const release = (ownerId: string) => ({ type: 'ReleaseValue' as const, kind: 'username', value: 'dispo', ownerId });
    const released = { type: 'UniqueValueReleased' as const, data: { kind: 'username', value: 'dispo', ownerId: 'u1' } };
    givenWhenThen(reservationDecider).given([reserved('u1')]).when(release('u1')).thenEmits([released]);
    givenWhenThen(reservationDecider).given([reserved('u1')]).when(release('u2')).thenEmits([]);
    givenWhenThen(reservationDecider).given([]).when(release('u1')).thenEmits([]);
    givenWhenThen(reservationDecider).given([reserved('u1'), released]).when(reserve('u2')).thenEmits([reserved('u2')]);
  });
});
