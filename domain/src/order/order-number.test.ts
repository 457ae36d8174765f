import { describe, expect, it } from 'vitest';
import { isOrderNumber, orderNumberFor } from './order-number';

describe('order numbers', () => {
  it('are S, YYMMDD, a hyphen and four digits', () => {
    expect(orderNumberFor('2026-11-21', 4711)).toBe('S261121-4711');
    expect(orderNumberFor('2027-01-05', 7)).toBe('S270105-0007');
    expect(orderNumberFor('2026-12-31', 0)).toBe('S261231-0000');
  });

  it('refuse an impossible date or random part', () => {
    expect(() => orderNumberFor('2026-13-01', 1)).toThrow(RangeError);
    expect(() => orderNumberFor('2026-11-21', 10_000)).toThrow(RangeError);
    expect(() => orderNumberFor('2026-11-21', 1.5)).toThrow(RangeError);
  });

  it('are recognised', () => {
    expect(isOrderNumber('S261121-4711')).toBe(true);
    expect(isOrderNumber(orderNumberFor('2028-02-29', 99))).toBe(true);
    expect(isOrderNumber('S261321-4711')).toBe(false);
    expect(isOrderNumber('s261121-4711')).toBe(false);
    expect(isOrderNumber('S261121-471')).toBe(false);
    expect(isOrderNumber('S261121-47110')).toBe(false);
  });
});
