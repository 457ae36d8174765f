import type { DistancePort, GeoPoint, RoadLeg } from '@dispo/domain/travel/index';

/** How the adapter reports that it fell back to the offline default (once per adapter). */
export interface RoutingLogger {
  warn(details: object, message: string): void;
}

export interface OsrmOptions {
  /** ROUTING_URL: the service's base, e.g. `http://osrm:5000` (paths `/route/v1/driving/…`, `/table/v1/driving/…`). */
  baseUrl: string;
  /** Answered instead when the service fails or is slow: the straight-line default. */
  fallback: DistancePort;
  /** Per call; default 3 s. */
  timeoutMs?: number;
  profile?: string;
  logger?: RoutingLogger;
  fetch?: typeof fetch;
}

/** OSRM wants `lng,lat` pairs separated by `;`. */
const coordinates = (points: readonly GeoPoint[]) => points.map((p) => `${p.lng.toFixed(6)},${p.lat.toFixed(6)}`).join(';');

interface OsrmRoute {
  code: string;
  routes?: { distance: number; duration: number }[];
}
interface OsrmTable {
  code: string;
  distances?: (number | null)[][];
  durations?: (number | null)[][];
}

/**
 * The distance port over an OSRM-compatible routing service (ARCHITECTURE.md "Ports for the outside
 * world"): `route` for one leg, `table` for a matrix, metres and seconds turned into km and minutes.
 * A call that fails, times out or answers without a route falls back to the offline default; the
 * first fall-back is logged, later ones are not (the log would fill with one line per leg).
 */
export function osrmDistance(options: OsrmOptions): DistancePort & { fallbacks(): number } {
  const base = options.baseUrl.replace(/\/+$/, '');
  const profile = options.profile ?? 'driving';
  const timeoutMs = options.timeoutMs ?? 3_000;
  const get = options.fetch ?? fetch;
  let fallbacks = 0;

  async function call<T extends { code: string }>(service: 'route' | 'table', points: readonly GeoPoint[], query: string): Promise<T> {
    const response = await get(`${base}/${service}/v1/${profile}/${coordinates(points)}?${query}`, { signal: AbortSignal.timeout(timeoutMs) });
    if (!response.ok) throw new Error(`${service}: HTTP ${response.status}`);
    const body = (await response.json()) as T;
    if (body.code !== 'Ok') throw new Error(`${service}: ${body.code}`);
    return body;
  }
  function fellBack(error: unknown) {
    if (fallbacks++ === 0) options.logger?.warn({ routingUrl: base, error: error instanceof Error ? error.message : String(error) }, 'Routing service unavailable, using straight-line distances');
  }
  const legOf = (metres: number | null | undefined, seconds: number | null | undefined): RoadLeg | null =>
    typeof metres === 'number' && typeof seconds === 'number' && Number.isFinite(metres) && Number.isFinite(seconds) ? { km: metres / 1000, minutes: seconds / 60 } : null;

  return {
    async leg(from, to) {
      try {
        const body = await call<OsrmRoute>('route', [from, to], 'overview=false&alternatives=false&steps=false');
        const leg = legOf(body.routes?.[0]?.distance, body.routes?.[0]?.duration);
        if (!leg) throw new Error('route: no route');
        return leg;
      } catch (error) {
        fellBack(error);
        return options.fallback.leg(from, to);
      }
    },
    async table(sources, destinations) {
      if (sources.length === 0 || destinations.length === 0) return sources.map(() => []);
      const points = [...sources, ...destinations];
      const src = sources.map((_, i) => i).join(';');
      const dst = destinations.map((_, i) => sources.length + i).join(';');
      try {
        const body = await call<OsrmTable>('table', points, `sources=${src}&destinations=${dst}&annotations=distance,duration`);
        return await Promise.all(
          sources.map((from, i) =>
            Promise.all(destinations.map((to, j) => legOf(body.distances?.[i]?.[j], body.durations?.[i]?.[j]) ?? options.fallback.leg(from, to))),
          ),
        );
      } catch (error) {
        fellBack(error);
        return Promise.all(sources.map((from) => Promise.all(destinations.map((to) => options.fallback.leg(from, to)))));
      }
    },
    fallbacks: () => fallbacks,
  };
}
