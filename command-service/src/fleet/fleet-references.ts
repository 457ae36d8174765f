import { materialDecider } from '@dispo/domain/material/index';
import type { TractorSummary } from '@dispo/domain/trailer/index';
import { userDecider } from '@dispo/domain/user/index';
import { vehicleDecider } from '@dispo/domain/vehicle/index';
import { streamIds } from '@dispo/events/catalog/index';
import type { EventStore } from '@dispo/events/store/port';
import { loadAggregate } from '../command-handler';

/**
 * Loads from their own streams what a fleet command needs to know about the records it names
 * (drivers, materials, vehicles), so that the deciders decide on the log alone. Null = not found.
 */
export function fleetReferences(store: EventStore) {
  return {
    async user(id: string | null | undefined): Promise<{ id: string } | null> {
      if (!id) return null;
      const { state } = await loadAggregate(store, userDecider, streamIds.user(id));
      return state.exists ? { id } : null;
    },
    async existingMaterialIds(ids: readonly string[] | null | undefined): Promise<string[]> {
      const found = await Promise.all(
        [...new Set(ids ?? [])].map(async (id) =>
          (await loadAggregate(store, materialDecider, streamIds.material(id))).state.exists ? id : null,
        ),
      );
      return found.filter((id): id is string => id !== null);
    },
    async vehicle(id: string | null | undefined): Promise<TractorSummary | null> {
      if (!id) return null;
      const { state } = await loadAggregate(store, vehicleDecider, streamIds.vehicle(id));
      return state.exists ? { id, vehicleType: state.entity.details.vehicleType } : null;
    },
  };
}
export type FleetReferences = ReturnType<typeof fleetReferences>;
