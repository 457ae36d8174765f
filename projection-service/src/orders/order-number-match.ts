/**
 * Where a typed text occurs in an order number, as arithmetic on its digits. Every order number has
 * the shape `S` + six digits + `-` + four digits (the OrderCreated schema), stored as the number of
 * its ten digits (`order_seq`, orders.ts): `S261121-4711` is 2611214711. A text occurs in it at some
 * offsets; at each, the digits it covers must equal the text's. So a search on the order number
 * needs no text comparison per row.
 */

/** The order number's characters, lowercase: `s`, six digits, `-`, four digits. */
const SHAPE = 's000000-0000';
const DIGITS = 10;

/** A run of digits the text fixes: the digits from `first` to `last` (0-based, of ten) equal `value`. */
export interface DigitRun {
  first: number;
  last: number;
  value: number;
}

/**
 * The ways `text` (lowercase) can occur in an order number: one list of digit runs per offset where
 * it fits (an empty list: it occurs in every order number, `s` or `-`). No way: it occurs in none.
 */
export function orderNumberPlacements(text: string): DigitRun[][] {
  const placements: DigitRun[][] = [];
  const seen = new Set<string>();
  for (let offset = 0; offset + text.length <= SHAPE.length; offset++) {
    const runs = runsAt(text, offset);
    if (!runs) continue;
    const key = JSON.stringify(runs);
    if (seen.has(key)) continue;
    seen.add(key);
    placements.push(runs);
  }
  return placements;
}

/** The whole order number's digits, when `text` is one (`s261121-4711`), else null. */
export function exactOrderSeq(text: string): number | null {
  if (text.length !== SHAPE.length) return null;
  const runs = runsAt(text, 0);
  return runs ? Number(runs.map((r) => String(r.value).padStart(r.last - r.first + 1, '0')).join('')) : null;
}

function runsAt(text: string, offset: number): DigitRun[] | null {
  const runs: DigitRun[] = [];
  let digits = '';
  let first = -1;
  const close = () => {
    if (digits) runs.push({ first, last: first + digits.length - 1, value: Number(digits) });
    digits = '';
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    const slot = SHAPE[offset + i]!;
    if (slot !== '0') {
      if (c !== slot) return null;
      close();
      continue;
    }
    if (c < '0' || c > '9') return null;
    if (!digits) first = digitIndex(offset + i);
    digits += c;
  }
  close();
  return runs;
}

/** The place among the ten digits of the character at `position` of SHAPE. */
function digitIndex(position: number): number {
  return position < 7 ? position - 1 : position - 2;
}

/**
 * SQL over `column` (the ten digits as bigint) true where one of the placements holds; the numbers
 * go in as parameters through `param`. Null when there is no placement.
 */
export function orderNumberCondition(column: string, placements: DigitRun[][], param: (value: unknown) => string): string | null {
  if (placements.length === 0) return null;
  if (placements.some((runs) => runs.length === 0)) return 'true';
  const conditions = placements.map((runs) =>
    runs
      .map((r) => {
        const below = 10 ** (DIGITS - 1 - r.last);
        const width = 10 ** (r.last - r.first + 1);
        return `(${column} / ${param(below)}::bigint) % ${param(width)}::bigint = ${param(r.value)}::bigint`;
      })
      .join(' AND '),
  );
  return conditions.map((c) => `(${c})`).join(' OR ');
}
