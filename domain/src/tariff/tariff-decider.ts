import type { TariffEvent, TariffValues } from '@dispo/events/catalog/index';
import type { Decider } from '../decider';

/** One tariff version: its values from `validFrom` on. */
export interface TariffVersion {
  validFrom: string;
  tariff: TariffValues;
  setBy: string | null;
  setAt: string;
}

/** Every version, oldest `validFrom` first. */
export interface TariffState {
  versions: TariffVersion[];
}

export interface SetTariff {
  type: 'SetTariff';
  validFrom: string;
  tariff: TariffValues;
  userId: string | null;
  now: string;
}

/** The version that prices a day: the latest `validFrom` on or before it; null before the first. */
export function tariffOn(state: TariffState, date: string): TariffVersion | null {
  let found: TariffVersion | null = null;
  for (const v of state.versions) if (v.validFrom <= date) found = v;
  return found;
}

/** The same values whatever the order of their keys (the store keeps jsonb, which reorders them). */
function canonical(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
  );
}
const same = (a: TariffValues, b: TariffValues) => JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));

/**
 * The tariff aggregate (stream `tariff`): a change applies from its valid-from day; a version for a
 * day that has one replaces it; the same values again change nothing.
 */
export const tariffDecider: Decider<SetTariff, TariffState, TariffEvent> = {
  initialState: { versions: [] },
  evolve(state, event) {
    const d = event.data;
    const versions = state.versions.filter((v) => v.validFrom !== d.validFrom);
    versions.push({ validFrom: d.validFrom, tariff: d.tariff, setBy: d.setBy, setAt: d.setAt });
    versions.sort((a, b) => (a.validFrom < b.validFrom ? -1 : a.validFrom > b.validFrom ? 1 : 0));
    return { versions };
  },
  decide(command, state) {
    const existing = state.versions.find((v) => v.validFrom === command.validFrom);
    if (existing && same(existing.tariff, command.tariff)) return [];
    return [{ type: 'TariffSet', data: { validFrom: command.validFrom, tariff: command.tariff, setBy: command.userId, setAt: command.now } }];
  },
};
