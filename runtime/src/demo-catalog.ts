import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { messages } from '@dispo/domain/messages';
import { canBeDeliveryPlant, canBeLoadingPlant } from '@dispo/domain/plant/plant-eligibility';
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

const text = z.string().min(1);
const positive = z.number().positive();
const share = z.number().min(0).max(1);
const latitude = z.number().min(-90).max(90);
const longitude = z.number().min(-180).max(180);

/** Price and travel data: revenue of a delivered order, and the travel model of tours (fleet.md, dispatch.md). */
const tariffSchema = z.object({
  currency: z.literal('EUR'),
  /** EUR per tonne by material category. */
  basePerTonne: z.record(text, positive),
  perTonneKm: positive,
  minimumPerLoad: positive,
  roadFactor: z.number().min(1).max(3),
  averageSpeedKmh: z.number().min(10).max(120),
  /** EUR per driven km by vehicle type, with a `default`. */
  costPerKm: z.record(text, z.union([positive, z.string()])),
  loadingMinutes: z.number().int().min(0).max(240),
  unloadingMinutes: z.number().int().min(0).max(240),
});

/** How the demo business runs: what the seeded weeks of orders, tours and deliveries are drawn from. */
const operationsSchema = z.object({
  historyWeeks: z.number().int().min(0).max(52),
  ordersPerWorkday: z.object({ min: z.number().int().min(0).max(200), max: z.number().int().min(0).max(200) }),
  /** A Saturday's orders as a share of a workday's. */
  saturdayShare: share,
  routes: z
    .array(
      z.object({
        from: text,
        point: text,
        to: text,
        materials: z.array(text).min(1),
        customer: text.optional(),
        /** Relative frequency. */
        weight: positive,
      }),
    )
    .min(1),
  /** Whole hours of the day between which deliveries are wanted. */
  deliveryHours: z.object({ first: z.number().int().min(0).max(23), last: z.number().int().min(0).max(23) }),
  shareWithProblem: share,
  shareCancelled: share,
  weightDeviationTonnes: z.number().min(0).max(5),
});

const workshopSchema = z.object({
  name: text,
  brand: text.nullable(),
  address: text,
  phone: text,
  lat: latitude,
  lng: longitude,
  services: z.array(text),
  openingHours: text,
  rating: z.number().min(0).max(5),
  mobile: z.boolean().optional(),
});

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
      lat: latitude,
      lng: longitude,
      contactPerson: z.string(),
      phone: z.string(),
    }),
  ),
  loadingPoints: z.array(z.object({ plant: z.string(), name: z.string(), loading_type: z.string() })),
  materials: z.array(
    z.object({ name: z.string(), materialCode: z.string(), category: z.string(), unit: z.enum(UNITS), standardLoadSize: positive, densityTonsPerCubicMetre: positive.optional(), plants: z.array(z.string()) }),
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
        payload_kg: z.number().min(0),
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
  workshops: z.array(workshopSchema).default([]),
  tariff: tariffSchema,
  operations: operationsSchema,
});
export type DemoCatalog = z.infer<typeof demoCatalogSchema>;
export type DemoRoute = DemoCatalog['operations']['routes'][number];
export type DemoTariff = DemoCatalog['tariff'];

interface Problem {
  path: (string | number)[];
  detail: string;
}

/** What the shapes cannot say: every name a record uses stands in the catalogue, in the right role. */
function crossCheck(c: DemoCatalog): Problem[] {
  const problems: Problem[] = [];
  const plants = new Map(c.plants.map((p) => [p.name, p]));
  const materials = new Map(c.materials.map((m) => [m.name, m]));
  const customers = new Set(c.customers.map((k) => k.company));
  const plates = new Set(c.vehicles.map((v) => v.license_plate));
  const drivers = new Set(c.users.map((u) => `${u.firstName} ${u.lastName}`));
  const points = new Set(c.loadingPoints.map((lp) => `${lp.plant}/${lp.name}`));
  const plant = (path: Problem['path'], name: string) => {
    if (!plants.has(name)) problems.push({ path, detail: messages.demoSeed.unknownPlant(name) });
    return plants.get(name);
  };
  const role = (p: { plant_type: string; plant_role: string } | undefined) =>
    p && { plantType: p.plant_type, plantRole: p.plant_role } as Parameters<typeof canBeLoadingPlant>[0];

  c.loadingPoints.forEach((lp, i) => plant(['loadingPoints', i, 'plant'], lp.plant));
  c.materials.forEach((m, i) => m.plants.forEach((name, j) => plant(['materials', i, 'plants', j], name)));
  c.vehicles.forEach((v, i) => {
    plant(['vehicles', i, 'home_plant_name'], v.home_plant_name);
    if (v.driver && !drivers.has(v.driver)) problems.push({ path: ['vehicles', i, 'driver'], detail: messages.demoSeed.unknownDriver(v.driver) });
  });
  c.trailers.forEach((t, i) => {
    if (t.zugmaschine && !plates.has(t.zugmaschine)) problems.push({ path: ['trailers', i, 'zugmaschine'], detail: messages.demoSeed.unknownVehicle(t.zugmaschine) });
  });
  c.fuelCards.forEach((f, i) => {
    if (f.vehicle && !plates.has(f.vehicle)) problems.push({ path: ['fuelCards', i, 'vehicle'], detail: messages.demoSeed.unknownVehicle(f.vehicle) });
  });
  c.materials.forEach((m, i) => {
    if (c.tariff.basePerTonne[m.category] === undefined) problems.push({ path: ['materials', i, 'category'], detail: messages.demoSeed.noBasePrice(m.category) });
  });
  const ops = c.operations;
  if (ops.ordersPerWorkday.min > ops.ordersPerWorkday.max) problems.push({ path: ['operations', 'ordersPerWorkday'], detail: messages.demoSeed.minAboveMax });
  if (ops.deliveryHours.first > ops.deliveryHours.last) problems.push({ path: ['operations', 'deliveryHours'], detail: messages.demoSeed.firstAfterLast });
  ops.routes.forEach((r, i) => {
    const at = (...rest: (string | number)[]) => ['operations', 'routes', i, ...rest];
    const from = role(plant(at('from'), r.from));
    const to = role(plant(at('to'), r.to));
    if (from && !canBeLoadingPlant(from)) problems.push({ path: at('from'), detail: messages.demoSeed.notALoadingPlant(r.from) });
    if (to && !canBeDeliveryPlant(to)) problems.push({ path: at('to'), detail: messages.demoSeed.notADeliveryPlant(r.to) });
    if (!points.has(`${r.from}/${r.point}`)) problems.push({ path: at('point'), detail: messages.demoSeed.unknownLoadingPoint(r.from, r.point) });
    if (r.customer !== undefined && !customers.has(r.customer)) problems.push({ path: at('customer'), detail: messages.demoSeed.unknownCustomer(r.customer) });
    r.materials.forEach((name, j) => {
      const m = materials.get(name);
      if (!m) problems.push({ path: at('materials', j), detail: messages.demoSeed.unknownMaterial(name) });
      else if (!m.plants.includes(r.from)) problems.push({ path: at('materials', j), detail: messages.demoSeed.materialNotAtPlant(name, r.from) });
    });
  });
  return problems;
}

/** The name a reader finds the entry by: `vehicles[3]` is easier to fix as „IZ-MS 103“. */
function entryName(raw: unknown, path: readonly PropertyKey[]): string | null {
  let node: unknown = raw;
  let name: string | null = null;
  for (const key of path) {
    if (node === null || typeof node !== 'object') break;
    node = (node as Record<PropertyKey, unknown>)[key];
    if (node !== null && typeof node === 'object' && !Array.isArray(node)) {
      const o = node as Record<string, unknown>;
      const found = [o.name, o.license_plate, o.kennzeichen, o.card_number, o.username, o.company].find((v) => typeof v === 'string');
      if (typeof found === 'string') name = found;
      else if (typeof o.from === 'string' && typeof o.to === 'string') name = `${o.from} → ${o.to}`;
    }
  }
  return name;
}

const pathText = (path: readonly PropertyKey[]) =>
  path.map((key, i) => (typeof key === 'number' ? `[${key}]` : `${i === 0 ? '' : '.'}${String(key)}`)).join('') || '(Wurzel)';

/** Thrown when the catalogue cannot be seeded; the message (German) names each bad entry. */
export class DemoCatalogError extends Error {
  override readonly name = 'DemoCatalogError';
}

/** Parses and checks a catalogue; throws DemoCatalogError naming every bad entry. */
export function parseDemoCatalog(raw: unknown, file = 'runtime/demo/catalog.json'): DemoCatalog {
  const parsed = demoCatalogSchema.safeParse(raw, { error: z.locales.de().localeError });
  const problems: Problem[] = parsed.success
    ? crossCheck(parsed.data)
    : parsed.error.issues.map((issue) => ({ path: issue.path as (string | number)[], detail: issue.message }));
  if (problems.length > 0) {
    const lines = problems.map((p) => `  ${messages.demoSeed.problem(pathText(p.path), entryName(raw, p.path), p.detail)}`);
    throw new DemoCatalogError(messages.demoSeed.catalogInvalid(file, lines.join('\n')));
  }
  return parsed.data!;
}

export function loadDemoCatalog(file: URL | string = new URL('../demo/catalog.json', import.meta.url)): DemoCatalog {
  const path = typeof file === 'string' ? file : fileURLToPath(file);
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new DemoCatalogError(messages.demoSeed.catalogInvalid(path, `  ${error instanceof Error ? error.message : String(error)}`));
  }
  return parseDemoCatalog(raw, path);
}
