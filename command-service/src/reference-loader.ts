import type { Decider } from '@dispo/domain/decider';
import { customerDecider } from '@dispo/domain/customer/index';
import { loadingPointDecider } from '@dispo/domain/loading-point/index';
import { materialDecider } from '@dispo/domain/material/index';
import type { CustomerSummary, LoadingPointSummary, MaterialSummary } from '@dispo/domain/order/order-references';
import { plantDecider } from '@dispo/domain/plant/index';
import type { PlantSummary } from '@dispo/domain/plant/plant-eligibility';
import { streamIds } from '@dispo/events/catalog/index';
import type { EventStore } from '@dispo/events/store/port';
import { type Decision, loadAggregate, type Loaded } from './command-handler';
import type { StreamStateCache } from './stream-state-cache';

export interface ReferenceLoaderOptions {
  /** Take the records from this cache (read fresh into it with `refresh`). Needs `checks`. */
  cache?: StreamStateCache;
  refresh?: boolean;
  /**
   * Collects, for every existing record loaded, a check of the version it was loaded at, to append
   * with the command's events: the decision then stands only if the records are still as decided on.
   */
  checks?: Decision[];
}

/**
 * Loads from their own streams what a command needs to know about the records it names, so that
 * the decider decides on the event log alone (no read model in the write path). Null = not found.
 */
export function referenceLoader(store: EventStore, options: ReferenceLoaderOptions = {}) {
  const { cache, refresh, checks } = options;
  const load = async <S, E>(decider: Pick<Decider<unknown, S, E>, 'initialState' | 'evolve'>, streamId: string): Promise<S> => {
    const loaded: Loaded<S> = cache
      ? await cache.load(store, decider, streamId, { refresh })
      : await loadAggregate(store, decider, streamId);
    const version = loaded.version;
    if (checks && typeof version === 'number' && !checks.some((c) => c.streamId === streamId)) {
      checks.push({ streamId, expectedVersion: version, events: [] });
    }
    return loaded.state;
  };
  return {
    async plant(id: string | null | undefined): Promise<PlantSummary | null> {
      if (!id) return null;
      const state = await load(plantDecider, streamIds.plant(id));
      return state.exists ? { id, plantRole: state.entity.plantRole, plantType: state.entity.plantType } : null;
    },
    async loadingPoint(id: string | null | undefined): Promise<LoadingPointSummary | null> {
      if (!id) return null;
      const state = await load(loadingPointDecider, streamIds.loadingPoint(id));
      return state.exists ? { id, plantId: state.entity.plantId } : null;
    },
    async material(id: string | null | undefined): Promise<MaterialSummary | null> {
      if (!id) return null;
      const state = await load(materialDecider, streamIds.material(id));
      return state.exists
        ? { id, assignedPlantIds: state.entity.plantSpecific ? state.entity.assignedPlantIds : [], densityTonsPerCubicMetre: state.entity.densityTonsPerCubicMetre ?? null }
        : null;
    },
    async customer(id: string | null | undefined): Promise<CustomerSummary | null> {
      if (!id) return null;
      const state = await load(customerDecider, streamIds.customer(id));
      return state.exists ? { id } : null;
    },
  };
}
export type ReferenceLoader = ReturnType<typeof referenceLoader>;
