import type { RecordedEvent } from '@dispo/events/envelope';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDemoCatalog } from './demo-catalog';
import { berlinDayIn, demoId, seedDemoData } from './seed';
import { readCommittedLog } from './testing/read-log';
import { createTestApp, TEST_PIN_KEY, type TestApp } from './testing/test-app';

/**
 * The whole log. readAll holds back events behind a transaction still open elsewhere (the services'
 * projection runner works while the seed appends), so the log is read until a later read adds nothing.
 */
async function allEvents(t: TestApp): Promise<RecordedEvent[]> {
  return readCommittedLog(t.infra.store, t.infra.sql);
}


const catalog = loadDemoCatalog();
const records =
  catalog.users.length +
  catalog.plants.length +
  catalog.loadingPoints.length +
  catalog.materials.length +
  catalog.customers.length +
  catalog.vehicles.length +
  catalog.trailers.length +
  catalog.fuelCards.length +
  catalog.workshops.length;

describe('demo seed', () => {
  let t: TestApp;
  let firstRun: { created: number };
  let afterFirst: RecordedEvent[];

  beforeAll(async () => {
    t = await createTestApp({ seed: false, optimization: { worker: false } });
    expect(await allEvents(t)).toEqual([]);
    firstRun = await seedDemoData(t.infra, catalog, { pinKey: TEST_PIN_KEY });
    afterFirst = await allEvents(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('creates every record of the catalogue through the commands, as events without a user', () => {
    expect(firstRun.created).toBe(records);
    const count = (type: string) => afterFirst.filter((e) => e.type === type).length;
    expect(count('UserRegistered')).toBe(catalog.users.length);
    expect(count('PlantCreated')).toBe(catalog.plants.length);
    expect(count('LoadingPointCreated')).toBe(catalog.loadingPoints.length);
    expect(count('MaterialCreated')).toBe(catalog.materials.length);
    expect(count('CustomerCreated')).toBe(catalog.customers.length);
    expect(count('VehicleCreated')).toBe(catalog.vehicles.length);
    expect(count('TrailerCreated')).toBe(catalog.trailers.length);
    expect(count('FuelCardCreated')).toBe(catalog.fuelCards.length);
    expect(count('WorkshopRegistered')).toBe(catalog.workshops.length);
    for (const e of afterFirst) {
      expect(e.metadata.userId).toBeNull();
      expect(e.metadata.commandName).toMatch(/^Seed:/);
    }
  });

  it('writes nothing the second time', async () => {
    const second = await seedDemoData(t.infra, catalog, { pinKey: TEST_PIN_KEY });
    expect(second.created).toBe(0);
    const afterSecond = await allEvents(t);
    expect(afterSecond.length).toBe(afterFirst.length);
    expect(afterSecond.map((e) => e.eventId)).toEqual(afterFirst.map((e) => e.eventId));
  });

  it('adds only what is new when the catalogue grows', async () => {
    const grown = {
      ...catalog,
      customers: [
        ...catalog.customers,
        { company: 'Neukunde Itzehoe GmbH', contactPerson: 'Ole Jensen', email: 'o.jensen@neukunde.example' },
      ],
    };
    const before = (await allEvents(t)).length;
    expect((await seedDemoData(t.infra, grown)).created).toBe(1);
    const added = (await allEvents(t)).slice(before);
    expect(added.map((e) => [e.type, e.streamId])).toEqual([
      ['CustomerCreated', `customer-${demoId('customer', 'Neukunde Itzehoe GmbH')}`],
    ]);
    expect((await seedDemoData(t.infra, grown)).created).toBe(0);
  });

  it('lets every demo user log in with demo1234 and their roles, under the stable id', async () => {
    for (const u of catalog.users) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: u.username, password: 'demo1234' } });
      expect(res.statusCode, u.username).toBe(200);
      expect((res.json() as { user: unknown }).user).toEqual({
        id: demoId('user', u.username),
        username: u.username,
        firstName: u.firstName,
        lastName: u.lastName,
        roles: u.roles,
      });
    }
  });

  it('seeds the fleet: vehicles with driver and deadlines from today, trailers on their tractors, fuel cards with PIN', async () => {
    const token = (
      await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'fuhrpark', password: 'demo1234' } })
    ).json() as { token: string };
    const auth = { authorization: `Bearer ${token.token}` };
    const get = async <T>(url: string) => (await t.app.inject({ method: 'GET', url, headers: auth })).json() as T;
    const { vehicles } = await get<{ vehicles: Record<string, unknown>[] }>('/api/vehicles');
    expect(vehicles.map((v) => v.license_plate).sort()).toEqual(catalog.vehicles.map((v) => v.license_plate).sort());
    const first = catalog.vehicles[0]!;
    expect(vehicles.find((v) => v.license_plate === first.license_plate)).toMatchObject({
      id: demoId('vehicle', first.license_plate),
      make_model: `${first.brand} ${first.model}`,
      tuv_until: berlinDayIn(first.tuv_until_in_days),
      inspection_until: berlinDayIn(first.inspection_until_in_days),
      insurance_until: berlinDayIn(first.insurance_until_in_days),
      assigned_driver: { full_name: first.driver },
    });
    const { auflieger } = await get<{ auflieger: { kennzeichen: string; zugmaschine: { licensePlate: string } | null }[] }>('/api/auflieger');
    expect(auflieger.map((a) => [a.kennzeichen, a.zugmaschine?.licensePlate ?? null]).sort()).toEqual(
      catalog.trailers.map((a) => [a.kennzeichen, a.zugmaschine]).sort(),
    );
    const { fuel_cards } = await get<{ fuel_cards: { id: string; card_number: string; pin_code: string | null }[] }>('/api/fuel-cards');
    expect(fuel_cards.map((c) => [c.card_number, c.pin_code]).sort()).toEqual(catalog.fuelCards.map((c) => [c.card_number, '****']).sort());
    const card = catalog.fuelCards[0]!;
    const reveal = await t.app.inject({ method: 'POST', url: `/api/fuel-cards/${demoId('fuel-card', card.card_number)}/reveal-pin`, headers: auth });
    expect(reveal.json()).toMatchObject({ pin_code: card.pin_code });
  });

  it('counts deadline days from the Berlin calendar day', () => {
    // 23:30 UTC on 31 December is already 1 January in Berlin.
    expect(berlinDayIn(0, new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
    expect(berlinDayIn(-3, new Date('2027-03-01T10:00:00Z'))).toBe('2027-02-26');
    expect(berlinDayIn(400, new Date('2026-11-20T10:00:00Z'))).toBe('2027-12-25');
  });

  it('gives stable ids: derived from kind and name, the same in every database and on every run', async () => {
    expect(demoId('plant', 'Betonwerk Kiel')).toBe(demoId('plant', 'Betonwerk Kiel'));
    expect(demoId('plant', 'Betonwerk Kiel')).not.toBe(demoId('customer', 'Betonwerk Kiel'));
    expect(demoId('plant', 'Betonwerk Kiel')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-8[0-9a-f]{3}-[0-9a-f]{12}$/);
    // A fixed value (sha256 of 'dispo-demo:user:dispo', shaped like a v4 uuid): a change of the rule
    // would orphan every database seeded before it.
    expect(demoId('user', 'dispo')).toBe('d7c594ac-9925-4972-867e-adb0cbeafc11');

    const token = (
      await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'dispo', password: 'demo1234' } })
    ).json() as { token: string };
    const auth = { authorization: `Bearer ${token.token}` };
    const plants = (await t.app.inject({ method: 'GET', url: '/api/plants', headers: auth })).json() as {
      plants: { id: string; name: string }[];
    };
    expect(
      plants.plants
        .filter((p) => catalog.plants.some((c) => c.name === p.name))
        .map((p) => [p.name, p.id])
        .sort(),
    ).toEqual(catalog.plants.map((p) => [p.name, demoId('plant', p.name)]).sort());
    const materials = (await t.app.inject({ method: 'GET', url: '/api/materials', headers: auth })).json() as {
      materials: { id: string; name: string }[];
    };
    expect(materials.materials.map((m) => [m.name, m.id]).sort()).toEqual(
      catalog.materials.map((m) => [m.name, demoId('material', m.name)]).sort(),
    );
    const ids = new Set(afterFirst.map((e) => e.streamId));
    for (const lp of catalog.loadingPoints)
      expect(ids.has(`loading-point-${demoId('loading-point', `${lp.plant}/${lp.name}`)}`)).toBe(true);
  });
});
