import type { EventData } from '@dispo/events/catalog/index';
import type { RecordedEvent } from '@dispo/events/envelope';
import type { SqlExecutor } from '@dispo/events/sql/client';

export type PlateKind = 'vehicle' | 'trailer';

/**
 * The license plates of vehicles and trailers as of the event a history projection is applying, kept
 * by that projection in its own table `read.<table>` from the events it has seen. read.vehicles holds
 * today's plates, so a history rebuilt alone from it would rewrite old entries with a later rename.
 */
export function platesAsOfEvent(table: string) {
  const name = `read.${table}`;
  return {
    async setup(sql: SqlExecutor) {
      await sql.query(`CREATE TABLE IF NOT EXISTS ${name} (kind text NOT NULL, id text NOT NULL, license_plate text NOT NULL, PRIMARY KEY (kind, id))`);
    },
    async reset(sql: SqlExecutor) {
      await sql.query(`TRUNCATE ${name}`);
    },
    async drop(sql: SqlExecutor) {
      await sql.query(`DROP TABLE IF EXISTS ${name}`);
    },
    /** Records a new or renamed plate; call before the event's entries are made (they show the new one). */
    async track(tx: SqlExecutor, event: RecordedEvent) {
      const set = (kind: PlateKind, id: string, plate: string) =>
        tx.query(`INSERT INTO ${name} (kind, id, license_plate) VALUES ($1, $2, $3) ON CONFLICT (kind, id) DO UPDATE SET license_plate = EXCLUDED.license_plate`, [
          kind,
          id,
          plate,
        ]);
      switch (event.type) {
        case 'VehicleCreated': {
          const d = event.data as EventData<'VehicleCreated'>;
          await set('vehicle', d.id, d.licensePlate);
          break;
        }
        case 'VehicleDetailsChanged': {
          const d = event.data as EventData<'VehicleDetailsChanged'>;
          if (d.changes.licensePlate) await set('vehicle', d.id, d.changes.licensePlate);
          break;
        }
        case 'TrailerCreated': {
          const d = event.data as EventData<'TrailerCreated'>;
          await set('trailer', d.id, d.licensePlate);
          break;
        }
        case 'TrailerDetailsChanged': {
          const d = event.data as EventData<'TrailerDetailsChanged'>;
          if (d.changes.licensePlate) await set('trailer', d.id, d.changes.licensePlate);
          break;
        }
      }
    },
    async plate(tx: SqlExecutor, kind: PlateKind, id: string | null): Promise<string | null> {
      if (!id) return null;
      const { rows } = await tx.query<{ license_plate: string }>(`SELECT license_plate FROM ${name} WHERE kind = $1 AND id = $2`, [kind, id]);
      return rows[0]?.license_plate ?? null;
    },
  };
}
