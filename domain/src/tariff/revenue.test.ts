import { describe, expect, it } from 'vitest';
import { loadRevenue } from './revenue';

const tariff = { basePerTonne: { Zement: 3.2, Sand: 2.2 }, perTonneKm: 0.115, minimumPerLoad: 180 };

describe('freight revenue of a load', () => {
  it('prices tonnes by category base and tonne-km', () => {
    // 25 t × (3.20 + 0.115 × 78 km) = 25 × 12.17 = 304.25 EUR
    expect(loadRevenue(tariff, { tonnes: 25, category: 'Zement', loadedKm: 78 })).toBe(304.25);
  });

  it('charges at least the minimum per load', () => {
    expect(loadRevenue(tariff, { tonnes: 5, category: 'Sand', loadedKm: 10 })).toBe(180);
  });

  it('has no price for a category the tariff does not know', () => {
    expect(loadRevenue(tariff, { tonnes: 25, category: 'Asphalt', loadedKm: 10 })).toBeNull();
    expect(loadRevenue(tariff, { tonnes: 25, category: null, loadedKm: 10 })).toBeNull();
  });
});
