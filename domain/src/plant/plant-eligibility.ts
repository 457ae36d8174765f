/**
 * Which plants may be offered as loading plant (Ladewerk) and as delivery plant (Lieferwerk)
 * (orders.md §5.4 and §5.5). Values are compared case-insensitively because they also come from
 * read-model rows and older data; a missing role counts as the default `both`, a missing type passes.
 */
export interface PlantClassification {
  plantRole?: string | null;
  plantType?: string | null;
}

/** A plant as a command needs it to decide about roles: loaded by the handler, null if not found. */
export interface PlantSummary extends PlantClassification {
  id: string;
}

const LOADING_ROLES = ['loading', 'both'];
const DELIVERY_ROLES = ['delivery', 'both'];
/** §5.5: "the loading plant list includes zementwerk, kieswerk, loading_point, terminal, sonstige or untyped". */
export const LOADING_PLANT_TYPES = ['zementwerk', 'kieswerk', 'loading_point', 'terminal', 'sonstige'] as const;
/** §5.5: "the delivery plant list excludes loading_point and terminal types". */
export const NON_DELIVERY_PLANT_TYPES = ['loading_point', 'terminal'] as const;

function roleOf(plant: PlantClassification): string {
  return plant.plantRole?.trim().toLowerCase() || 'both';
}

function typeOf(plant: PlantClassification): string | null {
  return plant.plantType?.trim().toLowerCase() || null;
}

export function canBeLoadingPlant(plant: PlantClassification): boolean {
  const type = typeOf(plant);
  const typeAllowed = type === null || (LOADING_PLANT_TYPES as readonly string[]).includes(type);
  return LOADING_ROLES.includes(roleOf(plant)) && typeAllowed;
}

export function canBeDeliveryPlant(plant: PlantClassification): boolean {
  const type = typeOf(plant);
  const typeExcluded = type !== null && (NON_DELIVERY_PLANT_TYPES as readonly string[]).includes(type);
  return DELIVERY_ROLES.includes(roleOf(plant)) && !typeExcluded;
}
