import { berlinInstant } from '@dispo/domain/shared/berlin-date';
import { minutesOf, overlaps, tourSpan } from '@dispo/domain/tour/clock';
import { straightLineLeg } from '@dispo/domain/travel/index';
import { unlabelledDetailKeys } from '@dispo/domain/vehicle/history-details';
import type { RecordedEvent } from '@dispo/events/envelope';
import { ProjectionRunner } from '@dispo/projection-service/runner';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDemoCatalog } from './demo-catalog';
import { demoId, seedDemoData } from './seed';
import { planHistory, SHIFT_END, SHIFT_START } from './seed/history-plan';
import { projections } from './services';
import { readCommittedLog } from './testing/read-log';
import { readTables } from './testing/read-tables';
import { createTestApp, TEST_PIN_KEY, type TestApp } from './testing/test-app';

/** A Wednesday; the seed sees the wall clock at noon of it. */
const TODAY = '2026-11-25';
const NOW = berlinInstant(TODAY, '12:00');
const WEEKS = 1;
const catalog = loadDemoCatalog();
const history = { weeks: WEEKS, today: TODAY, now: () => NOW };

/** Map.groupBy, which Node 20 lacks. */
function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}


/** The log once the projections have read all of it (then nothing is held back behind an open transaction). */
async function settledLog(t: TestApp): Promise<RecordedEvent[]> {
  for (let tries = 0; tries < 300 && (await t.services.runner.lag()) > 0; tries++) await new Promise((r) => setTimeout(r, 100));
  return readCommittedLog(t.infra.store, t.infra.sql);
}

/**
 * Each stream's events of the business without what may differ between two runs: random numbers
 * (order and tour numbers' last four digits), event and correlation ids, and the wall clock.
 */
function comparable(events: RecordedEvent[]): Record<string, unknown[]> {
  const streams: Record<string, unknown[]> = {};
  // Master data is seeded on the wall clock; the business runs on its own moments.
  for (const e of events.filter((x) => !(x.metadata.commandName ?? '').startsWith('Seed:'))) {
    const text = JSON.stringify({ type: e.type, data: e.data, userId: e.metadata.userId, at: e.metadata.occurredAt, command: e.metadata.commandName })
      .replace(/\b([ST]\d{6})-\d{4}\b/g, '$1-####');
    const stream = e.streamId.replace(/^order-number-S(\d{6})-\d{4}$/, 'order-number-S$1-####');
    (streams[stream] ??= []).push(JSON.parse(text));
  }
  // Reservations of random order numbers: compare how many per day, not which.
  for (const key of Object.keys(streams)) if (key.startsWith('order-number-')) streams[key] = [streams[key]!.length];
  return streams;
}

describe('demo business', () => {
  let a: TestApp;
  let b: TestApp;
  let logA: RecordedEvent[];
  let firstResult: Awaited<ReturnType<typeof seedDemoData>>;

  beforeAll(async () => {
    // The seed runs its past optimizations itself; a worker beside it would take over their past-dated
    // claims (npm start starts it after the seed: start-seeded.ts).
    a = await createTestApp({ seed: false, optimization: { worker: false } });
    b = await createTestApp({ seed: false, optimization: { worker: false } });
    firstResult = await seedDemoData(a.infra, catalog, { pinKey: TEST_PIN_KEY, history });
    await seedDemoData(b.infra, catalog, { pinKey: TEST_PIN_KEY, history });
    logA = await settledLog(a);
    await settledLog(b);
  }, 180_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  const sql = (t: TestApp) => t.infra.sql;

  it('writes orders and tours through the commands, with demo users as performers and the moments of the business', () => {
    expect(firstResult.history).toMatchObject({ seeded: true });
    expect(firstResult.history!.orders).toBeGreaterThan(50);
    expect(firstResult.history!.tours).toBeGreaterThan(20);
    const operations = logA.filter((e) => e.streamId.startsWith('order-') || e.streamId.startsWith('tour-'));
    const demoUsers = new Set(catalog.users.map((u) => demoId('user', u.username)));
    const created = logA.filter((e) => e.type === 'OrderCreated');
    expect(created.length).toBe(firstResult.history!.orders);
    for (const e of operations.filter((x) => x.type !== 'UniqueValueReserved')) {
      expect(demoUsers.has(e.metadata.userId ?? ''), `${e.type} by ${e.metadata.userId}`).toBe(true);
      expect(new Date(e.metadata.occurredAt).getTime()).toBeLessThanOrEqual(NOW.getTime());
    }
    // The order was created when the business took it, days before the week's deliveries.
    const first = created.map((e) => e.metadata.occurredAt).sort()[0]!;
    expect(first < `${TODAY.slice(0, 8)}18`).toBe(true);
    expect((created[0]!.data as { createdAt: string }).createdAt).toBe(created[0]!.metadata.occurredAt);
    // Order numbers carry the day the order was taken.
    for (const e of created) {
      const d = e.data as { orderNumber: string; createdAt: string };
      const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date(d.createdAt));
      expect(d.orderNumber.slice(1, 7)).toBe(day.slice(2).replaceAll('-', ''));
    }
  });

  it('never overlaps two tours of a vehicle on a day, and never loads a vehicle beyond its payload', async () => {
    const { rows: tours } = await sql(a).query<{ vehicle_id: string; date: string; start_time: string; end_time: string | null }>(
      "SELECT vehicle_id, to_char(date, 'YYYY-MM-DD') AS date, start_time, end_time FROM read.tours ORDER BY vehicle_id, date, start_time",
    );
    expect(tours.length).toBe(firstResult.history!.tours);
    const byDay = groupBy(tours, (t) => `${t.vehicle_id}|${t.date}`);
    for (const [key, list] of byDay) {
      for (let i = 1; i < list.length; i++) {
        const before = tourSpan(list[i - 1]!.start_time, list[i - 1]!.end_time);
        expect(overlaps(before, tourSpan(list[i]!.start_time, list[i]!.end_time)), key).toBe(false);
      }
    }
    const { rows: loads } = await sql(a).query<{ weight_tons: number; payload_kg: number; plate: string }>(
      `SELECT o.weight_tons::float8 AS weight_tons, v.payload_kg::float8 AS payload_kg, v.license_plate AS plate
         FROM read.tour_orders tor JOIN read.tours t ON t.id = tor.tour_id JOIN read.orders o ON o.id = tor.order_id
         JOIN read.vehicles v ON v.id = t.vehicle_id`,
    );
    expect(loads.length).toBeGreaterThan(50);
    for (const l of loads) expect(l.weight_tons * 1000, l.plate).toBeLessThanOrEqual(l.payload_kg);
  });

  it('plans with the travel model: each tour ends before the next one of its vehicle starts, within the shift', () => {
    const plants = new Map(catalog.plants.map((p) => [p.name, p]));
    const plan = planHistory({ catalog, today: TODAY, weeks: WEEKS, leg: (x, y) => straightLineLeg(catalog.tariff, plants.get(x)!, plants.get(y)!) });
    const byDay = groupBy(plan.tours, (t) => `${t.plate}|${t.date}`);
    for (const [key, list] of byDay) {
      const sorted = list.sort((x, y) => minutesOf(x.startTime) - minutesOf(y.startTime));
      for (let i = 0; i < sorted.length; i++) {
        expect(minutesOf(sorted[i]!.startTime), key).toBeGreaterThanOrEqual(minutesOf(SHIFT_START));
        expect(sorted[i]!.end, key).toBeLessThanOrEqual(minutesOf(SHIFT_END));
        if (i > 0) expect(minutesOf(sorted[i]!.startTime), key).toBeGreaterThanOrEqual(sorted[i - 1]!.end);
      }
    }
    // Orders of a tour arrive one after another.
    for (const t of plan.tours) for (let i = 1; i < t.runs.length; i++) expect(t.runs[i]!.arrival).toBeGreaterThan(t.runs[i - 1]!.done);
  });

  it('gives every delivered order a slip number and a weight, near the ordered one', async () => {
    const { rows } = await sql(a).query<{ status: string; slip: string | null; weight: number | null; ordered: number; billing_pending: boolean }>(
      `SELECT status, delivery_slip_number AS slip, actual_weight::float8 AS weight, weight_tons::float8 AS ordered, billing_pending FROM read.orders WHERE status = 'geliefert'`,
    );
    expect(rows.length).toBeGreaterThan(30);
    for (const r of rows) {
      expect(r.slip).toMatch(/^\d{6}-\d{5}$/);
      expect(r.weight).not.toBeNull();
      expect(Math.abs(r.weight! - r.ordered)).toBeLessThanOrEqual(catalog.operations.weightDeviationTonnes + 0.01);
      // Slip and weight hand the order to billing (orders.md §4.2).
      expect(r.billing_pending).toBe(true);
    }
  });

  it('completes every past day: none of its orders is still open; a few cancelled or with a problem', async () => {
    const completed = [...new Set(logA.filter((e) => e.type === 'DispoDayCompleted').map((e) => (e.data as { date: string }).date))].sort();
    expect(completed.length).toBe(WEEKS * 6);
    expect(completed).not.toContain(TODAY);
    const { rows } = await sql(a).query<{ date: string; status: string; n: string }>(
      "SELECT to_char(delivery_date, 'YYYY-MM-DD') AS date, status, count(*)::text AS n FROM read.orders GROUP BY 1, 2",
    );
    for (const r of rows.filter((x) => completed.includes(x.date))) expect(['geliefert', 'abgerechnet', 'problem', 'storno'], `${r.date} ${r.status}`).toContain(r.status);
    const past = rows.filter((x) => x.date < TODAY);
    expect(past.filter((x) => x.status === 'offen')).toEqual([]);
    expect(past.some((x) => x.status === 'geliefert')).toBe(true);
  });

  it('lets billing settle most past deliveries, keep the latest pending, and take two back with a reason', async () => {
    const { rows } = await sql(a).query<{ state: string; n: string }>(
      `SELECT CASE WHEN billing_confirmed THEN 'confirmed' WHEN billing_reversal_reason IS NOT NULL THEN 'undone' WHEN billing_pending THEN 'pending' END AS state,
              count(*)::text AS n FROM read.orders WHERE billing_pending OR billing_confirmed GROUP BY 1`,
    );
    const count = Object.fromEntries(rows.map((r) => [r.state, Number(r.n)]));
    expect(count.confirmed).toBeGreaterThan(count.pending!);
    expect(count.pending).toBeGreaterThan(0);
    expect(count.undone).toBe(2);
    const { rows: undone } = await sql(a).query<{ status: string; reason: string; reverser: string }>(
      'SELECT status, billing_reversal_reason AS reason, billing_reverser AS reverser FROM read.orders WHERE billing_reversal_reason IS NOT NULL',
    );
    const accountant = catalog.users.find((u) => u.roles.includes('billing'))!;
    for (const u of undone) expect(u).toMatchObject({ status: 'problem', reverser: `${accountant.firstName} ${accountant.lastName}` });
    const confirmedBy = logA.filter((e) => e.type === 'OrderBillingConfirmed').map((e) => e.metadata.userId);
    expect(new Set(confirmedBy)).toEqual(new Set([demoId('user', accountant.username)]));
    // Nothing delivered in the last two office days is settled yet.
    const { rows: recent } = await sql(a).query<{ n: string }>(
      "SELECT count(*)::text AS n FROM read.orders WHERE billing_confirmed AND delivery_date >= '2026-11-24'",
    );
    expect(Number(recent[0]!.n)).toBe(0);
  });

  it('shows today as of the morning: tours finished, running and planned, and open orders in the sidebar', async () => {
    const { rows: tours } = await sql(a).query<{ status: string }>('SELECT status FROM read.tours WHERE date = $1', [TODAY]);
    const statuses = new Set(tours.map((t) => t.status));
    expect(statuses).toEqual(new Set(['completed', 'in_progress', 'planned']));
    const { rows: open } = await sql(a).query<{ n: string }>("SELECT count(*)::text AS n FROM read.orders WHERE delivery_date = $1 AND status = 'offen'", [TODAY]);
    expect(Number(open[0]!.n)).toBeGreaterThanOrEqual(3);
    const token = await a.login('dispo');
    const res = await a.app.inject({ method: 'GET', url: `/api/disposition/orders/open?date=${TODAY}`, headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(200);
    expect(JSON.stringify(res.json())).toContain(TODAY);
  });

  it('takes orders for the next three workdays, all still open', async () => {
    const { rows } = await sql(a).query<{ date: string; status: string; n: string }>(
      "SELECT to_char(delivery_date, 'YYYY-MM-DD') AS date, status, count(*)::text AS n FROM read.orders WHERE delivery_date > $1 GROUP BY 1, 2 ORDER BY 1",
      [TODAY],
    );
    expect([...new Set(rows.map((r) => r.date))]).toEqual(['2026-11-26', '2026-11-27', '2026-11-30']);
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(['offen']));
  });

  it('gives every detail of the vehicle and trailer history a German label (the history dialogs show no raw data)', async () => {
    for (const table of ['vehicle_history', 'trailer_history']) {
      const { rows } = await sql(a).query<{ action_type: string; details: Record<string, unknown> }>(`SELECT action_type, details FROM read.${table}`);
      expect(rows.length, table).toBeGreaterThan(0);
      const unlabelled = rows.flatMap((r) => unlabelledDetailKeys(r.details).map((key) => `${table} ${r.action_type}: ${key}`));
      expect([...new Set(unlabelled)]).toEqual([]);
    }
  });

  it('writes the same business on a second fresh start of the same day (apart from random numbers and ids of events)', async () => {
    expect(comparable(await readCommittedLog(b.infra.store, b.infra.sql))).toEqual(comparable(logA));
  });

  it('writes nothing on a second start', async () => {
    const again = await seedDemoData(a.infra, catalog, { pinKey: TEST_PIN_KEY, history });
    expect(again).toEqual({ created: 0, history: { seeded: false, orders: 0, tours: 0, days: 0 } });
    // A start on a later day does not add a second history either.
    const later = await seedDemoData(a.infra, catalog, { history: { ...history, today: '2026-11-26' } });
    expect(later.history?.seeded).toBe(false);
    expect((await settledLog(a)).map((e) => e.eventId)).toEqual(logA.map((e) => e.eventId));
  });

  it('rebuilds every projection from the log to the same read tables', async () => {
    const before = await readTables(a.infra.sql);
    expect(before.orders!.rows).toBe(firstResult.history!.orders);
    await a.services.runner.stop();
    const runner = new ProjectionRunner(a.infra.sql, a.infra.store, projections, a.infra.bus, pino({ level: 'silent' }));
    await runner.setup();
    for (const p of projections) await runner.rebuild(p.name);
    expect(await readTables(a.infra.sql)).toEqual(before);
  });
});
