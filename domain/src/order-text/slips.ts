/**
 * Typing slips of one keystroke, for words the parser knows by heart (day names). Catalogue names
 * have their own, wider tolerance in catalogue-index.ts.
 */

/** `alpah` for `alpha`: two neighbouring letters swapped. */
export function isTransposition(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return i + 1 < a.length && a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
}

/** `typed` is `word` with one letter left out. */
function isDeletion(typed: string, word: string): boolean {
  if (typed.length + 1 !== word.length) return false;
  let i = 0;
  while (i < typed.length && typed[i] === word[i]) i++;
  return typed.slice(i) === word.slice(i + 1);
}

/** `typed` is `word` with one letter wrong. */
function isSubstitution(typed: string, word: string): boolean {
  if (typed.length !== word.length) return false;
  let differences = 0;
  for (let i = 0; i < word.length && differences < 2; i++) if (typed[i] !== word[i]) differences++;
  return differences === 1;
}

/**
 * `typed` (folded) is `word` but for one slip: a letter left out or two swapped, and with
 * `allowWrongLetter` also one letter wrong. An added letter does not count: `morgens` and
 * `Montage` are words of their own.
 */
export function oneSlipFrom(typed: string, word: string, allowWrongLetter: boolean): boolean {
  if (typed === word) return false;
  return isDeletion(typed, word) || isTransposition(typed, word) || (allowWrongLetter && isSubstitution(typed, word));
}
