import { z } from 'zod';
import { defineEvent, type EventOf } from '../registry';
import { fuelCardStatusSchema, fuelCardTypeSchema } from './enums';
import { amountSchema, idSchema, localDateSchema, optionalTextSchema, performerIdSchema, requiredTextSchema, timestampSchema } from './fields';

const base64 = z.string().regex(/^[A-Za-z0-9+/]+={0,2}$/);

/**
 * A secret as the log keeps it: AES-256-GCM ciphertext with its nonce and tag, never the plain text.
 * The key is the service's (PIN_KEY), not the log's.
 */
export const encryptedSecretSchema = z.strictObject({
  algorithm: z.literal('aes-256-gcm'),
  iv: base64,
  tag: base64,
  ciphertext: base64,
});
export type EncryptedSecret = z.infer<typeof encryptedSecretSchema>;

/** The fields of a fuel card that its form edits (fleet.md §3 Fuel card); status and PIN have their own events. */
export const fuelCardDetailsSchema = z.strictObject({
  /** As entered, trimmed; unique through the `fuel-card-number-<digits>` reservation. */
  cardNumber: requiredTextSchema,
  cardType: fuelCardTypeSchema,
  /** Shell, Aral, Total, Esso, BP or another (the card's colour in the documents area). */
  provider: optionalTextSchema,
  assignedVehicleId: idSchema.nullable(),
  /** Euros, two decimals. */
  dailyLimit: amountSchema.nonnegative().nullable(),
  monthlyLimit: amountSchema.nonnegative().nullable(),
  validUntil: localDateSchema.nullable(),
  notes: optionalTextSchema,
});
export type FuelCardDetails = z.infer<typeof fuelCardDetailsSchema>;

export const fuelCardCreated = defineEvent({
  type: 'FuelCardCreated',
  schemaVersion: 1,
  schema: fuelCardDetailsSchema.extend({
    id: idSchema,
    status: fuelCardStatusSchema,
    pin: encryptedSecretSchema.nullable(),
    createdBy: performerIdSchema,
    createdAt: timestampSchema,
  }),
});

export const fuelCardDetailsChanged = defineEvent({
  type: 'FuelCardDetailsChanged',
  schemaVersion: 1,
  schema: z.strictObject({
    id: idSchema,
    changes: fuelCardDetailsSchema.partial(),
    previous: fuelCardDetailsSchema.partial(),
    changedBy: performerIdSchema,
    changedAt: timestampSchema,
  }),
});

export const fuelCardStatusChanged = defineEvent({
  type: 'FuelCardStatusChanged',
  schemaVersion: 1,
  schema: z.strictObject({
    id: idSchema,
    from: fuelCardStatusSchema,
    to: fuelCardStatusSchema,
    changedBy: performerIdSchema,
    changedAt: timestampSchema,
  }),
});

/**
 * A new PIN (encrypted), or the PIN removed (null). Old and new are not comparable as plain text in
 * the log, so the change records whether a PIN was set before and is set now.
 */
export const fuelCardPinChanged = defineEvent({
  type: 'FuelCardPinChanged',
  schemaVersion: 1,
  schema: z.strictObject({
    id: idSchema,
    pin: encryptedSecretSchema.nullable(),
    wasSet: z.boolean(),
    changedBy: performerIdSchema,
    changedAt: timestampSchema,
  }),
});

/** Someone had the PIN shown: every reveal stands in the log. */
export const fuelCardPinRevealed = defineEvent({
  type: 'FuelCardPinRevealed',
  schemaVersion: 1,
  schema: z.strictObject({
    id: idSchema,
    revealedBy: idSchema,
    revealedAt: timestampSchema,
  }),
});

export const fuelCardDeleted = defineEvent({
  type: 'FuelCardDeleted',
  schemaVersion: 1,
  schema: z.strictObject({
    id: idSchema,
    cardNumber: requiredTextSchema,
    deletedBy: performerIdSchema,
    deletedAt: timestampSchema,
  }),
});

export const fuelCardEventDefinitions = [
  fuelCardCreated,
  fuelCardDetailsChanged,
  fuelCardStatusChanged,
  fuelCardPinChanged,
  fuelCardPinRevealed,
  fuelCardDeleted,
] as const;
export type FuelCardEvent = EventOf<(typeof fuelCardEventDefinitions)[number]>;
