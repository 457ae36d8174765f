import type { EventData, TrailerDetails } from '@dispo/events/catalog/index';
import type { Notice } from '@dispo/platform/bus/notice-bus';
import type { Projection } from '../projection';
import { updateRow } from './upsert';

const TRAILER_COLUMNS: Record<keyof TrailerDetails, string> = {
  licensePlate: 'license_plate',
  trailerType: 'trailer_type',
  maxWeightKg: 'max_weight_kg',
  maintenanceDates: 'maintenance_dates',
  notes: 'notes',
};

/** jsonb columns take their value as JSON text. */
function columnValue(field: string, value: unknown): unknown {
  return field === 'maintenanceDates' ? JSON.stringify(value) : value;
}

const notice = (event: string, id: string): Notice[] => [{ subject: `dispo.fleet.${event}`, payload: { id } }];

/** read.trailers: one row per trailer (Auflieger) with its tractor unit; deleted trailers leave it. */
export const trailersProjection: Projection = {
  name: 'trailers',

  async setup(sql) {
    await sql.query(`CREATE TABLE IF NOT EXISTS read.trailers (
      id text PRIMARY KEY, license_plate text NOT NULL, trailer_type text NOT NULL, status text NOT NULL,
      max_weight_kg numeric, maintenance_dates jsonb NOT NULL DEFAULT '[]', notes text, tractor_id text,
      created_by text, created_at timestamptz NOT NULL, updated_at timestamptz NOT NULL, version integer NOT NULL)`);
    await sql.query('CREATE INDEX IF NOT EXISTS trailers_tractor_idx ON read.trailers (tractor_id)');
  },

  async reset(sql) {
    await sql.query('TRUNCATE read.trailers');
  },

  async drop(sql) {
    await sql.query('DROP TABLE IF EXISTS read.trailers');
  },

  async apply(tx, event): Promise<Notice[] | undefined> {
    const at = (row: Record<string, unknown>, id: string, time: string) =>
      updateRow(tx, 'read.trailers', id, { ...row, updated_at: time, version: event.streamVersion });
    switch (event.type) {
      case 'TrailerCreated': {
        const d = event.data as EventData<'TrailerCreated'>;
        const row: Record<string, unknown> = { id: d.id };
        for (const [field, column] of Object.entries(TRAILER_COLUMNS)) row[column] = columnValue(field, d[field as keyof TrailerDetails]);
        Object.assign(row, {
          status: d.status,
          tractor_id: d.tractorId,
          created_by: d.createdBy,
          created_at: d.createdAt,
          updated_at: d.createdAt,
          version: event.streamVersion,
        });
        const names = Object.keys(row);
        await tx.query(
          `INSERT INTO read.trailers (${names.join(', ')}) VALUES (${names.map((_, i) => `$${i + 1}`).join(', ')}) ON CONFLICT (id) DO NOTHING`,
          names.map((n) => row[n]),
        );
        return notice('auflieger_created', d.id);
      }
      case 'TrailerDetailsChanged': {
        const d = event.data as EventData<'TrailerDetailsChanged'>;
        const row: Record<string, unknown> = {};
        for (const [field, value] of Object.entries(d.changes))
          row[TRAILER_COLUMNS[field as keyof TrailerDetails]] = columnValue(field, value);
        await at(row, d.id, d.changedAt);
        return notice('auflieger_updated', d.id);
      }
      case 'TrailerStatusChanged': {
        const d = event.data as EventData<'TrailerStatusChanged'>;
        await at({ status: d.to }, d.id, d.changedAt);
        return notice('auflieger_updated', d.id);
      }
      case 'TrailerTractorChanged': {
        const d = event.data as EventData<'TrailerTractorChanged'>;
        await at({ tractor_id: d.to }, d.id, d.changedAt);
        return notice('auflieger_updated', d.id);
      }
      case 'TrailerDeleted': {
        const d = event.data as EventData<'TrailerDeleted'>;
        await tx.query('DELETE FROM read.trailers WHERE id = $1', [d.id]);
        return notice('auflieger_deleted', d.id);
      }
    }
    return undefined;
  },
};
