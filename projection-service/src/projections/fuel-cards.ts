import type { EventData, FuelCardDetails } from '@dispo/events/catalog/index';
import type { Notice } from '@dispo/platform/bus/notice-bus';
import type { Projection } from '../projection';
import { updateRow } from './upsert';

const FUEL_CARD_COLUMNS: Record<keyof FuelCardDetails, string> = {
  cardNumber: 'card_number',
  cardType: 'card_type',
  provider: 'provider',
  assignedVehicleId: 'assigned_vehicle_id',
  dailyLimit: 'daily_limit',
  monthlyLimit: 'monthly_limit',
  validUntil: 'valid_until',
  notes: 'notes',
};

const notice = (event: string, id: string): Notice[] => [{ subject: `dispo.fleet.${event}`, payload: { id } }];

/**
 * read.fuel_cards: one row per card. The PIN never reaches a read table, not even encrypted: only
 * whether one is set, and when it was last revealed (the reveal itself stands in the log).
 */
export const fuelCardsProjection: Projection = {
  name: 'fuel_cards',

  async setup(sql) {
    await sql.query(`CREATE TABLE IF NOT EXISTS read.fuel_cards (
      id text PRIMARY KEY, card_number text NOT NULL, card_type text NOT NULL, provider text, assigned_vehicle_id text,
      daily_limit numeric, monthly_limit numeric, valid_until date, notes text, status text NOT NULL,
      has_pin boolean NOT NULL, pin_last_revealed_at timestamptz, pin_last_revealed_by text,
      created_by text, created_at timestamptz NOT NULL, updated_at timestamptz NOT NULL, version integer NOT NULL)`);
    await sql.query('CREATE INDEX IF NOT EXISTS fuel_cards_vehicle_idx ON read.fuel_cards (assigned_vehicle_id)');
  },

  async reset(sql) {
    await sql.query('TRUNCATE read.fuel_cards');
  },

  async drop(sql) {
    await sql.query('DROP TABLE IF EXISTS read.fuel_cards');
  },

  async apply(tx, event): Promise<Notice[] | undefined> {
    const at = (row: Record<string, unknown>, id: string, time: string) =>
      updateRow(tx, 'read.fuel_cards', id, { ...row, updated_at: time, version: event.streamVersion });
    switch (event.type) {
      case 'FuelCardCreated': {
        const d = event.data as EventData<'FuelCardCreated'>;
        const row: Record<string, unknown> = { id: d.id };
        for (const [field, column] of Object.entries(FUEL_CARD_COLUMNS)) row[column] = d[field as keyof FuelCardDetails];
        Object.assign(row, {
          status: d.status,
          has_pin: d.pin !== null,
          created_by: d.createdBy,
          created_at: d.createdAt,
          updated_at: d.createdAt,
          version: event.streamVersion,
        });
        const names = Object.keys(row);
        await tx.query(
          `INSERT INTO read.fuel_cards (${names.join(', ')}) VALUES (${names.map((_, i) => `$${i + 1}`).join(', ')}) ON CONFLICT (id) DO NOTHING`,
          names.map((n) => row[n]),
        );
        return notice('fuel_card_created', d.id);
      }
      case 'FuelCardDetailsChanged': {
        const d = event.data as EventData<'FuelCardDetailsChanged'>;
        const row: Record<string, unknown> = {};
        for (const [field, value] of Object.entries(d.changes)) row[FUEL_CARD_COLUMNS[field as keyof FuelCardDetails]] = value;
        await at(row, d.id, d.changedAt);
        return notice('fuel_card_updated', d.id);
      }
      case 'FuelCardStatusChanged': {
        const d = event.data as EventData<'FuelCardStatusChanged'>;
        await at({ status: d.to }, d.id, d.changedAt);
        return notice('fuel_card_updated', d.id);
      }
      case 'FuelCardPinChanged': {
        const d = event.data as EventData<'FuelCardPinChanged'>;
        await at({ has_pin: d.pin !== null }, d.id, d.changedAt);
        return notice('fuel_card_updated', d.id);
      }
      case 'FuelCardPinRevealed': {
        const d = event.data as EventData<'FuelCardPinRevealed'>;
        await tx.query('UPDATE read.fuel_cards SET pin_last_revealed_at = $2, pin_last_revealed_by = $3, version = $4 WHERE id = $1', [
          d.id,
          d.revealedAt,
          d.revealedBy,
          event.streamVersion,
        ]);
        return undefined;
      }
      case 'FuelCardDeleted': {
        const d = event.data as EventData<'FuelCardDeleted'>;
        await tx.query('DELETE FROM read.fuel_cards WHERE id = $1', [d.id]);
        return notice('fuel_card_deleted', d.id);
      }
    }
    return undefined;
  },
};
