import { analyticsCommands } from '@dispo/command-service/analytics/analytics-commands';
import type { TariffValues } from '@dispo/events/catalog/index';
import type { EventRegistry } from '@dispo/events/registry';
import type { EventStore } from '@dispo/events/store/port';
import type { DemoCatalog } from '../demo-catalog';

/** The demo tariff applies from a fixed day before any seeded operations, so seeding twice writes it once. */
export const DEMO_TARIFF_VALID_FROM = '2024-01-01';

/** The catalogue's `tariff` as the tariff aggregate holds it (its notes left out). */
export function tariffValuesOf(catalog: DemoCatalog): TariffValues {
  const t = catalog.tariff;
  const costPerKm = Object.fromEntries(Object.entries(t.costPerKm).filter((e): e is [string, number] => typeof e[1] === 'number'));
  return {
    currency: t.currency,
    basePerTonne: t.basePerTonne,
    perTonneKm: t.perTonneKm,
    minimumPerLoad: t.minimumPerLoad,
    roadFactor: t.roadFactor,
    averageSpeedKmh: t.averageSpeedKmh,
    costPerKm,
    loadingMinutes: t.loadingMinutes,
    unloadingMinutes: t.unloadingMinutes,
  };
}

/** Issue 14: the price data behind tour revenue, as events of the tariff aggregate (before the tours are completed). */
export async function seedTariff(ctx: { store: EventStore; registry: EventRegistry }, catalog: DemoCatalog): Promise<boolean> {
  const { decisions } = await analyticsCommands(ctx).setTariff(DEMO_TARIFF_VALID_FROM, tariffValuesOf(catalog), { userId: null, commandName: 'Seed:SetTariff' });
  return decisions.length > 0;
}
