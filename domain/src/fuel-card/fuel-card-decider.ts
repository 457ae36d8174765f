import type { EncryptedSecret, FuelCardEvent } from '@dispo/events/catalog/index';
import type { Decider } from '../decider';
import { messages } from '../messages';
import { assertNotCreated, type Changes, type EntityState, existingEntity, fieldChanges, noEntity, refuse } from '../shared';
import { type FuelCardFacts, type FuelCardInput, fuelCardFactsFrom, fuelCardInputOf, withFuelCardDefaults } from './fuel-card-details';

/** The vehicle a card is assigned to, as the handler loaded it (null: not found). */
export interface AssignedVehicle {
  vehicle: { id: string } | null;
}

export interface CreateFuelCard extends AssignedVehicle {
  type: 'CreateFuelCard';
  cardId: string;
  input: FuelCardInput;
  /** Encrypted by the command service; null = no PIN. */
  pin: EncryptedSecret | null;
  userId: string | null;
  now: string;
}

/** A field left undefined keeps its value, null clears it; `pin` likewise (undefined keeps the PIN). */
export interface UpdateFuelCard extends AssignedVehicle {
  type: 'UpdateFuelCard';
  cardId: string;
  changes: Changes<FuelCardInput>;
  pin?: EncryptedSecret | null;
  userId: string | null;
  now: string;
}

/** Showing the PIN is a fact of its own: the log tells who saw it when. */
export interface RevealFuelCardPin {
  type: 'RevealFuelCardPin';
  cardId: string;
  userId: string;
  now: string;
}

export interface DeleteFuelCard {
  type: 'DeleteFuelCard';
  cardId: string;
  userId: string | null;
  now: string;
}

export type FuelCardCommand = CreateFuelCard | UpdateFuelCard | RevealFuelCardPin | DeleteFuelCard;

export interface FuelCardRecord extends FuelCardFacts {
  id: string;
  pin: EncryptedSecret | null;
  createdAt: string;
  updatedAt: string;
}
export type FuelCardState = EntityState<FuelCardRecord>;

/** Only a vehicle newly assigned must exist; a card stays editable after its vehicle left the fleet. */
function assertVehicle(after: FuelCardFacts, before: FuelCardFacts | null, command: AssignedVehicle): void {
  const vehicleId = after.details.assignedVehicleId;
  if (vehicleId === null || vehicleId === before?.details.assignedVehicleId) return;
  if (command.vehicle?.id !== vehicleId) refuse('not_found', messages.fleetCommands.assignedVehicleNotFound, ['assignedVehicleId']);
}

function createFuelCard(command: CreateFuelCard, state: FuelCardState): FuelCardEvent[] {
  assertNotCreated(state, messages.fleetCommands.fuelCardExists);
  const facts = fuelCardFactsFrom(withFuelCardDefaults(command.input));
  assertVehicle(facts, null, command);
  return [
    {
      type: 'FuelCardCreated',
      data: {
        id: command.cardId,
        ...facts.details,
        status: facts.status,
        pin: command.pin,
        createdBy: command.userId,
        createdAt: command.now,
      },
    },
  ];
}

function updateFuelCard(command: UpdateFuelCard, state: FuelCardState): FuelCardEvent[] {
  const card = existingEntity(state, messages.fleetCommands.fuelCardNotFound);
  const given = Object.fromEntries(Object.entries(command.changes).filter(([, v]) => v !== undefined)) as FuelCardInput;
  const after = fuelCardFactsFrom({ ...fuelCardInputOf(card), ...given });
  assertVehicle(after, card, command);
  const id = card.id;
  const by = { changedBy: command.userId, changedAt: command.now };
  const events: FuelCardEvent[] = [];
  const details = fieldChanges(card.details, after.details);
  if (details) events.push({ type: 'FuelCardDetailsChanged', data: { id, ...details, ...by } });
  if (after.status !== card.status)
    events.push({ type: 'FuelCardStatusChanged', data: { id, from: card.status, to: after.status, ...by } });
  // The handler passes a PIN only when it differs from the stored one (it alone can decrypt).
  const removesNothing = command.pin === null && card.pin === null;
  if (command.pin !== undefined && !removesNothing) {
    events.push({ type: 'FuelCardPinChanged', data: { id, pin: command.pin, wasSet: card.pin !== null, ...by } });
  }
  return events;
}

function revealPin(command: RevealFuelCardPin, state: FuelCardState): FuelCardEvent[] {
  const card = existingEntity(state, messages.fleetCommands.fuelCardNotFound);
  if (card.pin === null) refuse('not_found', messages.fleetCommands.noPin);
  return [{ type: 'FuelCardPinRevealed', data: { id: card.id, revealedBy: command.userId, revealedAt: command.now } }];
}

function deleteFuelCard(command: DeleteFuelCard, state: FuelCardState): FuelCardEvent[] {
  const card = existingEntity(state, messages.fleetCommands.fuelCardNotFound);
  return [
    {
      type: 'FuelCardDeleted',
      data: { id: card.id, cardNumber: card.details.cardNumber, deletedBy: command.userId, deletedAt: command.now },
    },
  ];
}

function patch(state: FuelCardState, at: string, change: (card: FuelCardRecord) => Partial<FuelCardRecord>): FuelCardState {
  return state.exists ? { exists: true, entity: { ...state.entity, ...change(state.entity), updatedAt: at } } : state;
}

export const fuelCardDecider: Decider<FuelCardCommand, FuelCardState, FuelCardEvent> = {
  initialState: noEntity,
  evolve(state, event) {
    switch (event.type) {
      case 'FuelCardCreated': {
        const { id, status, pin, createdBy: _by, createdAt, ...details } = event.data;
        return { exists: true, entity: { id, details, status, pin, createdAt, updatedAt: createdAt } };
      }
      case 'FuelCardDetailsChanged':
        return patch(state, event.data.changedAt, (c) => ({ details: { ...c.details, ...event.data.changes } }));
      case 'FuelCardStatusChanged':
        return patch(state, event.data.changedAt, () => ({ status: event.data.to }));
      case 'FuelCardPinChanged':
        return patch(state, event.data.changedAt, () => ({ pin: event.data.pin }));
      case 'FuelCardPinRevealed':
        // Reading changes nothing about the card.
        return state;
      case 'FuelCardDeleted':
        return noEntity;
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'CreateFuelCard':
        return createFuelCard(command, state);
      case 'UpdateFuelCard':
        return updateFuelCard(command, state);
      case 'RevealFuelCardPin':
        return revealPin(command, state);
      case 'DeleteFuelCard':
        return deleteFuelCard(command, state);
    }
  },
};
