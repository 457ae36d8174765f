import { canBeDeliveryPlant, canBeLoadingPlant, type PlantClassification } from '../plant/plant-eligibility';

/** A plant as the search sees it; read-model rows and API objects both fit. */
export interface SearchablePlant extends PlantClassification {
  name: string;
  city?: string | null;
  address?: string | null;
}

/** `loading`: plants that may be Ladewerk; `delivery`: plants that may be Lieferwerk (§5.5). */
export type PlantRoleFilter = 'all' | 'loading' | 'delivery';

export interface PlantSearchOptions {
  role?: PlantRoleFilter;
  limit?: number;
}

/** §9: plant search limit 20; the plant list (empty query) is limited to 100. */
export const PLANT_SEARCH_LIMIT = 20;
export const PLANT_LIST_LIMIT = 100;
/** §5.5: only words longer than 2 characters score on their own. */
const MIN_WORD_LENGTH = 3;

// Points of orders.md §9.
const WHOLE_QUERY_POINTS = { nameContains: 100, cityContains: 80, addressContains: 60, nameStartsWith: 50, cityStartsWith: 30 };
const WORD_POINTS = { name: 30, city: 20, address: 10 };

function lower(value: string | null | undefined): string {
  return (value ?? '').toLocaleLowerCase('de');
}

/** Relevance of a plant for a query, case-insensitive; 0 means "no match". */
export function scorePlant(plant: SearchablePlant, query: string): number {
  const q = lower(query).trim();
  if (q === '') return 0;
  const name = lower(plant.name);
  const city = lower(plant.city);
  const address = lower(plant.address);

  let score = 0;
  if (name.includes(q)) score += WHOLE_QUERY_POINTS.nameContains;
  if (city.includes(q)) score += WHOLE_QUERY_POINTS.cityContains;
  if (address.includes(q)) score += WHOLE_QUERY_POINTS.addressContains;
  if (name.startsWith(q)) score += WHOLE_QUERY_POINTS.nameStartsWith;
  if (city.startsWith(q)) score += WHOLE_QUERY_POINTS.cityStartsWith;

  for (const word of q.split(/\s+/)) {
    if (word.length < MIN_WORD_LENGTH) continue;
    if (name.includes(word)) score += WORD_POINTS.name;
    if (city.includes(word)) score += WORD_POINTS.city;
    if (address.includes(word)) score += WORD_POINTS.address;
  }
  return score;
}

export function matchesRole(plant: PlantClassification, role: PlantRoleFilter): boolean {
  if (role === 'loading') return canBeLoadingPlant(plant);
  if (role === 'delivery') return canBeDeliveryPlant(plant);
  return true;
}

function byName(a: SearchablePlant, b: SearchablePlant): number {
  return a.name.localeCompare(b.name, 'de');
}

/**
 * Plants for a search box: filtered by role, scored, score 0 dropped, best first, equal scores by
 * name, at most `limit`. An empty query lists every plant of the role by name, because selectors
 * show the list before anything is typed.
 */
export function searchPlants<P extends SearchablePlant>(plants: readonly P[], query: string, options: PlantSearchOptions = {}): P[] {
  const { role = 'all' } = options;
  const candidates = plants.filter((plant) => matchesRole(plant, role));
  if (query.trim() === '') return candidates.sort(byName).slice(0, options.limit ?? PLANT_LIST_LIMIT);

  return candidates
    .map((plant) => ({ plant, score: scorePlant(plant, query) }))
    .filter(({ score }) => score > 0)
    .sort((a, b) => b.score - a.score || byName(a.plant, b.plant))
    .slice(0, options.limit ?? PLANT_SEARCH_LIMIT)
    .map(({ plant }) => plant);
}
