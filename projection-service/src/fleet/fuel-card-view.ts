import { maskedPin } from '@dispo/domain/fuel-card/pin';
import type { SqlExecutor } from '@dispo/events/sql/client';
import { iso, num, str } from './view-values';

const FUEL_CARD_SELECT = `
  SELECT c.*, v.license_plate AS vehicle_license_plate
  FROM read.fuel_cards c LEFT JOIN read.vehicles v ON v.id = c.assigned_vehicle_id
  WHERE ($1::text IS NULL OR c.id = $1)
  ORDER BY c.card_number`;

/**
 * A fuel card (fleet.md §3) as every list shows it: the PIN masked — the read table does not even
 * hold it — and the assigned vehicle's plate (the form chooses the vehicle by plate).
 */
export function fuelCardView(r: Record<string, unknown>) {
  const plate = str(r.vehicle_license_plate);
  return {
    id: String(r.id),
    card_number: String(r.card_number),
    card_type: String(r.card_type),
    provider: str(r.provider),
    assigned_vehicle_id: plate === null ? null : str(r.assigned_vehicle_id),
    license_plate: plate,
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

export async function listFuelCards(sql: SqlExecutor): Promise<FuelCardView[]> {
  const { rows } = await sql.query(FUEL_CARD_SELECT, [null]);
  return rows.map(fuelCardView);
}

export async function findFuelCard(sql: SqlExecutor, id: string): Promise<FuelCardView | null> {
  const { rows } = await sql.query(FUEL_CARD_SELECT, [id]);
  return rows[0] ? fuelCardView(rows[0]) : null;
}
