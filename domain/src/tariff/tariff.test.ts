import type { TariffValues } from '@dispo/events/catalog/index';
import { describe, expect, it } from 'vitest';
import { givenWhenThen } from '../testing/given-when-then';
import { straightLineRoads } from '../travel/index';
import { tariffDecider, tariffOn } from './tariff-decider';
import { ESTIMATED_LOAD_TONNES, pricedTonnes, tourKm, tourRevenue } from './tour-revenue';

const values: TariffValues = {
  currency: 'EUR',
  basePerTonne: { Zement: 3.2, Sand: 2.2 },
  perTonneKm: 0.115,
  minimumPerLoad: 180,
  roadFactor: 1.3,
  averageSpeedKmh: 62,
  costPerKm: { default: 1 },
  loadingMinutes: 25,
  unloadingMinutes: 20,
};
const now = '2026-11-20T08:00:00.000Z';
const set = (validFrom: string, tariff: TariffValues) => ({ type: 'TariffSet' as const, data: { validFrom, tariff, setBy: 'u-admin', setAt: now } });
const tariff = givenWhenThen(tariffDecider);

describe('the tariff aggregate', () => {
  it('records a version from its valid-from day', () => {
    tariff.given([]).when({ type: 'SetTariff', validFrom: '2026-01-01', tariff: values, userId: 'u-admin', now }).thenEmits([set('2026-01-01', values)]);
  });

  it('changes nothing for the same values on the same day, and replaces a day with new values', () => {
    tariff.given([set('2026-01-01', values)]).when({ type: 'SetTariff', validFrom: '2026-01-01', tariff: values, userId: 'u-admin', now }).thenEmits([]);
    // As the store gives them back: jsonb orders the keys differently.
    const stored = JSON.parse(JSON.stringify(Object.fromEntries(Object.entries(values).reverse()))) as TariffValues;
    tariff.given([set('2026-01-01', stored)]).when({ type: 'SetTariff', validFrom: '2026-01-01', tariff: values, userId: 'u-admin', now }).thenEmits([]);
    const dearer = { ...values, perTonneKm: 0.13 };
    tariff
      .given([set('2026-01-01', values)])
      .when({ type: 'SetTariff', validFrom: '2026-01-01', tariff: dearer, userId: 'u-admin', now })
      .thenEmits([set('2026-01-01', dearer)]);
  });

  it('prices a day with the version valid then: old tours keep the price of their day', () => {
    const dearer = { ...values, perTonneKm: 0.13 };
    const state = [set('2026-12-01', dearer), set('2026-01-01', values)].reduce(tariffDecider.evolve, tariffDecider.initialState);
    expect(tariffOn(state, '2025-12-31')).toBeNull();
    expect(tariffOn(state, '2026-01-01')?.tariff.perTonneKm).toBe(0.115);
    expect(tariffOn(state, '2026-11-30')?.tariff.perTonneKm).toBe(0.115);
    expect(tariffOn(state, '2026-12-01')?.tariff.perTonneKm).toBe(0.13);
  });
});

describe('tour revenue', () => {
  it('prices the actual weight, else the quantity, else an estimated 27 t', () => {
    expect(pricedTonnes({ actualWeight: 24.5, tonnes: 25 })).toEqual({ tonnes: 24.5, estimated: false });
    expect(pricedTonnes({ actualWeight: null, tonnes: 25 })).toEqual({ tonnes: 25, estimated: false });
    expect(pricedTonnes({ actualWeight: null, tonnes: null })).toEqual({ tonnes: ESTIMATED_LOAD_TONNES, estimated: true });
  });

  it('sums the priced orders and counts those without a price', () => {
    const r = tourRevenue(
      values,
      [
        { orderId: 'o-1', orderNumber: 'A1', actualWeight: 25, tonnes: 25, category: 'Zement', loadedKm: 78 },
        { orderId: 'o-2', orderNumber: 'A2', actualWeight: null, tonnes: null, category: 'Sand', loadedKm: 10 },
        { orderId: 'o-3', orderNumber: 'A3', actualWeight: 20, tonnes: 20, category: 'Asphalt', loadedKm: 10 },
      ],
      { emptyKm: 12.34, loadedKm: 98, homeKm: 20 },
    );
    // 304.25 (25 t Zement, 78 km) + 27 t × (2.20 + 1.15) = 90.45 → minimum 180
    expect(r.revenue).toBe(484.25);
    expect(r.estimated).toBe(true);
    expect(r.unpricedOrders).toBe(1);
    expect(r.orders[2]!.revenue).toBeNull();
    expect(r.totalKm).toBe(130.3);
  });

  it('has no revenue without a tariff', () => {
    const r = tourRevenue(null, [{ orderId: 'o-1', orderNumber: null, actualWeight: 25, tonnes: 25, category: 'Zement', loadedKm: 78 }], {
      emptyKm: 0,
      loadedKm: 78,
      homeKm: 0,
    });
    expect(r.revenue).toBeNull();
    expect(r.unpricedOrders).toBe(1);
  });

  it('drives from the start empty to each loading plant, loaded to each delivery, and home', async () => {
    const km = (await straightLineRoads({ roadFactor: 1, averageSpeedKmh: 60 }).leg({ lat: 0, lng: 0 }, { lat: 0, lng: 1 })).km;
    const a = { lat: 0, lng: 0 };
    const b = { lat: 0, lng: 1 };
    const c = { lat: 0, lng: 2 };
    const legs = await tourKm(straightLineRoads({ roadFactor: 1, averageSpeedKmh: 60 }), a, [{ loading: b, delivery: c }, { loading: b, delivery: a }], a);
    expect(legs.emptyKm).toBeCloseTo(km * 2); // a→b, then c→b
    expect(legs.loadedKm).toBeCloseTo(km * 2); // b→c, b→a
    expect(legs.homeKm).toBe(0); // the last delivery is home
    expect(legs.loadedLegs.length).toBe(2);
    const unknown = await tourKm(straightLineRoads({ roadFactor: 1, averageSpeedKmh: 60 }), a, [{ loading: null, delivery: c }], a);
    expect(unknown.loadedLegs).toEqual([null]);
    expect(unknown.homeKm).toBeCloseTo(km * 2);
  });
});
