import { readFileSync } from 'node:fs';
import { z } from 'zod';
import {
  EMISSION_CLASSES,
  FUEL_CARD_TYPES,
  FUEL_TYPES,
  PLANT_ROLES,
  PLANT_TYPES,
  TRAILER_TYPES,
  UNITS,
  USER_ROLES,
  VEHICLE_STATUSES,
  VEHICLE_TYPES,
} from '@dispo/events/catalog/index';

/** The demo data of shared/demo/catalog.json, kept in the repository so a fresh clone can seed it. */
export const demoCatalogSchema = z.object({
  users: z.array(
    z.object({ username: z.string(), password: z.string(), firstName: z.string(), lastName: z.string(), email: z.string(), roles: z.array(z.enum(USER_ROLES)) }),
  ),
  plants: z.array(
    z.object({
      name: z.string(),
      city: z.string(),
      street: z.string(),
      postalCode: z.string(),
      plant_type: z.enum(PLANT_TYPES),
      plant_role: z.enum(PLANT_ROLES),
      lat: z.number(),
      lng: z.number(),
      contactPerson: z.string(),
      phone: z.string(),
    }),
  ),
  loadingPoints: z.array(z.object({ plant: z.string(), name: z.string(), loading_type: z.string() })),
  materials: z.array(
    z.object({ name: z.string(), materialCode: z.string(), category: z.string(), unit: z.enum(UNITS), standardLoadSize: z.number(), plants: z.array(z.string()) }),
  ),
  customers: z.array(z.object({ company: z.string(), contactPerson: z.string(), email: z.string() })),
  /** Deadlines as day offsets from the day of seeding (Europe/Berlin); the driver by full name. */
  vehicles: z
    .array(
      z.object({
        license_plate: z.string(),
        vehicle_type: z.enum(VEHICLE_TYPES),
        brand: z.string(),
        model: z.string(),
        year: z.number(),
        payload_kg: z.number(),
        total_weight_kg: z.number(),
        axles: z.number(),
        fuel_type: z.enum(FUEL_TYPES),
        emission_class: z.enum(EMISSION_CLASSES),
        has_silo_equipment: z.boolean(),
        enabled_for_dispatch: z.boolean(),
        status: z.enum(VEHICLE_STATUSES),
        home_plant_name: z.string(),
        home_location_postal_code: z.string(),
        home_location_city: z.string(),
        odometer_km: z.number(),
        fuel_consumption: z.number(),
        tuv_until_in_days: z.number(),
        inspection_until_in_days: z.number(),
        insurance_until_in_days: z.number(),
        driver: z.string().optional(),
      }),
    )
    .default([]),
  /** The tractor unit by its plate. */
  trailers: z
    .array(z.object({ kennzeichen: z.string(), typ: z.enum(TRAILER_TYPES), zugmaschine: z.string().nullable(), maxWeight: z.number() }))
    .default([]),
  /** The vehicle by its plate. */
  fuelCards: z
    .array(
      z.object({
        card_number: z.string(),
        card_type: z.enum(FUEL_CARD_TYPES),
        provider: z.string(),
        vehicle: z.string().nullable(),
        daily_limit: z.number(),
        monthly_limit: z.number(),
        valid_until_in_days: z.number(),
        pin_code: z.string(),
      }),
    )
    .default([]),
});
export type DemoCatalog = z.infer<typeof demoCatalogSchema>;

export function loadDemoCatalog(file = new URL('../demo/catalog.json', import.meta.url)): DemoCatalog {
  return demoCatalogSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
}
