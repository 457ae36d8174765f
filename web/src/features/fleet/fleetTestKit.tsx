import { screen } from '@testing-library/react';
import type { DriverUser, FuelCard, Trailer, Vehicle, VehicleDocument } from '../../api/fleetTypes';
import type { User } from '../../api/types';
import type { VehicleLiveTour } from '../../api/fleet';
import { todayInBerlin } from '../../components/format';
import {
  type Handler,
  type RecordedRequest,
  type Reply,
  startBackend,
  type TestBackend,
  useBackendOrigin as pointPageAt,
} from '../../test/backend';
import { renderApp } from '../../test/render';
import { addDays } from './fleetLogic';

/**
 * Test kit of the fleet page: a real HTTP test backend with the routes of docs/api/fleet.md over
 * in-memory lists (answers shaped like the server's), demo data and login helpers.
 */

export const TOKEN = 'fleet-token';

export const fleetManager: User = {
  id: 'u-fm',
  username: 'fuhrpark',
  firstName: 'Michael',
  lastName: 'Hoffmann',
  roles: ['fleet_manager'],
};
export const dispatcher: User = { id: 'u-d', username: 'dispo', firstName: 'Frank', lastName: 'Berger', roles: ['dispatcher'] };

/** A Berlin date `days` from today. */
export const inDays = (days: number) => addDays(todayInBerlin(), days);

/** A maker of test entities: the defaults, with what a test overrides. */
const maker =
  <T,>(defaults: () => T) =>
  (overrides: Partial<T> = {}): T => ({ ...defaults(), ...overrides });

export const makeVehicle = maker<Vehicle>(() => ({
  id: 'v-1',
  license_plate: 'IZ-MS 101',
  vehicle_type: 'zugmaschine',
  make_model: 'Mercedes-Benz Actros 1845',
  brand: 'Mercedes-Benz',
  model: 'Actros 1845',
  year: 2021,
  payload_kg: 27000,
  total_weight_kg: 40000,
  loading_capacity: null,
  axles: 2,
  fuel_type: 'diesel',
  emission_class: 'euro6',
  suitable_material_ids: [],
  has_silo_equipment: true,
  enabled_for_dispatch: false,
  tuv_until: inDays(200),
  inspection_until: inDays(200),
  insurance_until: inDays(200),
  home_location_postal_code: '25566',
  home_location_city: 'Lägerdorf',
  home_plant_name: 'Zementwerk Lägerdorf',
  cost_center: null,
  last_service_date: null,
  next_service_due: null,
  odometer_km: 412300,
  fuel_consumption: 29.5,
  special_equipment: null,
  restrictions: null,
  notes: null,
  status: 'available',
  stored_status: 'available',
  assigned_driver_id: null,
  assigned_driver: null,
  auflieger: [],
  current_tours: [],
  workshop_appointments: [],
  created_at: '2026-01-05T08:00:00.000Z',
  updated_at: '2026-01-05T08:00:00.000Z',
}));

export const makeTrailer = maker<Trailer>(() => ({
  id: 't-1',
  kennzeichen: 'IZ-MA 501',
  typ: 'kippsilo',
  status: 'available',
  maxWeight: 35000,
  notizen: null,
  createdAt: '2026-02-03T09:15:00.000Z',
  updatedAt: '2026-02-03T09:15:00.000Z',
  zugmaschineId: null,
  zugmaschine: null,
  wartungstermine: [],
}));

export const makeFuelCard = maker<FuelCard>(() => ({
  id: 'c-1',
  card_number: '7002 1234 5678 0101',
  card_type: 'diesel',
  provider: 'Aral',
  assigned_vehicle_id: 'v-1',
  license_plate: 'IZ-MS 101',
  daily_limit: 450,
  monthly_limit: 9000,
  valid_until: '2027-12-31',
  pin_code: '****',
  has_pin: true,
  notes: null,
  status: 'active',
}));

export const makeDocument = maker<VehicleDocument>(() => ({
  id: 'd-1',
  vehicleId: 'v-1',
  name: 'Zulassung Teil I.pdf',
  type: 'application/pdf',
  category: 'registration',
  size: 2048,
  uploadDate: '2026-03-01T10:00:00.000Z',
  uploadedBy: 'u-fm',
}));

export const users: DriverUser[] = [
  { id: 'u-d', full_name: 'Frank Berger', department: 'Disposition, Auftragsannahme', email: 'f.berger@dispo.example' },
  { id: 'u-b', full_name: 'Petra Bergmann', department: 'Abrechnung', email: 'p.bergmann@dispo.example' },
];

/** The bytes a download answers (a tiny PDF as text). */
export const PDF_TEXT = '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n';

export interface FleetBackend extends TestBackend {
  vehicles: Vehicle[];
  trailers: Trailer[];
  fuelCards: FuelCard[];
  documents: VehicleDocument[];
  pins: Map<string, string>;
  calls(method: string, path: string): RecordedRequest[];
}

export interface FleetBackendOptions {
  vehicles?: Vehicle[];
  trailers?: Trailer[];
  fuelCards?: FuelCard[];
  documents?: VehicleDocument[];
  pins?: Record<string, string>;
  routes?: Record<string, Handler>;
  /** GET /api/vehicles/:id/live-tours per vehicle id (none when left out). */
  liveTours?: Record<string, VehicleLiveTour[]>;
}

const refused = (status: number, error: string): Reply => ({ status, json: { success: false, error } });
const required = 'Bitte füllen Sie alle Pflichtfelder aus.';

/** PUT of one entity: `change` makes the new one of the stored one, answered under `key`; 404 when it is gone. */
function replaceIn<T extends { id: string }>(list: T[], id: string, key: string, notFound: string, change: (current: T) => T): Reply {
  const index = list.findIndex((candidate) => candidate.id === id);
  const current = list[index];
  if (!current) return refused(404, notFound);
  const next = change(current);
  list[index] = next;
  return { json: { success: true, [key]: next } };
}

/** DELETE of one entity; with `notFound`, one that is gone is refused, else the delete succeeds anyway. */
function removeFrom<T extends { id: string }>(list: T[], id: string, notFound?: string): Reply {
  const index = list.findIndex((candidate) => candidate.id === id);
  if (index >= 0) list.splice(index, 1);
  else if (notFound) return refused(404, notFound);
  return { json: { success: true } };
}

const MATERIAL_DEFAULTS = {
  materialCode: null,
  description: null,
  unit: 'to',
  standardLoadSize: 27,
  plantSpecific: false,
  assignedPlants: [],
  status: 'active',
};

/** The fleet routes over in-memory lists; routes with an id are registered for every entity that exists. */
export async function startFleetBackend(options: FleetBackendOptions = {}): Promise<FleetBackend> {
  const vehicles = options.vehicles ?? [makeVehicle()];
  const trailers = options.trailers ?? [];
  const fuelCards = options.fuelCards ?? [];
  const documents = options.documents ?? [];
  const pins = new Map(Object.entries(options.pins ?? {}));
  let counter = 0;
  const backend = await startBackend({ socketToken: TOKEN });
  const custom = new Set(Object.keys(options.routes ?? {}));

  const set = (key: string, handler: Handler) => {
    if (!custom.has(key)) backend.routes.set(key, handler);
  };
  const plateOf = (id: string | null | undefined) => vehicles.find((vehicle) => vehicle.id === id)?.license_plate ?? null;
  const tractorOf = (id: string | null) => {
    const plate = plateOf(id);
    return { zugmaschineId: id, zugmaschine: plate ? { licensePlate: plate } : null };
  };
  /** POST: the new entity joins its list and gets its id routes. */
  const created = <T,>(list: T[], entity: T, key: string): Reply => {
    list.push(entity);
    registerIdRoutes();
    return { status: 201, json: { success: true, [key]: entity } };
  };

  const registerIdRoutes = () => {
    for (const vehicle of vehicles) {
      const base = `/api/vehicles/${vehicle.id}`;
      set(`PUT ${base}`, ({ body }) =>
        replaceIn(vehicles, vehicle.id, 'vehicle', 'Das Fahrzeug wurde nicht gefunden.', (current) => {
          const changes = body as Partial<Vehicle>;
          const next: Vehicle = { ...current, ...changes };
          if (changes.status) next.stored_status = changes.status;
          if ('assigned_driver_id' in changes) next.assigned_driver = users.find((user) => user.id === changes.assigned_driver_id) ?? null;
          return next;
        }),
      );
      set(`DELETE ${base}`, () => removeFrom(vehicles, vehicle.id, 'Das Fahrzeug wurde nicht gefunden.'));
      set(`GET ${base}/live-tours`, () => ({ json: { tours: options.liveTours?.[vehicle.id] ?? [] } }));
      set(`GET ${base}/documents`, () => ({ json: { documents: documents.filter((document) => document.vehicleId === vehicle.id) } }));
      set(`POST ${base}/documents`, ({ headers, body }) => {
        const text = String(body ?? '');
        if (!String(headers['content-type'] ?? '').startsWith('multipart/form-data'))
          return refused(400, 'Bitte wählen Sie eine PDF-Datei aus.');
        if (!text.includes('%PDF-')) return refused(400, 'Nur PDF-Dateien sind erlaubt');
        const name = /filename="([^"]*)"/.exec(text)?.[1] ?? 'Dokument.pdf';
        const category = /name="category"\r\n\r\n([a-z]+)/.exec(text)?.[1] ?? 'other';
        const document = makeDocument({
          id: `d-new-${++counter}`,
          vehicleId: vehicle.id,
          name,
          category: category as VehicleDocument['category'],
          size: 100,
          uploadDate: new Date().toISOString(),
        });
        return created(documents, document, 'document');
      });
    }
    for (const document of documents) {
      const base = `/api/vehicles/${document.vehicleId}/documents/${document.id}`;
      set(`GET ${base}/download`, () =>
        documents.some((candidate) => candidate.id === document.id)
          ? { raw: PDF_TEXT, contentType: 'application/pdf' }
          : refused(404, 'Das Dokument wurde nicht gefunden.'),
      );
      set(`DELETE ${base}`, () => removeFrom(documents, document.id, 'Das Dokument wurde nicht gefunden.'));
    }
    for (const trailer of trailers) {
      set(`PUT /api/auflieger/${trailer.id}`, ({ body }) =>
        replaceIn(trailers, trailer.id, 'auflieger', 'Der Auflieger wurde nicht gefunden.', (current) => {
          const b = body as Record<string, unknown>;
          const next: Trailer = { ...current, ...(b as Partial<Trailer>) };
          return 'zugmaschine_id' in b ? { ...next, ...tractorOf((b.zugmaschine_id as string | null) ?? null) } : next;
        }),
      );
      set(`DELETE /api/auflieger/${trailer.id}`, () => removeFrom(trailers, trailer.id));
    }
    for (const card of fuelCards) {
      set(`PUT /api/fuel-cards/${card.id}`, ({ body }) =>
        replaceIn(fuelCards, card.id, 'fuel_card', 'Die Tankkarte wurde nicht gefunden.', (current) => {
          const { pin_code: pin, ...rest } = body as Partial<FuelCard>;
          if (typeof pin === 'string') {
            if (pin === '') pins.delete(card.id);
            else pins.set(card.id, pin);
          }
          const next: FuelCard = { ...current, ...rest };
          const hasPin = pins.has(card.id);
          return { ...next, has_pin: hasPin, pin_code: hasPin ? '****' : null, license_plate: plateOf(next.assigned_vehicle_id) };
        }),
      );
      set(`DELETE /api/fuel-cards/${card.id}`, () => removeFrom(fuelCards, card.id));
      set(`POST /api/fuel-cards/${card.id}/reveal-pin`, () => {
        const pin = pins.get(card.id);
        return pin ? { json: { success: true, pin_code: pin } } : refused(404, 'Für diese Tankkarte ist keine PIN hinterlegt.');
      });
    }
  };

  set('GET /api/vehicles', () => ({
    json: { vehicles: vehicles.map((vehicle) => ({ ...vehicle, document_count: documents.filter((d) => d.vehicleId === vehicle.id).length })) },
  }));
  set('GET /api/auflieger', () => ({ json: { auflieger: trailers } }));
  set('GET /api/fuel-cards', () => ({ json: { fuel_cards: fuelCards } }));
  set('GET /api/materials', () => ({
    json: {
      materials: [
        { id: 'm-1', name: 'CEM I 42,5 R', category: 'Zement', ...MATERIAL_DEFAULTS },
        { id: 'm-2', name: 'Kies 8/16', category: 'Kies', ...MATERIAL_DEFAULTS },
      ],
    },
  }));
  set('GET /api/plants', () => ({ json: { plants: [] } }));
  set('GET /api/vehicles/search/users', ({ query }) => {
    const term = (query.get('q') ?? '').trim().toLowerCase();
    return { json: { users: term.length < 2 ? [] : users.filter((user) => user.full_name.toLowerCase().includes(term)) } };
  });
  set('POST /api/vehicles', ({ body }) => {
    const b = body as Partial<Vehicle>;
    if (!b.license_plate || !b.vehicle_type || !b.make_model) return refused(400, required);
    if (vehicles.some((vehicle) => vehicle.license_plate === b.license_plate))
      return refused(409, 'Ein Fahrzeug mit diesem Kennzeichen ist bereits vorhanden.');
    return created(vehicles, makeVehicle({ ...b, id: `v-new-${++counter}`, stored_status: b.status ?? 'available' }), 'vehicle');
  });
  set('POST /api/vehicles/bulk-dispatch', ({ body }) => {
    const { vehicle_ids: ids, enabled_for_dispatch: enabled } = body as { vehicle_ids: string[]; enabled_for_dispatch: boolean };
    let updated = 0;
    for (const vehicle of vehicles) {
      if (ids.includes(vehicle.id)) {
        vehicle.enabled_for_dispatch = enabled;
        updated += 1;
      }
    }
    return { json: { success: true, updated, failed: [] } };
  });
  set('POST /api/auflieger', ({ body }) => {
    const b = body as Record<string, unknown>;
    if (!b.kennzeichen || !b.typ) return refused(400, required);
    const tractorId = (b.zugmaschine_id as string | null | undefined) ?? null;
    if (tractorId && vehicles.find((vehicle) => vehicle.id === tractorId)?.vehicle_type !== 'zugmaschine')
      return refused(400, 'Als Zugmaschine können nur Fahrzeuge vom Typ Zugmaschine gewählt werden.');
    return created(trailers, makeTrailer({ ...(b as Partial<Trailer>), id: `t-new-${++counter}`, ...tractorOf(tractorId) }), 'auflieger');
  });
  set('POST /api/fuel-cards', ({ body }) => {
    const { pin_code: pin, ...b } = body as Partial<FuelCard>;
    if (!b.card_number) return refused(400, required);
    const id = `c-new-${++counter}`;
    if (typeof pin === 'string' && pin !== '') pins.set(id, pin);
    const card = makeFuelCard({
      card_type: 'diesel',
      status: 'active',
      ...b,
      id,
      has_pin: pins.has(id),
      pin_code: pins.has(id) ? '****' : null,
      license_plate: plateOf(b.assigned_vehicle_id),
    });
    return created(fuelCards, card, 'fuel_card');
  });
  for (const [key, handler] of Object.entries(options.routes ?? {})) backend.routes.set(key, handler);
  registerIdRoutes();

  return Object.assign(backend, {
    vehicles,
    trailers,
    fuelCards,
    documents,
    pins,
    calls: (method: string, path: string) => backend.requests.filter((request) => request.method === method && request.path === path),
  });
}

/** Logs a user in (token and user in localStorage) and points the page at the backend. */
export function loginAt(backend: TestBackend, user: User = fleetManager): void {
  pointPageAt(backend);
  localStorage.clear();
  sessionStorage.clear();
  localStorage.setItem('authToken', TOKEN);
  localStorage.setItem('user', JSON.stringify(user));
}

/** Renders the app at /fuhrpark and waits until the vehicles are shown. */
export async function renderFleetPage(backend: TestBackend) {
  const app = renderApp('/fuhrpark', { socketUrl: backend.origin });
  // The first render of a file loads the page's modules: slow on a busy machine.
  await screen.findByTestId('tile-total', {}, { timeout: 15_000 });
  await screen.findByText(/^\d+$/, { selector: '[data-testid="count-vehicles"]' }, { timeout: 15_000 });
  return app;
}

/** A PDF file as the browser hands it over. */
export function pdfFile(name = 'Fahrzeugschein.pdf', content = PDF_TEXT): File {
  return new File([content], name, { type: 'application/pdf' });
}
