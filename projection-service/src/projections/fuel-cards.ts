import type { EventData, FuelCardDetails } from '@dispo/events/catalog/index';
import type { Notice } from '@dispo/platform/bus/notice-bus';
import type { Projection } from '../projection';
import { fleetEntityRows, fleetNotice } from './entity-rows';
import { readTableLifecycle } from './read-table-lifecycle';

const rows = fleetEntityRows<FuelCardDetails, EventData<'FuelCardCreated'>>({
  table: 'read.fuel_cards',
  columns: {
    cardNumber: 'card_number',
    cardType: 'card_type',
    provider: 'provider',
    assignedVehicleId: 'assigned_vehicle_id',
    dailyLimit: 'daily_limit',
    monthlyLimit: 'monthly_limit',
    validUntil: 'valid_until',
    notes: 'notes',
  },
  createdColumns: (d) => ({ status: d.status, has_pin: d.pin !== null }),
  events: 'FuelCard',
  notices: 'fuel_card',
});

/**
 * read.fuel_cards: one row per card. The PIN never reaches a read table, not even encrypted: only
 * whether one is set, and when it was last revealed (the reveal itself stands in the log).
 */
export const fuelCardsProjection: Projection = {
  name: 'fuel_cards',

  ...readTableLifecycle(
    'read.fuel_cards',
    `id text PRIMARY KEY, card_number text NOT NULL, card_type text NOT NULL, provider text, assigned_vehicle_id text,
      daily_limit numeric, monthly_limit numeric, valid_until date, notes text, status text NOT NULL,
      has_pin boolean NOT NULL, pin_last_revealed_at timestamptz, pin_last_revealed_by text,
      created_by text, created_at timestamptz NOT NULL, updated_at timestamptz NOT NULL, version integer NOT NULL`,
    { fuel_cards_vehicle_idx: 'assigned_vehicle_id' },
  ),

  async apply(tx, event): Promise<Notice[] | undefined> {
    const lifecycle = await rows.applyLifecycle(tx, event);
    if (lifecycle) return lifecycle;
    switch (event.type) {
      case 'FuelCardPinChanged': {
        const d = event.data as EventData<'FuelCardPinChanged'>;
        await rows.change(tx, event, d.id, { has_pin: d.pin !== null }, d.changedAt);
        return fleetNotice('fuel_card_updated', d.id);
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
    }
    return undefined;
  },
};
