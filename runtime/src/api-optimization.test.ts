import { optimizationCommands } from '@dispo/command-service/optimization/optimization-commands';
import { messages } from '@dispo/domain/messages';
import { straightLineRoads } from '@dispo/domain/travel/index';
import { createOptimizationWorker } from '@dispo/projection-service/optimization/optimization-worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDemoCatalog } from './demo-catalog';
import { demoId } from './seed';
import { demoOrderBody } from './testing/demo-order';
import { createTestApp, type TestApp } from './testing/test-app';

// A day no other suite uses.
const DAY = '2027-06-14';

interface TourView {
  id: string;
  optimization_status: string | null;
  optimization_savings: { distanceSaved: number; timeSaved: number; costSaved: number } | null;
  route_optimized: boolean;
  orders: { id: string; sequenceNumber: number }[];
}

/** Gravel from Moorburg to Billbrook (short), cement from Lägerdorf to Kiel. */
const gravel = () =>
  demoOrderBody({
    delivery_date: DAY,
    plant_id: demoId('plant', 'Kieswerk Moorburg'),
    loading_point_id: demoId('loading-point', 'Kieswerk Moorburg/Halde Nord'),
    material_id: demoId('material', 'Kies 2/8'),
    delivery_plant_id: demoId('plant', 'Betonwerk Hamburg-Billbrook'),
    delivery_time_type: 'range',
    delivery_time_fixed: null,
    delivery_time_from: '06:00',
    delivery_time_to: '20:00',
  });
const cement = () => demoOrderBody({ delivery_date: DAY, delivery_time_type: 'range', delivery_time_fixed: null, delivery_time_from: '06:00', delivery_time_to: '20:00' });

describe('route optimization (docs/api/optimization.md)', () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  let vehicleId: string;

  beforeAll(async () => {
    // The worker is driven by the tests (drain) rather than by its timer.
    t = await createTestApp({ optimization: { worker: false, leaseMs: 300 } });
    for (const user of ['dispo', 'fuhrpark', 'audit']) tokens[user] = await t.login(user);
    const res = await call('POST', '/api/vehicles', { license_plate: 'OP-T 1', vehicle_type: 'sattelzug', make_model: 'MAN TGX', payload_kg: 27000, enabled_for_dispatch: true, home_plant_name: 'Zementwerk Lägerdorf' }, 'fuhrpark');
    expect(res.statusCode, res.body).toBe(201);
    vehicleId = (res.json() as { vehicle: { id: string } }).vehicle.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, user = 'dispo') {
    return t.app.inject({ method, url, headers: { authorization: `Bearer ${tokens[user]}` }, ...(payload === undefined ? {} : { payload: payload as object }) });
  }
  async function ok<T>(res: Awaited<ReturnType<typeof call>>, status = 200): Promise<T> {
    expect(res.statusCode, res.body.slice(0, 400)).toBe(status);
    return res.json() as T;
  }
  const commands = (leaseMs = 300) => {
    const { tariff } = loadDemoCatalog();
    return optimizationCommands({
      store: t.infra.store,
      registry: t.infra.registry,
      travel: { distance: straightLineRoads(tariff), handling: tariff },
      costPerKm: () => 1.05,
      leaseMs,
      solver: t.services.solverPool.solve,
    });
  };
  const worker = (id: string, leaseMs = 300) =>
    createOptimizationWorker({ sql: t.infra.sql, run: (operationId, workerId) => commands(leaseMs).run(operationId, workerId), leaseMs, workerId: id });
  const settle = async () => {
    // The worker's events reach the read side.
    const res = await call('GET', '/api/disposition/vehicles');
    expect(res.statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
  };

  /** A tour of gravel, cement, gravel at 06:00: driving the cement first saves the empty run to Moorburg. */
  async function tour(time: string): Promise<{ tourId: string; orderIds: string[] }> {
    const orderIds: string[] = [];
    let tourId = '';
    for (const body of [gravel(), cement(), gravel()]) {
      const order = await ok<{ order: { id: string } }>(await call('POST', '/api/orders', body), 201);
      orderIds.push(order.order.id);
      tourId = (await ok<{ tourId: string }>(await call('POST', '/api/disposition/assign', { orderId: order.order.id, vehicleId, scheduledTime: `${DAY}T${time}` }), 201)).tourId;
    }
    return { tourId, orderIds };
  }
  const tourView = async (id: string) => (await ok<{ tour: TourView }>(await call('GET', `/api/disposition/tours/details/${id}`))).tour;
  const streamTypes = async (operationId: string) => (await t.infra.store.readStream(`optimization-${operationId}`)).map((e) => e.type);

  it('starts an operation at once, solves it in a worker, reports status, result and savings, applies and resets', async () => {
    const { tourId, orderIds } = await tour('06:00');
    const started = await ok<{ operationId: string; status: string }>(await call('POST', `/api/optimization/tours/${tourId}/optimize`), 202);
    expect(started.status).toBe('pending');
    expect((await ok<{ status: string }>(await call('GET', `/api/optimization/operations/${started.operationId}/status`))).status).toBe('pending');
    expect((await tourView(tourId)).optimization_status).toBe('pending');
    // Not ready yet: 409 with the German message.
    const early = await call('GET', `/api/optimization/operations/${started.operationId}/result`);
    expect([early.statusCode, early.json().error]).toEqual([409, messages.optimization.notReady]);

    expect(await worker('w-1').drain()).toBe(1);
    await settle();
    const status = await ok<{ status: string; attempt: number }>(await call('GET', `/api/optimization/operations/${started.operationId}/status`, undefined, 'audit'));
    expect(status).toMatchObject({ status: 'completed', attempt: 1 });
    const result = await ok<{
      result: {
        method: string;
        feasible: boolean;
        optimizedRoutes: string[];
        original: { emptyKm: number; sequence: { orderId: string }[] };
        optimized: { emptyKm: number; sequence: { orderId: string; estimatedArrival: string }[] };
        savings: { distanceSaved: number; timeSaved: number; costSaved: number };
      };
    }>(await call('GET', `/api/optimization/operations/${started.operationId}/result`));
    expect(result.result).toMatchObject({ method: 'exact', feasible: true });
    expect(result.result.original.sequence.map((s) => s.orderId)).toEqual(orderIds);
    // The cement first: no empty run from home, then on to Moorburg.
    expect(result.result.optimizedRoutes[0]).toBe(orderIds[1]);
    const saved = result.result.original.emptyKm - result.result.optimized.emptyKm;
    expect(result.result.savings.distanceSaved).toBeCloseTo(saved, 0);
    expect(result.result.savings.distanceSaved).toBeGreaterThan(10);
    expect(result.result.savings.costSaved).toBeCloseTo(result.result.savings.distanceSaved * 1.05, 0);
    expect(result.result.savings.timeSaved).toBeGreaterThan(0);
    const labelled = await tourView(tourId);
    expect(labelled).toMatchObject({ optimization_status: 'completed', route_optimized: false });
    expect(labelled.optimization_savings?.distanceSaved).toBe(result.result.savings.distanceSaved);

    // A result that is not the operation's is refused.
    const wrong = await call('POST', `/api/optimization/tours/${tourId}/apply`, { optimizedRoutes: [...orderIds].reverse(), savings: {} });
    expect([wrong.statusCode, wrong.json().error]).toEqual([400, messages.optimization.resultMismatch]);
    const applied = await ok<{ optimization: { route_optimized: boolean; optimization_status: string; optimization_savings: unknown } }>(
      await call('POST', `/api/optimization/tours/${tourId}/apply`, { optimizedRoutes: result.result.optimizedRoutes, savings: result.result.savings }),
    );
    expect(applied.optimization).toMatchObject({ route_optimized: true, optimization_status: 'completed', optimization_savings: result.result.savings });
    const after = await tourView(tourId);
    expect(after.orders.map((o) => o.id)).toEqual(result.result.optimizedRoutes);
    expect(after.orders.map((o) => o.sequenceNumber)).toEqual([1, 2, 3]);
    // The tour stream says so, with its new times.
    const tourEvents = (await t.infra.store.readStream(`tour-${tourId}`)).map((e) => e.type).slice(-2);
    expect(tourEvents).toEqual(['TourResequenced', 'TourTimesPlanned']);

    const history = await ok<{ optimization: { route_optimized: boolean }; history: { status: string; appliedAt: string | null }[] }>(
      await call('GET', `/api/optimization/tours/${tourId}/optimization`),
    );
    expect(history.history).toHaveLength(1);
    expect(history.history[0]!.appliedAt).not.toBeNull();

    const reset = await ok<{ optimization: { route_optimized: boolean } }>(await call('DELETE', `/api/optimization/tours/${tourId}/optimization`));
    expect(reset.optimization.route_optimized).toBe(false);
    expect((await tourView(tourId)).orders.map((o) => o.id)).toEqual(orderIds);
    expect(await streamTypes(started.operationId)).toEqual([
      'OptimizationRequested',
      'OptimizationStarted',
      'OptimizationCompleted',
      'OptimizationApplied',
      'OptimizationReset',
    ]);
    const again = await call('DELETE', `/api/optimization/tours/${tourId}/optimization`);
    expect([again.statusCode, again.json().error]).toEqual([409, messages.optimization.nothingToReset]);
  });

  it('reports zero savings honestly when the sequence is already the best', async () => {
    const orders: string[] = [];
    let tourId = '';
    for (const body of [cement(), gravel()]) {
      const o = await ok<{ order: { id: string } }>(await call('POST', '/api/orders', body), 201);
      orders.push(o.order.id);
      tourId = (await ok<{ tourId: string }>(await call('POST', '/api/disposition/assign', { orderId: o.order.id, vehicleId, scheduledTime: `${DAY}T14:00` }), 201)).tourId;
    }
    const { operationId } = await ok<{ operationId: string }>(await call('POST', `/api/optimization/tours/${tourId}/optimize`), 202);
    await worker('w-0').drain();
    await settle();
    const result = await ok<{ result: { optimizedRoutes: string[]; savings: { distanceSaved: number } } }>(await call('GET', `/api/optimization/operations/${operationId}/result`));
    expect(result.result.optimizedRoutes).toEqual(orders);
    expect(result.result.savings.distanceSaved).toBe(0);
  });

  it('completes an operation once when its worker dies mid-way and another takes over after the lease', async () => {
    const { tourId } = await tour('10:00');
    const { operationId } = await ok<{ operationId: string }>(await call('POST', `/api/optimization/tours/${tourId}/optimize`), 202);
    // The first worker claims it, then its process dies before it records anything.
    const lease = 2500;
    const dead = await commands(lease).claim(operationId, 'dead-worker');
    expect(dead?.attempt).toBe(1);
    await settle();
    // Restarted: within the lease the claim still holds, so nothing runs twice.
    expect(await worker('w-2', lease).drain()).toBe(0);
    await new Promise((r) => setTimeout(r, lease));
    // Two instances after the lease: exactly one of them takes it over and completes it.
    const [a, b] = await Promise.all([worker('w-3', lease).drain(), worker('w-4', lease).drain()]);
    expect(a + b).toBe(1);
    // The dead worker's claim was taken over: its attempt 1 records nothing.
    const late = await t.infra.store.readStream(`optimization-${operationId}`);
    expect(late.filter((e) => e.type === 'OptimizationCompleted')).toHaveLength(1);
    expect(late.filter((e) => e.type === 'OptimizationStarted').map((e) => (e.data as { attempt: number }).attempt)).toEqual([1, 2]);
    await settle();
    expect((await ok<{ status: string; attempt: number }>(await call('GET', `/api/optimization/operations/${operationId}/status`))).status).toBe('completed');
  });

  it('a worker stopped mid-solve terminates the job and records nothing: the operation stays claimed for a takeover', async () => {
    const { tourId } = await tour('12:00');
    const { operationId } = await ok<{ operationId: string }>(await call('POST', `/api/optimization/tours/${tourId}/optimize`), 202);
    const { tariff } = loadDemoCatalog();
    // The stop comes the moment the solve is handed to the pool (a shutdown while it runs).
    const stopping = createOptimizationWorker({
      sql: t.infra.sql,
      leaseMs: 300,
      workerId: 'w-stopped',
      run: (id, workerId, signal) =>
        optimizationCommands({
          store: t.infra.store,
          registry: t.infra.registry,
          travel: { distance: straightLineRoads(tariff), handling: tariff },
          costPerKm: () => 1.05,
          leaseMs: 300,
          solver: (problem, current, options) => {
            const solving = t.services.solverPool.solve(problem, current, options);
            void stopping.stop();
            return solving;
          },
        }).run(id, workerId, undefined, signal),
    });
    await stopping.drain();
    await settle();
    expect(await streamTypes(operationId)).toEqual(['OptimizationRequested', 'OptimizationStarted']);
    expect(t.services.solverPool.stats()).toMatchObject({ busy: 0, queued: 0 });
    // After the lease another worker takes it over and completes it in the pool.
    expect(await worker('w-6').drain()).toBe(1);
    expect((await streamTypes(operationId)).slice(-2)).toEqual(['OptimizationStarted', 'OptimizationCompleted']);
  });

  it('fails an operation with a German reason, and guards every route by role and existence', async () => {
    const single = await ok<{ order: { id: string } }>(await call('POST', '/api/orders', cement()), 201);
    const { tourId } = await ok<{ tourId: string }>(await call('POST', '/api/disposition/assign', { orderId: single.order.id, vehicleId, scheduledTime: `${DAY}T18:00` }), 201);
    const tooFew = await call('POST', `/api/optimization/tours/${tourId}/optimize`);
    expect([tooFew.statusCode, tooFew.json().error]).toEqual([400, messages.optimization.tooFewOrders]);
    expect((await call('POST', `/api/optimization/tours/gibt-es-nicht/optimize`)).statusCode).toBe(404);
    expect((await call('GET', '/api/optimization/operations/gibt-es-nicht/status')).statusCode).toBe(404);
    expect((await call('POST', `/api/optimization/tours/${tourId}/optimize`, undefined, 'audit')).statusCode).toBe(403);
    expect((await call('DELETE', `/api/optimization/tours/${tourId}/optimization`, undefined, 'audit')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/optimization/operations/x/status' })).statusCode).toBe(401);
    const history = await ok<{ history: unknown[]; optimization: { optimization_status: string | null } }>(await call('GET', `/api/optimization/tours/${tourId}/optimization`));
    expect([history.history, history.optimization.optimization_status]).toEqual([[], null]);

    // Orders that change after the request: the worker fails it with the reason.
    const { tourId: other } = await tour('16:00');
    const { operationId } = await ok<{ operationId: string }>(await call('POST', `/api/optimization/tours/${other}/optimize`), 202);
    await ok(await call('DELETE', `/api/disposition/tours/${other}`));
    await worker('w-5').drain();
    await settle();
    const failed = await ok<{ status: string; error: string }>(await call('GET', `/api/optimization/operations/${operationId}/status`));
    expect(failed).toMatchObject({ status: 'failed', error: messages.dispatch.tourNotFound });
  });
});
