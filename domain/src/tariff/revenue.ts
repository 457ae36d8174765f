/**
 * The freight tariff (demo catalogue `tariff`): revenue of a delivered load = tonnes × (base price
 * of the material's category + price per tonne-km × loaded road km), at least the minimum per load.
 */
export interface FreightTariff {
  /** EUR per tonne by material category. */
  basePerTonne: Readonly<Record<string, number>>;
  perTonneKm: number;
  minimumPerLoad: number;
}

/** EUR of one load, rounded to cents; null when the tariff has no base price for the category. */
export function loadRevenue(tariff: FreightTariff, load: { tonnes: number; category: string | null; loadedKm: number }): number | null {
  const base = load.category === null ? undefined : tariff.basePerTonne[load.category];
  if (base === undefined) return null;
  const price = load.tonnes * (base + tariff.perTonneKm * load.loadedKm);
  return Math.round(Math.max(price, tariff.minimumPerLoad) * 100) / 100;
}
