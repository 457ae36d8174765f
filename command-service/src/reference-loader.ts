import { customerDecider } from '@dispo/domain/customer/index';
import { loadingPointDecider } from '@dispo/domain/loading-point/index';
import { materialDecider } from '@dispo/domain/material/index';
import type { CustomerSummary, LoadingPointSummary, MaterialSummary } from '@dispo/domain/order/order-references';
import { plantDecider } from '@dispo/domain/plant/index';
import type { PlantSummary } from '@dispo/domain/plant/plant-eligibility';
import { streamIds } from '@dispo/events/catalog/index';
import type { EventStore } from '@dispo/events/store/port';
import { loadAggregate } from './command-handler';

/**
 * Loads from their own streams what a command needs to know about the records it names, so that
 * the decider decides on the event log alone (no read model in the write path). Null = not found.
 */
export function referenceLoader(store: EventStore) {
  return {
    async plant(id: string | null | undefined): Promise<PlantSummary | null> {
      if (!id) return null;
      const { state } = await loadAggregate(store, plantDecider, streamIds.plant(id));
      return state.exists ? { id, plantRole: state.entity.plantRole, plantType: state.entity.plantType } : null;
    },
    async loadingPoint(id: string | null | undefined): Promise<LoadingPointSummary | null> {
      if (!id) return null;
      const { state } = await loadAggregate(store, loadingPointDecider, streamIds.loadingPoint(id));
      return state.exists ? { id, plantId: state.entity.plantId } : null;
    },
    async material(id: string | null | undefined): Promise<MaterialSummary | null> {
      if (!id) return null;
      const { state } = await loadAggregate(store, materialDecider, streamIds.material(id));
      return state.exists ? { id } : null;
    },
    async customer(id: string | null | undefined): Promise<CustomerSummary | null> {
      if (!id) return null;
      const { state } = await loadAggregate(store, customerDecider, streamIds.customer(id));
      return state.exists ? { id } : null;
    },
  };
}
export type ReferenceLoader = ReturnType<typeof referenceLoader>;
