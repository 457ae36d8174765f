import type { UserEvent } from '@dispo/events/catalog/index';
import { describe, expect, it } from 'vitest';
import { fold } from '../decider';
import { messages } from '../messages';
import { givenWhenThen } from '../testing/given-when-then';
import { passwordProblem } from './password-policy';
import { type RegisterUser, userDecider } from './user-decider';

const now = '2026-11-20T08:00:00.000Z';
const hash = '$argon2id$v=19$m=65536,t=3,p=4$c2FsdHNhbHQ$aGFzaGhhc2g';

const register: RegisterUser = {
  type: 'RegisterUser',
  userId: 'u-1',
  details: {
    username: ' Dispo ',
    firstName: 'Frank',
    lastName: 'Berger',
    email: 'f.berger@dispo.example',
    roles: ['dispatcher', 'order_taker'],
  },
  passwordHash: hash,
  now,
};

const registered: UserEvent = {
  type: 'UserRegistered',
  data: {
    id: 'u-1',
    username: 'dispo',
    firstName: 'Frank',
    lastName: 'Berger',
    email: 'f.berger@dispo.example',
    roles: ['dispatcher', 'order_taker'],
    passwordHash: hash,
    registeredAt: now,
  },
};

const user = givenWhenThen(userDecider);

describe('RegisterUser', () => {
  it('registers a user with a normalised username', () => {
    user.given([]).when(register).thenEmits([registered]);
  });

  it('keeps each role once', () => {
    const [event] = user
      .given([])
      .when({ ...register, details: { ...register.details, roles: ['billing', 'billing'] } })
      .emitted();
    expect(event?.type === 'UserRegistered' && event.data.roles).toEqual(['billing']);
  });

  it('registers a user only once', () => {
    user.given([registered]).when(register).thenThrows(messages.user.alreadyExists, 'conflict');
  });

  it.each(['username', 'firstName', 'lastName', 'email'] as const)('requires %s', (field) => {
    const error = user
      .given([])
      .when({ ...register, details: { ...register.details, [field]: '  ' } })
      .thenThrows('Bitte füllen Sie alle Pflichtfelder aus.', 'validation');
    expect(error.details).toEqual({ fields: [field] });
  });

  it.each(['ab', '1dispo', 'dis po', 'dispo!', 'x'.repeat(33)])('refuses the username %j', (username) => {
    user
      .given([])
      .when({ ...register, details: { ...register.details, username } })
      .thenThrows(messages.user.usernameRules, 'validation');
  });

  it('refuses a malformed e-mail address', () => {
    user
      .given([])
      .when({ ...register, details: { ...register.details, email: 'f.berger@' } })
      .thenThrows(messages.validation.invalidEmail, 'validation');
  });

  it('needs at least one role', () => {
    user
      .given([])
      .when({ ...register, details: { ...register.details, roles: [] } })
      .thenThrows(messages.user.rolesRequired, 'validation');
  });
});

describe('ChangePassword', () => {
  const change = { type: 'ChangePassword', userId: 'u-1', passwordHash: '$argon2id$new', now: '2026-11-21T08:00:00.000Z' } as const;

  it('stores the new hash', () => {
    user
      .given([registered])
      .when(change)
      .thenEmits([{ type: 'UserPasswordChanged', data: { id: 'u-1', passwordHash: '$argon2id$new', changedAt: change.now } }]);
  });

  it('refuses for an unknown user', () => {
    user.given([]).when(change).thenThrows(messages.user.notFound, 'not_found');
  });

  it('folds the change into the state', () => {
    const changed: UserEvent = { type: 'UserPasswordChanged', data: { id: 'u-1', passwordHash: '$argon2id$new', changedAt: change.now } };
    const state = fold(userDecider, [registered, changed]);
    expect(state.exists && state.entity).toMatchObject({ passwordHash: '$argon2id$new', passwordChangedAt: change.now });
  });
});

describe('password policy', () => {
  it('asks for at least 8 characters', () => {
    expect(passwordProblem('demo123')).toBe(messages.user.passwordTooShort);
    expect(passwordProblem('demo1234')).toBeNull();
  });
});
