import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { OrderDraft, OrderTextResult } from '@dispo/domain/order-text/types';
import { resetApiClient } from '../../api/client';
import type { Customer, LoadingPoint, Material, Order, Plant } from '../../api/types';
import { type Handler, type RecordedRequest, startBackend, type TestBackend, useBackendOrigin as pointPageAt } from '../../test/backend';
import { makeOrder, testUser } from '../../test/fixtures';
import { createTestQueryClient } from '../../test/render';
import { OrderTextEntry, type OrderTextEntryProps } from './OrderTextEntry';

/**
 * Test kit of the natural-language entry: demo reference data, a real HTTP test backend answering
 * the reference routes, POST /api/orders/parse (canned answers by text) and /api/orders/from-text.
 */

export const TOKEN = 'order-text-token';
/** Friday, 20 November 2026. */
export const REF = '2026-11-20';

function plant(id: string, name: string, city: string, plant_type: string, plant_role: string): Plant {
  return { id, name, city, address: null, street: null, postalCode: null, contactPerson: null, phone: null, plant_type, plant_role, status: 'active' };
}

export const plants: Plant[] = [
  plant('p-laegerdorf', 'Zementwerk Lägerdorf', 'Lägerdorf', 'zementwerk', 'loading'),
  plant('p-moorburg', 'Kieswerk Moorburg', 'Hamburg', 'kieswerk', 'loading'),
  plant('p-kaltenkirchen', 'Kieswerk Kaltenkirchen', 'Kaltenkirchen', 'kieswerk', 'loading'),
  plant('p-neumuenster', 'Mischwerk Neumünster', 'Neumünster', 'sonstige', 'both'),
  plant('p-kiel', 'Betonwerk Kiel', 'Kiel', 'delivery_plant', 'delivery'),
  plant('p-luebeck', 'Betonwerk Lübeck', 'Lübeck', 'delivery_plant', 'delivery'),
];

export const loadingPoints: LoadingPoint[] = [
  { id: 'lp-silo-1', name: 'Silo 1', plant_id: 'p-laegerdorf', plant_name: 'Zementwerk Lägerdorf', loading_type: 'silo', status: 'available' },
  { id: 'lp-silo-2', name: 'Silo 2', plant_id: 'p-laegerdorf', plant_name: 'Zementwerk Lägerdorf', loading_type: 'silo', status: 'available' },
  { id: 'lp-nord', name: 'Halde Nord', plant_id: 'p-moorburg', plant_name: 'Kieswerk Moorburg', loading_type: 'halde', status: 'available' },
  { id: 'lp-sued', name: 'Halde Süd', plant_id: 'p-moorburg', plant_name: 'Kieswerk Moorburg', loading_type: 'halde', status: 'available' },
  { id: 'lp-vs1', name: 'Verladestation 1', plant_id: 'p-kaltenkirchen', plant_name: 'Kieswerk Kaltenkirchen', loading_type: 'silo', status: 'available' },
];

function material(id: string, name: string, category: string): Material {
  return { id, name, materialCode: null, category, description: null, unit: 'to', standardLoadSize: 27, plantSpecific: false, assignedPlants: [], status: 'active' };
}

export const materials: Material[] = [
  material('m-cem1', 'CEM I 42,5 R', 'Zement'),
  material('m-kies-0-32', 'Kies 0/32', 'Kies'),
  material('m-kies-2-8', 'Kies 2/8', 'Kies'),
  material('m-kies-8-16', 'Kies 8/16', 'Kies'),
  material('m-kies-16-32', 'Kies 16/32', 'Kies'),
  material('m-sand-0-2', 'Sand 0/2', 'Sand'),
];

export const customers: Customer[] = [
  { id: 'c-nordbeton', company: 'Nordbeton GmbH', contactPerson: 'Jan Petersen', email: null },
  { id: 'c-elbe', company: 'Elbe Bau AG', contactPerson: 'Sabine Krüger', email: null },
];

/** A draft as POST /api/orders/parse answers it. */
export function draft(overrides: Partial<OrderDraft> = {}): OrderDraft {
  return {
    materialId: 'm-kies-8-16',
    materialName: 'Kies 8/16',
    customerId: null,
    customerName: null,
    loadingPlantId: 'p-moorburg',
    loadingPlantName: 'Kieswerk Moorburg',
    deliveryPlantId: 'p-kiel',
    deliveryPlantName: 'Betonwerk Kiel',
    loadingPointId: null,
    loadingPointName: null,
    quantity: 27,
    unit: 'to',
    deliveryDate: '2026-11-21',
    deliveryTimeType: 'fixed',
    deliveryTimeFixed: '07:00',
    deliveryTimeFrom: null,
    deliveryTimeTo: null,
    priority: 'normal',
    notes: null,
    ...overrides,
  };
}

export const NOTHING: OrderTextResult = { confidence: 0, hints: ['Im Text wurde weder ein Material noch ein Kunde oder ein Werk erkannt.'], orders: [] };

export interface OrderTextBackend extends TestBackend {
  /** Answers of POST /api/orders/parse by the (trimmed) text; others get NOTHING. */
  parses: Map<string, OrderTextResult>;
  calls(method: string, path: string): RecordedRequest[];
}

export async function startOrderTextBackend(routes: Record<string, Handler> = {}): Promise<OrderTextBackend> {
  const parses = new Map<string, OrderTextResult>();
  const backend = await startBackend({
    routes: {
      'GET /api/materials': () => ({ json: { materials } }),
      'GET /api/plants': () => ({ json: { plants } }),
      'GET /api/loading-points': () => ({ json: { loading_points: loadingPoints } }),
      'GET /api/customers/search/query': ({ query }) => {
        const q = (query.get('q') ?? '').toLowerCase();
        return { json: { customers: customers.filter((c) => c.company.toLowerCase().includes(q)) } };
      },
      'POST /api/orders/parse': ({ body }) => ({ json: parses.get(String((body as { text?: unknown }).text ?? '').trim()) ?? NOTHING }),
      'POST /api/orders/from-text': ({ body }) => {
        const drafts = (body as { drafts: OrderDraft[] }).drafts;
        const orders: Order[] = drafts.map((_, index) => makeOrder({ id: `new-${index}`, orderNumber: `S261121-000${index}` }));
        const message = orders.length === 1 ? 'Auftrag erfolgreich erstellt' : `${orders.length} Aufträge erfolgreich erstellt`;
        return { status: 201, json: { success: true, created: orders.length, failed: 0, message, orders, failures: [] } };
      },
      ...routes,
    },
  });
  return Object.assign(backend, {
    parses,
    calls: (method: string, path: string) => backend.requests.filter((request) => request.method === method && request.path === path),
  });
}

/** Logs the test user in and points the page at the backend. */
export function loginAt(backend: TestBackend): void {
  pointPageAt(backend);
  localStorage.clear();
  sessionStorage.clear();
  localStorage.setItem('authToken', TOKEN);
  localStorage.setItem('user', JSON.stringify(testUser));
}

const clients: QueryClient[] = [];

/** Cancels what the rendered entries still fetch, so that closing the backend cuts no request. */
export async function stopQueries(): Promise<void> {
  for (const client of clients.splice(0)) {
    await client.cancelQueries();
    client.clear();
  }
}

export function renderEntry(props: Partial<OrderTextEntryProps> = {}) {
  resetApiClient();
  const queryClient = createTestQueryClient();
  clients.push(queryClient);
  const result = render(
    <QueryClientProvider client={queryClient}>
      <OrderTextEntry referenceDate={REF} {...props} />
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}
