import { describe, expect, it } from 'vitest';
import { straightLineLeg, straightLineRoads } from '../travel/index';
import { clockOf } from './clock';
import { planTourTimes } from './tour-times';

const settings = { roadFactor: 1.3, averageSpeedKmh: 62 };
const travel = { distance: straightLineRoads(settings), handling: { loadingMinutes: 25, unloadingMinutes: 20 } };
const home = { lat: 53.886, lng: 9.579 };
const plantA = { lat: 53.55, lng: 10.0 };
const siteB = { lat: 54.32, lng: 10.12 };
const siteC = { lat: 53.87, lng: 10.69 };

describe('tour times from the travel model', () => {
  it('drives each order: empty run, loading, loaded leg, unloading, from where the vehicle starts', async () => {
    const times = await planTourTimes(travel, {
      startTime: '08:00',
      start: home,
      stops: [
        { orderId: 'o-1', loading: plantA, delivery: siteB },
        { orderId: 'o-2', loading: plantA, delivery: siteC },
      ],
    });
    const e1 = straightLineLeg(settings, home, plantA);
    const l1 = straightLineLeg(settings, plantA, siteB);
    const e2 = straightLineLeg(settings, siteB, plantA);
    const l2 = straightLineLeg(settings, plantA, siteC);
    const arrival1 = 480 + e1.minutes + 25 + l1.minutes;
    const arrival2 = arrival1 + 20 + e2.minutes + 25 + l2.minutes;
    const clock = clockOf;
    expect(times.stops).toEqual([
      { orderId: 'o-1', sequenceNumber: 1, estimatedArrival: clock(Math.round(arrival1)) },
      { orderId: 'o-2', sequenceNumber: 2, estimatedArrival: clock(Math.round(arrival2)) },
    ]);
    expect(times.endTime).toBe(clock(Math.ceil(arrival2 + 20)));
    // A four-stop tour lasts far longer than the assumed hour.
    expect(Math.ceil(arrival2 + 20) - 480).toBeGreaterThan(180);
    expect(times.emptyKm).toBeCloseTo(e1.km + e2.km, 0);
    expect(times.loadedKm).toBeCloseTo(l1.km + l2.km, 0);
  });

  it('starts at the first loading plant when the start is unknown', async () => {
    const times = await planTourTimes(travel, { startTime: '08:00', start: null, stops: [{ orderId: 'o-1', loading: plantA, delivery: siteB }] });
    expect(times.emptyKm).toBe(0);
    expect(times.stops[0]!.estimatedArrival).toBe(clockOf(Math.round(480 + 25 + straightLineLeg(settings, plantA, siteB).minutes)));
  });

  it('keeps 30 minutes per stop and no end where coordinates are missing', async () => {
    const times = await planTourTimes(travel, {
      startTime: '08:00',
      start: home,
      stops: [
        { orderId: 'o-1', loading: plantA, delivery: null },
        { orderId: 'o-2', loading: plantA, delivery: siteC },
      ],
    });
    expect(times).toEqual({
      endTime: null,
      stops: [
        { orderId: 'o-1', sequenceNumber: 1, estimatedArrival: '08:00' },
        { orderId: 'o-2', sequenceNumber: 2, estimatedArrival: '08:30' },
      ],
      emptyKm: null,
      loadedKm: null,
    });
  });
});
