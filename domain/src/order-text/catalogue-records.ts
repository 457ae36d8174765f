import { canBeDeliveryPlant, canBeLoadingPlant } from '../plant/plant-eligibility';
import { customersByInitials } from './initials';
import { tokenize } from './text';
import type { OrderTextCatalogue } from './types';

/**
 * What the matcher asks of the catalogue's records for every sentence, answered once per catalogue:
 * the roles a plant may take, the plant of an id, the loading points of a plant, the words of a
 * customer's contact person. Part of the prepared catalogue (catalogue-index.ts), cached with it.
 */
export interface CatalogueRecords {
  /** By plant index: may be offered as loading plant (plant-eligibility.ts). */
  canLoad: readonly boolean[];
  /** By plant index: may be offered as delivery plant. */
  canDeliver: readonly boolean[];
  /** The index of the first plant with that id. */
  plantIndexById: ReadonlyMap<string, number>;
  /**
   * By loading point index, the index of the first plant with its plant id (-1 for none): two points
   * are of one plant when these are equal, told without reading the point's and the plant's objects.
   */
  plantOfPoint: Int32Array;
  /** The indexes of a plant's loading points, by plant id, in catalogue order. */
  pointsByPlant: ReadonlyMap<string, readonly number[]>;
  /** By customer index: the normalised words of the contact person (`hier Jan von Nordbeton`). */
  contactWords: readonly ReadonlySet<string>[];
  /** The customer index of each set of initials only one customer goes by (`sbh`, initials.ts). */
  customerByInitials: ReadonlyMap<string, number>;
}

export function catalogueRecords(catalogue: OrderTextCatalogue): CatalogueRecords {
  const plantIndexById = new Map<string, number>();
  catalogue.plants.forEach((plant, index) => {
    if (!plantIndexById.has(plant.id)) plantIndexById.set(plant.id, index);
  });
  const pointsByPlant = new Map<string, number[]>();
  catalogue.loadingPoints.forEach((point, index) => {
    const list = pointsByPlant.get(point.plantId);
    if (list) list.push(index);
    else pointsByPlant.set(point.plantId, [index]);
  });
  return {
    canLoad: catalogue.plants.map(canBeLoadingPlant),
    canDeliver: catalogue.plants.map(canBeDeliveryPlant),
    plantIndexById,
    plantOfPoint: Int32Array.from(catalogue.loadingPoints, (point) => plantIndexById.get(point.plantId) ?? -1),
    pointsByPlant,
    contactWords: catalogue.customers.map((c) => new Set(tokenize(c.contactPerson ?? '').map((t) => t.norm))),
    customerByInitials: customersByInitials(catalogue.customers.map((c) => c.company)),
  };
}
