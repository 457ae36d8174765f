import type { PlantSummary } from '../plant/plant-eligibility';

/**
 * What an order command needs to know about the records it names. The handler loads them before
 * deciding (null when not found), so that `decide` stays pure.
 */
export interface OrderReferences {
  loadingPlant: PlantSummary | null;
  deliveryPlant: PlantSummary | null;
  loadingPoint: LoadingPointSummary | null;
  material: MaterialSummary | null;
  /** Only when the order names a customer (natural-language entry). */
  customer: CustomerSummary | null;
}

export interface LoadingPointSummary {
  id: string;
  plantId: string;
}

export interface MaterialSummary {
  id: string;
  /** The plants that offer a plant-specific material (Material.assignedPlants); absent or empty: every loading plant. */
  assignedPlantIds?: readonly string[];
  /** Tonnes per m³ (materials catalogue): the planned weight of orders in m³. */
  densityTonsPerCubicMetre?: number | null;
}

export interface CustomerSummary {
  id: string;
}

/**
 * The loaded record if it is the one the input names. A record with another id counts as not
 * found: it would mean the handler loaded the wrong thing, and the order must not point elsewhere.
 */
export function referenced<T extends { id: string }>(record: T | null, id: string): T | null {
  return record?.id === id ? record : null;
}
