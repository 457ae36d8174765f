import { messages } from '@dispo/domain/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recountAllOrders } from '@dispo/projection-service/projections/order-statistics';
import { demoId } from './seed';
import { demoOrderBody } from './testing/demo-order';
import { createTestApp, type TestApp } from './testing/test-app';

// Days no other suite uses: a small known data set, counted by hand below.
const D1 = '2027-08-02';
const D2 = '2027-08-03';
const EMPTY_DAY = '2027-08-09';

type Response = Awaited<ReturnType<TestApp['app']['inject']>>;

describe('statistics (orders.md §2.14, §3, §7.5) against a hand count', () => {
  let t: TestApp;
  let call: (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, user?: string) => Promise<Response>;
  let plate = '';

  async function json<T>(res: Response, status = 200): Promise<T> {
    expect(res.statusCode, res.body.slice(0, 400)).toBe(status);
    return res.json() as T;
  }

  beforeAll(async () => {
    t = await createTestApp({});
    const tokens: Record<string, string> = {};
    for (const user of ['dispo', 'fuhrpark', 'audit']) tokens[user] = await t.login(user);
    call = (method, url, payload, user = 'dispo') =>
      t.app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${tokens[user]}` },
        ...(payload === undefined ? {} : { payload: payload as object }),
      });

    plate = 'SE-ST 42';
    const vehicle = (
      await json<{ vehicle: { id: string } }>(
        await call(
          'POST',
          '/api/vehicles',
          { license_plate: plate, vehicle_type: 'sattelzug', make_model: 'MAN TGX', payload_kg: 27000, enabled_for_dispatch: true },
          'fuhrpark',
        ),
        201,
      )
    ).vehicle.id;
    const order = async (body: Record<string, unknown>) =>
      (await json<{ order: { id: string } }>(await call('POST', '/api/orders', demoOrderBody(body)), 201)).order.id;
    const patch = async (id: string, body: Record<string, unknown>) => json(await call('PATCH', `/api/orders/${id}`, body));
    const assign = async (orderId: string, time: string) =>
      json(await call('POST', '/api/disposition/assign', { orderId, vehicleId: vehicle, scheduledTime: `${D1}T${time}` }), 201);

    // D1: 1 delivered and weighed (27 t planned, 26,5 t weighed), 2 on a tour, 3 open, 4 cancelled.
    const one = await order({ delivery_date: D1, delivery_time_fixed: '07:30', quantity: 27 });
    const two = await order({ delivery_date: D1, delivery_time_fixed: '07:45', quantity: 20 });
    await order({ delivery_date: D1, delivery_time_type: 'range', delivery_time_from: '09:00', delivery_time_to: '12:00', quantity: 10 });
    const four = await order({ delivery_date: D1, delivery_time_fixed: '13:00', quantity: 15 });
    await assign(one, '07:00');
    await assign(two, '07:00');
    await patch(one, { status: 'geliefert' });
    await patch(one, { delivery_slip_number: 'LS-1', actual_weight: 26.5 });
    await patch(four, { status: 'storniert' });
    // D2: 5 open on another route and material, 6 a problem.
    await order({
      delivery_date: D2,
      delivery_time_fixed: '07:10',
      quantity: 25,
      material_id: demoId('material', 'CEM II/A-LL 42,5 N'),
      delivery_plant_id: demoId('plant', 'Betonwerk Lübeck'),
    });
    const six = await order({ delivery_date: D2, delivery_time_fixed: '08:00', quantity: 12 });
    await patch(six, { status: 'problem' });
    // Moved away and back, and one deleted: neither may leave a trace in the counts.
    await patch(six, { delivery_date: D1 });
    await patch(six, { delivery_date: D2 });
    const deleted = await order({ delivery_date: D2, delivery_time_fixed: '06:00', quantity: 27 });
    expect((await call('DELETE', `/api/orders/${deleted}`)).statusCode).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('sums a day: on tours, delivered, open, planned and weighed weight, and the difference of the weighed orders', async () => {
    const { data } = await json<{ data: unknown }>(await call('GET', `/api/statistics/daily-summary?date=${D1}`));
    expect(data).toEqual({
      date: D1,
      dispatchedToday: 2,
      completedToday: 1,
      openOrders: 1,
      estimatedWeight: 57,
      actualWeight: 26.5,
      weightDifference: -0.5,
    });
  });

  it('agrees with the Disposition’s figures of the same day', async () => {
    const summary = (
      await json<{ data: { dispatchedToday: number; openOrders: number } }>(await call('GET', `/api/statistics/daily-summary?date=${D1}`))
    ).data;
    const { stats } = await json<{ stats: { days: { date: string; orders: number; openOrders: number }[] } }>(
      await call('GET', `/api/disposition/stats?dateFrom=${D1}&dateTo=${D1}`),
    );
    expect(stats.days[0]).toMatchObject({ date: D1, orders: summary.dispatchedToday, openOrders: summary.openOrders });
  });

  it('counts statuses, rates, days, routes and delivery hours of a period', async () => {
    const { data } = await json<{ data: unknown }>(await call('GET', `/api/statistics/order-metrics?dateFrom=${D1}&dateTo=${D2}`));
    expect(data).toEqual({
      totalOrders: 6,
      statusDistribution: { geliefert: 1, disponiert: 1, offen: 2, storniert: 1, problem: 1 },
      rates: { cancellationRate: 16.7, problemRate: 16.7 },
      dailyTrends: [
        { date: D1, orderCount: 4 },
        { date: D2, orderCount: 2 },
      ],
      topRoutes: [
        { fromPlantName: 'Zementwerk Lägerdorf', toPlantName: 'Betonwerk Kiel', orderCount: 4 },
        { fromPlantName: 'Zementwerk Lägerdorf', toPlantName: 'Betonwerk Lübeck', orderCount: 1 },
      ],
      // The cancelled 13:00 order is no delivery.
      hourlyDistribution: [
        { hour: 7, orderCount: 3 },
        { hour: 8, orderCount: 1 },
        { hour: 9, orderCount: 1 },
      ],
    });
  });

  it('sums per material and per vehicle, without cancelled orders', async () => {
    const materials = (await json<{ data: unknown }>(await call('GET', `/api/statistics/material-stats?dateFrom=${D1}&dateTo=${D2}`))).data;
    expect(materials).toEqual([
      {
        materialId: demoId('material', 'CEM I 42,5 R'),
        materialName: 'CEM I 42,5 R',
        orderCount: 4,
        estimatedWeight: 69,
        actualWeight: 26.5,
        averageOrderSize: 17.3,
      },
      {
        materialId: demoId('material', 'CEM II/A-LL 42,5 N'),
        materialName: 'CEM II/A-LL 42,5 N',
        orderCount: 1,
        estimatedWeight: 25,
        actualWeight: 0,
        averageOrderSize: 25,
      },
    ]);
    const vehicles = (await json<{ data: unknown }>(await call('GET', `/api/statistics/vehicle-stats?dateFrom=${D1}&dateTo=${D2}`))).data;
    // Weighed 26,5 t plus planned 20 t.
    expect(vehicles).toEqual([{ licensePlate: plate, orderCount: 2, totalWeight: 46.5, averageWeight: 23.3 }]);
  });

  it('keeps the same counts event by event as a recount of every order in one pass', async () => {
    const tables = [
      'order_stat_facts',
      'order_stats_by_status',
      'order_stats_by_route',
      'order_stats_by_hour',
      'order_stats_by_material',
      'order_stats_by_vehicle',
    ];
    const snapshot = async () => {
      const all: Record<string, unknown[]> = {};
      for (const table of tables) all[table] = (await t.infra.sql.query(`SELECT * FROM read.${table} ORDER BY 1, 2, 3`)).rows;
      return all;
    };
    const kept = await snapshot();
    expect(kept.order_stats_by_status!.length).toBeGreaterThan(0);
    await recountAllOrders(t.infra.sql);
    expect(await snapshot()).toEqual(kept);
  });

  it('answers an empty period with zeros and empty lists', async () => {
    const metrics = (
      await json<{ data: { totalOrders: number; rates: unknown; dailyTrends: unknown[]; topRoutes: unknown[] } }>(
        await call('GET', `/api/statistics/order-metrics?dateFrom=${EMPTY_DAY}&dateTo=${EMPTY_DAY}`, undefined, 'audit'),
      )
    ).data;
    expect(metrics).toMatchObject({
      totalOrders: 0,
      rates: { cancellationRate: 0, problemRate: 0 },
      dailyTrends: [{ date: EMPTY_DAY, orderCount: 0 }],
      topRoutes: [],
    });
    expect(
      (await json<{ data: unknown[] }>(await call('GET', `/api/statistics/vehicle-stats?dateFrom=${EMPTY_DAY}&dateTo=${EMPTY_DAY}`))).data,
    ).toEqual([]);
  });

  it('refuses bad periods in German and asks for a token', async () => {
    const refused = async (url: string, error: string) => {
      const res = await call('GET', url);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error).toContain(error);
    };
    await refused(`/api/statistics/order-metrics?dateFrom=${D2}&dateTo=${D1}`, messages.statisticsScreen.invalidPeriod);
    await refused('/api/statistics/material-stats?dateFrom=2026-01-01&dateTo=2027-06-01', messages.statisticsScreen.periodTooLong(366));
    await refused('/api/statistics/daily-summary?date=2027-02-30', messages.http.invalidField('date'));
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/statistics/daily-summary?date=${D1}` });
    expect(anonymous.statusCode).toBe(401);
  });
});
