import type { EventData } from '@dispo/events/catalog/index';
import type { Notice } from '@dispo/platform/bus/notice-bus';
import type { Projection } from '../projection';
import { readTableLifecycle } from './read-table-lifecycle';

const notice = (id: string): Notice[] => [{ subject: 'dispo.fleet.workshop_updated', payload: { id } }];

/**
 * read.workshops: the workshop register of the Smart Service (fleet.md §3 "Workshop"), one row per
 * registered workshop; removed ones leave the table.
 */
export const workshopsProjection: Projection = {
  name: 'workshops',

  ...readTableLifecycle(
    'read.workshops',
    `id text PRIMARY KEY, name text NOT NULL, brand text, address text NOT NULL, phone text, website text,
      lat double precision NOT NULL, lng double precision NOT NULL, services jsonb NOT NULL, opening_hours text NOT NULL,
      rating numeric NOT NULL, mobile boolean NOT NULL, updated_at timestamptz NOT NULL, version integer NOT NULL`,
    { workshops_name_idx: 'name' },
  ),

  async apply(tx, event) {
    switch (event.type) {
      case 'WorkshopRegistered':
      case 'WorkshopChanged': {
        const d = event.data as EventData<'WorkshopRegistered'> | EventData<'WorkshopChanged'>;
        const at = 'registeredAt' in d ? d.registeredAt : d.changedAt;
        await tx.query(
          `INSERT INTO read.workshops (id, name, brand, address, phone, website, lat, lng, services, opening_hours, rating, mobile, updated_at, version)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
           ON CONFLICT (id) DO UPDATE SET name = $2, brand = $3, address = $4, phone = $5, website = $6, lat = $7, lng = $8, services = $9,
             opening_hours = $10, rating = $11, mobile = $12, updated_at = $13, version = $14
           WHERE read.workshops.version < $14`,
          [d.id, d.name, d.brand, d.address, d.phone, d.website, d.lat, d.lng, JSON.stringify(d.services), d.openingHours, d.rating, d.mobile, at, event.streamVersion],
        );
        return notice(d.id);
      }
      case 'WorkshopRemoved': {
        const d = event.data as EventData<'WorkshopRemoved'>;
        await tx.query('DELETE FROM read.workshops WHERE id = $1', [d.id]);
        return notice(d.id);
      }
    }
    return undefined;
  },
};
