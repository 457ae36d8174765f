import { describe, expect, it } from 'vitest';
import { straightLineLeg } from '../travel/index';
import { canAddMore, efficiencyBand, efficiencyOf, roundUpToHalfHour, utilizationBand } from './bands';
import {
  bestConnections,
  type CandidateOrder,
  compatibilityOf,
  connectionAfter,
  CONFIDENCE_CAP,
  deliveryWindow,
  distanceFit,
  suitability,
  timeFit,
} from './connections';
import { dragPreview, slotColor } from './drag-preview';
import { plannedMinutesIn, vehicleUtilization } from './analysis';
import type { LegOf, ScheduledTour } from './schedule';
import { MODERATE_SLACK_MINUTES, readSlack, scheduleSlackTraffic, slackGaps, trafficStatusOf } from './traffic';

const settings = { roadFactor: 1.3, averageSpeedKmh: 62 };
const legOf: LegOf = (a, b) => straightLineLeg(settings, a, b);
const handling = { loadingMinutes: 25, unloadingMinutes: 20 };
/** A fixed-speed test model: 1 km per minute along the longitude "axis" (lng used as km). */
const kmLeg: LegOf = (a, b) => {
  const km = Math.abs(a.lng - b.lng) + Math.abs(a.lat - b.lat);
  return { km, minutes: km };
};
const p = (km: number) => ({ lat: 0, lng: km });

function tour(overrides: Partial<ScheduledTour> & { start: number; end: number }): ScheduledTour {
  return { id: `t${overrides.start}`, tourNumber: `T${overrides.start}`, status: 'planned', endAssumed: false, startPoint: p(0), firstLoading: p(0), lastDelivery: p(0), emptyKm: 0, loadedKm: 50, tons: 25, orderCount: 1, ...overrides };
}
function order(overrides: Partial<CandidateOrder> = {}): CandidateOrder {
  return { id: 'o1', orderNumber: 'A-1', material: 'Zement', customer: 'Kunde', tons: 25, loading: p(10), delivery: p(70), loadingName: 'Werk A', deliveryName: 'Werk B', deliveryAddress: null, window: { from: null, to: null }, ...overrides };
}

describe('colour bands (dispatch.md §9)', () => {
  it('utilisation: 90 or more red, 70 or more yellow, else green', () => {
    expect(utilizationBand(90)).toBe('red');
    expect(utilizationBand(89.9)).toBe('yellow');
    expect(utilizationBand(70)).toBe('yellow');
    expect(utilizationBand(69.9)).toBe('green');
    expect(utilizationBand(0)).toBe('green');
  });
  it('efficiency: 80 or more green, 60 or more yellow, else red', () => {
    expect(efficiencyBand(80)).toBe('green');
    expect(efficiencyBand(79.9)).toBe('yellow');
    expect(efficiencyBand(60)).toBe('yellow');
    expect(efficiencyBand(59.9)).toBe('red');
  });
});

describe('efficiency value (dispatch.md §9)', () => {
  it('0 tours 0, one tour 100', () => {
    expect(efficiencyOf(0, 0.2)).toBe(0);
    expect(efficiencyOf(1, 0.9)).toBe(100);
  });
  it('more tours: from the empty-run share clamped to 10..100', () => {
    expect(efficiencyOf(2, 0)).toBe(100);
    expect(efficiencyOf(2, 0.25)).toBe(75);
    expect(efficiencyOf(2, 0.9)).toBe(10);
    expect(efficiencyOf(3, 0.95)).toBe(10);
  });
  it('without km: 100 minus 15 per extra tour, at least 40', () => {
    expect(efficiencyOf(2, null)).toBe(85);
    expect(efficiencyOf(4, null)).toBe(55);
    expect(efficiencyOf(5, null)).toBe(40);
    expect(efficiencyOf(9, null)).toBe(40);
  });
});

describe('drop time and capacity (dispatch.md §9)', () => {
  it('rounds up to the next half hour', () => {
    expect(roundUpToHalfHour(600)).toBe(600);
    expect(roundUpToHalfHour(601)).toBe(630);
    expect(roundUpToHalfHour(629)).toBe(630);
    expect(roundUpToHalfHour(630)).toBe(630);
  });
  it('may add more only above 5 t remaining', () => {
    expect(canAddMore(27, 22)).toBe(false);
    expect(canAddMore(27, 21.9)).toBe(true);
  });
});

describe('connections (dispatch.md §3, §9)', () => {
  it('windows: fixed ± 15 minutes, range, none', () => {
    expect(deliveryWindow({ type: 'fixed', fixed: 600, from: null, to: null })).toEqual({ from: 585, to: 615 });
    expect(deliveryWindow({ type: 'range', fixed: null, from: 480, to: 720 })).toEqual({ from: 480, to: 720 });
    expect(deliveryWindow({ type: 'none', fixed: null, from: null, to: null })).toEqual({ from: null, to: null });
  });
  it('time fit 1 in the window, 0 at 120 minutes outside', () => {
    expect(timeFit(500, { from: 480, to: 720 })).toBe(1);
    expect(timeFit(420, { from: 480, to: 720 })).toBe(0.5);
    expect(timeFit(840, { from: 480, to: 720 })).toBe(0);
    expect(timeFit(100, { from: null, to: null })).toBe(1);
  });
  it('distance fit 1 without empty run, 0 at 100 km', () => {
    expect(distanceFit(0)).toBe(1);
    expect(distanceFit(50)).toBe(0.5);
    expect(distanceFit(150)).toBe(0);
  });
  it('compatibility: perfect up to 15 km with time fit 0.8, good up to 40 km with 0.5', () => {
    expect(compatibilityOf(15, 0.8)).toBe('perfect');
    expect(compatibilityOf(15.1, 0.8)).toBe('good');
    expect(compatibilityOf(15, 0.79)).toBe('good');
    expect(compatibilityOf(40, 0.5)).toBe('good');
    expect(compatibilityOf(40.1, 1)).toBe('other');
    expect(compatibilityOf(10, 0.49)).toBe('other');
  });
  it('suitability: compatibility factor 0.9/0.7/0.5, capped at 0.95', () => {
    const all = { distance: 1, time: 1, payload: 1 };
    expect(suitability('perfect', all)).toBe(CONFIDENCE_CAP);
    expect(suitability('good', all)).toBe(0.85);
    expect(suitability('other', { distance: 0, time: 0, payload: 0 })).toBe(0.25);
  });
  it('a connection leaves at the next half hour and carries the §3 times', () => {
    const c = connectionAfter(order({ window: { from: 700, to: 800 } }), p(0), 601, 27, handling, kmLeg)!;
    expect(c.startTime).toBe(630);
    expect(c.travelTime).toBe(10);
    expect(c.deliveryTime).toBe(630 + 10 + 25 + 60);
    expect(c.endTime).toBe(c.deliveryTime + 20);
    expect(c.totalTime).toBe(c.endTime - 630);
    expect(c.compatibility).toBe('perfect');
    expect(c.canAddMore).toBe(false);
    expect(c.reasoning).toContain('Leerfahrt 10 km zu Werk A.');
  });
  it('orders without places or heavier than the payload are no connections', () => {
    expect(connectionAfter(order({ loading: null }), p(0), 600, 27, handling, kmLeg)).toBeNull();
    expect(connectionAfter(order({ tons: 28 }), p(0), 600, 27, handling, kmLeg)).toBeNull();
  });
  it('best connections: top 5 by suitability, nearest first on a tie', () => {
    const orders = Array.from({ length: 8 }, (_, i) => order({ id: `o${i}`, orderNumber: `A-${i}`, loading: p(i * 10) }));
    const best = bestConnections(orders, p(0), 600, 27, handling, kmLeg);
    expect(best).toHaveLength(5);
    expect(best.map((c) => c.order.id)).toEqual(['o0', 'o1', 'o2', 'o3', 'o4']);
  });
});

describe('traffic from schedule slack (the offline traffic port)', () => {
  it('status bands: below 0 critical, below 30 moderate', () => {
    expect(trafficStatusOf(null)).toBe('GOOD');
    expect(trafficStatusOf(MODERATE_SLACK_MINUTES)).toBe('GOOD');
    expect(trafficStatusOf(29)).toBe('MODERATE');
    expect(trafficStatusOf(0)).toBe('MODERATE');
    expect(trafficStatusOf(-1)).toBe('CRITICAL');
  });
  it('slack is the next start minus the end before and the drive between', () => {
    const a = tour({ start: 360, end: 480, lastDelivery: p(0) });
    const b = tour({ start: 530, end: 600, startPoint: p(20), firstLoading: p(40) });
    expect(slackGaps([b, a], kmLeg).map((g) => g.slack)).toEqual([30]);
    expect(readSlack([a, b], kmLeg).status).toBe('GOOD');
    expect(readSlack([a, { ...b, start: 529 }], kmLeg).status).toBe('MODERATE');
    const tight = readSlack([a, { ...b, start: 499 }], kmLeg);
    expect(tight.status).toBe('CRITICAL');
    expect(tight.minSlackMinutes).toBe(-1);
    expect(tight.tooltip).toContain('keine Live-Verkehrsdaten');
  });
  it('one tour or none: good, nothing to check', async () => {
    const reading = await scheduleSlackTraffic(kmLeg).assess({ vehicleId: 'v', date: '2027-01-01', tours: [tour({ start: 360, end: 480 })] });
    expect(reading).toMatchObject({ status: 'GOOD', minSlackMinutes: null });
  });
});

describe('utilisation of a vehicle day (dispatch.md §7)', () => {
  it('counts planned minutes inside the window once', () => {
    expect(plannedMinutesIn([{ start: 300, end: 420 }, { start: 400, end: 480 }], { start: 360, end: 1200 })).toBe(120);
    expect(plannedMinutesIn([], { start: 360, end: 1200 })).toBe(0);
  });
  it('utilisation, km, empty-run share, efficiency and conflicts', () => {
    const day = vehicleUtilization(
      [tour({ start: 360, end: 780, emptyKm: 20, loadedKm: 80 }), tour({ start: 780, end: 1116, emptyKm: 30, loadedKm: 70 })],
      { start: 360, end: 1200 },
    );
    expect(day.utilization).toBe(90);
    expect(day.utilizationBand).toBe('red');
    expect(day.totalKm).toBe(200);
    expect(day.emptyRunShare).toBe(0.25);
    expect(day.efficiency).toBe(75);
    expect(day.efficiencyBand).toBe('yellow');
    expect(day.hasScheduleConflict).toBe(false);
    expect(vehicleUtilization([tour({ start: 360, end: 480 }), tour({ start: 470, end: 500 })], { start: 360, end: 1200 }).hasScheduleConflict).toBe(true);
  });
  it('cancelled tours do not count; without km the tour count decides', () => {
    const day = vehicleUtilization(
      [tour({ start: 360, end: 480, emptyKm: null, loadedKm: null }), tour({ start: 500, end: 560, emptyKm: null, loadedKm: null }), tour({ start: 600, end: 700, status: 'cancelled' })],
      { start: 360, end: 1200 },
    );
    expect(day.tourCount).toBe(2);
    expect(day.emptyRunShare).toBeNull();
    expect(day.efficiency).toBe(85);
  });
});

describe('drag preview (dispatch.md §7)', () => {
  it('score bands: 80 optimal, 60 acceptable, 40 problematic, else critical', () => {
    expect(slotColor(80)).toBe('optimal');
    expect(slotColor(79)).toBe('acceptable');
    expect(slotColor(60)).toBe('acceptable');
    expect(slotColor(59)).toBe('problematic');
    expect(slotColor(40)).toBe('problematic');
    expect(slotColor(39)).toBe('critical');
  });
  it('occupied inside a tour, critical when the load runs into the next tour, scored elsewhere', () => {
    const tours = [tour({ start: 600, end: 720, tourNumber: 'T1' })];
    const recs = dragPreview({
      tours,
      home: p(10),
      order: order({ window: { from: 480, to: 540 } }),
      slots: [360, 390, 540, 600, 690, 720, 900],
      handling,
      legOf: kmLeg,
    });
    const by = Object.fromEntries(recs.map((r) => [r.time, r]));
    // 06:00 from home at the loading plant: arrival 06:00 + 25 + 60 = 07:25, 35 min early of 08:00.
    expect(by['06:00']).toMatchObject({ travelTime: 85 });
    expect(by['06:00']!.score).toBe(Math.round(100 * (0.65 * (1 - 35 / 120) + 0.35)));
    expect(by['06:00']!.reason).toContain('35 Min. zu früh.');
    // 06:30: arrival 07:55, 5 minutes early, no empty run: optimal 97.
    expect(by['06:30']).toMatchObject({ color: 'optimal', score: 97 });
    // 09:00: unloaded 10:45 after the tour starting at 10:00.
    expect(by['09:00']).toMatchObject({ color: 'critical', score: 0 });
    expect(by['10:00']).toMatchObject({ color: 'occupied', score: 0, travelTime: null });
    expect(by['11:30']).toMatchObject({ color: 'occupied' });
    // 12:00: after the tour, empty run 10 km from its delivery; far past the window.
    expect(by['12:00']!.reason).toContain('nach Tour T1');
    expect(by['15:00']).toMatchObject({ color: 'critical' });
  });
  it('without coordinates a free slot is acceptable', () => {
    const [rec] = dragPreview({ tours: [], home: null, order: order({ loading: null }), slots: [360], handling, legOf });
    expect(rec).toMatchObject({ color: 'acceptable', travelTime: null });
  });
});
