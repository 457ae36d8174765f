import { canBeDeliveryPlant, canBeLoadingPlant } from '@dispo/domain/plant/plant-eligibility';
import { fold } from '@dispo/domain/order-text/text';
import type { Customer, LoadingPoint, Material, Plant } from '../../api/types';

/**
 * Autocomplete of the free-text input (§2.4, §9: at most 5 items): the word being typed, completed to
 * a name of the catalogue. Pure functions; the component feeds them the reference data.
 */

export const SUGGESTION_LIMIT = 5;
/** A fragment shorter than this suggests nothing (§2.3: suggestions start at 2 characters). */
export const FRAGMENT_MIN_CHARS = 2;

export type SuggestionKind = 'material' | 'loadingPlant' | 'deliveryPlant' | 'plant' | 'loadingPoint' | 'customer';

export interface Suggestion {
  kind: SuggestionKind;
  /** What is put into the text. */
  value: string;
  /** What the list shows (a loading point with its plant). */
  label: string;
  key: string;
}

/** The word (or two) before the caret that a suggestion would replace. */
export interface Fragment {
  start: number;
  end: number;
  /** The last word, folded. */
  word: string;
  /** The last two words, folded, when there are two (`halde n`). */
  words: string | null;
  /** Where the last two words start. */
  wordsStart: number;
}

const WORD_BEFORE = /[\p{L}\d/.-]+$/u;

/** The fragment typed right before `caret`, or null when the caret is not at the end of a word. */
export function fragmentAt(text: string, caret: number): Fragment | null {
  if (/[\p{L}\d]/u.test(text[caret] ?? '')) return null;
  const before = text.slice(0, caret);
  const last = WORD_BEFORE.exec(before);
  if (!last) return null;
  const start = last.index;
  const previous = /([\p{L}\d/.-]+)\s+$/u.exec(before.slice(0, start));
  // `Halde N`: one letter is enough after a word, not alone.
  if (last[0].length < FRAGMENT_MIN_CHARS && !previous) return null;
  return {
    start,
    end: caret,
    word: fold(last[0]),
    words: previous ? fold(`${previous[1]} ${last[0]}`) : null,
    wordsStart: previous ? previous.index : start,
  };
}

export interface Catalogue {
  materials: readonly Material[];
  plants: readonly Plant[];
  loadingPoints: readonly LoadingPoint[];
  /** Customers the search answered for the fragment (GET /api/customers/search/query). */
  customers: readonly Customer[];
}

const KIND_ORDER: SuggestionKind[] = ['material', 'loadingPlant', 'deliveryPlant', 'plant', 'loadingPoint', 'customer'];

function plantKind(plant: Plant): SuggestionKind {
  const role = { plantRole: plant.plant_role, plantType: plant.plant_type };
  const loading = canBeLoadingPlant(role);
  const delivery = canBeDeliveryPlant(role);
  return loading && delivery ? 'plant' : loading ? 'loadingPlant' : 'deliveryPlant';
}

interface Ranked {
  suggestion: Suggestion;
  rank: number;
  /** Replaces the last two words (true) or the last word. */
  two: boolean;
}

/**
 * How well `name` completes the fragment: the two last words begin the name (3), the last word begins
 * it (2), the last word begins one of its words (1), or not at all (0). A name already typed in full
 * is no suggestion.
 */
function rankOf(name: string, fragment: Fragment): { rank: number; two: boolean } {
  const folded = fold(name);
  if (folded === fragment.word || folded === fragment.words) return { rank: 0, two: false };
  if (fragment.words && folded.startsWith(fragment.words)) return { rank: 3, two: true };
  if (fragment.word.length < FRAGMENT_MIN_CHARS) return { rank: 0, two: false };
  if (folded.startsWith(fragment.word)) return { rank: 2, two: false };
  if (folded.split(/[\s/-]+/).some((word) => word.startsWith(fragment.word))) return { rank: 1, two: false };
  return { rank: 0, two: false };
}

/** At most SUGGESTION_LIMIT names of the catalogue that complete `fragment`, best first. */
export function suggest(fragment: Fragment | null, catalogue: Catalogue): (Suggestion & { replaceFrom: number })[] {
  if (!fragment) return [];
  const plantNames = new Map(catalogue.plants.map((plant) => [plant.id, plant.name]));
  const candidates: Suggestion[] = [
    ...catalogue.materials.filter((m) => m.status !== 'inactive').map((m) => ({ kind: 'material' as const, value: m.name, label: m.name, key: `m-${m.id}` })),
    ...catalogue.plants
      .filter((p) => p.status !== 'inactive')
      .map((p) => ({ kind: plantKind(p), value: p.name, label: p.name, key: `p-${p.id}` })),
    ...catalogue.loadingPoints.map((lp) => {
      const plant = plantNames.get(lp.plant_id) ?? lp.plant_name;
      // The plant's name goes with it: `Silo 2` alone is at several plants.
      return { kind: 'loadingPoint' as const, value: `${plant} ${lp.name}`, label: `${lp.name} (${plant})`, key: `lp-${lp.id}` };
    }),
    ...catalogue.customers.map((c) => ({ kind: 'customer' as const, value: c.company, label: c.company, key: `c-${c.id}` })),
  ];
  const ranked: Ranked[] = [];
  const seen = new Set<string>();
  for (const suggestion of candidates) {
    // A loading point is found by its own name (`Halde N` → `Halde Nord (Kieswerk Moorburg)`).
    const name = suggestion.kind === 'loadingPoint' ? suggestion.label : suggestion.value;
    const { rank, two } = rankOf(name, fragment);
    if (rank === 0 || seen.has(suggestion.key)) continue;
    seen.add(suggestion.key);
    ranked.push({ suggestion, rank, two });
  }
  ranked.sort(
    (a, b) =>
      b.rank - a.rank ||
      KIND_ORDER.indexOf(a.suggestion.kind) - KIND_ORDER.indexOf(b.suggestion.kind) ||
      a.suggestion.label.localeCompare(b.suggestion.label, 'de'),
  );
  return ranked.slice(0, SUGGESTION_LIMIT).map(({ suggestion, two }) => ({ ...suggestion, replaceFrom: two ? fragment.wordsStart : fragment.start }));
}

/** The text with the fragment replaced by `value` (and a space), and where the caret goes. */
export function insertSuggestion(text: string, fragment: Fragment, replaceFrom: number, value: string): { text: string; caret: number } {
  const after = text.slice(fragment.end);
  const spacer = after.startsWith(' ') ? '' : ' ';
  const next = `${text.slice(0, replaceFrom)}${value}${spacer}${after}`;
  return { text: next, caret: replaceFrom + value.length + 1 };
}
