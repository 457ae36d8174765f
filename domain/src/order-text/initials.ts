import { fold } from './text';
import { NAME_STOP_WORDS } from './words';

/**
 * Customers written by their initials, the way a dispatcher's shorthand and their e-mail addresses
 * do: `SBH` for Straßenbau Holstein, `BBU` for Bremer Bauunion, `HTB` for Hansa Transportbeton. The
 * initials are those of the name's words, a compound counting by its parts.
 */

/** The last parts of compounds in company names, each standing for a letter of the initials. */
const COMPOUND_HEADS = ['bau', 'beton', 'werk', 'werke', 'union', 'handel', 'stoff', 'stoffe', 'teile', 'technik', 'logistik', 'transport', 'service', 'gruppe', 'kies', 'sand', 'zement'];
/** A part before a head keeps at least this many letters (`Tiefbau` splits, `Bau` does not). */
const MIN_PART = 3;
/** Shorter initials are ordinary words too often (`ab`, `eb`); longer ones are seldom said. */
export const MIN_INITIALS = 3;
export const MAX_INITIALS = 5;

/** `strassenbau` → `strassen`, `bau`; `baustoffhandel` → `bau`, `stoff`, `handel`. */
function compoundParts(word: string): string[] {
  const parts: string[] = [];
  let rest = word;
  for (;;) {
    const head = COMPOUND_HEADS.find((h) => rest.length - h.length >= MIN_PART && rest.endsWith(h));
    if (!head) break;
    parts.unshift(head);
    rest = rest.slice(0, -head.length);
  }
  parts.unshift(rest);
  return parts;
}

/** The initials a company may go by: of its words, and of its words with compounds taken apart. */
function initialsOf(company: string): string[] {
  const words = (fold(company).match(/[a-z]+/g) ?? []).filter((w) => !NAME_STOP_WORDS.has(w));
  const byWord = words.map((w) => w[0]).join('');
  const byPart = words.flatMap(compoundParts).map((p) => p[0]).join('');
  return [...new Set([byWord, byPart])].filter((i) => i.length >= MIN_INITIALS && i.length <= MAX_INITIALS);
}

/** The customer each set of initials names, by customer index; initials two customers share name none. */
export function customersByInitials(companies: readonly string[]): ReadonlyMap<string, number> {
  const found = new Map<string, number>();
  const shared = new Set<string>();
  companies.forEach((company, index) => {
    for (const initials of initialsOf(company)) {
      if (found.has(initials) && found.get(initials) !== index) shared.add(initials);
      else found.set(initials, index);
    }
  });
  for (const initials of shared) found.delete(initials);
  return found;
}

/** `SBH`: letters only, all capitals, of the length initials have. */
export function looksLikeInitials(word: string): boolean {
  return word.length >= MIN_INITIALS && word.length <= MAX_INITIALS && /^\p{Lu}+$/u.test(word);
}
