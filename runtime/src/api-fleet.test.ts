import { messages } from '@dispo/domain/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoId } from './seed';
import { createTestApp, type TestApp } from './testing/test-app';

interface Vehicle {
  id: string;
  license_plate: string;
  enabled_for_dispatch: boolean;
  status: string;
  assigned_driver: { id: string; full_name: string; department: string | null; email: string | null } | null;
  auflieger: { id: string; kennzeichen: string }[];
  [key: string]: unknown;
}
interface Trailer {
  id: string;
  kennzeichen: string;
  typ: string;
  zugmaschineId: string | null;
  zugmaschine: { licensePlate: string } | null;
  [key: string]: unknown;
}
interface HistoryEntry {
  actionType: string;
  actionTitle: string;
  description: string;
  details: Record<string, unknown>;
  performer: { firstName: string; lastName: string } | null;
  performedBy: string | null;
  timestamp: string;
  vehicleLicensePlate: string | null;
}

/** Every field of fleet.md §3 Vehicle. */
const VEHICLE_FIELDS = [
  'id',
  'license_plate',
  'vehicle_type',
  'make_model',
  'brand',
  'model',
  'year',
  'payload_kg',
  'total_weight_kg',
  'loading_capacity',
  'axles',
  'fuel_type',
  'emission_class',
  'suitable_material_ids',
  'has_silo_equipment',
  'enabled_for_dispatch',
  'tuv_until',
  'inspection_until',
  'insurance_until',
  'home_location_postal_code',
  'home_location_city',
  'home_plant_name',
  'cost_center',
  'last_service_date',
  'next_service_due',
  'odometer_km',
  'fuel_consumption',
  'special_equipment',
  'restrictions',
  'notes',
  'status',
  'assigned_driver_id',
  'assigned_driver',
  'auflieger',
  'current_tours',
  'workshop_appointments',
];

const vehicleOf = (plate: string) => demoId('vehicle', plate);
let plateCounter = 0;
/** A plate no other test uses. */
const freshPlate = () => `RD-FT ${100 + ++plateCounter}`;

describe('fleet: vehicles, trailers, driver search, history (docs/api/fleet.md)', () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    for (const user of ['fuhrpark', 'dispo', 'audit', 'admin']) tokens[user] = await t.login(user);
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, user: string | null = 'fuhrpark') =>
    t.app.inject({
      method,
      url,
      headers: user ? { authorization: `Bearer ${tokens[user]}` } : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  async function ok<T>(res: Awaited<ReturnType<typeof call>>, status = 200): Promise<T> {
    expect(res.statusCode, res.body.slice(0, 400)).toBe(status);
    return res.json() as T;
  }
  function refused(res: Awaited<ReturnType<typeof call>>, status: number, message: string) {
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json()).toMatchObject({ success: false, error: message });
  }
  const createVehicle = async (body: Record<string, unknown> = {}) =>
    (
      await ok<{ vehicle: Vehicle }>(
        await call('POST', '/api/vehicles', { license_plate: freshPlate(), make_model: 'MAN TGS 26.440', ...body }),
        201,
      )
    ).vehicle;
  const getVehicle = async (id: string) => (await ok<{ vehicle: Vehicle }>(await call('GET', `/api/vehicles/${id}`))).vehicle;
  const eventsOf = async (streamId: string) => (await t.infra.store.readStream(streamId)).map((e) => e.type);
  const historyOf = async (id: string, query = '') =>
    (await ok<{ history: HistoryEntry[] }>(await call('GET', `/api/vehicles/${id}/history${query}`))).history;

  describe('GET /api/vehicles', () => {
    it('lists the seeded fleet with every field of §3, the driver and the trailers', async () => {
      const { vehicles } = await ok<{ vehicles: Vehicle[] }>(await call('GET', '/api/vehicles'));
      expect(vehicles.length).toBeGreaterThanOrEqual(12);
      const actros = vehicles.find((v) => v.license_plate === 'IZ-MS 101');
      expect(Object.keys(actros ?? {})).toEqual(expect.arrayContaining(VEHICLE_FIELDS));
      expect(actros).toMatchObject({
        id: vehicleOf('IZ-MS 101'),
        vehicle_type: 'zugmaschine',
        make_model: 'Mercedes-Benz Actros 1845',
        brand: 'Mercedes-Benz',
        year: 2021,
        payload_kg: 27000,
        fuel_consumption: 29.5,
        enabled_for_dispatch: true,
        status: 'available',
        assigned_driver_id: demoId('user', 'dispo'),
        assigned_driver: {
          id: demoId('user', 'dispo'),
          full_name: 'Frank Berger',
          department: 'Disposition, Auftragsannahme',
          email: 'f.berger@dispo.example',
        },
        auflieger: [{ id: demoId('trailer', 'IZ-MA 501'), kennzeichen: 'IZ-MA 501' }],
        current_tours: [],
        workshop_appointments: [],
      });
      expect(actros?.tuv_until).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(vehicles.find((v) => v.license_plate === 'B-MS 401')).toMatchObject({
        status: 'repair',
        enabled_for_dispatch: false,
        assigned_driver: null,
      });
    });

    it('answers one vehicle, and 404 with a German message for an unknown one', async () => {
      expect((await getVehicle(vehicleOf('HH-MS 201'))).license_plate).toBe('HH-MS 201');
      refused(await call('GET', '/api/vehicles/gibt-es-nicht'), 404, messages.fleetCommands.vehicleNotFound);
    });
  });

  describe('POST /api/vehicles', () => {
    it('creates a vehicle with the defaults of §9 and answers it as the list shows it', async () => {
      const plate = freshPlate();
      const res = await ok<{ success: boolean; vehicle: Vehicle }>(
        await call('POST', '/api/vehicles', { license_plate: plate.toLowerCase(), make_model: 'Scania R 450' }),
        201,
      );
      expect(res.success).toBe(true);
      expect(res.vehicle).toMatchObject({
        license_plate: plate,
        make_model: 'Scania R 450',
        vehicle_type: 'lkw_aufbau',
        fuel_type: 'diesel',
        emission_class: 'euro6',
        status: 'available',
        enabled_for_dispatch: false,
        assigned_driver: null,
        auflieger: [],
      });
      expect(await eventsOf(`vehicle-${res.vehicle.id}`)).toEqual(['VehicleCreated']);
      expect(await eventsOf(`license-plate-${plate.replace(/\s/g, '')}`)).toEqual(['UniqueValueReserved']);
    });

    it('keeps every field of the form and records the deadlines as their own events', async () => {
      const v = await createVehicle({
        vehicle_type: 'zugmaschine',
        brand: 'MAN',
        model: 'TGX',
        year: 2023,
        payload_kg: 26000,
        total_weight_kg: 40000,
        loading_capacity: '27 t',
        axles: 2,
        fuel_type: 'hybrid',
        emission_class: 'euro5',
        suitable_material_ids: [demoId('material', 'CEM I 42,5 R')],
        has_silo_equipment: true,
        enabled_for_dispatch: true,
        tuv_until: '2027-05-31',
        inspection_until: '2027-01-15',
        insurance_until: '',
        home_location_postal_code: '24103',
        home_location_city: 'Kiel',
        home_plant_name: 'Betonwerk Kiel',
        cost_center: 'KST-4711',
        last_service_date: '2026-10-01',
        next_service_due: '2027-04-01',
        odometer_km: 1200,
        fuel_consumption: 28.4,
        special_equipment: 'Kompressor',
        restrictions: 'keine Innenstadt',
        notes: 'Neufahrzeug',
        status: 'maintenance',
        assigned_driver_id: demoId('user', 'fuhrpark'),
      });
      expect(v).toMatchObject({
        vehicle_type: 'zugmaschine',
        year: 2023,
        loading_capacity: '27 t',
        fuel_type: 'hybrid',
        emission_class: 'euro5',
        suitable_material_ids: [demoId('material', 'CEM I 42,5 R')],
        tuv_until: '2027-05-31',
        inspection_until: '2027-01-15',
        insurance_until: null,
        cost_center: 'KST-4711',
        last_service_date: '2026-10-01',
        status: 'maintenance',
        assigned_driver: { full_name: 'Michael Hoffmann', department: 'Fuhrparkleitung' },
      });
      expect(await eventsOf(`vehicle-${v.id}`)).toEqual(['VehicleCreated', 'VehicleDeadlineSet', 'VehicleDeadlineSet']);
    });

    it.each([[{ license_plate: undefined }], [{ make_model: '  ' }], [{ vehicle_type: null }], [{ vehicle_type: '' }]])(
      'requires plate, type and make/model (§5): %j',
      async (body) => {
        refused(
          await call('POST', '/api/vehicles', { license_plate: freshPlate(), make_model: 'DAF XF', ...body }),
          400,
          'Bitte füllen Sie alle Pflichtfelder aus.',
        );
      },
    );

    it.each([
      [{ payload_kg: -1 }, 400, messages.fleetCommands.invalidNumber],
      [{ year: 1800 }, 400, messages.fleetCommands.invalidYear],
      [{ axles: 0 }, 400, messages.fleetCommands.invalidAxles],
      [{ home_location_postal_code: '123' }, 400, messages.validation.invalidPostalCode],
      [{ tuv_until: '2026-02-30' }, 400, messages.validation.invalidDate],
      [{ assigned_driver_id: 'niemand' }, 404, messages.fleetCommands.driverNotFound],
      [{ suitable_material_ids: ['kein-material'] }, 404, messages.fleetCommands.materialNotFound],
      [{ vehicle_type: 'ufo' }, 400, messages.http.invalidField('vehicle_type')],
      [{ farbe: 'rot' }, 400, messages.http.unknownField('farbe')],
    ])('refuses %j with its German message', async (body, status, message) => {
      refused(await call('POST', '/api/vehicles', { license_plate: freshPlate(), make_model: 'DAF XF', ...body }), status, message);
    });

    it('refuses a plate that is taken, however it is spaced or cased', async () => {
      refused(
        await call('POST', '/api/vehicles', { license_plate: 'iz-ms101', make_model: 'Kopie' }),
        409,
        messages.fleetCommands.licensePlateTaken,
      );
    });

    it('gives a plate to exactly one of several concurrent creates', async () => {
      const plate = freshPlate();
      const results = await Promise.all(
        Array.from({ length: 5 }, (_, i) =>
          call('POST', '/api/vehicles', { license_plate: i % 2 ? plate : plate.toLowerCase(), make_model: `Wettlauf ${i}` }),
        ),
      );
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
      for (const r of results.filter((r) => r.statusCode === 409))
        expect(r.json()).toMatchObject({ error: messages.fleetCommands.licensePlateTaken });
      const { vehicles } = await ok<{ vehicles: Vehicle[] }>(await call('GET', '/api/vehicles'));
      expect(vehicles.filter((v) => v.license_plate === plate)).toHaveLength(1);
    });
  });

  describe('PUT /api/vehicles/:id and the dispatch toggle', () => {
    it('changes the full form and records old and new values', async () => {
      const v = await createVehicle({ odometer_km: 1000, tuv_until: '2027-01-01' });
      const updated = await ok<{ vehicle: Vehicle }>(
        await call('PUT', `/api/vehicles/${v.id}`, {
          license_plate: v.license_plate,
          make_model: 'MAN TGS 26.440',
          odometer_km: 2500,
          status: 'defect',
          tuv_until: '2027-06-30',
          insurance_until: '2027-12-31',
        }),
      );
      expect(updated.vehicle).toMatchObject({
        odometer_km: 2500,
        status: 'defect',
        tuv_until: '2027-06-30',
        insurance_until: '2027-12-31',
      });
      const events = await t.infra.store.readStream(`vehicle-${v.id}`);
      expect(events.map((e) => e.type)).toEqual([
        'VehicleCreated',
        'VehicleDeadlineSet',
        'VehicleDetailsChanged',
        'VehicleStatusChanged',
        'VehicleDeadlineChanged',
        'VehicleDeadlineSet',
      ]);
      expect(events[2]?.data).toMatchObject({
        changes: { odometerKm: 2500 },
        previous: { odometerKm: 1000 },
        changedBy: demoId('user', 'fuhrpark'),
      });
      expect(events[4]?.data).toMatchObject({ deadline: 'tuv', from: '2027-01-01', to: '2027-06-30' });
    });

    it('toggles dispatch with a body of only enabled_for_dispatch, changing nothing else', async () => {
      const v = await createVehicle({ notes: 'bleibt' });
      const on = await ok<{ vehicle: Vehicle }>(await call('PUT', `/api/vehicles/${v.id}`, { enabled_for_dispatch: true }));
      expect(on.vehicle).toMatchObject({ enabled_for_dispatch: true, notes: 'bleibt', make_model: 'MAN TGS 26.440' });
      await ok(await call('PUT', `/api/vehicles/${v.id}`, { enabled_for_dispatch: false }));
      expect(await eventsOf(`vehicle-${v.id}`)).toEqual(['VehicleCreated', 'VehicleDispatchChanged', 'VehicleDispatchChanged']);
      const settings = (await historyOf(v.id, '?actionType=SETTINGS_CHANGED')).map((e) => e.description);
      expect(settings).toEqual(['Fahrzeug für Disposition gesperrt', 'Fahrzeug für Disposition freigeschaltet']);
    });

    it('toggles dispatch for several vehicles at once and reports the ones it could not', async () => {
      const a = await createVehicle();
      const b = await createVehicle();
      const res = await ok<{ success: boolean; updated: number; failed: { id: string; error: string }[] }>(
        await call('POST', '/api/vehicles/bulk-dispatch', { vehicle_ids: [a.id, b.id, 'gibt-es-nicht'], enabled_for_dispatch: true }),
      );
      expect(res).toEqual({
        success: true,
        updated: 2,
        failed: [{ id: 'gibt-es-nicht', license_plate: null, error: messages.fleetCommands.vehicleNotFound }],
      });
      expect((await getVehicle(a.id)).enabled_for_dispatch).toBe(true);
      expect((await getVehicle(b.id)).enabled_for_dispatch).toBe(true);
      // §4: no selection, nothing done.
      expect(await ok(await call('POST', '/api/vehicles/bulk-dispatch', { vehicle_ids: [], enabled_for_dispatch: false }))).toEqual({
        success: true,
        updated: 0,
        failed: [],
      });
      const tooMany = Array.from({ length: 501 }, (_, i) => `v-${i}`);
      refused(
        await call('POST', '/api/vehicles/bulk-dispatch', { vehicle_ids: tooMany, enabled_for_dispatch: true }),
        400,
        messages.fleetCommands.bulkTooMany(500),
      );
    });

    it('moves the plate reservation: the old plate is free, the new one taken', async () => {
      const v = await createVehicle();
      const oldPlate = v.license_plate;
      const newPlate = freshPlate();
      await ok(await call('PUT', `/api/vehicles/${v.id}`, { license_plate: newPlate }));
      refused(
        await call('POST', '/api/vehicles', { license_plate: newPlate, make_model: 'X' }),
        409,
        messages.fleetCommands.licensePlateTaken,
      );
      const reused = await createVehicle({ license_plate: oldPlate });
      expect(reused.license_plate).toBe(oldPlate);
      refused(await call('PUT', `/api/vehicles/${v.id}`, { license_plate: oldPlate }), 409, messages.fleetCommands.licensePlateTaken);
    });

    it('answers the rules of the form and writes nothing', async () => {
      const v = await createVehicle();
      refused(await call('PUT', `/api/vehicles/${v.id}`, { make_model: '' }), 400, messages.validation.requiredFields);
      refused(await call('PUT', `/api/vehicles/${v.id}`, { vehicle_type: null }), 400, messages.validation.requiredFields);
      refused(await call('PUT', `/api/vehicles/${v.id}`, { fuel_consumption: -2 }), 400, messages.fleetCommands.invalidNumber);
      refused(await call('PUT', '/api/vehicles/gibt-es-nicht', { notes: 'x' }), 404, messages.fleetCommands.vehicleNotFound);
      expect(await eventsOf(`vehicle-${v.id}`)).toEqual(['VehicleCreated']);
    });
  });

  describe('DELETE /api/vehicles/:id', () => {
    it('deletes the vehicle, frees its plate and keeps its history', async () => {
      const v = await createVehicle();
      expect(await ok(await call('DELETE', `/api/vehicles/${v.id}`))).toEqual({ success: true });
      refused(await call('GET', `/api/vehicles/${v.id}`), 404, messages.fleetCommands.vehicleNotFound);
      refused(await call('DELETE', `/api/vehicles/${v.id}`), 404, messages.fleetCommands.vehicleNotFound);
      expect((await createVehicle({ license_plate: v.license_plate })).license_plate).toBe(v.license_plate);
      const history = await historyOf(v.id);
      expect(history[0]).toMatchObject({ actionType: 'UPDATED', actionTitle: 'Fahrzeug gelöscht', vehicleLicensePlate: v.license_plate });
    });
  });

  describe('trailers (Auflieger)', () => {
    const trailerBody = (body: Record<string, unknown> = {}) => ({ kennzeichen: freshPlate().replace('FT', 'AU'), ...body });

    it('lists the seeded trailers with the read fields of §3 and their tractor', async () => {
      const { auflieger } = await ok<{ auflieger: Trailer[] }>(await call('GET', '/api/auflieger'));
      expect(auflieger.find((a) => a.kennzeichen === 'IZ-MA 501')).toEqual({
        id: demoId('trailer', 'IZ-MA 501'),
        kennzeichen: 'IZ-MA 501',
        typ: 'kippsilo',
        status: 'available',
        maxWeight: 35000,
        notizen: null,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
        zugmaschineId: vehicleOf('IZ-MS 101'),
        zugmaschine: { licensePlate: 'IZ-MS 101' },
        wartungstermine: [],
        workshop_appointments: [],
      });
      expect(auflieger.find((a) => a.kennzeichen === 'KI-MA 701')).toMatchObject({
        typ: 'anhaenger',
        zugmaschineId: null,
        zugmaschine: null,
      });
    });

    it('creates a trailer as a kippsilo by default (§9) and requires kennzeichen and typ (§5)', async () => {
      const created = await ok<{ auflieger: Trailer }>(await call('POST', '/api/auflieger', trailerBody({ notizen: 'Neu' })), 201);
      expect(created.auflieger).toMatchObject({ typ: 'kippsilo', status: 'available', zugmaschine: null, notizen: 'Neu' });
      refused(await call('POST', '/api/auflieger', { typ: 'kippsilo' }), 400, 'Bitte füllen Sie alle Pflichtfelder aus.');
      refused(await call('POST', '/api/auflieger', trailerBody({ typ: '' })), 400, messages.validation.requiredFields);
      refused(
        await call('POST', '/api/auflieger', trailerBody({ wartungstermine: [{ art: 'hu', datum: '' }] })),
        400,
        messages.validation.requiredFields,
      );
      refused(await call('POST', '/api/auflieger', { kennzeichen: 'iz-ma501' }), 409, messages.fleetCommands.trailerPlateTaken);
    });

    it('accepts only a zugmaschine as tractor', async () => {
      refused(
        await call('POST', '/api/auflieger', trailerBody({ zugmaschine_id: vehicleOf('HH-MS 203') })),
        400,
        messages.fleetCommands.notATractor,
      );
      refused(
        await call('POST', '/api/auflieger', trailerBody({ zugmaschine_id: 'gibt-es-nicht' })),
        404,
        messages.fleetCommands.tractorNotFound,
      );
    });

    it('couples and uncouples a tractor, which the vehicles and their history show', async () => {
      const tractorA = await createVehicle({ vehicle_type: 'zugmaschine' });
      const tractorB = await createVehicle({ vehicle_type: 'zugmaschine' });
      const { auflieger } = await ok<{ auflieger: Trailer }>(
        await call(
          'POST',
          '/api/auflieger',
          trailerBody({
            typ: 'liegendsilo',
            maxWeight: 34000,
            zugmaschine_id: tractorA.id,
            wartungstermine: [{ art: 'hu', datum: '2027-03-01' }],
          }),
        ),
        201,
      );
      expect(auflieger).toMatchObject({
        typ: 'liegendsilo',
        maxWeight: 34000,
        zugmaschineId: tractorA.id,
        wartungstermine: [{ art: 'hu', datum: '2027-03-01' }],
      });
      expect((await getVehicle(tractorA.id)).auflieger).toEqual([{ id: auflieger.id, kennzeichen: auflieger.kennzeichen }]);

      const moved = await ok<{ auflieger: Trailer }>(
        await call('PUT', `/api/auflieger/${auflieger.id}`, { zugmaschine_id: tractorB.id, status: 'repair' }),
      );
      expect(moved.auflieger).toMatchObject({ zugmaschine: { licensePlate: tractorB.license_plate }, status: 'repair' });

      // A coupled tractor keeps its type: a trailer hangs on a Zugmaschine only.
      const retyped = await call('PUT', `/api/vehicles/${tractorB.id}`, { vehicle_type: 'lkw_aufbau' });
      refused(retyped, 409, messages.fleetCommands.tractorWithTrailers(tractorB.license_plate, auflieger.kennzeichen));
      expect(retyped.json().details).toEqual({ fields: ['vehicleType'] });
      expect((await getVehicle(tractorB.id)).vehicle_type).toBe('zugmaschine');
      // The uncoupled one may change.
      expect((await ok<{ vehicle: { vehicle_type: string } }>(await call('PUT', `/api/vehicles/${tractorA.id}`, { vehicle_type: 'lkw_aufbau' }))).vehicle.vehicle_type).toBe('lkw_aufbau');
      expect((await getVehicle(tractorA.id)).auflieger).toEqual([]);
      expect(await eventsOf(`trailer-${auflieger.id}`)).toEqual(['TrailerCreated', 'TrailerStatusChanged', 'TrailerTractorChanged']);

      const historyA = (await historyOf(tractorA.id)).filter((e) => e.actionType.startsWith('AUFLIEGER'));
      expect(historyA.map((e) => [e.actionType, e.actionTitle, e.description])).toEqual([
        ['AUFLIEGER_UNASSIGNED', 'Auflieger abgekoppelt', `Auflieger ${auflieger.kennzeichen} abgekoppelt.`],
        ['AUFLIEGER_ASSIGNED', 'Auflieger zugeordnet', `Auflieger ${auflieger.kennzeichen} zugeordnet.`],
      ]);
      expect((await historyOf(tractorB.id, '?actionType=AUFLIEGER_ASSIGNED')).length).toBe(1);

      expect(await ok(await call('DELETE', `/api/auflieger/${auflieger.id}`))).toEqual({ success: true });
      expect((await getVehicle(tractorB.id)).auflieger).toEqual([]);
      expect((await historyOf(tractorB.id, '?actionType=AUFLIEGER_UNASSIGNED')).length).toBe(1);
      refused(await call('PUT', `/api/auflieger/${auflieger.id}`, { notizen: 'x' }), 404, messages.fleetCommands.trailerNotFound);
      refused(await call('DELETE', `/api/auflieger/${auflieger.id}`), 404, messages.fleetCommands.trailerNotFound);
    });
  });

  describe('GET /api/vehicles/search/users', () => {
    it('finds users from 2 characters with id, full_name, department and email', async () => {
      const { users } = await ok<{ users: unknown[] }>(await call('GET', '/api/vehicles/search/users?q=berg'));
      expect(users).toEqual([
        {
          id: demoId('user', 'dispo'),
          full_name: 'Frank Berger',
          department: 'Disposition, Auftragsannahme',
          email: 'f.berger@dispo.example',
        },
      ]);
      expect((await ok<{ users: unknown[] }>(await call('GET', '/api/vehicles/search/users?q=HOFFMANN'))).users).toHaveLength(1);
      expect((await ok<{ users: unknown[] }>(await call('GET', '/api/vehicles/search/users?q=b'))).users).toEqual([]);
      expect((await ok<{ users: unknown[] }>(await call('GET', '/api/vehicles/search/users'))).users).toEqual([]);
    });
  });

  describe('GET /api/vehicles/:id/history', () => {
    it('records each change with action type, German title, description, details, performer and time', async () => {
      const v = await createVehicle({ tuv_until: '2027-01-01', assigned_driver_id: demoId('user', 'dispo') });
      await ok(
        await call('PUT', `/api/vehicles/${v.id}`, {
          odometer_km: 5000,
          status: 'maintenance',
          enabled_for_dispatch: true,
          assigned_driver_id: demoId('user', 'fuhrpark'),
          tuv_until: '2027-02-01',
          inspection_until: '2027-03-01',
          insurance_until: '2027-04-01',
        }),
      );
      await ok(await call('PUT', `/api/vehicles/${v.id}`, { tuv_until: null }));
      const history = await historyOf(v.id);
      const byType = (type: string) => history.filter((e) => e.actionType === type);
      expect(history.map((e) => e.actionType).sort()).toEqual(
        [
          'UPDATED',
          'TUV_SCHEDULED',
          'UPDATED',
          'STATUS_CHANGED',
          'SETTINGS_CHANGED',
          'ASSIGNMENT_CHANGED',
          'TUV_UPDATED',
          'INSPECTION_SCHEDULED',
          'INSURANCE_SCHEDULED',
          'TUV_UPDATED',
        ].sort(),
      );
      for (const entry of history) {
        expect(entry.performer).toEqual({ firstName: 'Michael', lastName: 'Hoffmann' });
        expect(entry.performedBy).toBe(demoId('user', 'fuhrpark'));
        expect(entry.vehicleLicensePlate).toBe(v.license_plate);
        expect(Number.isNaN(Date.parse(entry.timestamp))).toBe(false);
      }
      expect(byType('STATUS_CHANGED')[0]).toMatchObject({
        actionTitle: 'Status geändert',
        description: 'Status von „Verfügbar“ auf „Wartung“ geändert.',
        details: { from: 'available', to: 'maintenance' },
      });
      expect(byType('ASSIGNMENT_CHANGED')[0]).toMatchObject({
        actionTitle: 'Fahrerzuordnung geändert',
        description: 'Fahrer von Frank Berger auf Michael Hoffmann gewechselt.',
      });
      expect(byType('UPDATED').map((e) => e.description)).toContain('Geändert: Kilometerstand');
      expect(byType('TUV_UPDATED').map((e) => [e.actionTitle, e.description])).toEqual([
        ['TÜV-Termin entfernt', 'TÜV (bisher 01.02.2027) entfernt.'],
        ['TÜV-Termin geändert', 'TÜV von 01.01.2027 auf 01.02.2027 geändert.'],
      ]);
      expect(byType('INSPECTION_SCHEDULED')[0]).toMatchObject({
        actionTitle: 'HU-Termin eingetragen',
        description: 'HU fällig am 01.03.2027.',
      });
      expect(byType('INSURANCE_SCHEDULED')[0]?.actionTitle).toBe('Versicherungsablauf eingetragen');
    });

    it('filters by action type and date, and knows no history of an unknown vehicle', async () => {
      const v = await createVehicle();
      expect((await historyOf(v.id, '?actionType=UPDATED')).map((e) => e.actionTitle)).toEqual(['Fahrzeug angelegt']);
      expect(await historyOf(v.id, '?startDate=2000-01-01&endDate=2000-12-31')).toEqual([]);
      refused(await call('GET', `/api/vehicles/${v.id}/history?actionType=ERFUNDEN`), 400, messages.http.invalidField('actionType'));
      refused(await call('GET', '/api/vehicles/gibt-es-nicht/history'), 404, messages.fleetCommands.vehicleNotFound);
    });

    it('shows the seeded deadlines as scheduled, without a performer', async () => {
      const history = await historyOf(vehicleOf('IZ-MS 101'));
      expect(history.map((e) => e.actionType).sort()).toEqual(
        ['INSPECTION_SCHEDULED', 'INSURANCE_SCHEDULED', 'TUV_SCHEDULED', 'UPDATED', 'AUFLIEGER_ASSIGNED'].sort(),
      );
      expect(history.every((e) => e.performer === null && e.performedBy === null)).toBe(true);
    });
  });

  describe('roles', () => {
    it('lets every role read and only the fleet manager (and admin) write', async () => {
      const v = await createVehicle();
      for (const user of ['audit', 'dispo']) {
        for (const url of [
          '/api/vehicles',
          `/api/vehicles/${v.id}`,
          '/api/auflieger',
          '/api/fuel-cards',
          '/api/vehicles/search/users?q=be',
          `/api/vehicles/${v.id}/history`,
        ]) {
          expect((await call('GET', url, undefined, user)).statusCode, `${user} GET ${url}`).toBe(200);
        }
        for (const [method, url, body] of [
          ['POST', '/api/vehicles', { license_plate: freshPlate(), make_model: 'X' }],
          ['PUT', `/api/vehicles/${v.id}`, { enabled_for_dispatch: true }],
          ['DELETE', `/api/vehicles/${v.id}`, undefined],
          ['POST', '/api/vehicles/bulk-dispatch', { vehicle_ids: [v.id], enabled_for_dispatch: true }],
          ['POST', '/api/auflieger', { kennzeichen: freshPlate() }],
          ['PUT', `/api/auflieger/${demoId('trailer', 'IZ-MA 501')}`, { notizen: 'x' }],
          ['DELETE', `/api/auflieger/${demoId('trailer', 'IZ-MA 501')}`, undefined],
        ] as const) {
          refused(await call(method, url, body, user), 403, messages.auth.forbidden);
        }
      }
      expect(await eventsOf(`vehicle-${v.id}`)).toEqual(['VehicleCreated']);
      const byAdmin = await ok<{ vehicle: Vehicle }>(await call('PUT', `/api/vehicles/${v.id}`, { enabled_for_dispatch: true }, 'admin'));
      expect(byAdmin.vehicle.enabled_for_dispatch).toBe(true);
    });

    it('answers 401 without a token, on reads and writes alike', async () => {
      for (const [method, url] of [
        ['GET', '/api/vehicles'],
        ['GET', '/api/auflieger'],
        ['GET', '/api/vehicles/search/users?q=be'],
        ['POST', '/api/vehicles'],
        ['PUT', '/api/vehicles/x'],
        ['POST', '/api/auflieger'],
      ] as const) {
        refused(await call(method, url, method === 'GET' ? undefined : {}, null), 401, messages.auth.sessionExpired);
      }
    });
  });
});
