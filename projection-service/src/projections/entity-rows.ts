import type { RecordedEvent } from '@dispo/events/envelope';
import type { SqlExecutor } from '@dispo/events/sql/client';
import type { Notice } from '@dispo/platform/bus/notice-bus';
import { insertRowOnce } from './insert-row-once';
import { updateRow } from './upsert';

/** The notice of a fleet change, `dispo.fleet.<event>` with the entity's id (docs/api/fleet.md). */
export function fleetNotice(event: string, id: string): Notice[] {
  return [{ subject: `dispo.fleet.${event}`, payload: { id } }];
}

/** What every created event of a fleet entity carries besides its details. */
interface CreatedData {
  id: string;
  createdBy: string | null;
  createdAt: string;
}

export interface FleetEntityKind<Details, Created extends CreatedData> {
  /** The read table, one row per entity under its id. */
  table: string;
  /** The detail fields of the events and their columns. */
  columns: Record<keyof Details & string, string>;
  /** A detail value as its column takes it; default as it is. */
  columnValue?: (field: keyof Details & string, value: unknown) => unknown;
  /** The columns of a created row beyond the details (the status and the like). */
  createdColumns(created: Created): Record<string, unknown>;
  /** The events' type prefix: `${events}Created`, …DetailsChanged, …StatusChanged and …Deleted. */
  events: string;
  /** The notices' prefix: `${notices}_created`, _updated and _deleted. */
  notices: string;
}

/**
 * The rows of one kind of fleet entity (vehicle, trailer, fuel card) in its read table: created,
 * detail and status changes and the delete are the same for all of them; every change sets
 * updated_at and the stream version it reflects.
 */
export function fleetEntityRows<Details, Created extends CreatedData>(kind: FleetEntityKind<Details, Created>) {
  const { table, columns, columnValue = (_field, value) => value, events, notices } = kind;
  const fields = Object.keys(columns) as (keyof Details & string)[];
  const detailRow = (details: Partial<Details>, named: readonly (keyof Details & string)[]) =>
    Object.fromEntries(named.map((field) => [columns[field], columnValue(field, details[field])]));

  /** What an event changed, with the time of the change. */
  const change = (tx: SqlExecutor, event: RecordedEvent, id: string, row: Record<string, unknown>, at: string) =>
    updateRow(tx, table, id, { ...row, updated_at: at, version: event.streamVersion });

  /** The events every fleet entity has; null for any other event. */
  const applyLifecycle = async (tx: SqlExecutor, event: RecordedEvent): Promise<Notice[] | null> => {
    switch (event.type) {
      case `${events}Created`: {
        const d = event.data as unknown as Created & Details;
        // A replayed creation leaves the row as the later events made it.
        await insertRowOnce(tx, table, {
          id: d.id,
          ...detailRow(d, fields),
          ...kind.createdColumns(d),
          created_by: d.createdBy,
          created_at: d.createdAt,
          updated_at: d.createdAt,
          version: event.streamVersion,
        });
        return fleetNotice(`${notices}_created`, d.id);
      }
      case `${events}DetailsChanged`: {
        const d = event.data as { id: string; changes: Partial<Details>; changedAt: string };
        await change(tx, event, d.id, detailRow(d.changes, Object.keys(d.changes) as (keyof Details & string)[]), d.changedAt);
        return fleetNotice(`${notices}_updated`, d.id);
      }
      case `${events}StatusChanged`: {
        const d = event.data as { id: string; to: string; changedAt: string };
        await change(tx, event, d.id, { status: d.to }, d.changedAt);
        return fleetNotice(`${notices}_updated`, d.id);
      }
      case `${events}Deleted`: {
        const d = event.data as { id: string };
        await tx.query(`DELETE FROM ${table} WHERE id = $1`, [d.id]);
        return fleetNotice(`${notices}_deleted`, d.id);
      }
    }
    return null;
  };

  return { change, applyLifecycle };
}
