import { type WorkshopInput, workshopDecider } from '@dispo/domain/workshop/index';
import { streamIds } from '@dispo/events/catalog/index';
import type { EventRegistry } from '@dispo/events/registry';
import type { EventStore } from '@dispo/events/store/port';
import { type CommandMeta, commandTime, decideOn } from '../command-handler';

/** The workshop register's commands (`workshop-<id>`). */
export function workshopCommands(ctx: { store: EventStore; registry: EventRegistry }) {
  const on = (id: string, meta: CommandMeta, command: Parameters<typeof workshopDecider.decide>[0]) =>
    decideOn(ctx, meta, streamIds.workshop(id), workshopDecider, command);
  return {
    registerWorkshop: (workshopId: string, input: WorkshopInput, meta: CommandMeta) =>
      on(workshopId, meta, { type: 'RegisterWorkshop', workshopId, input, userId: meta.userId, now: commandTime(meta) }),
    changeWorkshop: (workshopId: string, changes: WorkshopInput, meta: CommandMeta) =>
      on(workshopId, meta, { type: 'ChangeWorkshop', workshopId, changes, userId: meta.userId, now: commandTime(meta) }),
    removeWorkshop: (workshopId: string, meta: CommandMeta) =>
      on(workshopId, meta, { type: 'RemoveWorkshop', workshopId, userId: meta.userId, now: commandTime(meta) }),
  };
}
