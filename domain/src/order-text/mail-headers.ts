import { B, E, pattern, type TextScan } from './text';

/**
 * When a forwarded or answered e-mail was written (`Gesendet: Donnerstag, 19. November 2026 16:02`,
 * `Am 19.11.2026 um 16:02 schrieb Jan Petersen:`): no delivery date or time, so taken before those
 * are looked for.
 */
const SENT = pattern(`${B}(?:gesendet|sent)\\s*(?::|am)\\s*[^\\n]{0,60}?\\d{1,2}:\\d{2}(?:\\s*uhr)?${E}`);
const WROTE = pattern(`${B}am\\s+[^\\n]{0,40}?\\d{1,2}:\\d{2}(?:\\s*uhr)?\\s+schrieb${E}`);

/** Who signs for whom (`i. A.`, `i.V.`, `gez.`): a letter's formula, no remark on the order. */
const SIGNED_FOR = pattern(`${B}(?:i\\.\\s?[av]\\.|gez\\.)`);

/** An e-mail address: the mailbox and the top-level domain around the domain's name (`j.petersen@` `nordbeton` `.de`). */
const ADDRESS = /[\p{L}\d._%+-]+@(?:[\p{L}\d-]+\.)*?([\p{L}\d-]+)\.[a-z]{2,6}(?![\p{L}\d])/gu;

/**
 * Takes what an e-mail's header says besides the order: when it was written, who signs for whom, and
 * of an address all but the domain's name, which may name the customer (`@nordbeton.de`) and otherwise is no note.
 */
export function takeMailHeaders(scan: TextScan): void {
  if (scan.mentions('gesendet', 'sent')) scan.claim(SENT, () => true);
  if (scan.mentions('schrieb')) scan.claim(WROTE, () => true);
  if (scan.mentions('i.', 'gez.')) scan.claim(SIGNED_FOR, () => true);
  if (!scan.mentions('@')) return;
  for (const m of scan.lower.matchAll(ADDRESS)) {
    const nameStart = m.index + m[0].lastIndexOf(m[1]!, m[0].lastIndexOf('.'));
    const nameEnd = nameStart + m[1]!.length;
    scan.take(m.index, nameStart);
    scan.take(nameEnd, m.index + m[0].length);
  }
}
