import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { DispatchVehicle, OpenOrder, Tour, TourStop } from '../../api/dispositionTypes';
import type { User } from '../../api/types';
import {
  type Handler,
  type RecordedRequest,
  type Reply,
  startBackend,
  type TestBackend,
  useBackendOrigin as pointPageAt,
} from '../../test/backend';
import { testUser } from '../../test/fixtures';
import { renderApp } from '../../test/render';

/**
 * Test kit of the Disposition: a real HTTP test backend answering the routes of
 * docs/api/disposition.md over in-memory vehicles, open orders and tours, and helpers for drag and
 * drop with a DataTransfer.
 */

export const TOKEN = 'dispatch-token';
export const DATE = '2099-03-05';

export function makeVehicle(overrides: Partial<DispatchVehicle> = {}): DispatchVehicle {
  return {
    id: 'v-1',
    license_plate: 'IZ-DS 101',
    licensePlate: 'IZ-DS 101',
    vehicle_type: 'sattelzug',
    brand: 'MAN',
    make_model: 'MAN TGX 18.510',
    status: 'active',
    enabled_for_dispatch: true,
    payload_kg: 27000,
    payloadKg: 27000,
    home_plant_name: 'Zementwerk Lägerdorf',
    driver: { full_name: 'Jens Hansen' },
    current_tours: [],
    workshop_appointments: [],
    ...overrides,
  };
}

export function makeOpenOrder(overrides: Partial<OpenOrder> = {}): OpenOrder {
  return {
    id: 'o-1',
    order_number: 'S990305-0001',
    type: 'transport_order',
    order_type: 'transport',
    customer_name: 'Bau GmbH',
    loading_plant_id: 'p-laeg',
    loading_plant_name: 'Zementwerk Lägerdorf',
    plant_name: 'Zementwerk Lägerdorf',
    loading_point_name: 'Silo 1',
    delivery_plant_id: 'p-kiel',
    delivery_plant_name: 'Betonwerk Kiel',
    material_name: 'CEM I 42,5 R',
    materials: ['CEM I 42,5 R'],
    quantity: 27,
    unit: 'to',
    delivery_date: DATE,
    delivery_time_type: 'fixed',
    delivery_time_fixed: '08:00',
    delivery_time_from: null,
    delivery_time_to: null,
    status: 'offen',
    priority: 'normal',
    ...overrides,
  };
}

export function stopOf(order: OpenOrder, sequenceNumber: number, arrival: string): TourStop {
  return {
    id: order.id,
    sequenceNumber,
    estimatedArrival: arrival,
    transportOrder: {
      id: order.id,
      orderNumber: order.order_number,
      status: 'disponiert',
      customerName: order.customer_name,
      loadingPlantName: order.loading_plant_name,
      loadingPointName: order.loading_point_name ?? null,
      deliveryPlantName: order.delivery_plant_name,
      materialName: order.material_name,
      quantity: order.quantity,
      unit: order.unit,
    },
  };
}

export function makeTour(overrides: Partial<Tour> = {}): Tour {
  const start = overrides.start_time ?? '08:00';
  const date = overrides.date ?? DATE;
  return {
    id: 't-1',
    tour_number: 'T990305-01',
    tourNumber: 'T990305-01',
    vehicle_id: 'v-1',
    vehicle: { id: 'v-1', license_plate: 'IZ-DS 101' },
    date,
    start_time: start,
    startTime: `${date}T${start}`,
    end_time: null,
    endTime: null,
    status: 'planned',
    orders: [stopOf(makeOpenOrder({ id: 'o-t1', order_number: 'S990305-0100', customer_name: 'Kies AG' }), 1, `${date}T${start}`)],
    hasConflict: false,
    ...overrides,
  };
}

export interface DispatchBackend extends TestBackend {
  vehicles: DispatchVehicle[];
  orders: OpenOrder[];
  tours: Tour[];
  calls(method: string, path: string): RecordedRequest[];
  /** Registers the routes of a tour id (details, move, status, reset, delete). */
  registerTour(id: string): void;
}

export interface DispatchBackendOptions {
  vehicles?: DispatchVehicle[];
  orders?: OpenOrder[];
  tours?: Tour[];
  /** Replaces routes, e.g. to fail or delay a call. */
  routes?: Record<string, Handler>;
  /** Dates whose tours are asked for (besides DATE). */
  dates?: string[];
}

const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

function withConflicts(tours: Tour[]): Tour[] {
  const span = (tour: Tour): [number, number] => {
    const start = minutes(tour.start_time);
    return [start, tour.end_time ? minutes(tour.end_time) : start + 60];
  };
  return tours.map((tour) => ({
    ...tour,
    hasConflict: tours.some(
      (other) =>
        other !== tour &&
        other.vehicle_id === tour.vehicle_id &&
        other.date === tour.date &&
        span(other)[0] < span(tour)[1] &&
        span(tour)[0] < span(other)[1],
    ),
  }));
}

export async function startDispatchBackend(options: DispatchBackendOptions = {}): Promise<DispatchBackend> {
  const vehicles = options.vehicles ?? [
    makeVehicle(),
    makeVehicle({ id: 'v-2', license_plate: 'IZ-DS 202', licensePlate: 'IZ-DS 202', driver: null, make_model: 'Scania R 450' }),
  ];
  const orders = options.orders ?? [makeOpenOrder()];
  const state = { tours: options.tours ?? [], nextTour: 1 };
  const backend = await startBackend({ socketToken: TOKEN });
  const bad = (error: string, status = 400): Reply => ({ status, json: { success: false, error } });

  const tourRoutes = (id: string): Record<string, Handler> => ({
    [`GET /api/disposition/tours/details/${id}`]: () => {
      const tour = withConflicts(state.tours).find((candidate) => candidate.id === id);
      return tour ? { json: { tour } } : bad('Die Tour wurde nicht gefunden.', 404);
    },
    [`PUT /api/disposition/tours/${id}/move`]: ({ body }) => {
      const { vehicleId, scheduledTime } = (body ?? {}) as { vehicleId?: string; scheduledTime?: string };
      const tour = state.tours.find((candidate) => candidate.id === id);
      if (!tour) return bad('Die Tour wurde nicht gefunden.', 404);
      if (!vehicleId || !scheduledTime) return bad('Fehler: Unvollständige Zuweisungsdaten');
      const [date, time] = scheduledTime.split('T') as [string, string];
      Object.assign(tour, { vehicle_id: vehicleId, date, start_time: time, startTime: scheduledTime });
      return { json: { success: true, tour } };
    },
    [`PATCH /api/disposition/tours/${id}/status`]: ({ body }) => {
      const tour = state.tours.find((candidate) => candidate.id === id);
      if (!tour) return bad('Die Tour wurde nicht gefunden.', 404);
      tour.status = (body as { status: Tour['status'] }).status;
      return { json: { success: true, tour } };
    },
    [`POST /api/disposition/tours/${id}/reset`]: () => dissolve(id),
    [`DELETE /api/disposition/tours/${id}`]: () => dissolve(id),
  });

  const registerTour = (id: string) => {
    for (const [key, handler] of Object.entries(tourRoutes(id))) {
      if (!options.routes?.[key]) backend.routes.set(key, handler);
    }
  };

  const dissolve = (id: string): Reply => {
    const tour = state.tours.find((candidate) => candidate.id === id);
    if (!tour) return bad('Die Tour wurde nicht gefunden.', 404);
    state.tours = state.tours.filter((candidate) => candidate !== tour);
    for (const stop of tour.orders) {
      const order = orders.find((candidate) => candidate.id === stop.id);
      if (order) order.status = 'offen';
    }
    return { json: { success: true } };
  };

  const toursOf =
    (date: string): Handler =>
    () => ({ json: { tours: withConflicts(state.tours).filter((tour) => tour.date === date) } });
  for (const date of [DATE, ...(options.dates ?? [])]) backend.routes.set(`GET /api/disposition/tours/${date}`, toursOf(date));
  backend.routes.set('GET /api/disposition/vehicles', () => ({ json: { vehicles } }));
  backend.routes.set('GET /api/disposition/orders/open', ({ query }) => {
    const date = query.get('date');
    return { json: { orders: orders.filter((order) => order.status === 'offen' && (!date || order.delivery_date === date)) } };
  });
  backend.routes.set('POST /api/disposition/assign', ({ body }) => {
    const { orderId, vehicleId, scheduledTime } = (body ?? {}) as { orderId?: string; vehicleId?: string; scheduledTime?: string };
    if (!orderId || !vehicleId || !scheduledTime) return bad('Fehler: Unvollständige Zuweisungsdaten');
    const order = orders.find((candidate) => candidate.id === orderId);
    if (!order || order.status !== 'offen') return bad('Auftrag nicht gefunden', 404);
    const [date, time] = scheduledTime.split('T') as [string, string];
    let tour = state.tours.find(
      (candidate) => candidate.vehicle_id === vehicleId && candidate.date === date && candidate.start_time === time,
    );
    if (tour) {
      tour.orders.push(stopOf(order, tour.orders.length + 1, scheduledTime));
    } else {
      const number = `T990305-${String(50 + state.nextTour).padStart(2, '0')}`;
      tour = makeTour({
        id: `t-new-${state.nextTour++}`,
        tour_number: number,
        tourNumber: number,
        vehicle_id: vehicleId,
        date,
        start_time: time,
        orders: [stopOf(order, 1, scheduledTime)],
      });
      state.tours.push(tour);
      registerTour(tour.id);
    }
    order.status = 'disponiert';
    return { status: 201, json: { success: true, tour, tourId: tour.id } };
  });
  backend.routes.set('POST /api/disposition/complete', ({ body }) => {
    const date = (body as { targetDate?: string }).targetDate ?? '';
    const open = orders.filter((order) => order.status === 'offen' && order.delivery_date === date).length;
    if (open > 0) return bad(`Es gibt noch ${open} offene Aufträge für diesen Tag.`, 409);
    const dayTours = state.tours.filter((tour) => tour.date === date);
    return {
      json: {
        success: true,
        message: 'Disposition erfolgreich abgeschlossen!',
        tourPlanSent: true,
        tourPlanQueued: false,
        tourPlanInfo: { tourCount: dayTours.length, vehicleCount: new Set(dayTours.map((tour) => tour.vehicle_id)).size },
      },
    };
  });
  // Issue 17: the day's figures, its completion, the timeline indicators and the drag preview.
  backend.routes.set('GET /api/disposition/stats', ({ query }) => {
    const date = query.get('date') ?? DATE;
    const dayTours = state.tours.filter((tour) => tour.date === date);
    const onTours = dayTours.flatMap((tour) => tour.orders);
    const day = {
      date,
      tours: dayTours.length,
      orders: onTours.length,
      tonnage: onTours.reduce((sum, stop) => sum + stop.transportOrder.quantity, 0),
      vehiclesUsed: new Set(dayTours.map((tour) => tour.vehicle_id)).size,
      openOrders: orders.filter((order) => order.status === 'offen' && order.delivery_date === date).length,
    };
    return { json: { stats: { days: [day], totals: { tours: day.tours, orders: day.orders, tonnage: day.tonnage, openOrders: day.openOrders } } } };
  });
  for (const date of [DATE, ...(options.dates ?? [])]) {
    backend.routes.set(`GET /api/disposition/day/${date}`, () => ({
      json: { day: { date, completed: false, completions: 0, completedAt: null, completedBy: null, tourCount: null, vehicleCount: null } },
    }));
  }
  backend.routes.set('GET /api/utilization/timeline-indicators', () => ({
    json: {
      success: true,
      data: Object.fromEntries(
        vehicles.map((vehicle) => [vehicle.id, { hasEfficientConnectionAvailable: false, hasScheduleConflict: false, trafficStatus: 'GOOD', trafficTooltip: 'Verkehrslage gut' }]),
      ),
    },
  }));
  backend.routes.set('POST /api/drag-preview', () => ({ json: { success: true, recommendations: [], vehicleTours: [], calculatedAt: new Date().toISOString() } }));
  for (const tour of state.tours) registerTour(tour.id);
  for (const [key, handler] of Object.entries(options.routes ?? {})) backend.routes.set(key, handler);

  const result = Object.assign(backend, {
    vehicles,
    orders,
    tours: state.tours,
    calls: (method: string, path: string) => backend.requests.filter((request) => request.method === method && request.path === path),
    registerTour,
  });
  // `tours` reads and replaces the backend's live list.
  Object.defineProperty(result, 'tours', {
    get: () => state.tours,
    set: (value: Tour[]) => {
      state.tours = value;
    },
  });
  return result;
}

/** Logs the test user in and points the page at the backend. */
export function loginAt(backend: TestBackend, user: User = testUser): void {
  pointPageAt(backend);
  localStorage.clear();
  sessionStorage.clear();
  localStorage.setItem('authToken', TOKEN);
  localStorage.setItem('user', JSON.stringify(user));
}

/** Renders /disposition at a date and waits until vehicles, tours, open orders and the slot cells are drawn. */
export async function renderDispatchPage(backend: DispatchBackend, date = DATE) {
  const app = renderApp(`/disposition?datum=${date}`, { socketUrl: backend.origin });
  await waitFor(
    () => {
      expect(backend.calls('GET', `/api/disposition/tours/${date}`).length).toBeGreaterThan(0);
      expect(screen.queryByText('Lade Disposition...')).toBeNull();
      if (backend.vehicles.length === 0) expect(screen.getByText(/Keine Fahrzeuge für die Disposition freigegeben/)).toBeTruthy();
      else expect(screen.getByRole('region', { name: /^Zeitleiste für/ })).toBeTruthy();
      const open = backend.orders.filter((order) => order.status === 'offen' && order.delivery_date === date).length;
      expect(screen.getByTestId('open-order-count').textContent).toBe(String(open));
      if (document.querySelector('.timeline[data-virtual="false"]')) {
        expect(document.querySelectorAll('.tour-block').length).toBe(backend.tours.filter((tour) => tour.date === date).length);
      }
      // The rows' slot cells follow the first paint (usePainted).
      if (document.querySelector('.timeline-row')) expect(document.querySelector('.timeline-row .slot')).not.toBeNull();
    },
    { timeout: 10_000 },
  );
  return app;
}

/** A DataTransfer of the test: what dragstart sets, drop reads. */
export function createDataTransfer() {
  const data = new Map<string, string>();
  return {
    data,
    snapshot() {
      return {
        setData: (type: string, value: string) => data.set(type, value),
        getData: (type: string) => data.get(type) ?? '',
        clearData: () => data.clear(),
        types: [...data.keys()],
        dropEffect: 'none',
        effectAllowed: 'all',
        files: [],
        items: [],
      };
    },
  };
}

/** HTML5 drag and drop from source onto target, as the browser fires it. */
export function dragAndDrop(source: Element, target: Element): void {
  const transfer = createDataTransfer();
  fireEvent.dragStart(source, { dataTransfer: transfer.snapshot() });
  fireEvent.dragEnter(target, { dataTransfer: transfer.snapshot() });
  fireEvent.dragOver(target, { dataTransfer: transfer.snapshot() });
  fireEvent.drop(target, { dataTransfer: transfer.snapshot() });
  fireEvent.dragEnd(source, { dataTransfer: transfer.snapshot() });
}

/** The slot cell of a vehicle at a time 'HH:MM'. */
export function slotOf(vehicleId: string, time: string): HTMLElement {
  const slot = document.querySelector<HTMLElement>(`[data-vehicle-id="${vehicleId}"] [data-time="${time}"]`);
  if (!slot) throw new Error(`no slot ${vehicleId} ${time}`);
  return slot;
}

export function orderCard(orderNumber: string): HTMLElement {
  const sidebar = screen.getByRole('complementary');
  const card = within(sidebar)
    .getAllByRole('listitem')
    .find((item) => item.querySelector('.order-card__number')?.textContent === orderNumber);
  if (!card) throw new Error(`no card ${orderNumber}`);
  return card;
}

export function queryOrderCard(orderNumber: string): HTMLElement | null {
  try {
    return orderCard(orderNumber);
  } catch {
    return null;
  }
}

export function tourBlock(tourNumber: string): HTMLElement {
  return screen.getByTestId(`tour-${tourNumber}`);
}
