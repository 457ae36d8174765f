import { randomBytes } from 'node:crypto';
import { fuelCardCommands } from '@dispo/command-service/fleet/fuel-card-commands';
import { createPinCipher } from '@dispo/command-service/fleet/pin-cipher';
import { trailerCommands } from '@dispo/command-service/fleet/trailer-commands';
import { vehicleCommands } from '@dispo/command-service/fleet/vehicle-commands';
import { masterDataCommands } from '@dispo/command-service/master-data/master-data-commands';
import { reservationOwner } from '@dispo/command-service/reserve';
import { userCommands } from '@dispo/command-service/users/user-commands';
import { workshopCommands } from '@dispo/command-service/workshops/workshop-commands';
import { DomainError } from '@dispo/domain/decider';
import { normalizeUsername } from '@dispo/domain/user/index';
import { reservationKinds } from '@dispo/events/catalog/index';
import type { EventRegistry } from '@dispo/events/registry';
import type { EventStore } from '@dispo/events/store/port';
import type { DemoCatalog } from './demo-catalog';
import { berlinDayIn, demoId } from './seed/demo-ids';
import { seedAppointments } from './seed/appointments';
import { seedTariff } from './seed/tariff';
import { type HistoryOptions, type HistoryResult, seedHistory } from './seed/history';

export { berlinDayIn, demoId };

/** Runs a create command; "already exists" is what a repeated seed expects. */
async function once(create: () => Promise<unknown>): Promise<boolean> {
  try {
    await create();
    return true;
  } catch (error) {
    if (error instanceof DomainError && error.kind === 'conflict') return false;
    throw error;
  }
}

export interface SeedOptions {
  /** The services' PIN key; without it the demo fuel cards are seeded without PIN. */
  pinKey?: string;
  /** The demo business's weeks of operations (seed/history.ts); without it only the master data. */
  history?: HistoryOptions;
}

export interface SeedResult {
  /** Master-data records created now. */
  created: number;
  /** The operations written now; null when not asked for. */
  history: HistoryResult | null;
}

/**
 * THE seed module of the demo business: every area adds its facts here. Seeds the demo catalogue
 * through the product's own commands, so it stands in the event log like anything a user entered:
 * master data, the fleet, then the weeks of operations. Idempotent: a second run writes nothing.
 */
export async function seedDemoData(
  ctx: { store: EventStore; registry: EventRegistry },
  catalog: DemoCatalog,
  options: SeedOptions = {},
): Promise<SeedResult> {
  const users = userCommands(ctx);
  const master = masterDataCommands(ctx);
  const meta = (commandName: string) => ({ userId: null, commandName: `Seed:${commandName}` });
  let created = 0;
  const count = (done: boolean) => {
    if (done) created++;
  };

  for (const u of catalog.users) {
    // Hashing is slow on purpose; skip users whose name is already taken.
    if (await reservationOwner(ctx.store, reservationKinds.username, normalizeUsername(u.username))) continue;
    const { password, ...details } = u;
    count(await once(() => users.registerUser(demoId('user', u.username), details, password, meta('RegisterUser'))));
  }
  for (const p of catalog.plants) {
    const details = {
      name: p.name,
      city: p.city,
      street: p.street,
      postalCode: p.postalCode,
      contactPerson: p.contactPerson,
      phone: p.phone,
      plantType: p.plant_type,
      plantRole: p.plant_role,
      lat: p.lat,
      lng: p.lng,
    };
    count(await once(() => master.createPlant(demoId('plant', p.name), details, meta('CreatePlant'))));
  }
  for (const lp of catalog.loadingPoints) {
    const id = demoId('loading-point', `${lp.plant}/${lp.name}`);
    count(
      await once(() =>
        master.createLoadingPoint(
          id,
          demoId('plant', lp.plant),
          { name: lp.name, loadingType: lp.loading_type },
          meta('CreateLoadingPoint'),
        ),
      ),
    );
  }
  for (const m of catalog.materials) {
    const details = {
      name: m.name,
      materialCode: m.materialCode,
      category: m.category,
      unit: m.unit,
      standardLoadSize: m.standardLoadSize,
      densityTonsPerCubicMetre: m.densityTonsPerCubicMetre ?? null,
      assignedPlantIds: m.plants.map((name) => demoId('plant', name)),
    };
    count(await once(() => master.createMaterial(demoId('material', m.name), details, meta('CreateMaterial'))));
  }
  for (const c of catalog.customers) {
    count(await once(() => master.createCustomer(demoId('customer', c.company), c, meta('CreateCustomer'))));
  }
  created += await seedFleet(ctx, catalog, options, meta);
  // The workshop register of the Smart Service: the catalogue's workshops.
  const workshops = workshopCommands(ctx);
  for (const w of catalog.workshops) {
    count(await once(() => workshops.registerWorkshop(demoId('workshop', w.name), w, meta('RegisterWorkshop'))));
  }
  // Issue 14: the tariff prices the tours the history completes.
  await seedTariff(ctx, catalog);
  await (await import('./seed-templates')).seedTemplates(ctx, catalog);
  const history = options.history ? await seedHistory(ctx, catalog, options.history) : null;
  // The workshop appointments and deadline warnings belong to the demo business's operations.
  if (options.history) await seedAppointments(ctx, catalog, options.history.now?.() ?? new Date());
  return { created, history };
}

/** Vehicles first: trailers name their tractor and fuel cards their vehicle by plate. */
async function seedFleet(
  ctx: { store: EventStore; registry: EventRegistry },
  catalog: DemoCatalog,
  options: SeedOptions,
  meta: (commandName: string) => { userId: null; commandName: string },
): Promise<number> {
  const vehicles = vehicleCommands(ctx);
  const trailers = trailerCommands(ctx);
  // Without a key no PIN is seeded, so the throwaway key never encrypts anything.
  const cards = fuelCardCommands({ ...ctx, pinCipher: createPinCipher(options.pinKey ?? randomBytes(32).toString('hex')) });
  const userIdByName = new Map(catalog.users.map((u) => [`${u.firstName} ${u.lastName}`, demoId('user', u.username)]));
  const vehicleId = (plate: string | null) => (plate ? demoId('vehicle', plate) : null);
  let created = 0;
  const count = (done: boolean) => {
    if (done) created++;
  };

  for (const v of catalog.vehicles) {
    const input = {
      licensePlate: v.license_plate,
      vehicleType: v.vehicle_type,
      makeModel: `${v.brand} ${v.model}`,
      brand: v.brand,
      model: v.model,
      year: v.year,
      payloadKg: v.payload_kg,
      totalWeightKg: v.total_weight_kg,
      axles: v.axles,
      fuelType: v.fuel_type,
      emissionClass: v.emission_class,
      hasSiloEquipment: v.has_silo_equipment,
      enabledForDispatch: v.enabled_for_dispatch,
      status: v.status,
      homePlantName: v.home_plant_name,
      homeLocationPostalCode: v.home_location_postal_code,
      homeLocationCity: v.home_location_city,
      odometerKm: v.odometer_km,
      fuelConsumption: v.fuel_consumption,
      tuvUntil: berlinDayIn(v.tuv_until_in_days),
      inspectionUntil: berlinDayIn(v.inspection_until_in_days),
      insuranceUntil: berlinDayIn(v.insurance_until_in_days),
      assignedDriverId: v.driver ? (userIdByName.get(v.driver) ?? null) : null,
    };
    count(await once(() => vehicles.createVehicle(demoId('vehicle', v.license_plate), input, meta('CreateVehicle'))));
  }
  for (const t of catalog.trailers) {
    const input = { licensePlate: t.kennzeichen, trailerType: t.typ, maxWeightKg: t.maxWeight, tractorId: vehicleId(t.zugmaschine) };
    count(await once(() => trailers.createTrailer(demoId('trailer', t.kennzeichen), input, meta('CreateTrailer'))));
  }
  for (const c of catalog.fuelCards) {
    const input = {
      cardNumber: c.card_number,
      cardType: c.card_type,
      provider: c.provider,
      assignedVehicleId: vehicleId(c.vehicle),
      dailyLimit: c.daily_limit,
      monthlyLimit: c.monthly_limit,
      validUntil: berlinDayIn(c.valid_until_in_days),
    };
    const pin = options.pinKey ? c.pin_code : null;
    count(await once(() => cards.createFuelCard(demoId('fuel-card', c.card_number), input, pin, meta('CreateFuelCard'))));
  }
  return created;
}
