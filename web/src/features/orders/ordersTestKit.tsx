import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { LoadingPoint, Material, Order, Plant, User } from '../../api/types';
import { type Handler, type RecordedRequest, startBackend, type TestBackend, useBackendOrigin as pointPageAt } from '../../test/backend';
import { makeOrder, testUser } from '../../test/fixtures';
import { renderApp } from '../../test/render';

/**
 * Test kit of the order screen: reference data, a real HTTP test backend with the order routes of
 * docs/api/orders.md over an in-memory list, and helpers to find grid rows.
 */

export const TOKEN = 'orders-token';

function plant(id: string, name: string, city: string, plant_type: string, plant_role: string, status = 'active'): Plant {
  return {
    id,
    name,
    city,
    address: null,
    street: null,
    postalCode: null,
    contactPerson: null,
    phone: null,
    plant_type,
    plant_role,
    status,
  };
}

export const plants: Plant[] = [
  plant('p-zement', 'Zementwerk Rüdersdorf', 'Rüdersdorf', 'zementwerk', 'loading'),
  plant('p-kies', 'Kieswerk Moorburg', 'Hamburg', 'kieswerk', 'loading'),
  plant('p-terminal', 'Terminal Hamburg-Hafen', 'Hamburg', 'terminal', 'both'),
  plant('p-misch', 'Mischwerk Neumünster', 'Neumünster', 'sonstige', 'both'),
  plant('p-beton', 'Betonwerk Kiel', 'Kiel', 'delivery_plant', 'delivery'),
  plant('p-beton2', 'Betonwerk Lübeck', 'Lübeck', 'delivery_plant', 'delivery'),
  plant('p-alt', 'Altwerk Stillgelegt', 'Kiel', 'zementwerk', 'both', 'inactive'),
];

export const loadingPoints: LoadingPoint[] = [
  { id: 'lp-a', name: 'Silo A', plant_id: 'p-zement', plant_name: 'Zementwerk Rüdersdorf', loading_type: 'silo', status: 'available' },
  { id: 'lp-b', name: 'Silo B', plant_id: 'p-zement', plant_name: 'Zementwerk Rüdersdorf', loading_type: 'silo', status: 'available' },
  { id: 'lp-halde', name: 'Halde Nord', plant_id: 'p-kies', plant_name: 'Kieswerk Moorburg', loading_type: 'halde', status: 'available' },
];

function material(id: string, name: string, category: string, assignedPlants: string[] = [], densityTonsPerCubicMetre: number | null = null): Material {
  return {
    id,
    name,
    materialCode: null,
    category,
    description: null,
    unit: 'to',
    standardLoadSize: 27,
    densityTonsPerCubicMetre,
    plantSpecific: assignedPlants.length > 0,
    assignedPlants,
    status: 'active',
  };
}

export const materials: Material[] = [
  material('m-cem1', 'CEM I 42,5 R', 'Zement', ['p-zement']),
  material('m-cem2', 'CEM II/A-LL 42,5 N', 'Zement', ['p-zement']),
  material('m-kies', 'Kies 8/16', 'Kies', ['p-kies'], 1.7),
  // Twelve "Sand" materials for the hit limits of the searches.
  ...Array.from({ length: 12 }, (_, index) => material(`m-sand-${index}`, `Sand 0/${index + 1}`, 'Sand')),
];

export interface OrdersBackend extends TestBackend {
  orders: Order[];
  /** Requests to a path (without query), oldest first. */
  calls(method: string, path: string): RecordedRequest[];
  lastListQuery(): Record<string, string>;
}

export interface OrdersBackendOptions {
  orders?: Order[];
  routes?: Record<string, Handler>;
}

/** The test backend with list, reference data and the write routes answering like docs/api/orders.md. */
export async function startOrdersBackend(options: OrdersBackendOptions = {}): Promise<OrdersBackend> {
  const orders: Order[] = options.orders ?? [makeOrder()];
  const byId = (path: string) => orders.find((order) => path.includes(`/${order.id}`));
  const backend = await startBackend({
    socketToken: TOKEN,
    routes: {
      'GET /api/orders': ({ query }) => {
        const page = Number(query.get('page') ?? 1);
        const limit = Number(query.get('limit') ?? 50);
        return { json: { orders: orders.slice((page - 1) * limit, page * limit), total: orders.length } };
      },
      'GET /api/plants': () => ({ json: { plants } }),
      'GET /api/loading-points': () => ({ json: { loading_points: loadingPoints } }),
      'GET /api/materials': () => ({ json: { materials } }),
      'GET /api/orders/suggestions': () => ({ json: { suggestions: [] } }),
      ...options.routes,
    },
  });
  // Routes with an id in the path: answered by a catch-all that looks the order up.
  const fallback = async (request: RecordedRequest) => {
    const order = byId(request.path);
    if (!order) return { status: 404, json: { success: false, error: 'Der Auftrag wurde nicht gefunden.' } };
    if (request.method === 'GET' && request.path.endsWith('/pdf')) return { raw: '%PDF-1.4 test', contentType: 'application/pdf' };
    if (request.method === 'GET' && request.path.endsWith('/storno-pdf')) return { raw: '%PDF-1.4 storno', contentType: 'application/pdf' };
    if (request.method === 'GET') return { json: { order } };
    if (request.method === 'PATCH' || request.method === 'PUT') return { json: { success: true, order } };
    if (request.method === 'DELETE' || request.path.endsWith('/storno')) return { json: { success: true } };
    if (request.path.endsWith('/duplicate'))
      return { status: 201, json: { success: true, order: { ...order, id: 'dup-1', orderNumber: 'S261122-9999' } } };
    return { status: 404, json: { error: 'Nicht gefunden' } };
  };
  for (const order of orders) {
    for (const suffix of ['', '/pdf', '/storno-pdf', '/storno', '/duplicate']) {
      for (const method of ['GET', 'PATCH', 'PUT', 'DELETE', 'POST']) {
        const key = `${method} /api/orders/${order.id}${suffix}`;
        if (!backend.routes.has(key)) backend.routes.set(key, fallback);
      }
    }
  }
  return Object.assign(backend, {
    orders,
    calls: (method: string, path: string) => backend.requests.filter((request) => request.method === method && request.path === path),
    lastListQuery: () => {
      const lists = backend.requests.filter((request) => request.method === 'GET' && request.path === '/api/orders');
      return Object.fromEntries(lists[lists.length - 1]?.query ?? []);
    },
  });
}

/** Logs the test user in (token and user in localStorage) and points the page at the backend. */
export function loginAt(backend: TestBackend, user: User = testUser): void {
  pointPageAt(backend);
  localStorage.clear();
  sessionStorage.clear();
  localStorage.setItem('authToken', TOKEN);
  localStorage.setItem('user', JSON.stringify(user));
}

export async function renderOrdersPage(backend: TestBackend) {
  const app = renderApp('/auftragsannahme', { socketUrl: backend.origin });
  await screen.findByText(/^Zeige \d+ bis \d+ von \d+ Aufträgen$|^Keine Aufträge gefunden$/);
  return app;
}

/** The grid rows (center part) in row order. */
export function gridRows(): HTMLElement[] {
  const rows = [...document.querySelectorAll<HTMLElement>('.ag-row[row-index]')].filter((row) => !row.closest('.ag-header'));
  return rows.sort((a, b) => Number(a.getAttribute('row-index')) - Number(b.getAttribute('row-index')));
}

/** The row of an order number. */
export function rowOf(orderNumber: string): HTMLElement {
  const row = gridRows().find((candidate) => candidate.textContent?.includes(orderNumber));
  if (!row) throw new Error(`no row for ${orderNumber}`);
  return row;
}

export function cellOf(orderNumber: string, colId: string): HTMLElement {
  const row = rowOf(orderNumber);
  const cell = row.querySelector<HTMLElement>(`[col-id="${colId}"]`);
  if (!cell) throw new Error(`no ${colId} cell for ${orderNumber}`);
  return cell;
}

/** The selection checkbox of a row (the selection column). */
export function checkboxOf(orderNumber: string): HTMLInputElement {
  const box = rowOf(orderNumber).querySelector<HTMLInputElement>('input[type="checkbox"]');
  if (!box) throw new Error(`no checkbox for ${orderNumber}`);
  return box;
}

export async function waitForRows(count: number): Promise<void> {
  await waitFor(() => {
    if (gridRows().length !== count) throw new Error(`expected ${count} rows, got ${gridRows().length}`);
  });
}

export function pressKey(key: string, init: KeyboardEventInit = {}, target: Element | Document = document.body): void {
  fireEvent.keyDown(target, { key, ...init });
}
