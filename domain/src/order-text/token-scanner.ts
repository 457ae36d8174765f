/**
 * The raw token spans of a text, found in one pass over its characters. Equivalent to the pattern
 *
 *   (\d{1,3})\s*\/\s*(\d{1,3})(?:er)?(?![\p{L}\d])        grain size 8/16, 0/2er
 *   | (\d{1,3})\s*[-–]\s*(\d{1,3})(?:er)?(?![\p{L}\d])    grain size 8-16
 *   | (\d+(?:[.,]\d+)?)                                   number 26,5
 *   | ([\p{L}\d]+(?:[-'’][\p{L}\d]+)*)                    word, with hyphens and apostrophes
 *                                                        (ending before a grain size typed onto
 *                                                        its letters: `kies8/16` is `kies` `8/16`)
 *   | ([,.;:!?/()&+])                                     punctuation
 *
 * run with the flags `gu` (every other character is skipped), written out by hand: the pattern
 * was the costliest single step of a parse.
 */

export type SpanKind = 'grain' | 'number' | 'word' | 'punct';

export interface TokenSpan {
  kind: SpanKind;
  start: number;
  end: number;
  /** Grain sizes: where the second number starts and ends (the first starts at `start`, ends at `firstEnd`). */
  firstEnd: number;
  secondStart: number;
  secondEnd: number;
  /** Words: letters only (no digit, hyphen or apostrophe). */
  lettersOnly: boolean;
}

// By character code, in a table: asking a set for `text[i]` makes a string of each character first,
// and asking a set for the code hashes it, for every space and blank of the text.
const PUNCTUATION = new Uint8Array(128);
for (const c of ',.;:!?/()&+') PUNCTUATION[c.charCodeAt(0)] = 1;
const HYPHEN = 0x2d;
const APOSTROPHE = 0x27;
const RIGHT_QUOTE = 0x2019;

function isPunctuation(code: number): boolean {
  return code < 128 && PUNCTUATION[code] === 1;
}

/** `-`, `'` and `’`: they join the parts of a word. */
function isJoiner(code: number): boolean {
  return code === HYPHEN || code === APOSTROPHE || code === RIGHT_QUOTE;
}
const LETTER = /^\p{L}$/u;

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

/** JavaScript's `\s`. */
function isSpace(code: number): boolean {
  if (code <= 32) return code === 32 || (code >= 9 && code <= 13);
  if (code < 160) return false;
  return (
    code === 0xa0 || code === 0x1680 || (code >= 0x2000 && code <= 0x200a) || code === 0x2028 || code === 0x2029 || code === 0x202f || code === 0x205f || code === 0x3000 || code === 0xfeff
  );
}

/** The length (1, or 2 for a surrogate pair) of the letter at `i`, or 0 when there is none. */
function letterLength(text: string, i: number): number {
  const code = text.charCodeAt(i);
  if (code < 128) return (code >= 65 && code <= 90) || (code >= 97 && code <= 122) ? 1 : 0;
  // Latin-1 letters (ä, ö, ü, ß, é …) without a pattern: all of U+00C0–U+00FF but × and ÷.
  if (code >= 0xc0 && code <= 0xff) return code === 0xd7 || code === 0xf7 ? 0 : 1;
  if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
    const low = text.charCodeAt(i + 1);
    if (low >= 0xdc00 && low <= 0xdfff) return LETTER.test(text.slice(i, i + 2)) ? 2 : 0;
  }
  // Not a number: NaN beyond the end.
  return code === code && isOtherLetter(code) ? 1 : 0;
}

/**
 * By character code beyond Latin-1, whether it is a letter: LETTERS_SEEN, as `LETTER` answered it
 * when the character was first met. A view blanks taken text with a private-use character, and
 * arrows and dashes stand in many notes: asking the pattern for each of them cost a string and a
 * test every time.
 */
const LETTERS_SEEN = new Uint8Array(0x10000);
const SEEN_LETTER = 1;
const SEEN_OTHER = 2;

function isOtherLetter(code: number): boolean {
  let seen = LETTERS_SEEN[code]!;
  if (seen === 0) LETTERS_SEEN[code] = seen = LETTER.test(String.fromCharCode(code)) ? SEEN_LETTER : SEEN_OTHER;
  return seen === SEEN_LETTER;
}

/** The length of the letter or digit at `i` (`[\p{L}\d]`), or 0. */
function wordCharLength(text: string, i: number): number {
  return isDigit(text.charCodeAt(i)) ? 1 : letterLength(text, i);
}

function digitsEnd(text: string, i: number): number {
  while (isDigit(text.charCodeAt(i))) i++;
  return i;
}

function spacesEnd(text: string, i: number): number {
  while (isSpace(text.charCodeAt(i))) i++;
  return i;
}

/** A grain size starting with the digits at `start` (see the pattern above), or null. */
function grainAt(text: string, start: number): TokenSpan | null {
  const firstEnd = digitsEnd(text, start);
  if (firstEnd - start > 3) return null;
  let i = spacesEnd(text, firstEnd);
  const separator = text[i];
  if (separator !== '/' && separator !== '-' && separator !== '–') return null;
  const secondStart = spacesEnd(text, i + 1);
  const secondEnd = digitsEnd(text, secondStart);
  if (secondEnd === secondStart || secondEnd - secondStart > 3) return null;
  i = secondEnd;
  if (text.startsWith('er', i) && wordCharLength(text, i + 2) === 0) i += 2;
  else if (wordCharLength(text, i) !== 0) return null;
  return { kind: 'grain', start, end: i, firstEnd, secondStart, secondEnd, lettersOnly: false };
}

function span(kind: SpanKind, start: number, end: number, lettersOnly = false): TokenSpan {
  return { kind, start, end, firstEnd: end, secondStart: end, secondEnd: end, lettersOnly };
}

/** Every token span of `text`, in order. */
export function scanTokens(text: string): TokenSpan[] {
  const spans: TokenSpan[] = [];
  let i = 0;
  while (i < text.length) {
    const code = text.charCodeAt(i);
    if (isDigit(code)) {
      const grain = grainAt(text, i);
      if (grain) {
        spans.push(grain);
        i = grain.end;
        continue;
      }
      let end = digitsEnd(text, i);
      const mark = text[end];
      if ((mark === '.' || mark === ',') && isDigit(text.charCodeAt(end + 1))) end = digitsEnd(text, end + 1);
      spans.push(span('number', i, end));
      i = end;
      continue;
    }
    let length = letterLength(text, i);
    if (length > 0) {
      let end = i;
      let lettersOnly = true;
      for (;;) {
        while ((length = wordCharLength(text, end)) > 0) {
          if (isDigit(text.charCodeAt(end))) {
            // `kies8/16`, `Sand0/4`: a grain size typed onto its word is a token of its own.
            if (letterLength(text, end - 1) > 0 && grainAt(text, end)) break;
            lettersOnly = false;
          }
          end += length;
        }
        // A hyphen or apostrophe continues the word only when a letter or digit follows it.
        if (!isJoiner(text.charCodeAt(end)) || wordCharLength(text, end + 1) === 0) break;
        lettersOnly = false;
        end++;
      }
      spans.push(span('word', i, end, lettersOnly));
      i = end;
      continue;
    }
    if (isPunctuation(code)) spans.push(span('punct', i, i + 1));
    // Anything else is skipped, a surrogate pair as one character.
    const high = code >= 0xd800 && code <= 0xdbff;
    const low = text.charCodeAt(i + 1);
    i += high && low >= 0xdc00 && low <= 0xdfff ? 2 : 1;
  }
  return spans;
}
