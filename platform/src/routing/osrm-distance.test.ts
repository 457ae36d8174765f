import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { straightLineRoads } from '@dispo/domain/travel/index';
import { legTable } from '@dispo/domain/travel/distance-port';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { osrmDistance } from './osrm-distance';

/**
 * A small routing server that speaks the OSRM HTTP protocol: `/route/v1/driving/{lng,lat;lng,lat}`
 * and `/table/v1/driving/{coords}?sources=…&destinations=…&annotations=distance,duration`. Its road is
 * 1 km per 0.01° of longitude at 60 km/h; `/slow/…` never answers in time, `/broken/…` answers 500.
 */
function routingServer(): Promise<{ server: Server; url: string; calls: string[] }> {
  const calls: string[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    calls.push(url.pathname.split('/')[1] ?? '');
    if (url.pathname.startsWith('/slow/')) return void setTimeout(() => res.end('{}'), 2_000);
    if (url.pathname.startsWith('/broken/')) {
      res.statusCode = 500;
      return void res.end('{"code":"Error"}');
    }
    const [, service, , , coords] = url.pathname.split('/');
    const points = (coords ?? '').split(';').map((c) => c.split(',').map(Number) as [number, number]);
    const metres = (a: [number, number], b: [number, number]) => Math.round((Math.abs(a[0] - b[0]) / 0.01) * 1000);
    res.setHeader('content-type', 'application/json');
    if (service === 'route') {
      const d = metres(points[0]!, points[1]!);
      return void res.end(JSON.stringify({ code: 'Ok', routes: [{ distance: d, duration: d * 0.06 }], waypoints: [] }));
    }
    if (service === 'table') {
      const sources = (url.searchParams.get('sources') ?? '').split(';').map(Number);
      const destinations = (url.searchParams.get('destinations') ?? '').split(';').map(Number);
      const distances = sources.map((i) => destinations.map((j) => metres(points[i]!, points[j]!)));
      const durations = distances.map((row) => row.map((d) => d * 0.06));
      return void res.end(JSON.stringify({ code: 'Ok', distances, durations }));
    }
    res.statusCode = 400;
    res.end(JSON.stringify({ code: 'InvalidService' }));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, calls })));
}

const fallback = straightLineRoads({ roadFactor: 1.3, averageSpeedKmh: 62 });
const hamburg = { lat: 53.55, lng: 10.0 };
const elsewhere = { lat: 53.55, lng: 10.5 };

describe('OSRM-compatible routing adapter of the distance port', () => {
  let routing: Awaited<ReturnType<typeof routingServer>>;
  beforeAll(async () => {
    routing = await routingServer();
  });
  afterAll(() => new Promise<void>((resolve) => routing.server.close(() => resolve())));

  it('takes one leg from the route call: metres and seconds as km and minutes', async () => {
    const port = osrmDistance({ baseUrl: routing.url, fallback });
    expect(await port.leg(hamburg, elsewhere)).toEqual({ km: 50, minutes: 50 });
    expect(routing.calls.at(-1)).toBe('route');
  });

  it('takes a matrix from one table call', async () => {
    const port = osrmDistance({ baseUrl: routing.url, fallback });
    const before = routing.calls.length;
    const table = await legTable(port, [hamburg, elsewhere], [elsewhere, hamburg, { lat: 53.55, lng: 10.25 }]);
    expect(routing.calls.length - before).toBe(1);
    expect(table.map((row) => row.map((l) => l.km))).toEqual([
      [50, 0, 25],
      [0, 50, 25],
    ]);
    expect(table[0]![2]!.minutes).toBe(25);
  });

  it('falls back to the straight line on a timeout or an error, and logs that once', async () => {
    const warnings: string[] = [];
    const logger = { warn: (_: object, message: string) => warnings.push(message) };
    const slow = osrmDistance({ baseUrl: `${routing.url}/slow`, fallback, timeoutMs: 200, logger });
    expect(await slow.leg(hamburg, elsewhere)).toEqual(await fallback.leg(hamburg, elsewhere));
    expect(await slow.table!([hamburg], [elsewhere])).toEqual([[await fallback.leg(hamburg, elsewhere)]]);
    expect(slow.fallbacks()).toBe(2);
    expect(warnings).toHaveLength(1);
    const broken = osrmDistance({ baseUrl: `${routing.url}/broken`, fallback, logger });
    expect(await broken.leg(hamburg, elsewhere)).toEqual(await fallback.leg(hamburg, elsewhere));
    expect(warnings).toHaveLength(2);
  });

  it('asks leg by leg through a port without a table call', async () => {
    const table = await legTable(fallback, [hamburg], [elsewhere, hamburg]);
    expect(table[0]![1]!.km).toBe(0);
  });
});
