import type { SqlExecutor } from '@dispo/events/sql/client';
import type { Notice } from '@dispo/platform/bus/notice-bus';
import { appointmentsAsOfEvent } from '../fleet/appointments-as-of-event';
import { historyEntriesOf, type HistoryLookups, occurredAt } from '../fleet/history-entries';
import { platesAsOfEvent } from '../fleet/plates-as-of-event';
import { toursAsOfEvent } from '../fleet/tours-as-of-event';
import type { Projection } from '../projection';
import { readTableLifecycle, tablesLifecycle } from './read-table-lifecycle';

/** The name of a user as the read table holds it; none for no id or an unknown one. */
async function userRow(tx: SqlExecutor, id: string | null | undefined): Promise<{ first_name: string; last_name: string } | null> {
  if (!id) return null;
  const { rows } = await tx.query<{ first_name: string; last_name: string }>('SELECT first_name, last_name FROM read.users WHERE id = $1', [
    id,
  ]);
  return rows[0] ?? null;
}

const plates = platesAsOfEvent('vehicle_history_plates');
const appointments = appointmentsAsOfEvent('vehicle_history_appointments');
const tours = toursAsOfEvent('vehicle_history');

function lookups(tx: SqlExecutor): HistoryLookups {
  return {
    async userName(id) {
      const user = await userRow(tx, id);
      return user ? `${user.first_name} ${user.last_name}` : null;
    },
    trailerPlate: (id) => plates.plate(tx, 'trailer', id),
    vehiclePlate: (id) => plates.plate(tx, 'vehicle', id),
    appointment: (id) => appointments.facts(tx, id),
    tour: (id) => tours.tour(tx, id),
    tourBilledWith: (orderId) => tours.tourBilledWith(tx, orderId),
  };
}

/**
 * read.vehicle_history: the activity of each vehicle (fleet.md §3 Vehicle history entry, §4 action
 * types), one row per entry with who did it, when, a German title, description and details. Names
 * (performer, plate) are taken when the entry is made, as the history shows them at that time: plates
 * and appointments from its own tables as of the event (plates-as-of-event.ts,
 * appointments-as-of-event.ts), so a rebuild of this projection alone writes the same rows. Reads
 * read.users only (names never change).
 */
const historyTable = readTableLifecycle(
    'read.vehicle_history',
    `id text PRIMARY KEY, vehicle_id text NOT NULL, vehicle_license_plate text,
      action_type text NOT NULL, action_title text NOT NULL, description text NOT NULL, details jsonb NOT NULL,
      category text NOT NULL, priority text NOT NULL, system_generated boolean NOT NULL,
      performed_by text, performer_first_name text, performer_last_name text, performed_at timestamptz NOT NULL,
      tour_id text, metadata jsonb NOT NULL, global_position bigint NOT NULL`,
  { vehicle_history_vehicle_idx: 'vehicle_id, performed_at', vehicle_history_action_idx: 'action_type' },
);

export const vehicleHistoryProjection: Projection = {
  name: 'vehicle_history',
  // 2: plates as of the event (issue 19); 3: appointments as of the event (issue 38); 4: tour entries
  // from tours as of the event (issue 31). A replay fills their tables and adds the entries of past tours.
  schemaVersion: 4,
  ...tablesLifecycle(historyTable, plates, appointments, tours),

  async apply(tx, event): Promise<Notice[] | undefined> {
    await plates.track(tx, event);
    await appointments.track(tx, event);
    await tours.track(tx, event);
    const entries = await historyEntriesOf(event, lookups(tx));
    if (entries.length === 0) return undefined;
    const userId = event.metadata.userId;
    const performer = await userRow(tx, userId);
    const at = occurredAt(event);
    for (const [index, e] of entries.entries()) {
      const plate = (await plates.plate(tx, 'vehicle', e.vehicleId)) ?? (typeof e.details.licensePlate === 'string' ? e.details.licensePlate : null);
      await tx.query(
        `INSERT INTO read.vehicle_history (id, vehicle_id, vehicle_license_plate, action_type, action_title, description, details,
           category, priority, system_generated, performed_by, performer_first_name, performer_last_name, performed_at, metadata, global_position, tour_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $16, $10, $11, $12, $13, $14, $15, $17) ON CONFLICT (id) DO NOTHING`,
        [
          e.entryId ?? (entries.length === 1 ? event.eventId : `${event.eventId}-${index + 1}`),
          e.vehicleId,
          plate,
          e.actionType,
          e.title,
          e.description,
          JSON.stringify(e.details),
          e.category,
          e.priority,
          userId,
          performer?.first_name ?? null,
          performer?.last_name ?? null,
          at,
          JSON.stringify({ eventType: event.type, eventId: event.eventId, commandName: event.metadata.commandName ?? null }),
          event.position.globalPosition,
          e.systemGenerated === true,
          e.tourId ?? null,
        ],
      );
    }
    return [...new Set(entries.map((e) => e.vehicleId))].map((vehicleId) => ({
      subject: 'dispo.fleet.vehicle_history_updated',
      payload: { vehicleId },
    }));
  },
};
