import { type GeoPoint, straightLineKm } from './geo';

/** One drive between two places. */
export interface RoadLeg {
  km: number;
  minutes: number;
}

/**
 * Road distance and driving time between two places: the one port every feature that needs
 * distances uses (ARCHITECTURE.md, "Ports for the outside world"). Asynchronous, so that a routing
 * service can stand behind it; the offline default is `straightLineRoads`.
 */
export interface DistancePort {
  leg(from: GeoPoint, to: GeoPoint): Promise<RoadLeg>;
  /**
   * Every leg from each source to each destination in one call (`[source][destination]`), where the
   * adapter has a matrix call (OSRM `table`); `legTable` asks leg by leg otherwise.
   */
  table?(sources: readonly GeoPoint[], destinations: readonly GeoPoint[]): Promise<RoadLeg[][]>;
}

/** The matrix of legs through the port: its `table` call when it has one, else one `leg` per pair. */
export function legTable(port: DistancePort, sources: readonly GeoPoint[], destinations: readonly GeoPoint[]): Promise<RoadLeg[][]> {
  if (port.table) return port.table(sources, destinations);
  return Promise.all(sources.map((from) => Promise.all(destinations.map((to) => port.leg(from, to)))));
}

/** The catalogue's travel settings (`tariff.roadFactor`, `tariff.averageSpeedKmh`). */
export interface StraightLineSettings {
  /** Road km per straight-line km. */
  roadFactor: number;
  averageSpeedKmh: number;
}

/** Offline default: straight-line km × road factor, driven at the average speed. */
export function straightLineRoads(settings: StraightLineSettings): DistancePort {
  return {
    leg(from, to) {
      return Promise.resolve(straightLineLeg(settings, from, to));
    },
  };
}

export function straightLineLeg(settings: StraightLineSettings, from: GeoPoint, to: GeoPoint): RoadLeg {
  const km = straightLineKm(from, to) * settings.roadFactor;
  return { km, minutes: (km / settings.averageSpeedKmh) * 60 };
}
