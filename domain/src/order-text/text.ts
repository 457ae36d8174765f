import { scanTokens } from './token-scanner';

/**
 * Text handling of the order-text parser: folding for comparison, tokens with their place in the
 * original text, and a scan that hands out each character to at most one recogniser.
 */

const UMLAUTS: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss' };

/** Lower case, umlauts written out (ä → ae, ß → ss) and accents dropped: `Lägerdorf` and `laegerdorf` fold alike. */
export function fold(value: string): string {
  // Most words of a note are plain lower-case ASCII already (the scan lower-cases the text): a loop
  // tells so faster than a pattern, for words this short.
  if (isLowerAsciiOrDigits(value)) return value;
  const german = foldGerman(value);
  if (german !== null) return german;
  return value
    .toLocaleLowerCase('de')
    .replace(/[äöüß]/g, (c) => UMLAUTS[c] ?? c)
    .normalize('NFD')
    .replace(/\p{M}/gu, '');
}

/** The umlauts and ß, in either case, written out. */
const UMLAUT_CODES = new Map([...'äöüßÄÖÜ'].map((c) => [c.charCodeAt(0), UMLAUTS[c.toLowerCase()]!]));

/**
 * `fold` of a word of ASCII and German letters only (`Mörtelwerk`, `für`), by a loop instead of a
 * pattern and a replace: most other words of a note are such. Null for any other word.
 */
function foldGerman(value: string): string | null {
  let out = '';
  let from = 0;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c < 128) {
      if (c < 65 || c > 90) continue;
      out += value.slice(from, i) + String.fromCharCode(c + 32);
    } else {
      const written = UMLAUT_CODES.get(c);
      if (written === undefined) return null;
      out += value.slice(from, i) + written;
    }
    from = i + 1;
  }
  return out + value.slice(from);
}

function isLowerAsciiOrDigits(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (!((c >= 97 && c <= 122) || (c >= 48 && c <= 57))) return false;
  }
  return true;
}

/**
 * Lower case with every character kept in its place (regex positions stay valid for the original);
 * a character whose lower case is longer (rare outside German) is left as it is.
 */
export function lowerInPlace(value: string): string {
  // German lower-cases letter for letter (no locale rule of `de` differs from the root one).
  const lower = value.toLowerCase();
  if (lower.length === value.length) return lower;
  let out = '';
  for (let i = 0; i < value.length; i++) {
    const c = value[i]!;
    const lower = c.toLocaleLowerCase('de');
    out += lower.length === 1 ? lower : c;
  }
  return out;
}

/** Pattern source with `ä ö ü ß` also accepting `ae oe ue ss`, since people type both. */
export function de(source: string): string {
  return source.replace(/[äöüß]/g, (c) => `(?:${c}|${UMLAUTS[c]})`);
}

/**
 * Letters as the patterns see them, for a character class: the Latin letters with their accents
 * (U+00C0–U+024F, U+1E00–U+1EFF). Not `\p{L}`: in the look-behind that every pattern starts with,
 * tried at every position, that class took about half of the patterns' time; notes are written in
 * Latin letters.
 */
export const LATIN_LETTERS = 'a-zA-Z\\u00c0-\\u00d6\\u00d8-\\u00f6\\u00f8-\\u024f\\u1e00-\\u1eff';
/** Letters and digits: what a word boundary is not next to. */
export const WORD_CHARS = `${LATIN_LETTERS}\\d`;

/** Word boundaries that know letters beyond ASCII (JS `\b` does not). */
export const B = `(?<![${WORD_CHARS}])`;
export const E = `(?![${WORD_CHARS}])`;

export function pattern(source: string): RegExp {
  return new RegExp(de(source), 'gu');
}

/** Whether a global `pattern` matches `text` anywhere (from its start, whatever it matched before). */
export function hasMatch(re: RegExp, text: string): boolean {
  re.lastIndex = 0;
  return re.test(text);
}

export type TokenKind = 'word' | 'number' | 'grain' | 'punct';

export interface Token {
  /** Normalised form compared with the catalogue. */
  norm: string;
  kind: TokenKind;
  start: number;
  end: number;
  /** Tokens cut from one hyphenated or glued word share a group (codes like `K-0816` match the whole). */
  group: number;
}

const NUMBER_WORDS = new Map(Object.entries({
  ein: 1,
  eine: 1,
  einen: 1,
  einem: 1,
  einer: 1,
  eins: 1,
  zwei: 2,
  zwo: 2,
  drei: 3,
  vier: 4,
  fuenf: 5,
  sechs: 6,
  sieben: 7,
  acht: 8,
  neun: 9,
  zehn: 10,
  elf: 11,
  zwoelf: 12,
}));
/** Counts and hours written as words, as a pattern group (`zwei LKW`, `acht Uhr`). */
export const NUMBER_WORD = '(?:eins?|einen|einem|einer|eine|zwei|zwo|drei|vier|fünf|sechs|sieben|acht|neun|zehn|elf|zwölf)';

/** `3`, `zwei`, `fünf` → number; anything else → NaN. */
export function countValue(value: string): number {
  const folded = fold(value);
  return /^\d+$/.test(folded) ? Number(folded) : (NUMBER_WORDS.get(folded) ?? Number.NaN);
}

/** German or English decimal (`26,5`, `26.5`) → number. */
export function decimalValue(value: string): number {
  return Number(value.replace(',', '.'));
}

function stripZeros(digits: string): string {
  return digits.replace(/^0+(?=\d)/, '');
}

const LETTERS = /^\p{L}+$/u;
const ROMAN: Record<string, string> = { '1': 'i', '2': 'ii', '3': 'iii' };

/**
 * Tokens of `text` with their positions: grain sizes (8/16, 0/2er, 8-16) before numbers before
 * words; a slash between words is punctuation (see token-scanner.ts). Words are folded and cut at
 * hyphens and between letters and digits (`cem1` → `cem 1`); `CEM 1` becomes `cem i`, the way cement
 * names are written.
 */
export function tokenize(text: string, firstGroup = 0): Token[] {
  const tokens: Token[] = [];
  let group = firstGroup;
  for (const span of scanTokens(text)) {
    const { start, end } = span;
    group++;
    if (span.kind === 'grain') {
      const a = stripZeros(text.slice(start, span.firstEnd));
      const b = stripZeros(text.slice(span.secondStart, span.secondEnd));
      tokens.push({ norm: `${a}/${b}`, kind: 'grain', start, end, group });
    } else if (span.kind === 'number') {
      tokens.push({ norm: text.slice(start, end).replace('.', ','), kind: 'number', start, end, group });
    } else if (span.kind === 'word' && span.lettersOnly) {
      // Most words are letters only: one token, no cutting.
      tokens.push({ norm: fold(text.slice(start, end)), kind: 'word', start, end, group });
    } else if (span.kind === 'word') {
      let offset = start;
      for (const part of text.slice(start, end).split(/[-'’]/)) {
        const partStart = text.indexOf(part, offset);
        offset = partStart + part.length;
        // Letters and digits apart (`silo2` → `silo 2`).
        const pieces = LETTERS.test(part) ? [{ 0: part, index: 0 }] : part.matchAll(/\p{L}+|\d+/gu);
        for (const piece of pieces) {
          const s = partStart + piece.index;
          const isNumber = /^\d/.test(piece[0]);
          tokens.push({ norm: isNumber ? stripZeros(piece[0]) : fold(piece[0]), kind: isNumber ? 'number' : 'word', start: s, end: s + piece[0].length, group });
        }
      }
    } else {
      tokens.push({ norm: text.slice(start, end), kind: 'punct', start, end, group });
    }
  }
  for (let i = 1; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (tokens[i - 1]!.norm === 'cem' && t.kind === 'number' && ROMAN[t.norm]) t.norm = ROMAN[t.norm]!;
  }
  return tokens;
}

/** Stands in a view for a character already taken. */
export const BLANK = '\uE000';

/** `view` with the characters from `start` to `end` blanked. */
function blanked(view: string, start: number, end: number): string {
  const to = Math.min(end, view.length);
  return to <= start ? view : view.slice(0, start) + BLANK.repeat(to - start) + view.slice(to);
}

const TAKEN = 1;
const GUARDED = 2;

const LETTERS_A_TO_Z = 26;

/** Which pairs of the letters a–z stand side by side in `lower`, as bits: see mayHold. */
function letterPairsOf(lower: string): number[] {
  const bits = new Array<number>(Math.ceil((LETTERS_A_TO_Z * LETTERS_A_TO_Z) / 32)).fill(0);
  let before = -1;
  for (let i = 0; i < lower.length; i++) {
    const c = lower.charCodeAt(i) - 97;
    const letter = c >= 0 && c < LETTERS_A_TO_Z;
    if (letter && before >= 0) {
      const pair = before * LETTERS_A_TO_Z + c;
      bits[pair >> 5]! |= 1 << (pair & 31);
    }
    before = letter ? c : -1;
  }
  return bits;
}

/**
 * Whether a text with these letter pairs may hold `word`: false when a pair of neighbouring letters
 * (a–z) of the word stands nowhere side by side in it. Most words a parse asks for are not in the
 * note, and nearly all of them fail here without a search.
 */
function mayHold(pairs: readonly number[], word: string): boolean {
  let before = -1;
  for (let i = 0; i < word.length; i++) {
    const c = word.charCodeAt(i) - 97;
    const letter = c >= 0 && c < LETTERS_A_TO_Z;
    if (letter && before >= 0) {
      const pair = before * LETTERS_A_TO_Z + c;
      if ((pairs[pair >> 5]! & (1 << (pair & 31))) === 0) return false;
    }
    before = letter ? c : -1;
  }
  return true;
}

/** Where a character is no longer free. `protected` keeps names like `Silo 2` from being read as counts or times. */
export class TextScan {
  readonly lower: string;
  /**
   * By character, TAKEN and GUARDED as bits: one plain array, since making a typed array (of more
   * than 64 bytes) costs several times more than filling one.
   */
  private readonly marks: number[];
  /** The views once built, kept up to date by every take and guard. */
  private views: (string | undefined)[] = [];
  private digit: boolean | undefined;
  private pairs: number[] | undefined;

  constructor(readonly text: string) {
    this.lower = lowerInPlace(text);
    this.marks = new Array<number>(text.length).fill(0);
  }

  /**
   * The lower-case text with taken (and, if asked, guarded) characters replaced by a private-use
   * character: no pattern's `\s` or `\p{L}` bridges what another recogniser already took.
   */
  view(withGuarded: boolean): string {
    const k = withGuarded ? 1 : 0;
    const cached = this.views[k];
    if (cached !== undefined) return cached;
    // Copied in runs, not character by character: texts may be 2,000 characters long.
    const parts: string[] = [];
    let i = 0;
    while (i < this.lower.length) {
      let j = i;
      const blank = this.isBlank(i, withGuarded);
      while (j < this.lower.length && this.isBlank(j, withGuarded) === blank) j++;
      parts.push(blank ? BLANK.repeat(j - i) : this.lower.slice(i, j));
      i = j;
    }
    const out = parts.join('');
    this.views[k] = out;
    return out;
  }

  take(start: number, end: number): void {
    this.mark(TAKEN, start, end);
    // Both views blank what is taken: patched in place instead of built anew.
    this.views = this.views.map((view) => view && blanked(view, start, end));
  }

  guard(start: number, end: number): void {
    this.mark(GUARDED, start, end);
    this.views[1] &&= blanked(this.views[1], start, end);
  }

  isTaken(start: number, end: number): boolean {
    for (let i = start; i < end; i++) if (this.marks[i]! & TAKEN) return true;
    return false;
  }

  private mark(bit: number, start: number, end: number): void {
    const to = Math.min(end, this.marks.length);
    for (let i = Math.max(0, start); i < to; i++) this.marks[i]! |= bit;
  }

  private isBlank(i: number, withGuarded: boolean): boolean {
    return (this.marks[i]! & (withGuarded ? TAKEN | GUARDED : TAKEN)) !== 0;
  }

  /** Whether the lower-case text contains one of `words` at all (a cheap test before a costly pattern). */
  mentions(...words: string[]): boolean {
    return this.mentionsOneOf(words);
  }

  /**
   * `mentions` for a constant list of words. A parse asks this some thirty times, mostly for words
   * the text does not hold: the pairs of letters the text holds answer most of those without a search.
   */
  mentionsOneOf(words: readonly string[]): boolean {
    this.pairs ??= letterPairsOf(this.lower);
    for (let i = 0; i < words.length; i++) if (mayHold(this.pairs, words[i]!) && this.lower.includes(words[i]!)) return true;
    return false;
  }

  /** Whether the lower-case text has a match of `re` (a plain, non-global pattern a costly one needs). */
  contains(re: RegExp): boolean {
    return re.test(this.lower);
  }

  /** Whether the text has a digit at all (amounts and dates need one). */
  hasDigit(): boolean {
    this.digit ??= /\d/.test(this.lower);
    return this.digit;
  }

  /** Runs `re` over the free text and takes what `onMatch` accepts (returns true for). */
  claim(re: RegExp, onMatch: (m: RegExpExecArray) => boolean, respectGuard = true): void {
    const view = this.view(respectGuard);
    re.lastIndex = 0;
    for (let m = re.exec(view); m !== null; m = re.exec(view)) {
      if (m[0].length === 0) {
        re.lastIndex++;
        continue;
      }
      if (onMatch(m)) this.take(m.index, m.index + m[0].length);
    }
  }
}
