import { messages } from '@dispo/domain/messages';
import { addDays, berlinDate } from '@dispo/domain/shared/berlin-date';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoOrderBody } from './testing/demo-order';
import { createTestApp, type TestApp } from './testing/test-app';

/**
 * Issue 31, defects 1, 5 and 6 through HTTP (docs/invariants.md "Tours and the dispatch day"): tours
 * with delivered or billed orders are kept, a cancelled tour blocks and counts nothing, and
 * questionable plans are refused.
 */
interface Tour {
  id: string;
  tourNumber: string;
  status: string;
  keptReason: string | null;
  orders: { id: string }[];
}

const today = berlinDate(new Date());
// Days no other suite uses (relative, so that they stay ahead of today).
const FUTURE = addDays(today, 430);
const CHECKED = addDays(today, 431);

describe('tours and the dispatch day (issue 31)', () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  let truck: string;
  let other: string;

  beforeAll(async () => {
    t = await createTestApp();
    for (const user of ['dispo', 'fuhrpark', 'abrechnung']) tokens[user] = await t.login(user);
    const vehicle = async (plate: string) =>
      (
        await ok<{ vehicle: { id: string } }>(
          await call(
            'POST',
            '/api/vehicles',
            { license_plate: plate, vehicle_type: 'sattelzug', make_model: 'MAN TGX', payload_kg: 27000, enabled_for_dispatch: true },
            'fuhrpark',
          ),
          201,
        )
      ).vehicle.id;
    truck = await vehicle('SE-TI 1');
    other = await vehicle('SE-TI 2');
  });
  afterAll(async () => {
    await t?.close();
  });

  function call(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown, user = 'dispo') {
    return t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${tokens[user]}` },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  }
  async function ok<T>(res: Awaited<ReturnType<typeof call>>, status = 200): Promise<T> {
    expect(res.statusCode, res.body.slice(0, 400)).toBe(status);
    return res.json() as T;
  }
  function refused(res: Awaited<ReturnType<typeof call>>, status: number, message: string) {
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json()).toMatchObject({ success: false, error: message });
    return res.json() as { details?: unknown };
  }
  const order = async (date: string) =>
    (
      await ok<{ order: { id: string; orderNumber: string } }>(
        await call('POST', '/api/orders', demoOrderBody({ delivery_date: date })),
        201,
      )
    ).order;
  const orderOf = async (id: string) =>
    (await ok<{ order: { status: string; billingConfirmed: boolean } }>(await call('GET', `/api/orders/${id}`))).order;
  const assign = async (orderId: string, vehicleId: string, at: string, extra: Record<string, unknown> = {}) =>
    (await ok<{ tourId: string }>(await call('POST', '/api/disposition/assign', { orderId, vehicleId, scheduledTime: at, ...extra }), 201))
      .tourId;
  const status = (tourId: string, to: string) => call('PATCH', `/api/disposition/tours/${tourId}/status`, { status: to });
  const dayTours = async (date: string) => (await ok<{ tours: Tour[] }>(await call('GET', `/api/disposition/tours/${date}`))).tours;
  const streamTypes = async (id: string) => (await t.infra.store.readStream(id)).map((e) => e.type);

  it('keeps a completed tour with billed orders: reset, delete and cancel are refused, the order stays abgerechnet', async () => {
    const o = await order(today);
    const tourId = await assign(o.id, truck, `${today}T05:00`);
    await ok(await status(tourId, 'in_progress'));
    await ok(await status(tourId, 'completed'));
    await ok(await call('PATCH', `/api/orders/${o.id}`, { delivery_slip_number: `LS-${o.orderNumber}`, actual_weight: 26.4 }));
    await ok(await call('POST', `/api/billing/confirm/${o.id}`, undefined, 'abrechnung'));
    const tour = (await dayTours(today)).find((x) => x.id === tourId)!;
    const kept = messages.dispatch.completedTourKept(tour.tourNumber);
    // The screen reads the same refusal before the dispatcher commits.
    expect(tour.keptReason).toBe(kept);
    const before = await streamTypes(`tour-${tourId}`);
    refused(await call('POST', `/api/disposition/tours/${tourId}/reset`), 409, kept);
    refused(await call('DELETE', `/api/disposition/tours/${tourId}`), 409, kept);
    refused(await status(tourId, 'cancelled'), 400, messages.dispatch.tourStatusChangeNotAllowed('Abgeschlossen', 'Storniert'));
    expect(await orderOf(o.id)).toMatchObject({ status: 'abgerechnet', billingConfirmed: true });
    // A refused command appended nothing.
    expect(await streamTypes(`tour-${tourId}`)).toEqual(before);
    const open = (await ok<{ orders: { id: string }[] }>(await call('GET', `/api/disposition/orders/open?date=${today}`))).orders.map(
      (x) => x.id,
    );
    expect(open).not.toContain(o.id);
  });

  it('keeps a running tour with a delivered order: reset, delete and cancel are refused, naming the order', async () => {
    const [delivered, pending] = [await order(today), await order(today)];
    const tourId = await assign(delivered.id, other, `${today}T05:00`);
    await assign(pending.id, other, `${today}T05:00`);
    await ok(await status(tourId, 'in_progress'));
    await ok(await call('PATCH', `/api/orders/${delivered.id}`, { status: 'geliefert' }));
    const reason = messages.dispatch.dissolveDelivered(delivered.orderNumber);
    expect((await dayTours(today)).find((x) => x.id === tourId)!.keptReason).toBe(reason);
    refused(await call('POST', `/api/disposition/tours/${tourId}/reset`), 409, reason);
    refused(await call('DELETE', `/api/disposition/tours/${tourId}`), 409, reason);
    refused(await status(tourId, 'cancelled'), 409, messages.dispatch.cancelDelivered(delivered.orderNumber));
    expect([(await orderOf(delivered.id)).status, (await orderOf(pending.id)).status]).toEqual(['geliefert', 'unterwegs']);
  });

  it('lets a cancelled tour block nothing and count nowhere; asked for by id it is still answered', async () => {
    const [a, b] = [await order(FUTURE), await order(FUTURE)];
    const cancelledId = await assign(a.id, truck, `${FUTURE}T10:00`);
    await ok(await status(cancelledId, 'cancelled'));
    // The slot is free again: a new tour, not 409 "abgeschlossen oder storniert".
    const fresh = await assign(b.id, truck, `${FUTURE}T10:00`);
    expect(fresh).not.toBe(cancelledId);
    const tours = await dayTours(FUTURE);
    expect(tours.map((x) => x.id)).toEqual([fresh]);
    const { stats } = await ok<{ stats: { days: { tours: number; vehiclesUsed: number }[] } }>(
      await call('GET', `/api/disposition/stats?date=${FUTURE}`),
    );
    expect(stats.days[0]).toMatchObject({ tours: 1, vehiclesUsed: 1 });
    const details = await ok<{ tour: Tour }>(await call('GET', `/api/disposition/tours/details/${cancelledId}`));
    expect(details.tour).toMatchObject({ id: cancelledId, status: 'cancelled', orders: [] });
    // Completing the day counts the live tour only.
    await ok(await call('POST', '/api/disposition/assign', { orderId: a.id, vehicleId: truck, scheduledTime: `${FUTURE}T10:00` }), 201);
    const done = await ok<{ tourPlanInfo: { tourCount: number; vehicleCount: number } }>(
      await call('POST', '/api/disposition/complete', { targetDate: FUTURE, sendTourPlan: false }),
    );
    expect(done.tourPlanInfo).toEqual({ tourCount: 1, vehicleCount: 1 });
  });

  it('refuses an assignment to a past day and the completion of a tour of a later day', async () => {
    const yesterday = addDays(today, -1);
    const o = await order(yesterday);
    refused(
      await call('POST', '/api/disposition/assign', { orderId: o.id, vehicleId: truck, scheduledTime: `${yesterday}T10:00` }),
      400,
      messages.dispatch.pastDay(yesterday),
    );
    expect((await orderOf(o.id)).status).toBe('offen');
    const later = await order(FUTURE);
    const tourId = await assign(later.id, other, `${FUTURE}T06:00`);
    const tour = (await dayTours(FUTURE)).find((x) => x.id === tourId)!;
    refused(await status(tourId, 'completed'), 409, messages.dispatch.futureTourNotCompleted(tour.tourNumber));
    expect((await orderOf(later.id)).status).toBe('disponiert');
  });

  it('refuses to complete a day with overlapping tours of a vehicle or a tour in a workshop window, listing them; a change after completion marks the day', async () => {
    const [a, b, c] = [await order(CHECKED), await order(CHECKED), await order(CHECKED)];
    const first = await assign(a.id, truck, `${CHECKED}T06:00`);
    const overlapping = await assign(b.id, truck, `${CHECKED}T06:30`);
    await ok(
      await call(
        'POST',
        `/api/vehicles/${other}/appointments`,
        { type: 'HU', date: CHECKED, workshop: 'MAN Truck & Bus Kiel' },
        'fuhrpark',
      ),
      201,
    );
    const inWorkshop = await assign(c.id, other, `${CHECKED}T09:30`, { confirmWarnings: true });
    const tours = await dayTours(CHECKED);
    const number = (id: string) => tours.find((x) => x.id === id)!.tourNumber;
    const res = await call('POST', '/api/disposition/complete', { targetDate: CHECKED, sendTourPlan: false });
    const refusal = refused(res, 409, messages.dispatch.planHasProblems(2));
    expect(refusal.details).toMatchObject({
      problems: [
        messages.dispatch.toursOverlap('SE-TI 1', number(first), number(overlapping)),
        expect.stringContaining(`SE-TI 2: Die Tour ${number(inWorkshop)} liegt im Werkstatttermin`),
      ],
    });
    expect(await streamTypes(`dispo-day-${CHECKED}`)).toEqual([]);

    // Fixed: the second tour moves to the afternoon, the workshop tour to the other truck later on.
    await ok(await call('PUT', `/api/disposition/tours/${overlapping}/move`, { vehicleId: truck, scheduledTime: `${CHECKED}T18:00` }));
    await ok(await call('PUT', `/api/disposition/tours/${inWorkshop}/move`, { vehicleId: other, scheduledTime: `${CHECKED}T17:00` }));
    await ok(await call('POST', '/api/disposition/complete', { targetDate: CHECKED, sendTourPlan: false }));
    type Day = { day: { completed: boolean; changedSinceTourPlan: { tourNumber: string; changedAt: string } | null } };
    expect((await ok<Day>(await call('GET', `/api/disposition/day/${CHECKED}`))).day).toMatchObject({
      completed: true,
      changedSinceTourPlan: null,
    });

    // A change after completion marks the day changed, once.
    await ok(await call('PUT', `/api/disposition/tours/${first}/move`, { vehicleId: truck, scheduledTime: `${CHECKED}T05:00` }));
    await ok(await call('PUT', `/api/disposition/tours/${first}/move`, { vehicleId: truck, scheduledTime: `${CHECKED}T05:30` }));
    const day = (await ok<Day>(await call('GET', `/api/disposition/day/${CHECKED}`))).day;
    expect(day.changedSinceTourPlan).toMatchObject({ tourNumber: number(first) });
    expect(await streamTypes(`dispo-day-${CHECKED}`)).toEqual(['DispoDayCompleted', 'DispoDayPlanChanged']);
    // Completed again: the mark is gone.
    await ok(await call('POST', '/api/disposition/complete', { targetDate: CHECKED, sendTourPlan: false }));
    expect((await ok<Day>(await call('GET', `/api/disposition/day/${CHECKED}`))).day.changedSinceTourPlan).toBeNull();
  });

  it('rebuilds the day marks from the log to the same rows (last: it stops the runner)', async () => {
    // The checked day changed again after its second completion: marked once more.
    const tours = await dayTours(CHECKED);
    await ok(await call('PUT', `/api/disposition/tours/${tours[0]!.id}/move`, { vehicleId: truck, scheduledTime: `${CHECKED}T04:30` }));
    const rows = async () => (await t.infra.sql.query('SELECT * FROM read.dispo_day_changes ORDER BY date')).rows;
    const before = await rows();
    // FUTURE is marked too: an order joined one of its tours after it was completed (test above).
    expect(before.map((r) => [r.tour_number, r.change])).toEqual(
      expect.arrayContaining([
        [tours[0]!.tourNumber, 'moved'],
        [expect.any(String), 'assigned'],
      ]),
    );
    expect(before).toHaveLength(2);
    await t.services.runner.stop();
    await t.services.runner.rebuild('dispo_days');
    expect(await rows()).toEqual(before);
  });
});
