import type { OrderTextCatalogue } from '../types';

/**
 * Texts written to be slow for the parser, each up to `maxLength` characters: one sign or word over
 * and over (lists without end, names said hundreds of times, every name of the catalogue), for the
 * fuzz test's time limit and the worst-case figures of `npm run bench:parse`. `words` are the words
 * the parser reacts to.
 */
export function worstCases(catalogue: OrderTextCatalogue, words: readonly string[], maxLength: number): string[] {
  const repeated = (piece: string) => piece.repeat(Math.floor(maxLength / piece.length));
  return [
    'a'.repeat(maxLength),
    repeated('7, '),
    repeated('7 und '),
    repeated('Silo 2 '),
    repeated('Kies 8/16 '),
    repeated('2 LKW '),
    repeated('nach Kiel von Moorburg '),
    '?'.repeat(maxLength),
    repeated('wann? '),
    // Times as issue 21 reads them: slashes, counts, dashes, steps, forms, weeks.
    repeated('6/8/10 '),
    repeated('2x 7 Uhr '),
    repeated('07:00–09:00 '),
    repeated('vormittags 8-12 '),
    repeated('ab 7 Uhr stündlich bis '),
    repeated('Uhrzeit: 9 Menge: 2 '),
    repeated('KW 49 Mo. '),
    repeated('Fr. Do. ca. '),
    // One word glued from name words, and one long word: compounds are looked for in both.
    repeated('Hafenterminal'),
    `${'kies'.repeat(Math.floor(maxLength / 4) - 1)}x`,
    words.join(' ').slice(0, maxLength),
    catalogue.customers.map((c) => c.company).join(', ').slice(0, maxLength),
    catalogue.plants.map((p) => `von ${p.name}`).join(' ').slice(0, maxLength),
    catalogue.materials.map((m) => m.name).join(' ').slice(0, maxLength),
  ];
}
