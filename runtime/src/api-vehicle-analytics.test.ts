import { messages } from '@dispo/domain/messages';
import { addDays, berlinDate } from '@dispo/domain/shared/berlin-date';
import { pdfToText } from '@dispo/projection-service/pdf/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoId } from './seed';
import { DEMO_TARIFF_VALID_FROM } from './seed/tariff';
import { createTestApp, type TestApp } from './testing/test-app';

interface Tour {
  id: string;
  tourNumber: string;
  status: string;
  statusLabel: string;
  calculatedRevenue: number | null;
  totalDistance: number;
  driverName: string | null;
  tourOrders: {
    id: string;
    statusLabel: string;
    transportOrder: { customer: { company: string | null }; material: { name: string | null }; deliveryPlant: { name: string } | null };
  }[];
}
interface Day {
  date: string;
  totalRevenue: number;
  totalDistance: number;
  orderCount: number;
  tours: Tour[];
}

const a = messages.vehicleAnalytics;
const s = messages.vehicleAnalyticsScreen;
const today = berlinDate(new Date());

describe('vehicle analytics (fleet.md §7) and the tariff', () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  let vehicleId = '';

  beforeAll(async () => {
    // A week of the demo business: its tours are completed through the commands and priced.
    t = await createTestApp({ history: { weeks: 1 } });
    for (const user of ['fuhrpark', 'dispo', 'audit', 'admin']) tokens[user] = await t.login(user);
    const { rows } = await t.infra.sql.query<{ vehicle_id: string }>(
      `SELECT vehicle_id FROM read.vehicle_tour_analytics WHERE revenue_calculated GROUP BY vehicle_id ORDER BY count(*) DESC, vehicle_id LIMIT 1`,
    );
    vehicleId = rows[0]!.vehicle_id;
  }, 240_000);
  afterAll(async () => {
    await t?.close();
  });

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, user = 'fuhrpark') =>
    t.app.inject({ method, url, headers: { authorization: `Bearer ${tokens[user]}` }, ...(payload === undefined ? {} : { payload: payload as object }) });
  async function ok<T>(res: Awaited<ReturnType<typeof call>>, status = 200): Promise<T> {
    expect(res.statusCode, res.body.slice(0, 400)).toBe(status);
    return res.json() as T;
  }
  const path = (part: string, id = vehicleId) => `/api/vehicle-analytics/${id}/${part}`;

  describe('GET/PUT /api/tariff', () => {
    const body = {
      valid_from: addDays(today, 30),
      base_per_tonne: { Zement: 3.5, Kies: 2.6 },
      per_tonne_km: 0.12,
      minimum_per_load: 190,
      road_factor: 1.3,
      average_speed_kmh: 60,
      cost_per_km: { default: 1.05 },
      loading_minutes: 25,
      unloading_minutes: 20,
    };

    it('answers the seeded tariff of the demo catalogue to admins only', async () => {
      const { tariff, versions } = await ok<{ tariff: Record<string, unknown>; versions: unknown[] }>(await call('GET', '/api/tariff', undefined, 'admin'));
      expect(tariff).toMatchObject({ validFrom: DEMO_TARIFF_VALID_FROM, perTonneKm: 0.115, minimumPerLoad: 180, roadFactor: 1.3 });
      expect(versions.length).toBe(1);
      expect((await call('GET', '/api/tariff', undefined, 'fuhrpark')).statusCode).toBe(403);
    });

    it('records a change from its valid-from day; today keeps the old price', async () => {
      const answer = await ok<{ tariff: { perTonneKm: number }; versions: { validFrom: string; perTonneKm: number }[] }>(await call('PUT', '/api/tariff', body, 'admin'));
      expect(answer.tariff.perTonneKm).toBe(0.115);
      expect(answer.versions.map((v) => [v.validFrom, v.perTonneKm])).toEqual([
        [DEMO_TARIFF_VALID_FROM, 0.115],
        [body.valid_from, 0.12],
      ]);
    });

    it('refuses other roles and invalid prices', async () => {
      expect((await call('PUT', '/api/tariff', body, 'fuhrpark')).statusCode).toBe(403);
      expect((await call('PUT', '/api/tariff', { ...body, per_tonne_km: -1 }, 'admin')).statusCode).toBe(400);
      expect((await call('PUT', '/api/tariff', { ...body, cost_per_km: { zugmaschine: 1 } }, 'admin')).statusCode).toBe(400);
      expect((await t.app.inject({ method: 'PUT', url: '/api/tariff', payload: body })).statusCode).toBe(401);
    });
  });

  it('GET …/tours: the days with their tours, km, revenue and §4 status labels', async () => {
    const { tourAnalytics } = await ok<{ tourAnalytics: Day[] }>(await call('GET', path('tours')));
    expect(tourAnalytics.length).toBeGreaterThan(0);
    const completed = tourAnalytics.flatMap((d) => d.tours).filter((x) => x.status === 'completed');
    expect(completed.length).toBeGreaterThan(0);
    for (const tour of completed) {
      expect(tour.calculatedRevenue).toBeGreaterThan(0);
      expect(tour.statusLabel).toBe('billed');
      expect(tour.totalDistance).toBeGreaterThan(0);
      // A transfer between own plants (a route of the demo business without customer) names its plant.
      for (const { transportOrder } of tour.tourOrders) expect(transportOrder.customer.company ?? transportOrder.deliveryPlant?.name).toBeTruthy();
    }
    expect(completed.some((tour) => tour.tourOrders.some((o) => o.transportOrder.customer.company))).toBe(true);
    for (const day of tourAnalytics) {
      expect(day.totalRevenue).toBeCloseTo(day.tours.reduce((sum, x) => sum + (x.calculatedRevenue ?? 0), 0), 2);
      expect(day.orderCount).toBe(day.tours.reduce((sum, x) => sum + x.tourOrders.length, 0));
    }
  });

  it('GET …/financial: revenue less maintenance and running costs, with the margin band', async () => {
    const [{ financial }, { tourAnalytics }] = await Promise.all([
      ok<{ financial: Record<string, number | string | null> & { tourAnalytics: { date: string; totalRevenue: number }[]; maintenanceBreakdown: unknown[] } }>(await call('GET', path('financial'))),
      ok<{ tourAnalytics: Day[] }>(await call('GET', path('tours'))),
    ]);
    const revenue = tourAnalytics.flatMap((d) => d.tours).filter((x) => x.status === 'completed').reduce((sum, x) => sum + (x.calculatedRevenue ?? 0), 0);
    expect(financial.totalRevenue).toBeCloseTo(revenue, 2);
    expect(financial.tourAnalytics.map((d) => [d.date, d.totalRevenue])).toEqual(tourAnalytics.map((d) => [d.date, d.totalRevenue]));
    expect(financial.netProfit).toBeCloseTo(
      (financial.totalRevenue as number) - (financial.totalMaintenanceCosts as number) - (financial.totalRunningCosts as number),
      2,
    );
    expect(['veryGood', 'good', 'low', 'loss']).toContain(financial.marginBand);
    expect(Object.keys(financial)).toEqual(expect.arrayContaining(['totalRevenue', 'totalMaintenanceCosts', 'netProfit', 'profitMargin', 'tourAnalytics', 'maintenanceBreakdown']));
  });

  it('GET …/maintenance-costs: completed workshop appointments with their invoice', async () => {
    const { maintenanceCosts } = await ok<{ maintenanceCosts: { total: number; items: { type: string; amount: number; workshop: string }[] } }>(
      await call('GET', path('maintenance-costs', demoId('vehicle', 'IZ-MS 101'))),
    );
    expect(maintenanceCosts.items).toContainEqual(expect.objectContaining({ type: 'HU', amount: 412.8, workshop: 'Mercedes-Benz Nutzfahrzeugzentrum Hamburg' }));
    expect(maintenanceCosts.total).toBeGreaterThanOrEqual(412.8);
    const { financial } = await ok<{ financial: { totalMaintenanceCosts: number } }>(await call('GET', path('financial', demoId('vehicle', 'IZ-MS 101'))));
    expect(financial.totalMaintenanceCosts).toBe(maintenanceCosts.total);
  });

  it('GET …/utilization: the fields of §3 and the ratings of §9', async () => {
    const [{ utilization }, { tourAnalytics }] = await Promise.all([
      ok<{ utilization: Record<string, unknown> & { tourStats: { dailyPerformance: unknown[] } } }>(await call('GET', path('utilization'))),
      ok<{ tourAnalytics: Day[] }>(await call('GET', path('tours'))),
    ]);
    expect(utilization.activeDays).toBe(tourAnalytics.length);
    for (const field of ['utilizationRate', 'activeDays', 'totalDays', 'workingHoursPerDay', 'totalOrders', 'totalDistance', 'averageOrdersPerDay', 'averageDistancePerDay', 'tourStats'])
      expect(utilization).toHaveProperty(field);
    expect(['A', 'B', 'C', 'D', 'F']).toContain(utilization.efficiencyGrade);
    expect(utilization.tourStats.dailyPerformance.length).toBe(tourAnalytics.length);
  });

  it('GET …/history: REVENUE_CALCULATED entries of the completed tours', async () => {
    const { history } = await ok<{ history: { actionType: string; description: string; revenueAmount: number | null; tourId: string | null }[] }>(
      await call('GET', path('history')),
    );
    const revenue = history.filter((h) => h.actionType === 'REVENUE_CALCULATED');
    expect(revenue.length).toBeGreaterThan(0);
    expect(revenue[0]!.revenueAmount).toBeGreaterThan(0);
    expect(revenue[0]!.tourId).toBeTruthy();
    expect(revenue[0]!.description).toMatch(/Umsatz \d[\d.]*,\d{2}\s€/);
  });

  it('POST …/history adds an entry by hand (fleet managers), answering historyEntry', async () => {
    const entry = { action_type: 'UPDATED', action_title: 'Reifen gewechselt', description: 'Winterreifen montiert', cost_amount: 480, odometer_reading: 182000 };
    const { historyEntry } = await ok<{ historyEntry: Record<string, unknown> }>(await call('POST', path('history'), entry), 201);
    expect(historyEntry).toMatchObject({ actionType: 'UPDATED', actionTitle: 'Reifen gewechselt', costAmount: 480, odometerReading: 182000, performer: { firstName: 'Michael' } });
    const { history } = await ok<{ history: { id: string }[] }>(await call('GET', path('history')));
    expect(history.map((h) => h.id)).toContain(historyEntry.id);
    expect((await call('POST', path('history'), entry, 'dispo')).statusCode).toBe(403);
    expect((await call('POST', path('history'), entry, 'audit')).statusCode).toBe(403);
    const missing = await call('POST', path('history'), { ...entry, action_title: ' ' });
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toContain(s.entryTitleRequired);
    expect((await call('POST', path('history', 'no-such-vehicle'), entry)).statusCode).toBe(404);
  });

  it('answers 404 for an unknown vehicle, 400 for a reversed range, 401 without a token', async () => {
    for (const part of ['history', 'tours', 'financial', 'utilization', 'maintenance-costs']) {
      expect((await call('GET', path(part, 'no-such-vehicle'))).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: path(part) })).statusCode).toBe(401);
    }
    const reversed = await call('GET', `${path('tours')}?from=${today}&to=${addDays(today, -1)}`);
    expect(reversed.statusCode).toBe(400);
    expect(reversed.body).toContain(s.invalidRange);
    // Auditors read.
    expect((await call('GET', path('tours'), undefined, 'audit')).statusCode).toBe(200);
  });

  it('an empty range has no tours, no finances and no utilisation', async () => {
    const q = '?from=2020-01-01&to=2020-01-31';
    expect((await ok<{ tourAnalytics: Day[] }>(await call('GET', path('tours') + q))).tourAnalytics).toEqual([]);
    const { utilization } = await ok<{ utilization: { activeDays: number; totalDays: number } }>(await call('GET', path('utilization') + q));
    expect(utilization).toMatchObject({ activeDays: 0, totalDays: 27 });
    const pdf = await call('GET', path('report.pdf') + q);
    const text = await pdfToText(pdf.rawPayload);
    expect(text).toContain(a.noFinancialData);
    expect(text).toContain(a.noUtilizationData);
    expect(text).toContain(a.noTours);
  });

  it('GET …/report.pdf: the dialog figures of the range as a real PDF', async () => {
    const res = await call('GET', path('report.pdf'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = await pdfToText(res.rawPayload);
    for (const label of [a.tabs.financial, a.tabs.utilization, a.tabs.tours, s.totalRevenue, s.netProfit, s.recommendationsTitle]) expect(text).toContain(label);
    expect(text).toMatch(/\d+,\d{2} €/);
  });

  it('a rebuild of the analytics projection gives the same rows', async () => {
    const snapshot = async () =>
      (await t.infra.sql.query('SELECT * FROM read.vehicle_tour_analytics ORDER BY tour_id')).rows.map((r) => JSON.stringify(r));
    const before = await snapshot();
    expect(before.length).toBeGreaterThan(0);
    await t.services.runner.rebuild('vehicle_analytics');
    expect(await snapshot()).toEqual(before);
  });
});
