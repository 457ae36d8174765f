import {
  assertValidPin,
  cardNumberKey,
  type FuelCardCommand,
  type FuelCardInput,
  fuelCardDecider,
  type FuelCardRecord,
} from '@dispo/domain/fuel-card/index';
import { messages } from '@dispo/domain/messages';
import type { Changes } from '@dispo/domain/shared/index';
import { type EncryptedSecret, reservationKinds, streamIds } from '@dispo/events/catalog/index';
import type { EventRegistry } from '@dispo/events/registry';
import type { EventStore } from '@dispo/events/store/port';
import { HttpError } from '@dispo/platform/http/errors';
import { type CommandMeta, commandTime, executeCommand, loadAggregate } from '../command-handler';
import { releaseDecision, reservationDecision } from '../reserve';
import { fleetReferences } from './fleet-references';
import type { PinCipher } from './pin-cipher';
import { moveReservation } from './plate-reservations';

const kind = reservationKinds.fuelCardNumber;

/** A PIN as the form sends it: undefined keeps, '' or null removes, digits set a new one. */
export type PinChange = string | null | undefined;

/**
 * Fuel card commands. The PIN is checked and encrypted here, before any event exists; the decider
 * and the log only ever see the ciphertext, and only this service holds the key.
 */
export function fuelCardCommands(ctx: { store: EventStore; registry: EventRegistry; pinCipher: PinCipher }) {
  const refs = fleetReferences(ctx.store);
  const load = (cardId: string) => loadAggregate(ctx.store, fuelCardDecider, streamIds.fuelCard(cardId));

  function encryptedPin(pin: string, cardId: string): EncryptedSecret {
    assertValidPin(pin);
    return ctx.pinCipher.encrypt(pin, cardId);
  }

  /** What the decider gets for a PIN change: undefined when the PIN stays the same. */
  function pinUpdate(change: PinChange, card: FuelCardRecord | null): EncryptedSecret | null | undefined {
    if (change === undefined) return undefined;
    if (change === null || change === '') return null;
    if (card?.pin && ctx.pinCipher.decrypt(card.pin, card.id) === change) return undefined;
    return encryptedPin(change, card?.id ?? '');
  }

  return {
    createFuelCard(cardId: string, input: FuelCardInput, pin: PinChange, meta: CommandMeta) {
      const secret = pin ? encryptedPin(pin, cardId) : null;
      return executeCommand(ctx.store, ctx.registry, meta, async () => {
        const { state, version } = await load(cardId);
        const command: FuelCardCommand = {
          type: 'CreateFuelCard',
          cardId,
          input,
          pin: secret,
          vehicle: await refs.vehicle(input.assignedVehicleId),
          userId: meta.userId,
          now: commandTime(meta),
        };
        const events = fuelCardDecider.decide(command, state);
        const created = events.find((e) => e.type === 'FuelCardCreated');
        if (!created) return [];
        const reservation = await reservationDecision(
          ctx.store,
          kind,
          cardNumberKey(created.data.cardNumber),
          cardId,
          messages.fleetCommands.cardNumberTaken,
        );
        return [{ streamId: streamIds.fuelCard(cardId), expectedVersion: version, events }, reservation];
      });
    },

    updateFuelCard(cardId: string, changes: Changes<FuelCardInput>, pin: PinChange, meta: CommandMeta) {
      return executeCommand(ctx.store, ctx.registry, meta, async () => {
        const { state, version } = await load(cardId);
        const card = state.exists ? state.entity : null;
        const command: FuelCardCommand = {
          type: 'UpdateFuelCard',
          cardId,
          changes,
          pin: card ? pinUpdate(pin, card) : undefined,
          vehicle: await refs.vehicle(changes.assignedVehicleId),
          userId: meta.userId,
          now: commandTime(meta),
        };
        const events = fuelCardDecider.decide(command, state);
        const changed = events.find((e) => e.type === 'FuelCardDetailsChanged');
        const numbers =
          changed?.data.changes.cardNumber && changed.data.previous.cardNumber
            ? await moveReservation(
                ctx.store,
                kind,
                cardId,
                cardNumberKey(changed.data.previous.cardNumber),
                cardNumberKey(changed.data.changes.cardNumber),
                messages.fleetCommands.cardNumberTaken,
              )
            : [];
        return [{ streamId: streamIds.fuelCard(cardId), expectedVersion: version, events }, ...numbers];
      });
    },

    deleteFuelCard(cardId: string, meta: CommandMeta) {
      return executeCommand(ctx.store, ctx.registry, meta, async () => {
        const { state, version } = await load(cardId);
        const events = fuelCardDecider.decide({ type: 'DeleteFuelCard', cardId, userId: meta.userId, now: commandTime(meta) }, state);
        const deleted = events.find((e) => e.type === 'FuelCardDeleted');
        const release = deleted ? [await releaseDecision(ctx.store, kind, cardNumberKey(deleted.data.cardNumber), cardId)] : [];
        return [{ streamId: streamIds.fuelCard(cardId), expectedVersion: version, events }, ...release];
      });
    },

    /** Records the reveal first; only once that stands in the log is the PIN decrypted and returned. */
    async revealPin(cardId: string, meta: CommandMeta & { userId: string }): Promise<string> {
      let secret: EncryptedSecret | null = null;
      await executeCommand(ctx.store, ctx.registry, meta, async () => {
        const { state, version } = await load(cardId);
        const events = fuelCardDecider.decide({ type: 'RevealFuelCardPin', cardId, userId: meta.userId, now: commandTime(meta) }, state);
        secret = state.exists ? state.entity.pin : null;
        return [{ streamId: streamIds.fuelCard(cardId), expectedVersion: version, events }];
      });
      if (!secret) throw new HttpError(404, messages.fleetCommands.noPin);
      return ctx.pinCipher.decrypt(secret, cardId);
    },
  };
}
