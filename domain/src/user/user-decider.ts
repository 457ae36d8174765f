import type { EventData, UserEvent, UserRole } from '@dispo/events/catalog/index';
import type { Decider } from '../decider';
import { messages } from '../messages';
import { assertNotCreated, type EntityState, existingEntity, isEmail, noEntity, refuse, requiredText, requireFields } from '../shared';
import { isValidUsername, normalizeUsername } from './username';

export interface UserDetailsInput {
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  roles: readonly UserRole[];
}

export interface RegisterUser {
  type: 'RegisterUser';
  userId: string;
  details: UserDetailsInput;
  /** argon2id hash of the password, computed by the command service after `passwordProblem`. */
  passwordHash: string;
  now: string;
}

export interface ChangePassword {
  type: 'ChangePassword';
  userId: string;
  passwordHash: string;
  now: string;
}

export type UserCommand = RegisterUser | ChangePassword;

export type UserRecord = EventData<'UserRegistered'> & { passwordChangedAt: string | null };
export type UserState = EntityState<UserRecord>;

function registerUser(command: RegisterUser, state: UserState): UserEvent[] {
  assertNotCreated(state, messages.user.alreadyExists);
  const { details } = command;
  requireFields({
    username: details.username,
    firstName: details.firstName,
    lastName: details.lastName,
    email: details.email,
    passwordHash: command.passwordHash,
  });
  const username = normalizeUsername(details.username);
  if (!isValidUsername(username)) refuse('validation', messages.user.usernameRules, ['username']);
  const email = requiredText(details.email);
  if (!isEmail(email)) refuse('validation', messages.validation.invalidEmail, ['email']);
  const roles = [...new Set(details.roles)];
  if (roles.length === 0) refuse('validation', messages.user.rolesRequired, ['roles']);

  return [
    {
      type: 'UserRegistered',
      data: {
        id: command.userId,
        username,
        firstName: requiredText(details.firstName),
        lastName: requiredText(details.lastName),
        email,
        roles,
        passwordHash: command.passwordHash,
        registeredAt: command.now,
      },
    },
  ];
}

function changePassword(command: ChangePassword, state: UserState): UserEvent[] {
  existingEntity(state, messages.user.notFound);
  requireFields({ passwordHash: command.passwordHash });
  return [{ type: 'UserPasswordChanged', data: { id: command.userId, passwordHash: command.passwordHash, changedAt: command.now } }];
}

export const userDecider: Decider<UserCommand, UserState, UserEvent> = {
  initialState: noEntity,
  evolve(state, event) {
    switch (event.type) {
      case 'UserRegistered':
        return { exists: true, entity: { ...event.data, passwordChangedAt: null } };
      case 'UserPasswordChanged':
        if (!state.exists) return state;
        return {
          exists: true,
          entity: { ...state.entity, passwordHash: event.data.passwordHash, passwordChangedAt: event.data.changedAt },
        };
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'RegisterUser':
        return registerUser(command, state);
      case 'ChangePassword':
        return changePassword(command, state);
    }
  },
};
