import { describe, expect, it } from 'vitest';
import type { Tour } from '../../api/dispositionTypes';
import { tourQuantity } from './format';

const stop = (quantity: number, unit: string, weightTons: number | null) =>
  ({ transportOrder: { quantity, unit, weightTons } }) as unknown as Tour['orders'][number];

describe('tourQuantity: never a number without a unit (issue 31)', () => {
  it('sums one unit with its unit', () => {
    expect(tourQuantity({ orders: [stop(18, 'to', 18), stop(9, 'to', 9)] })).toBe('27 t');
    expect(tourQuantity({ orders: [stop(10, 'm3', 17), stop(6, 'm3', 10.2)] })).toBe('16 m³');
  });

  it('sums mixed units as planned weight in tonnes', () => {
    expect(tourQuantity({ orders: [stop(18, 'to', 18), stop(10, 'm3', 17)], total_quantity: 28 })).toBe('35 t');
  });

  it('shows each unit when a weight is not known', () => {
    expect(tourQuantity({ orders: [stop(18, 'to', 18), stop(10, 'm3', null)], total_quantity: 28 })).toBe('18 t + 10 m³');
  });
});
