import { seededRandom } from '@dispo/domain/order-text/testing/large-catalogue';
import { describe, expect, it } from 'vitest';
import { type DigitRun, exactOrderSeq, orderNumberCondition, orderNumberPlacements } from './order-number-match';

/** The placements judged in JS, as the SQL condition judges them on the stored digits. */
function occursIn(seq: number, placements: DigitRun[][]): boolean {
  return placements.some((runs) => runs.every((r) => Math.floor(seq / 10 ** (9 - r.last)) % 10 ** (r.last - r.first + 1) === r.value));
}

const seqOf = (orderNumber: string) => Number(orderNumber.slice(1, 7) + orderNumber.slice(8));

describe('a typed text in an order number, as digits', () => {
  const random = seededRandom(7);
  const digit = () => String(Math.floor(random() * 10));
  const orderNumber = () => `S${Array.from({ length: 6 }, digit).join('')}-${Array.from({ length: 4 }, digit).join('')}`;

  it('occurs exactly where the text occurs in the lowercase number (random numbers, their pieces and others)', () => {
    for (let i = 0; i < 3000; i++) {
      const number = orderNumber();
      const lower = number.toLowerCase();
      const start = Math.floor(random() * lower.length);
      const piece = lower.slice(start, start + 1 + Math.floor(random() * 6));
      const other = i % 3 === 0 ? orderNumber().toLowerCase().slice(2, 2 + Math.floor(random() * 6)) : i % 3 === 1 ? `${digit()}-${digit()}` : `s${digit()}${digit()}`;
      for (const text of [piece, other, lower]) {
        expect({ number, text, found: occursIn(seqOf(number), orderNumberPlacements(text)) }).toEqual({ number, text, found: lower.includes(text) });
      }
    }
  });

  it('has no placement for a text with letters, spaces or too long', () => {
    expect(orderNumberPlacements('kies')).toEqual([]);
    expect(orderNumberPlacements('26 11')).toEqual([]);
    expect(orderNumberPlacements('s261121-47111')).toEqual([]);
    expect(orderNumberPlacements('1s')).toEqual([]);
  });

  it('`s` and `-` occur in every order number: the condition is true', () => {
    const param = () => '$1';
    expect(orderNumberCondition('order_seq', orderNumberPlacements('s'), param)).toBe('true');
    expect(orderNumberCondition('order_seq', orderNumberPlacements('-'), param)).toBe('true');
    expect(orderNumberCondition('order_seq', orderNumberPlacements('x'), param)).toBeNull();
  });

  it('reads a whole order number as its ten digits', () => {
    expect(exactOrderSeq('s261121-4711')).toBe(2611214711);
    expect(exactOrderSeq('s000101-0007')).toBe(1010007);
    expect(exactOrderSeq('s261121-471')).toBeNull();
    expect(exactOrderSeq('s2611214-711')).toBeNull();
  });
});
