import type { EventData, TrailerDetails } from '@dispo/events/catalog/index';
import type { Notice } from '@dispo/platform/bus/notice-bus';
import type { Projection } from '../projection';
import { fleetEntityRows, fleetNotice } from './entity-rows';
import { readTableLifecycle } from './read-table-lifecycle';

const rows = fleetEntityRows<TrailerDetails, EventData<'TrailerCreated'>>({
  table: 'read.trailers',
  columns: {
    licensePlate: 'license_plate',
    trailerType: 'trailer_type',
    maxWeightKg: 'max_weight_kg',
    maintenanceDates: 'maintenance_dates',
    notes: 'notes',
  },
  // jsonb columns take their value as JSON text.
  columnValue: (field, value) => (field === 'maintenanceDates' ? JSON.stringify(value) : value),
  createdColumns: (d) => ({ status: d.status, tractor_id: d.tractorId }),
  events: 'Trailer',
  notices: 'auflieger',
});

/** read.trailers: one row per trailer (Auflieger) with its tractor unit; deleted trailers leave it. */
export const trailersProjection: Projection = {
  name: 'trailers',

  ...readTableLifecycle(
    'read.trailers',
    `id text PRIMARY KEY, license_plate text NOT NULL, trailer_type text NOT NULL, status text NOT NULL,
      max_weight_kg numeric, maintenance_dates jsonb NOT NULL DEFAULT '[]', notes text, tractor_id text,
      created_by text, created_at timestamptz NOT NULL, updated_at timestamptz NOT NULL, version integer NOT NULL`,
    { trailers_tractor_idx: 'tractor_id' },
  ),

  async apply(tx, event): Promise<Notice[] | undefined> {
    const lifecycle = await rows.applyLifecycle(tx, event);
    if (lifecycle) return lifecycle;
    if (event.type === 'TrailerTractorChanged') {
      const d = event.data as EventData<'TrailerTractorChanged'>;
      await rows.change(tx, event, d.id, { tractor_id: d.to }, d.changedAt);
      return fleetNotice('auflieger_updated', d.id);
    }
    return undefined;
  },
};
