import { messages } from '@dispo/domain/messages';
import type { Changes } from '@dispo/domain/shared/index';
import { type TrailerCommand, type TrailerInput, trailerDecider } from '@dispo/domain/trailer/index';
import { plateKey } from '@dispo/domain/vehicle/index';
import { reservationKinds, streamIds } from '@dispo/events/catalog/index';
import type { EventRegistry } from '@dispo/events/registry';
import type { EventStore } from '@dispo/events/store/port';
import { type CommandMeta, commandTime, executeCommand, loadAggregate } from '../command-handler';
import { releaseDecision, reservationDecision } from '../reserve';
import { fleetReferences } from './fleet-references';
import { moveReservation } from './plate-reservations';

const kind = reservationKinds.trailerPlate;

/** Trailer (Auflieger) commands: the trailer stream and its plate reservation are written together. */
export function trailerCommands(ctx: { store: EventStore; registry: EventRegistry }) {
  const refs = fleetReferences(ctx.store);
  const load = (trailerId: string) => loadAggregate(ctx.store, trailerDecider, streamIds.trailer(trailerId));

  return {
    createTrailer(trailerId: string, input: TrailerInput, meta: CommandMeta) {
      return executeCommand(ctx.store, ctx.registry, meta, async () => {
        const { state, version } = await load(trailerId);
        const command: TrailerCommand = {
          type: 'CreateTrailer',
          trailerId,
          input,
          tractor: await refs.vehicle(input.tractorId),
          userId: meta.userId,
          now: commandTime(meta),
        };
        const events = trailerDecider.decide(command, state);
        const created = events.find((e) => e.type === 'TrailerCreated');
        if (!created) return [];
        const reservation = await reservationDecision(
          ctx.store,
          kind,
          plateKey(created.data.licensePlate),
          trailerId,
          messages.fleetCommands.trailerPlateTaken,
        );
        return [{ streamId: streamIds.trailer(trailerId), expectedVersion: version, events }, reservation];
      });
    },

    updateTrailer(trailerId: string, changes: Changes<TrailerInput>, meta: CommandMeta) {
      return executeCommand(ctx.store, ctx.registry, meta, async () => {
        const { state, version } = await load(trailerId);
        const command: TrailerCommand = {
          type: 'UpdateTrailer',
          trailerId,
          changes,
          tractor: await refs.vehicle(changes.tractorId),
          userId: meta.userId,
          now: commandTime(meta),
        };
        const events = trailerDecider.decide(command, state);
        const changed = events.find((e) => e.type === 'TrailerDetailsChanged');
        const plates =
          changed?.data.changes.licensePlate && changed.data.previous.licensePlate
            ? await moveReservation(
                ctx.store,
                kind,
                trailerId,
                plateKey(changed.data.previous.licensePlate),
                plateKey(changed.data.changes.licensePlate),
                messages.fleetCommands.trailerPlateTaken,
              )
            : [];
        return [{ streamId: streamIds.trailer(trailerId), expectedVersion: version, events }, ...plates];
      });
    },

    deleteTrailer(trailerId: string, meta: CommandMeta) {
      return executeCommand(ctx.store, ctx.registry, meta, async () => {
        const { state, version } = await load(trailerId);
        const events = trailerDecider.decide({ type: 'DeleteTrailer', trailerId, userId: meta.userId, now: commandTime(meta) }, state);
        const deleted = events.find((e) => e.type === 'TrailerDeleted');
        const release = deleted ? [await releaseDecision(ctx.store, kind, plateKey(deleted.data.licensePlate), trailerId)] : [];
        return [{ streamId: streamIds.trailer(trailerId), expectedVersion: version, events }, ...release];
      });
    },
  };
}
