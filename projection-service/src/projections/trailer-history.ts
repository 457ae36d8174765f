import { messages } from '@dispo/domain/messages';
import type { EventData } from '@dispo/events/catalog/index';
import type { RecordedEvent } from '@dispo/events/envelope';
import type { SqlExecutor } from '@dispo/events/sql/client';
import type { Notice } from '@dispo/platform/bus/notice-bus';
import { appointmentHistoryEntry } from '../fleet/appointment-history';
import { appointmentsAsOfEvent } from '../fleet/appointments-as-of-event';
import { occurredAt } from '../fleet/history-entries';
import { platesAsOfEvent } from '../fleet/plates-as-of-event';
import { labelOf } from '../pdf/format';
import type { Projection } from '../projection';
import { readTableLifecycle, tablesLifecycle } from './read-table-lifecycle';

const ws = messages.workshopScreen;
const l = messages.labels;

interface TrailerEntry {
  trailerId: string;
  actionType: 'MAINTENANCE_SCHEDULED' | 'MAINTENANCE_COMPLETED' | 'STATUS_CHANGED' | 'UPDATED' | 'ASSIGNMENT_CHANGED';
  title: string;
  description: string;
  details: Record<string, unknown>;
}

/** Plates as of the event (plates-as-of-event.ts): a rebuild of this projection alone writes the same rows. */
const plates = platesAsOfEvent('trailer_history_plates');
/** Appointments as of the event (appointments-as-of-event.ts), for the same reason. */
const appointments = appointmentsAsOfEvent('trailer_history_appointments');
const plateOf = (tx: SqlExecutor, table: 'vehicles' | 'trailers', id: string | null) => plates.plate(tx, table === 'vehicles' ? 'vehicle' : 'trailer', id);

/** fleet.md §4: the trailer history's action types from trailer and trailer appointment events. */
async function trailerEntries(tx: SqlExecutor, event: RecordedEvent): Promise<TrailerEntry[]> {
  switch (event.type) {
    case 'TrailerCreated': {
      const d = event.data as EventData<'TrailerCreated'>;
      const t = ws.trailerTitles.created;
      return [{ trailerId: d.id, actionType: 'UPDATED', title: t, description: ws.trailerCreated(d.licensePlate), details: { licensePlate: d.licensePlate, trailerType: d.trailerType } }];
    }
    case 'TrailerDetailsChanged': {
      const d = event.data as EventData<'TrailerDetailsChanged'>;
      const fields = Object.keys(d.changes).map((key) => labelOf(ws.trailerFields, key));
      return [
        {
          trailerId: d.id,
          actionType: 'UPDATED',
          title: ws.trailerTitles.UPDATED,
          description: messages.vehicleHistory.fieldsChanged(fields.join(', ')),
          details: { changes: d.changes, previous: d.previous },
        },
      ];
    }
    case 'TrailerStatusChanged': {
      const d = event.data as EventData<'TrailerStatusChanged'>;
      return [
        {
          trailerId: d.id,
          actionType: 'STATUS_CHANGED',
          title: ws.trailerTitles.STATUS_CHANGED,
          description: messages.vehicleHistory.statusChanged(l.vehicleStatus[d.from], l.vehicleStatus[d.to]),
          details: { from: d.from, to: d.to },
        },
      ];
    }
    case 'TrailerTractorChanged': {
      const d = event.data as EventData<'TrailerTractorChanged'>;
      const [from, to] = await Promise.all([plateOf(tx, 'vehicles', d.from), plateOf(tx, 'vehicles', d.to)]);
      const parts = [from ? ws.trailerUncoupled(from) : null, to ? ws.trailerCoupled(to) : null].filter(Boolean);
      return [
        {
          trailerId: d.id,
          actionType: 'ASSIGNMENT_CHANGED',
          title: ws.trailerTitles.ASSIGNMENT_CHANGED,
          description: parts.join(' '),
          details: { from: d.from, to: d.to, fromPlate: from, toPlate: to },
        },
      ];
    }
    case 'TrailerDeleted': {
      const d = event.data as EventData<'TrailerDeleted'>;
      return [{ trailerId: d.id, actionType: 'UPDATED', title: ws.trailerTitles.deleted, description: ws.trailerDeleted(d.licensePlate), details: { licensePlate: d.licensePlate } }];
    }
    case 'WorkshopAppointmentPlanned':
    case 'WorkshopAppointmentUpdated':
    case 'WorkshopAppointmentCancelled':
    case 'WorkshopAppointmentCompleted': {
      const a = await appointmentHistoryEntry(event, (id) => appointments.facts(tx, id), (id) => plateOf(tx, 'vehicles', id));
      if (!a || a.subject.kind !== 'trailer') return [];
      return [{ trailerId: a.subject.id, actionType: a.actionType, title: a.title, description: a.description, details: a.details }];
    }
  }
  return [];
}

/**
 * read.trailer_history: the activity of each trailer (fleet.md §3 Trailer history entry: id,
 * actionType, actionTitle, description, metadata, performedAt, performer). Plates and appointments
 * come from its own tables as of the event; reads read.users only (names never change).
 */
const historyTable = readTableLifecycle(
    'read.trailer_history',
    `id text PRIMARY KEY, trailer_id text NOT NULL, trailer_license_plate text,
      action_type text NOT NULL, action_title text NOT NULL, description text NOT NULL, details jsonb NOT NULL,
      performed_by text, performer_first_name text, performer_last_name text, performed_at timestamptz NOT NULL,
      metadata jsonb NOT NULL, global_position bigint NOT NULL`,
  { trailer_history_trailer_idx: 'trailer_id, performed_at' },
);

export const trailerHistoryProjection: Projection = {
  name: 'trailer_history',
  // 2: plates as of the event (issue 19); 3: appointments as of the event (issue 38). A replay fills their tables.
  schemaVersion: 3,
  ...tablesLifecycle(historyTable, plates, appointments),

  async apply(tx, event): Promise<Notice[] | undefined> {
    await plates.track(tx, event);
    await appointments.track(tx, event);
    const entries = await trailerEntries(tx, event);
    if (entries.length === 0) return undefined;
    const userId = event.metadata.userId;
    const { rows: users } = userId
      ? await tx.query<{ first_name: string; last_name: string }>('SELECT first_name, last_name FROM read.users WHERE id = $1', [userId])
      : { rows: [] };
    const performer = users[0] ?? null;
    for (const [index, e] of entries.entries()) {
      const plate = (await plateOf(tx, 'trailers', e.trailerId)) ?? (typeof e.details.licensePlate === 'string' ? e.details.licensePlate : null);
      await tx.query(
        `INSERT INTO read.trailer_history (id, trailer_id, trailer_license_plate, action_type, action_title, description, details,
           performed_by, performer_first_name, performer_last_name, performed_at, metadata, global_position)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) ON CONFLICT (id) DO NOTHING`,
        [
          entries.length === 1 ? event.eventId : `${event.eventId}-${index + 1}`,
          e.trailerId,
          plate,
          e.actionType,
          e.title,
          e.description,
          JSON.stringify(e.details),
          userId,
          performer?.first_name ?? null,
          performer?.last_name ?? null,
          occurredAt(event),
          JSON.stringify({ eventType: event.type, eventId: event.eventId, commandName: event.metadata.commandName ?? null }),
          event.position.globalPosition,
        ],
      );
    }
    return [...new Set(entries.map((e) => e.trailerId))].map((trailerId) => ({
      subject: 'dispo.fleet.trailer_history_updated',
      payload: { trailerId },
    }));
  },
};
