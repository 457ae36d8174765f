import type { SqlExecutor } from '@dispo/events/sql/client';
import { str } from './view-values';

/**
 * The list and the single entity of a SELECT whose `$1` narrows to one id (null: every row) and whose
 * further parameters (`Rest`) follow; each row is turned into its view.
 */
export function viewsById<View, Rest extends unknown[] = []>(select: string, view: (row: Record<string, unknown>) => View) {
  return {
    async list(sql: SqlExecutor, ...rest: Rest): Promise<View[]> {
      const { rows } = await sql.query(select, [null, ...rest]);
      return rows.map(view);
    },
    async find(sql: SqlExecutor, id: string, ...rest: Rest): Promise<View | null> {
      const { rows } = await sql.query(select, [id, ...rest]);
      return rows[0] ? view(rows[0]) : null;
    },
  };
}

/**
 * The rows of a fleet table with the plate of the vehicle `vehicleColumn` points at, as `vehicle_plate`,
 * ordered by `orderBy`; `$1` narrows to one id.
 */
export function selectWithVehiclePlate(table: string, vehicleColumn: string, orderBy: string): string {
  return `
  SELECT r.*, v.license_plate AS vehicle_plate
  FROM ${table} r LEFT JOIN read.vehicles v ON v.id = r.${vehicleColumn}
  WHERE ($1::text IS NULL OR r.id = $1)
  ORDER BY r.${orderBy}`;
}

/** The vehicle a row of `selectWithVehiclePlate` points at; one that left the fleet (no plate) counts as none. */
export function linkedVehicle(row: Record<string, unknown>, vehicleColumn: string): { id: string | null; plate: string | null } {
  const plate = str(row.vehicle_plate);
  return { id: plate === null ? null : str(row[vehicleColumn]), plate };
}
