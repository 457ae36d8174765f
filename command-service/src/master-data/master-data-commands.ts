import { type CustomerInput, customerDecider } from '@dispo/domain/customer/index';
import { type LoadingPointInput, loadingPointDecider } from '@dispo/domain/loading-point/index';
import { type MaterialInput, materialDecider } from '@dispo/domain/material/index';
import { type PlantInput, plantDecider } from '@dispo/domain/plant/index';
import { streamIds } from '@dispo/events/catalog/index';
import type { EventRegistry } from '@dispo/events/registry';
import type { EventStore } from '@dispo/events/store/port';
import { type CommandMeta, commandTime, decideOn } from '../command-handler';
import { referenceLoader } from '../reference-loader';

/** Creating master data: plants, loading points, materials, customers. */
export function masterDataCommands(ctx: { store: EventStore; registry: EventRegistry }) {
  const refs = referenceLoader(ctx.store);
  return {
    createPlant: (plantId: string, details: PlantInput, meta: CommandMeta) =>
      decideOn(ctx, meta, streamIds.plant(plantId), plantDecider, { type: 'CreatePlant', plantId, details, now: commandTime(meta) }),

    createLoadingPoint: (loadingPointId: string, plantId: string, details: LoadingPointInput, meta: CommandMeta) =>
      decideOn(ctx, meta, streamIds.loadingPoint(loadingPointId), loadingPointDecider, async () => ({
        type: 'CreateLoadingPoint' as const,
        loadingPointId,
        plantId,
        plant: await refs.plant(plantId),
        details,
        now: commandTime(meta),
      })),

    createMaterial: (materialId: string, details: MaterialInput, meta: CommandMeta) =>
      decideOn(ctx, meta, streamIds.material(materialId), materialDecider, async () => {
        const named = details.assignedPlantIds ?? [];
        const found = await Promise.all(named.map((id) => refs.plant(id)));
        return {
          type: 'CreateMaterial' as const,
          materialId,
          details,
          existingPlantIds: found.flatMap((p) => (p ? [p.id] : [])),
          now: commandTime(meta),
        };
      }),

    createCustomer: (customerId: string, details: CustomerInput, meta: CommandMeta) =>
      decideOn(ctx, meta, streamIds.customer(customerId), customerDecider, { type: 'CreateCustomer', customerId, details, now: commandTime(meta) }),
  };
}
