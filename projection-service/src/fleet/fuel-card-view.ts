import { maskedPin } from '@dispo/domain/fuel-card/pin';
import type { SqlExecutor } from '@dispo/events/sql/client';
import { iso, num, str } from './view-values';
import { linkedVehicle, selectWithVehiclePlate, viewsById } from './views-by-id';

/**
 * A fuel card (fleet.md §3) as every list shows it: the PIN masked — the read table does not even
 * hold it — and the assigned vehicle's plate (the form chooses the vehicle by plate).
 */
export function fuelCardView(r: Record<string, unknown>) {
  const vehicle = linkedVehicle(r, 'assigned_vehicle_id');
  return {
    id: String(r.id),
    card_number: String(r.card_number),
    card_type: String(r.card_type),
    provider: str(r.provider),
    assigned_vehicle_id: vehicle.id,
    license_plate: vehicle.plate,
    daily_limit: num(r.daily_limit),
    monthly_limit: num(r.monthly_limit),
    valid_until: str(r.valid_until),
    pin_code: maskedPin(Boolean(r.has_pin)),
    has_pin: Boolean(r.has_pin),
    notes: str(r.notes),
    status: String(r.status),
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
  };
}
export type FuelCardView = ReturnType<typeof fuelCardView>;

const fuelCards = viewsById(selectWithVehiclePlate('read.fuel_cards', 'assigned_vehicle_id', 'card_number'), fuelCardView);
export const listFuelCards = (sql: SqlExecutor): Promise<FuelCardView[]> => fuelCards.list(sql);
export const findFuelCard = (sql: SqlExecutor, id: string): Promise<FuelCardView | null> => fuelCards.find(sql, id);
