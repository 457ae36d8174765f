import type { EventData } from '@dispo/events/catalog/index';
import type { Projection } from '../projection';
import { readTableLifecycle } from './read-table-lifecycle';

/** read.tariff_versions (issue 14): each tariff version by its valid-from day; a later one for the same day replaces it. */
export const tariffProjection: Projection = {
  name: 'tariff',

  ...readTableLifecycle('read.tariff_versions', 'valid_from text PRIMARY KEY, tariff jsonb NOT NULL, set_by text, set_at timestamptz NOT NULL'),

  async apply(tx, event) {
    if (event.type !== 'TariffSet') return undefined;
    const d = event.data as EventData<'TariffSet'>;
    await tx.query(
      `INSERT INTO read.tariff_versions (valid_from, tariff, set_by, set_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (valid_from) DO UPDATE SET tariff = EXCLUDED.tariff, set_by = EXCLUDED.set_by, set_at = EXCLUDED.set_at`,
      [d.validFrom, JSON.stringify(d.tariff), d.setBy, d.setAt],
    );
    return [{ subject: 'dispo.fleet.tariff_updated', payload: { validFrom: d.validFrom } }];
  },
};
