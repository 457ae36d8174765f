import type { EventData } from '@dispo/events/catalog/index';
import type { Projection } from '../projection';
import { readTableLifecycle, tablesLifecycle } from './read-table-lifecycle';

/**
 * read.dispo_days: one row per completed disposition day (dispatch.md §4 "Disposition day"): how
 * often it was completed, by whom and when last, with the tours and vehicles it had then.
 * read.dispo_day_changes: a completed day whose plan changed since its tour plan went out (issue 31),
 * with the first change; gone once the day is completed or its tour plan sent again.
 */
export const dispoDaysProjection: Projection = {
  name: 'dispo_days',

  ...tablesLifecycle(
    readTableLifecycle(
      'read.dispo_days',
      `date date PRIMARY KEY, completions integer NOT NULL, last_completed_by text NOT NULL, last_completed_at timestamptz NOT NULL,
      tour_count integer NOT NULL, vehicle_count integer NOT NULL`,
    ),
    readTableLifecycle(
      'read.dispo_day_changes',
      `date date PRIMARY KEY, tour_number text NOT NULL, change text NOT NULL, changed_by text NOT NULL, changed_at timestamptz NOT NULL`,
    ),
  ),

  async apply(tx, event) {
    switch (event.type) {
      case 'DispoDayCompleted': {
        const d = event.data as EventData<'DispoDayCompleted'>;
        await tx.query(
          `INSERT INTO read.dispo_days (date, completions, last_completed_by, last_completed_at, tour_count, vehicle_count)
           VALUES ($1, 1, $2, $3, $4, $5)
           ON CONFLICT (date) DO UPDATE SET completions = read.dispo_days.completions + 1, last_completed_by = $2, last_completed_at = $3,
             tour_count = $4, vehicle_count = $5`,
          [d.date, d.completedBy, d.completedAt, d.tourCount, d.vehicleCount],
        );
        await tx.query('DELETE FROM read.dispo_day_changes WHERE date = $1', [d.date]);
        return undefined;
      }
      case 'TourPlanMailSent': {
        await tx.query('DELETE FROM read.dispo_day_changes WHERE date = $1', [(event.data as EventData<'TourPlanMailSent'>).date]);
        return undefined;
      }
      case 'DispoDayPlanChanged': {
        const d = event.data as EventData<'DispoDayPlanChanged'>;
        await tx.query(
          `INSERT INTO read.dispo_day_changes (date, tour_number, change, changed_by, changed_at) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (date) DO NOTHING`,
          [d.date, d.tourNumber, d.change, d.changedBy, d.changedAt],
        );
        return undefined;
      }
      default:
        return undefined;
    }
  },
};
