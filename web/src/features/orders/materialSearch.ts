import type { Material } from '../../api/types';
import { favoritesFirst } from './orderForm';

/** §4.3: the inline material search starts at 2 characters and shows up to 5 suggestions; the form shows up to 10 (§2.7). */
export const MATERIAL_SEARCH_MIN_CHARS = 2;
export const INLINE_MATERIAL_LIMIT = 5;
export const FORM_MATERIAL_LIMIT = 10;

/** Materials usable for an order from `plantId`: active, and plant-specific ones only for their plants. */
export function materialsForPlant(materials: readonly Material[], plantId: string | null): Material[] {
  return materials.filter(
    (material) => material.status !== 'inactive' && (!material.plantSpecific || !plantId || material.assignedPlants.includes(plantId)),
  );
}

/** Materials a loading plant offers, the user's favourites first (the wizard's and the template's lists). */
export function materialsAtPlant(materials: readonly Material[], plantId: string, favorites: readonly string[] = []): Material[] {
  return favoritesFirst(materialsForPlant(materials, plantId || null), favorites, (m) => m.id);
}

/** Matches name, code and category; the user's favourites first, then names starting with the term. */
export function searchMaterials(
  materials: readonly Material[],
  term: string,
  limit: number,
  favorites: readonly string[] = [],
): Material[] {
  const needle = term.trim().toLocaleLowerCase('de-DE');
  if (needle.length < MATERIAL_SEARCH_MIN_CHARS) return [];
  const scored: { material: Material; score: number }[] = [];
  for (const material of materials) {
    const name = material.name.toLocaleLowerCase('de-DE');
    let score = 0;
    if (name.startsWith(needle)) score = 3;
    else if (name.includes(needle)) score = 2;
    else if ((material.materialCode ?? '').toLocaleLowerCase('de-DE').includes(needle)) score = 1.5;
    else if ((material.category ?? '').toLocaleLowerCase('de-DE').includes(needle)) score = 1;
    if (score > 0) scored.push({ material, score });
  }
  const favorite = (m: Material) => (favorites.includes(m.id) ? 1 : 0);
  scored.sort(
    (a, b) => favorite(b.material) - favorite(a.material) || b.score - a.score || a.material.name.localeCompare(b.material.name, 'de-DE'),
  );
  return scored.slice(0, limit).map((entry) => entry.material);
}
