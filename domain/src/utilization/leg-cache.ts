import type { DistancePort, GeoPoint, RoadLeg } from '../travel/index';
import type { LegOf } from './schedule';

const keyOf = (a: GeoPoint, b: GeoPoint) => `${a.lat},${a.lng}|${b.lat},${b.lng}`;

/**
 * The legs a computation needs, asked from the one distance port first (which may be a routing
 * service) and then read synchronously by the pure scoring functions.
 */
export class LegCache {
  private readonly legs = new Map<string, RoadLeg>();

  constructor(private readonly port: DistancePort) {}

  /** Asks the port for every pair not known yet (each pair once). */
  async ensure(pairs: Iterable<readonly [GeoPoint | null | undefined, GeoPoint | null | undefined]>): Promise<void> {
    const missing = new Map<string, [GeoPoint, GeoPoint]>();
    for (const [a, b] of pairs) {
      if (!a || !b) continue;
      const key = keyOf(a, b);
      if (!this.legs.has(key) && !missing.has(key)) missing.set(key, [a, b]);
    }
    await Promise.all(
      [...missing].map(async ([key, [a, b]]) => {
        this.legs.set(key, await this.port.leg(a, b));
      }),
    );
  }

  /** A leg asked for before; an unknown pair is a programming error. */
  readonly legOf: LegOf = (a, b) => {
    const leg = this.legs.get(keyOf(a, b));
    if (!leg) throw new Error(`leg not prepared: ${keyOf(a, b)}`);
    return leg;
  };
}
