import { fold, LATIN_LETTERS } from './text';

/**
 * Numbers as voice-to-text writes them (`fünfundzwanzig tonnen`, `kies acht sechzehn`, `sechsundzwanzig
 * komma fünf`, `cem drei`, `silo zwei`) turned into digits, so that amounts, grain sizes, hours and
 * names read as if typed. Each number is written into the place of its words and padded with spaces:
 * every position still points at the same word of the original text, which the notes are cut from.
 */

// Maps, not objects: looking up a word just cut from the text in an object costs several times more.
const ONES = new Map(Object.entries({ eins: 1, ein: 1, zwei: 2, zwo: 2, drei: 3, vier: 4, fuenf: 5, sechs: 6, sieben: 7, acht: 8, neun: 9 }));
const TEENS = new Map(Object.entries({
  null: 0,
  zehn: 10,
  elf: 11,
  zwoelf: 12,
  dreizehn: 13,
  vierzehn: 14,
  fuenfzehn: 15,
  sechzehn: 16,
  siebzehn: 17,
  achtzehn: 18,
  neunzehn: 19,
}));
const TENS = new Map(Object.entries({ zwanzig: 20, dreissig: 30, vierzig: 40, fuenfzig: 50, sechzig: 60, siebzig: 70, achtzig: 80, neunzig: 90 }));
/** The three above as one. */
const SIMPLE = new Map([...ONES, ...TEENS, ...TENS]);
const COMPOUND = /^(ein|zwei|drei|vier|fuenf|sechs|sieben|acht|neun)und([a-z]+)$/;

/** A folded word as a number 0…99; NaN for any other word. `ein` alone is an article, left to the recognisers. */
export function spokenValue(folded: string): number {
  if (folded === 'ein') return Number.NaN;
  const simple = SIMPLE.get(folded);
  if (simple !== undefined) return simple;
  const compound = folded.includes('und') ? COMPOUND.exec(folded) : null;
  const tens = compound ? TENS.get(compound[2]!) : undefined;
  return compound && tens !== undefined ? ONES.get(compound[1]!)! + tens : Number.NaN;
}

/** Whatever a spoken number contains (a cheap test before the words are looked at). */
const NUMBER_STEM = /null|eins|zwei|zwo|drei|vier|f(?:ü|ue)nf|sechs|sieb|acht|neun|zehn|elf|zw(?:ö|oe)lf|zig|(?:ß|ss)ig/;
const WORD = new RegExp(`[${LATIN_LETTERS}]+|\\d+`, 'gu');
/** Digits said apart (`Kies 8 16`, as voice-to-text writes a grain size) are a grain size too. */
const DIGITS_APART = /\d\s+\d/;
/** `drei viertel acht` is a time of day (07:45), read by the time recogniser as said. */
const KEPT_BEFORE = new Set(['viertel']);

interface SpokenWord {
  start: number;
  end: number;
  value: number;
  /** Typed as digits: stays as it is but in a grain size said apart. */
  typed: boolean;
  /** The word before it, folded (for a grain size: `kies acht sechzehn`). */
  before: string;
}

/**
 * `text` with its spoken numbers as digits, the same length. `grains` are the grain sizes of the
 * catalogue's materials (`8/16`) and `materialWords` the words of their names: two numbers after such
 * a word that form such a size are that size (`sand null zwei`, `Kies 8 16`; `um sieben acht` is none).
 */
export function digitsForSpokenNumbers(text: string, grains: ReadonlySet<string>, materialWords: ReadonlySet<string>): string {
  const lower = text.toLowerCase();
  if (lower.length !== text.length || !(NUMBER_STEM.test(lower) || DIGITS_APART.test(lower))) return text;
  const words: { start: number; end: number; folded: string }[] = [];
  for (const m of lower.matchAll(WORD)) words.push({ start: m.index, end: m.index + m[0].length, folded: fold(m[0]) });
  const spoken: (SpokenWord | null)[] = words.map((w, i) => {
    const typed = /^\d/.test(w.folded);
    const value = typed ? Number(w.folded) : spokenValue(w.folded);
    if (Number.isNaN(value) || KEPT_BEFORE.has(words[i + 1]?.folded ?? '')) return null;
    return { start: w.start, end: w.end, value, typed, before: words[i - 1]?.folded ?? '' };
  });
  if (spoken.every((s) => s === null || s.typed) && !DIGITS_APART.test(lower)) return text;

  let out = text;
  for (let i = 0; i < spoken.length; i++) {
    const first = spoken[i];
    if (!first) continue;
    const second = spoken[i + 1];
    if (second && adjacent(text, words, i, i + 1) && materialWords.has(first.before) && grains.has(`${first.value}/${second.value}`)) {
      out = written(out, first.start, second.end, `${first.value}/${second.value}`);
      i++;
      continue;
    }
    const decimal = spoken[i + 2];
    if (!first.typed && words[i + 1]?.folded === 'komma' && decimal && adjacent(text, words, i, i + 1) && adjacent(text, words, i + 1, i + 2) && decimal.value < 10) {
      out = written(out, first.start, decimal.end, `${first.value},${decimal.value}`);
      i += 2;
      continue;
    }
    if (!first.typed) out = written(out, first.start, first.end, String(first.value));
  }
  return out;
}

// Functions of their own, not closures: the runtime (tsx) names every named closure as it is made,
// which costs more than the call.

/** `text` with `digits` in the place of the characters from `start` to `end`, padded with spaces. */
function written(text: string, start: number, end: number, digits: string): string {
  return text.slice(0, start) + digits.padEnd(end - start, ' ') + text.slice(end);
}

/** Whether only spaces stand between two words (no comma: `um sieben, acht` is a list). */
function adjacent(text: string, words: readonly { start: number; end: number }[], a: number, b: number): boolean {
  return /^\s+$/.test(text.slice(words[a]!.end, words[b]!.start));
}
