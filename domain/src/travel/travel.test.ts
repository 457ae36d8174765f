import { describe, expect, it } from 'vitest';
import { straightLineLeg, straightLineRoads } from './distance-port';
import { straightLineKm } from './geo';
import { loadRun, tourRuns } from './load-run';

const lagerdorf = { lat: 53.886, lng: 9.579 };
const kiel = { lat: 54.323, lng: 10.123 };

describe('travel model', () => {
  it('measures the straight line on the sphere', () => {
    expect(straightLineKm(lagerdorf, lagerdorf)).toBe(0);
    // Hamburg to Berlin centre, about 255 km as the crow flies.
    expect(straightLineKm({ lat: 53.5511, lng: 9.9937 }, { lat: 52.52, lng: 13.405 })).toBeCloseTo(255.4, 0);
    expect(straightLineKm(lagerdorf, kiel)).toBeCloseTo(straightLineKm(kiel, lagerdorf), 9);
  });

  it('estimates road km and driving minutes from the road factor and average speed', async () => {
    const settings = { roadFactor: 1.3, averageSpeedKmh: 62 };
    const leg = await straightLineRoads(settings).leg(lagerdorf, kiel);
    expect(leg.km).toBeCloseTo(straightLineKm(lagerdorf, kiel) * 1.3, 9);
    expect(leg.minutes).toBeCloseTo((leg.km / 62) * 60, 9);
    expect(straightLineLeg(settings, kiel, kiel)).toEqual({ km: 0, minutes: 0 });
  });

  it('drives a load: empty run, loading, loaded leg, unloading', () => {
    const run = loadRun({ loadingMinutes: 25, unloadingMinutes: 20 }, 360, { km: 10, minutes: 12 }, { km: 80, minutes: 75 });
    expect(run).toEqual({ departure: 360, loadingStart: 372, arrival: 472, done: 492, emptyKm: 10, loadedKm: 80 });
  });

  it('drives the loads of a tour one after another', () => {
    const legs = [
      { empty: { km: 0, minutes: 0 }, loaded: { km: 60, minutes: 60 } },
      { empty: { km: 60, minutes: 60 }, loaded: { km: 30, minutes: 30 } },
    ];
    const { runs, end } = tourRuns({ loadingMinutes: 25, unloadingMinutes: 20 }, 300, legs);
    expect(runs.map((r) => [r.departure, r.arrival, r.done])).toEqual([
      [300, 385, 405],
      [405, 520, 540],
    ]);
    expect(end).toBe(540);
    expect(tourRuns({ loadingMinutes: 25, unloadingMinutes: 20 }, 300, []).end).toBe(300);
  });
});
