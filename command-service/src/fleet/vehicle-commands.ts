import { messages } from '@dispo/domain/messages';
import type { Changes } from '@dispo/domain/shared/index';
import { berlinDate } from '@dispo/domain/shared/berlin-date';
import { isLiveTourOf, tourDecider } from '@dispo/domain/tour/index';
import { plateKey, type VehicleCommand, type VehicleInput, vehicleDecider, type VehicleRecord } from '@dispo/domain/vehicle/index';
import { reservationKinds, streamIds } from '@dispo/events/catalog/index';
import { isAfter, LOG_START, type LogPosition } from '@dispo/events/envelope';
import type { EventRegistry } from '@dispo/events/registry';
import type { EventStore } from '@dispo/events/store/port';
import { DomainError } from '@dispo/domain/decider';
import { HttpError } from '@dispo/platform/http/errors';
import { type CommandMeta, commandTime, executeCommand, loadAggregate } from '../command-handler';
import { releaseDecision, reservationDecision } from '../reserve';
import { fleetReferences } from './fleet-references';
import { moveReservation } from './plate-reservations';

const kind = reservationKinds.licensePlate;

/** Vehicle commands: the vehicle stream and its plate reservation are always written together. */
export interface VehicleCommandPorts {
  store: EventStore;
  registry: EventRegistry;
  futureTours?(vehicleId: string): Promise<string[]>;
  /** Ids of the vehicle's running tours and planned ones from `today` on, by the read side (candidates only). */
  liveTourCandidates?(vehicleId: string, today: string): Promise<string[]>;
  /** Plates of the trailers coupled to the vehicle. */
  coupledTrailers?(vehicleId: string): Promise<string[]>;
}

export function vehicleCommands(ctx: VehicleCommandPorts) {
  const refs = fleetReferences(ctx.store);
  const load = (vehicleId: string) => loadAggregate(ctx.store, vehicleDecider, streamIds.vehicle(vehicleId));
  /**
   * Tour numbers of the vehicle's running tours and planned ones from `today` on, confirmed from each
   * tour's stream (no stream lists a vehicle's tours, so the read side names the candidates). Residual
   * race: a tour moved onto the vehicle after the read side last caught up, or while this delete is
   * decided, is not seen; a move does not write the vehicle's stream, so no version check catches it.
   * The move itself refuses a deleted vehicle (not found), so only that narrow window remains.
   */
  const liveTourNumbers = async (vehicleId: string, today: string): Promise<string[]> => {
    const candidates = (await ctx.liveTourCandidates?.(vehicleId, today)) ?? [];
    const tours = await Promise.all(candidates.map((id) => loadAggregate(ctx.store, tourDecider, streamIds.tour(id))));
    return tours
      .map(({ state }) => (state.exists ? state.entity : null))
      .filter((t) => t !== null && isLiveTourOf(t, vehicleId, today))
      .map((t) => t!.tourNumber);
  };
  const current = async (vehicleId: string): Promise<VehicleRecord | null> => {
    const { state } = await load(vehicleId);
    return state.exists ? state.entity : null;
  };

  return {
    current,

    createVehicle(vehicleId: string, input: VehicleInput, meta: CommandMeta) {
      return executeCommand(ctx.store, ctx.registry, meta, async () => {
        const { state, version } = await load(vehicleId);
        const [driver, existingMaterialIds] = await Promise.all([
          refs.user(input.assignedDriverId),
          refs.existingMaterialIds(input.suitableMaterialIds),
        ]);
        const command: VehicleCommand = {
          type: 'CreateVehicle',
          vehicleId,
          input,
          driver,
          existingMaterialIds,
          userId: meta.userId,
          now: commandTime(meta),
        };
        const events = vehicleDecider.decide(command, state);
        const created = events.find((e) => e.type === 'VehicleCreated');
        if (!created) return [];
        const reservation = await reservationDecision(
          ctx.store,
          kind,
          plateKey(created.data.licensePlate),
          vehicleId,
          messages.fleetCommands.licensePlateTaken,
        );
        return [{ streamId: streamIds.vehicle(vehicleId), expectedVersion: version, events }, reservation];
      });
    },

    /** PUT: full body or only enabled_for_dispatch; a new plate moves the reservation. */
    updateVehicle(vehicleId: string, changes: Changes<VehicleInput>, meta: CommandMeta) {
      return executeCommand(ctx.store, ctx.registry, meta, async () => {
        const { state, version } = await load(vehicleId);
        // Taken out of dispatch with tours ahead: refused, naming them, so no tour silently vanishes
        // from the timeline (docs/order-status.md "Vehicle out of dispatch").
        if (changes.enabledForDispatch === false && state.exists && state.entity.enabledForDispatch && ctx.futureTours) {
          const tours = await ctx.futureTours(vehicleId);
          if (tours.length > 0) throw new DomainError('conflict', messages.dispatch.vehicleHasFutureTours(state.entity.details.licensePlate, tours.join(', ')));
        }
        // A trailer hangs on a Zugmaschine only: no other type while one is coupled.
        if (changes.vehicleType && changes.vehicleType !== 'zugmaschine' && state.exists && state.entity.details.vehicleType === 'zugmaschine' && ctx.coupledTrailers) {
          const trailers = await ctx.coupledTrailers(vehicleId);
          if (trailers.length > 0) {
            throw new DomainError('conflict', messages.fleetCommands.tractorWithTrailers(state.entity.details.licensePlate, trailers.join(', ')), {
              fields: ['vehicleType'],
            });
          }
        }
        const [driver, existingMaterialIds] = await Promise.all([
          refs.user(changes.assignedDriverId),
          refs.existingMaterialIds(changes.suitableMaterialIds),
        ]);
        const command: VehicleCommand = {
          type: 'UpdateVehicle',
          vehicleId,
          changes,
          driver,
          existingMaterialIds,
          userId: meta.userId,
          now: commandTime(meta),
        };
        const events = vehicleDecider.decide(command, state);
        const changed = events.find((e) => e.type === 'VehicleDetailsChanged');
        const plates =
          changed?.data.changes.licensePlate && changed.data.previous.licensePlate
            ? await moveReservation(
                ctx.store,
                kind,
                vehicleId,
                plateKey(changed.data.previous.licensePlate),
                plateKey(changed.data.changes.licensePlate),
                messages.fleetCommands.licensePlateTaken,
              )
            : [];
        return [{ streamId: streamIds.vehicle(vehicleId), expectedVersion: version, events }, ...plates];
      });
    },

    /** The vehicle leaves the fleet and its plate is free again. */
    deleteVehicle(vehicleId: string, meta: CommandMeta) {
      return executeCommand(ctx.store, ctx.registry, meta, async () => {
        const now = commandTime(meta);
        const [{ state, version }, live] = await Promise.all([load(vehicleId), liveTourNumbers(vehicleId, berlinDate(new Date(now)))]);
        const events = vehicleDecider.decide({ type: 'DeleteVehicle', vehicleId, liveTourNumbers: live, userId: meta.userId, now }, state);
        const deleted = events.find((e) => e.type === 'VehicleDeleted');
        const release = deleted ? [await releaseDecision(ctx.store, kind, plateKey(deleted.data.licensePlate), vehicleId)] : [];
        return [{ streamId: streamIds.vehicle(vehicleId), expectedVersion: version, events }, ...release];
      });
    },

    /**
     * The bulk dispatch toggle (fleet.md §4): one update per vehicle under the same rules as a single
     * toggle; one refusal does not stop the others and is reported with its German reason.
     */
    async bulkDispatch(vehicleIds: readonly string[], enabled: boolean, meta: CommandMeta) {
      let position: LogPosition = LOG_START;
      let updated = 0;
      const failed: { id: string; license_plate: string | null; error: string }[] = [];
      for (const vehicleId of new Set(vehicleIds)) {
        try {
          const result = await this.updateVehicle(vehicleId, { enabledForDispatch: enabled }, meta);
          if (result.decisions.length > 0) updated += 1;
          if (isAfter(result.position, position)) position = result.position;
        } catch (error) {
          if (!(error instanceof DomainError) && !(error instanceof HttpError)) throw error;
          failed.push({ id: vehicleId, license_plate: (await current(vehicleId))?.details.licensePlate ?? null, error: error.message });
        }
      }
      return { position, updated, failed };
    },
  };
}
