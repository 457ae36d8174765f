import { z } from 'zod';
import { defineEvent, type EventOf } from '../registry';
import { userRoleSchema } from './enums';
import { idSchema, requiredTextSchema, timestampSchema } from './fields';

export const userRegistered = defineEvent({
  type: 'UserRegistered',
  schemaVersion: 1,
  schema: z.strictObject({
    id: idSchema,
    /** Normalised (trimmed, lower case); unique through the `username-<name>` reservation. */
    username: requiredTextSchema,
    firstName: requiredTextSchema,
    lastName: requiredTextSchema,
    // Format checked by the domain; the log keeps whatever was decided.
    email: requiredTextSchema,
    roles: z.array(userRoleSchema).min(1),
    /** argon2id hash computed by the command service; the password itself is never stored. */
    passwordHash: requiredTextSchema,
    registeredAt: timestampSchema,
  }),
});

export const userPasswordChanged = defineEvent({
  type: 'UserPasswordChanged',
  schemaVersion: 1,
  schema: z.strictObject({
    id: idSchema,
    passwordHash: requiredTextSchema,
    changedAt: timestampSchema,
  }),
});

export const userEventDefinitions = [userRegistered, userPasswordChanged] as const;
export type UserEvent = EventOf<(typeof userEventDefinitions)[number]>;
