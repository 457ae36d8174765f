import { type ManualHistoryEntry, vehicleLogDecider } from '@dispo/domain/vehicle-analytics/index';
import { tariffDecider } from '@dispo/domain/tariff/index';
import { vehicleDecider } from '@dispo/domain/vehicle/index';
import { streamIds, type TariffValues } from '@dispo/events/catalog/index';
import type { EventRegistry } from '@dispo/events/registry';
import type { EventStore } from '@dispo/events/store/port';
import { type CommandMeta, commandTime, decideOn, loadAggregate } from '../command-handler';

/** The commands of the vehicle analytics (issue 14): the tariff, and history entries added by hand. */
export function analyticsCommands(ctx: { store: EventStore; registry: EventRegistry }) {
  return {
    /** PUT /api/tariff: a tariff version from `validFrom` on. */
    setTariff(validFrom: string, tariff: TariffValues, meta: CommandMeta) {
      return decideOn(ctx, meta, streamIds.tariff(), tariffDecider, { type: 'SetTariff', validFrom, tariff, userId: meta.userId, now: commandTime(meta) });
    },

    /** POST /api/vehicle-analytics/:vehicleId/history. */
    addHistoryEntry(entry: ManualHistoryEntry, meta: CommandMeta) {
      return decideOn(ctx, meta, streamIds.vehicleLog(entry.vehicleId), vehicleLogDecider, async () => {
        const { state } = await loadAggregate(ctx.store, vehicleDecider, streamIds.vehicle(entry.vehicleId));
        return { type: 'AddHistoryEntry' as const, entry, vehicleExists: state.exists, userId: meta.userId, now: commandTime(meta) };
      });
    },
  };
}
