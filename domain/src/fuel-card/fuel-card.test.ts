import type { EncryptedSecret, FuelCardEvent } from '@dispo/events/catalog/index';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../decider';
import { messages } from '../messages';
import { givenWhenThen } from '../testing/given-when-then';
import { type CreateFuelCard, fuelCardDecider, type UpdateFuelCard } from './fuel-card-decider';
import { cardNumberKey } from './fuel-card-details';
import { assertValidPin, maskedPin } from './pin';

const now = '2026-11-20T08:00:00.000Z';
const later = '2026-11-21T08:00:00.000Z';
const card = givenWhenThen(fuelCardDecider);
const secret = (n: string): EncryptedSecret => ({ algorithm: 'aes-256-gcm', iv: `aXY${n}`, tag: `dGFn${n}`, ciphertext: `Y2lw${n}` });

const create: CreateFuelCard = {
  type: 'CreateFuelCard',
  cardId: 'c-1',
  input: {
    cardNumber: ' 7002 1234  5678 0101 ',
    cardType: 'diesel',
    provider: 'Aral',
    assignedVehicleId: 'v-101',
    dailyLimit: 450,
    monthlyLimit: 9000.004,
    validUntil: '2027-12-31',
  },
  pin: secret('1'),
  vehicle: { id: 'v-101' },
  userId: 'u-fleet',
  now,
};
const created: FuelCardEvent = {
  type: 'FuelCardCreated',
  data: {
    id: 'c-1',
    cardNumber: '7002 1234 5678 0101',
    cardType: 'diesel',
    provider: 'Aral',
    assignedVehicleId: 'v-101',
    dailyLimit: 450,
    monthlyLimit: 9000,
    validUntil: '2027-12-31',
    notes: null,
    status: 'active',
    pin: secret('1'),
    createdBy: 'u-fleet',
    createdAt: now,
  },
};
const update = (changes: UpdateFuelCard['changes'], rest: Partial<UpdateFuelCard> = {}): UpdateFuelCard => ({
  type: 'UpdateFuelCard',
  cardId: 'c-1',
  changes,
  vehicle: null,
  userId: 'u-fleet',
  now: later,
  ...rest,
});
const by = { changedBy: 'u-fleet', changedAt: later };

describe('CreateFuelCard', () => {
  it('creates a card with the encrypted PIN and limits to the cent', () => {
    card.given([]).when(create).thenEmits([created]);
  });

  it('applies the defaults of §9: diesel, active', () => {
    const [event] = card
      .given([])
      .when({ ...create, input: { cardNumber: '7077 9988' }, pin: null, vehicle: null })
      .emitted();
    expect(event?.data).toMatchObject({ cardType: 'diesel', status: 'active', pin: null, assignedVehicleId: null, provider: null });
  });

  it('requires card number and card type (§5)', () => {
    const error = card
      .given([])
      .when({ ...create, input: { cardNumber: ' ', cardType: null } })
      .thenThrows('Bitte füllen Sie alle Pflichtfelder aus.', 'validation');
    expect(error.details).toEqual({ fields: ['cardNumber', 'cardType'] });
  });

  it('refuses negative limits, invalid dates and an unknown vehicle', () => {
    card
      .given([])
      .when({ ...create, input: { ...create.input, dailyLimit: -0.01 } })
      .thenThrows(messages.fleetCommands.invalidNumber, 'validation');
    card
      .given([])
      .when({ ...create, input: { ...create.input, validUntil: '31.12.2027' } })
      .thenThrows(messages.validation.invalidDate, 'validation');
    card
      .given([])
      .when({ ...create, vehicle: null })
      .thenThrows(messages.fleetCommands.assignedVehicleNotFound, 'not_found');
  });

  it('creates a card only once', () => {
    card.given([created]).when(create).thenThrows(messages.fleetCommands.fuelCardExists, 'conflict');
  });
});

describe('UpdateFuelCard', () => {
  it('records changed details with the values before, and a status change', () => {
    card
      .given([created])
      .when(update({ dailyLimit: 500, status: 'blocked' }))
      .thenEmits([
        { type: 'FuelCardDetailsChanged', data: { id: 'c-1', changes: { dailyLimit: 500 }, previous: { dailyLimit: 450 }, ...by } },
        { type: 'FuelCardStatusChanged', data: { id: 'c-1', from: 'active', to: 'blocked', ...by } },
      ]);
  });

  it('records a new PIN and a removed PIN, never comparing plain text', () => {
    card
      .given([created])
      .when(update({}, { pin: secret('2') }))
      .thenEmits([{ type: 'FuelCardPinChanged', data: { id: 'c-1', pin: secret('2'), wasSet: true, ...by } }]);
    card
      .given([created])
      .when(update({}, { pin: null }))
      .thenEmits([{ type: 'FuelCardPinChanged', data: { id: 'c-1', pin: null, wasSet: true, ...by } }]);
    const withoutPin: FuelCardEvent = { type: 'FuelCardCreated', data: { ...created.data, pin: null } };
    card
      .given([withoutPin])
      .when(update({}, { pin: null }))
      .thenEmits([]);
  });

  it('assigns another vehicle only if it exists', () => {
    card
      .given([created])
      .when(update({ assignedVehicleId: 'v-999' }))
      .thenThrows(messages.fleetCommands.assignedVehicleNotFound, 'not_found');
    card
      .given([created])
      .when(update({ assignedVehicleId: 'v-201' }, { vehicle: { id: 'v-201' } }))
      .thenEmits([
        {
          type: 'FuelCardDetailsChanged',
          data: { id: 'c-1', changes: { assignedVehicleId: 'v-201' }, previous: { assignedVehicleId: 'v-101' }, ...by },
        },
      ]);
  });

  it('refuses an unknown card and a cleared card number', () => {
    card
      .given([])
      .when(update({ notes: 'x' }))
      .thenThrows(messages.fleetCommands.fuelCardNotFound, 'not_found');
    card
      .given([created])
      .when(update({ cardNumber: null }))
      .thenThrows(messages.validation.requiredFields, 'validation');
  });
});

describe('RevealFuelCardPin and DeleteFuelCard', () => {
  it('records who had the PIN shown', () => {
    card
      .given([created])
      .when({ type: 'RevealFuelCardPin', cardId: 'c-1', userId: 'u-fleet', now: later })
      .thenEmits([{ type: 'FuelCardPinRevealed', data: { id: 'c-1', revealedBy: 'u-fleet', revealedAt: later } }]);
  });

  it('has nothing to reveal without a PIN', () => {
    const withoutPin: FuelCardEvent = { type: 'FuelCardCreated', data: { ...created.data, pin: null } };
    card
      .given([withoutPin])
      .when({ type: 'RevealFuelCardPin', cardId: 'c-1', userId: 'u-fleet', now: later })
      .thenThrows(messages.fleetCommands.noPin, 'not_found');
  });

  it('deletes a card with its number', () => {
    card
      .given([created])
      .when({ type: 'DeleteFuelCard', cardId: 'c-1', userId: 'u-fleet', now: later })
      .thenEmits([
        { type: 'FuelCardDeleted', data: { id: 'c-1', cardNumber: '7002 1234 5678 0101', deletedBy: 'u-fleet', deletedAt: later } },
      ]);
  });
});

describe('PIN and card number rules', () => {
  it('takes 4 to 8 digits as PIN', () => {
    expect(() => assertValidPin('4711')).not.toThrow();
    expect(() => assertValidPin('12345678')).not.toThrow();
    for (const pin of ['123', '123456789', '12a4', ' 4711', '']) {
      expect(() => assertValidPin(pin)).toThrow(DomainError);
      expect(() => assertValidPin(pin)).toThrow(messages.fleetCommands.invalidPin);
    }
  });

  it('masks a set PIN the same whatever its length', () => {
    expect(maskedPin(true)).toBe('****');
    expect(maskedPin(false)).toBeNull();
  });

  it('keys card numbers without spaces', () => {
    expect(cardNumberKey('7002 1234 5678 0101')).toBe('7002123456780101');
    expect(cardNumberKey(' 7002123456780101')).toBe(cardNumberKey('7002 1234 5678 0101'));
  });
});
