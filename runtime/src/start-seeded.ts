import type { DemoCatalog } from './demo-catalog';
import type { Infrastructure } from './infrastructure';
import { type SeedOptions, type SeedResult, seedDemoData } from './seed';
import type { Services } from './services';

/** How long the first start waits for the read side to take in the demo business before it answers. */
const PROJECTIONS_CATCH_UP_MS = 120_000;

/**
 * `npm start`'s order: the services run while the demo business is written (the projections follow
 * it), the route optimization worker only afterwards: the seed runs the optimizations of past days
 * itself, and their claims, dated in the past, would look expired to a running worker, which would
 * take them over. Resolves once the read side has caught up (bounded: a failing projection shows in
 * the health answer, it must not keep the product from starting).
 */
export async function startWithDemoSeed(services: Services, infra: Infrastructure, catalog: DemoCatalog, options: SeedOptions = {}): Promise<SeedResult> {
  await services.start({ optimizer: false });
  const result = await seedDemoData(infra, catalog, options);
  if (result.history?.seeded) {
    const deadline = Date.now() + PROJECTIONS_CATCH_UP_MS;
    while (Date.now() < deadline && (await services.runner.lag()) > 0) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await services.startOptimizer();
  return result;
}
