/**
 * pdfkit's built-in Helvetica only has the WinAnsi (cp1252) glyphs; anything else comes out as
 * garbage. User-entered texts (notes, names) are therefore mapped onto that set before rendering.
 */

/** The cp1252 characters above Latin-1 that WinAnsi adds (€, typographic quotes, dashes, ...). */
const CP1252_EXTRAS = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/** Characters without a WinAnsi glyph and without a decomposition that would yield one. */
const FALLBACKS: Record<string, string> = {
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  ı: 'i',
  ẞ: 'SS',
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2212': '-',
  '\u2032': "'",
  '\u2033': '"',
  '\u2192': '->',
  '\u2190': '<-',
  '\u2264': '<=',
  '\u2265': '>=',
};

const SPACES = /[\t\u2000-\u200a\u202f\u205f\u3000]/g;

function isWinAnsi(ch: string): boolean {
  const code = ch.codePointAt(0) ?? 0;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || CP1252_EXTRAS.has(ch) || ch === '\n';
}

function mapChar(ch: string): string {
  if (isWinAnsi(ch)) return ch;
  const fallback = FALLBACKS[ch];
  if (fallback !== undefined) return fallback;
  const code = ch.codePointAt(0) ?? 0;
  // Control characters (C0 without the newline, DEL, C1) carry nothing printable.
  if (code < 0x20 || (code >= 0x7f && code < 0xa0)) return '';
  // Letters with accents WinAnsi lacks (ő, č, ș, ...) keep their base letter.
  const base = ch.normalize('NFD').replace(/\p{M}/gu, '');
  if (base && [...base].every(isWinAnsi)) return base;
  return '?';
}

/** `text` with every character Helvetica cannot show replaced by its closest WinAnsi form. */
export function toWinAnsi(text: string): string {
  // NFC first, so that a decomposed "a + ¨" becomes the one glyph "ä".
  const normalized = text.normalize('NFC').replace(/\r\n?/g, '\n').replace(SPACES, ' ');
  let out = '';
  for (const ch of normalized) out += mapChar(ch);
  return out;
}
