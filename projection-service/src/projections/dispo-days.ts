import type { EventData } from '@dispo/events/catalog/index';
import type { Projection } from '../projection';
import { readTableLifecycle } from './read-table-lifecycle';

/**
 * read.dispo_days: one row per completed disposition day (dispatch.md §4 "Disposition day"): how
 * often it was completed, by whom and when last, with the tours and vehicles it had then.
 */
export const dispoDaysProjection: Projection = {
  name: 'dispo_days',

  ...readTableLifecycle(
    'read.dispo_days',
    `date date PRIMARY KEY, completions integer NOT NULL, last_completed_by text NOT NULL, last_completed_at timestamptz NOT NULL,
      tour_count integer NOT NULL, vehicle_count integer NOT NULL`,
  ),

  async apply(tx, event) {
    if (event.type !== 'DispoDayCompleted') return undefined;
    const d = event.data as EventData<'DispoDayCompleted'>;
    await tx.query(
      `INSERT INTO read.dispo_days (date, completions, last_completed_by, last_completed_at, tour_count, vehicle_count)
       VALUES ($1, 1, $2, $3, $4, $5)
       ON CONFLICT (date) DO UPDATE SET completions = read.dispo_days.completions + 1, last_completed_by = $2, last_completed_at = $3,
         tour_count = $4, vehicle_count = $5`,
      [d.date, d.completedBy, d.completedAt, d.tourCount, d.vehicleCount],
    );
    return undefined;
  },
};
