import { messages } from '@dispo/domain/messages';
import { addDays, berlinDate } from '@dispo/domain/shared/berlin-date';
import { pdfToText } from '@dispo/projection-service/pdf/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoId } from './seed';
import { demoOrderBody } from './testing/demo-order';
import { createTestApp, type TestApp } from './testing/test-app';

interface Appointment {
  id: string;
  subjectKind: string;
  vehicleId: string | null;
  aufliegerId: string | null;
  date: string;
  time: string;
  type: string;
  status: string;
  completionTracked: boolean;
  completionData: Record<string, unknown> | null;
  completedBy: string | null;
  originalVehicleId: string | null;
  detectedKeywords: string[];
  followUpOf: string | null;
  pendingCompletion: boolean;
  [key: string]: unknown;
}
interface HistoryEntry {
  actionType: string;
  actionTitle: string;
  description: string;
  systemGenerated?: boolean;
  performer: { firstName: string; lastName: string } | null;
}

const w = messages.workshop;
const vehicle = (plate: string) => demoId('vehicle', plate);
const trailer = (plate: string) => demoId('trailer', plate);
const today = berlinDate(new Date());
const tomorrow = addDays(today, 1);

describe('workshop appointments of vehicles and trailers (docs/api/fleet.md)', () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    for (const user of ['fuhrpark', 'dispo', 'audit', 'auftrag']) tokens[user] = await t.login(user);
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, user = 'fuhrpark') =>
    t.app.inject({ method, url, headers: { authorization: `Bearer ${tokens[user]}` }, ...(payload === undefined ? {} : { payload: payload as object }) });
  async function ok<T>(res: Awaited<ReturnType<typeof call>>, status = 200): Promise<T> {
    expect(res.statusCode, res.body.slice(0, 400)).toBe(status);
    return res.json() as T;
  }
  const plan = async (plate: string, body: Record<string, unknown>, user = 'fuhrpark') =>
    (await ok<{ appointment: Appointment }>(await call('POST', `/api/vehicles/${vehicle(plate)}/appointments`, body, user), 201)).appointment;
  const complete = async (id: string, body: Record<string, unknown>) =>
    ok<{ appointment: Appointment; followUp: Appointment | null }>(await call('POST', `/api/appointments/${id}/complete`, body));
  const vehicleView = async (plate: string) =>
    (await ok<{ vehicle: { status: string; workshop_appointments: { id: string; scheduledDate: string; status: string }[] } }>(await call('GET', `/api/vehicles/${vehicle(plate)}`))).vehicle;

  it('plans with the default time 09:00; the vehicle lists it under workshop_appointments', async () => {
    const a = await plan('IZ-MS 103', { type: 'HU', date: tomorrow, workshop: 'Volvo Trucks Center Itzehoe', notes: 'Bremsen' });
    expect(a).toMatchObject({ subjectKind: 'vehicle', vehicleId: vehicle('IZ-MS 103'), date: tomorrow, time: '09:00', type: 'HU', status: 'pending' });
    expect(a.scheduledDateTime).toBe(`${tomorrow}T09:00:00`);
    const v = await vehicleView('IZ-MS 103');
    expect(v.workshop_appointments).toContainEqual(expect.objectContaining({ id: a.id, scheduledDate: tomorrow, status: 'pending', time: '09:00' }));
    const list = await ok<{ upcoming: Appointment[]; past: Appointment[] }>(await call('GET', `/api/vehicles/${vehicle('IZ-MS 103')}/appointments`));
    expect(list.upcoming.map((x) => x.id)).toContain(a.id);
  });

  it('answers the §5 messages with the field concerned', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ date: tomorrow, workshop: 'X' }, w.typeRequired, 'appointmentType'],
      [{ type: 'HU', workshop: 'X' }, w.dateRequired, 'date'],
      [{ type: 'HU', date: addDays(today, -1), workshop: 'X' }, w.dateInPast, 'date'],
      [{ type: 'HU', date: tomorrow }, w.workshopRequired, 'workshop'],
      [{ type: 'HU', date: tomorrow, time: '' }, w.timeRequired, 'time'],
      [{ type: 'Schnellreparatur', date: tomorrow }, w.locationRequired, 'location'],
      [{ type: 'HU', date: tomorrow, workshop: 'Andere' }, w.customWorkshopRequired, 'customWorkshop'],
    ];
    for (const [body, message, field] of cases) {
      const res = await call('POST', `/api/vehicles/${vehicle('IZ-MS 103')}/appointments`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ success: false, error: message, details: { fields: [field] } });
    }
    expect((await call('POST', `/api/vehicles/nope/appointments`, { type: 'HU', date: tomorrow, workshop: 'X' })).statusCode).toBe(404);
  });

  it('lets fleet managers and dispatchers plan; auditors read only; order takers may not plan', async () => {
    await plan('HH-MS 202', { type: 'SP', date: tomorrow, workshop: 'DAF Service Hamburg-Harburg' }, 'dispo');
    const body = { type: 'SP', date: tomorrow, workshop: 'X' };
    expect((await call('POST', `/api/vehicles/${vehicle('HH-MS 202')}/appointments`, body, 'audit')).statusCode).toBe(403);
    expect((await call('POST', `/api/vehicles/${vehicle('HH-MS 202')}/appointments`, body, 'auftrag')).statusCode).toBe(403);
    expect((await call('GET', `/api/vehicles/${vehicle('HH-MS 202')}/appointments`, undefined, 'audit')).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/vehicles/${vehicle('HH-MS 202')}/appointments` })).statusCode).toBe(401);
  });

  it('moves an appointment to the coupled trailer, keeping originalVehicleId and detectedKeywords', async () => {
    const a = await plan('IZ-MS 101', {
      type: 'HU',
      date: tomorrow,
      workshop: 'Silo- und Fahrzeugbau Kaltenkirchen',
      notes: 'Auflieger Bremse',
      aufliegerId: trailer('IZ-MA 501'),
      detectedKeywords: ['auflieger'],
    });
    expect(a).toMatchObject({ subjectKind: 'trailer', aufliegerId: trailer('IZ-MA 501'), originalVehicleId: vehicle('IZ-MS 101'), detectedKeywords: ['auflieger'] });
    const res = await call('POST', `/api/vehicles/${vehicle('IZ-MS 103')}/appointments`, {
      type: 'HU',
      date: tomorrow,
      workshop: 'X',
      aufliegerId: trailer('IZ-MA 501'),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(messages.workshopScreen.trailerNotCoupled);
    const trailerList = await ok<{ auflieger: { id: string; workshop_appointments: { id: string }[] }[] }>(await call('GET', '/api/auflieger'));
    expect(trailerList.auflieger.find((x) => x.id === trailer('IZ-MA 501'))?.workshop_appointments.map((x) => x.id)).toContain(a.id);
  });

  it('updates and deletes an appointment; a deleted one is gone from the lists', async () => {
    const a = await plan('HH-MS 203', { type: 'Service', date: tomorrow, workshop: 'MAN Truck & Bus Service Hamburg-Moorfleet' });
    const updated = await ok<{ appointment: Appointment }>(
      await call('PUT', `/api/appointments/${a.id}`, { type: 'Schnellreparatur', workshop: '', location: '21129 Hamburg', time: '13:30' }),
    );
    expect(updated.appointment).toMatchObject({ type: 'Schnellreparatur', workshop: null, location: '21129 Hamburg', time: '13:30', estimationKey: 'emergency' });
    const bad = await call('PUT', `/api/appointments/${a.id}`, { location: '' });
    expect(bad.json()).toMatchObject({ error: w.locationRequired, details: { fields: ['location'] } });
    const deleted = await ok<{ appointment: Appointment }>(await call('DELETE', `/api/appointments/${a.id}`));
    expect(deleted.appointment.status).toBe('cancelled');
    expect((await vehicleView('HH-MS 203')).workshop_appointments.map((x) => x.id)).not.toContain(a.id);
    expect((await call('PUT', `/api/appointments/${a.id}`, { time: '10:00' })).statusCode).toBe(409);
  });

  it('completes with invoice and follow-up: completer is the user, the follow-up is pending, history tells it', async () => {
    const a = await plan('KI-MS 301', { type: 'Reparatur', date: today, time: '06:00', workshop: 'Mercedes-Benz Nutzfahrzeugzentrum Hamburg' });
    const pending = await ok<{ appointments: Appointment[] }>(await call('GET', `/api/vehicles/${vehicle('KI-MS 301')}/appointments/pending`));
    expect(pending.appointments.map((x) => x.id)).toEqual([a.id]);
    const followUpDate = addDays(today, 7);
    const done = await complete(a.id, { completed: true, hasInvoice: true, invoiceAmount: 1234.5, followUpNeeded: true, followUpDate, notes: 'Teil bestellt' });
    expect(done.appointment).toMatchObject({ status: 'completed', completionTracked: true, completedBy: demoId('user', 'fuhrpark') });
    expect(done.appointment.completionData).toMatchObject({ hasInvoice: true, invoiceAmount: 1234.5, followUpNeeded: true });
    expect(done.followUp).toMatchObject({ status: 'pending', date: followUpDate, type: 'Reparatur', followUpOf: a.id, notes: 'Teil bestellt' });
    const after = await ok<{ appointments: Appointment[] }>(await call('GET', `/api/vehicles/${vehicle('KI-MS 301')}/appointments/pending`));
    expect(after.appointments).toEqual([]);
    expect((await call('POST', `/api/appointments/${a.id}/complete`, { completed: true, hasInvoice: false, followUpNeeded: false })).statusCode).toBe(409);
    const { history } = await ok<{ history: HistoryEntry[] }>(await call('GET', `/api/vehicles/${vehicle('KI-MS 301')}/history?actionType=MAINTENANCE_COMPLETED`));
    expect(history[0]).toMatchObject({ actionTitle: 'Werkstatttermin abgeschlossen', performer: { firstName: expect.any(String) } });
    expect(history[0]?.description).toContain('1.234,50');
    const scheduled = await ok<{ history: HistoryEntry[] }>(await call('GET', `/api/vehicles/${vehicle('KI-MS 301')}/history?actionType=MAINTENANCE_SCHEDULED`));
    expect(scheduled.history.length).toBeGreaterThanOrEqual(2);
  });

  it('completion updates the vehicle from its event; the invoice amount is added and corrected later (issue 31)', async () => {
    const plate = 'HH-MS 202';
    type VehicleFacts = { odometer_km: number | null; last_service_date: string | null; next_service_due: string | null; inspection_until: string | null };
    const facts = async () => (await ok<{ vehicle: VehicleFacts }>(await call('GET', `/api/vehicles/${vehicle(plate)}`))).vehicle;
    const nextHu = addDays(today, 730);
    const hu = await plan(plate, { type: 'HU', date: today, time: '06:00', workshop: 'DAF Service Hamburg-Harburg' });
    await complete(hu.id, { completed: true, hasInvoice: false, followUpNeeded: false, odometerKm: 512_340, inspectionUntil: nextHu });
    expect(await facts()).toMatchObject({ odometer_km: 512_340, inspection_until: nextHu });
    const nextService = addDays(today, 180);
    const service = await plan(plate, { type: 'Service', date: today, time: '06:30', workshop: 'DAF Service Hamburg-Harburg' });
    const done = await complete(service.id, { completed: true, hasInvoice: false, followUpNeeded: false, odometerKm: 512_400, nextServiceDue: nextService });
    expect(await facts()).toMatchObject({ odometer_km: 512_400, last_service_date: today, next_service_due: nextService, inspection_until: nextHu });
    // The values stand in the completion event, the one source of the vehicle's.
    const completed = (await t.infra.store.readStream(`appointment-${service.id}`)).find((e) => e.type === 'WorkshopAppointmentCompleted');
    expect(completed?.data).toMatchObject({ result: { odometerKm: 512_400, lastServiceDate: today, nextServiceDue: nextService } });
    expect(done.appointment.completionData).toMatchObject({ hasInvoice: false, invoiceAmount: null });

    // fleet.md §4: "The amount can be edited later": PUT with invoiceAmount, its own event.
    const set = await ok<{ appointment: Appointment }>(await call('PUT', `/api/appointments/${service.id}`, { invoiceAmount: 845.5 }));
    expect(set.appointment.completionData).toMatchObject({ hasInvoice: true, invoiceAmount: 845.5 });
    const corrected = await ok<{ appointment: Appointment }>(await call('PUT', `/api/appointments/${service.id}`, { invoiceAmount: 900 }));
    expect(corrected.appointment.completionData).toMatchObject({ invoiceAmount: 900 });
    const types = (await t.infra.store.readStream(`appointment-${service.id}`)).map((e) => e.type);
    expect(types.filter((type) => type === 'AppointmentInvoiceAmountSet')).toHaveLength(2);
    const { history } = await ok<{ history: HistoryEntry[] }>(await call('GET', `/api/vehicles/${vehicle(plate)}/history?actionType=MAINTENANCE_COMPLETED`));
    expect(history.map((h) => h.description)).toContain(messages.workshopScreen.invoiceAmountSetEntry('Service', today.split('-').reverse().join('.'), '900,00\u00a0€'));
    // Only on an appointment that took place and is completed; auditors may not.
    const open = await plan(plate, { type: 'Reparatur', date: tomorrow, time: '14:00', workshop: 'DAF Service Hamburg-Harburg' });
    const refused = await call('PUT', `/api/appointments/${open.id}`, { invoiceAmount: 10 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: messages.workshopScreen.invoiceOnlyAfterCompletion });
    expect((await call('PUT', `/api/appointments/${service.id}`, { invoiceAmount: 1 }, 'audit')).statusCode).toBe(403);
    expect((await call('PUT', `/api/appointments/${service.id}`, { invoiceAmount: -1 })).statusCode).toBe(400);
  });

  it('refuses to complete an appointment that is not due yet, and the follow-up answer is required', async () => {
    const future = await plan('B-MS 401', { type: 'HU', date: tomorrow, workshop: 'Iveco Nutzfahrzeuge Berlin-Marzahn' });
    const res = await call('POST', `/api/appointments/${future.id}/complete`, { completed: true, hasInvoice: false, followUpNeeded: false });
    expect(res.json()).toMatchObject({ error: messages.workshopScreen.notYetDue });
    const due = await plan('B-MS 401', { type: 'SP', date: today, workshop: 'Iveco Nutzfahrzeuge Berlin-Marzahn' });
    const missing = await call('POST', `/api/appointments/${due.id}/complete`, { completed: true, hasInvoice: true });
    expect(missing.json()).toMatchObject({ error: messages.workshopScreen.invoiceAmountRequired, details: { fields: ['invoiceAmount'] } });
    const notTaken = await complete(due.id, { completed: false, notes: 'Werkstatt hat abgesagt' });
    expect(notTaken.appointment.status).toBe('not_completed');
  });

  it('shows a vehicle in maintenance while an appointment is in progress', async () => {
    const clock = new Date().toLocaleTimeString('en-GB', { timeZone: 'Europe/Berlin', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    expect((await vehicleView('KI-MS 302')).status).toBe('available');
    await plan('KI-MS 302', { type: 'HU', date: today, time: clock, workshop: 'MAN Truck & Bus Service Neumünster' });
    expect((await vehicleView('KI-MS 302')).status).toBe('maintenance');
  });

  it('completes a trailer appointment with the trailer payload; trailer history filters and exports a PDF', async () => {
    const id = trailer('HH-MA 602');
    const a = (
      await ok<{ appointment: Appointment }>(
        await call('POST', `/api/auflieger/${id}/appointments`, { type: 'Silo-Schweißen', date: today, time: '07:00', workshop: 'Silo- und Fahrzeugbau Kaltenkirchen', cost: 450, responsible: 'Herr Kühn' }),
        201,
      )
    ).appointment;
    expect(a).toMatchObject({ subjectKind: 'trailer', estimatedCost: 450, responsible: 'Herr Kühn' });
    const done = await complete(a.id, { wasSuccessful: true, actualCost: 512.3, completionNotes: 'Naht neu', followUpRequired: false });
    expect(done.appointment.completionData).toMatchObject({ kind: 'trailer', actualCost: 512.3, wasSuccessful: true });
    const none = await ok<{ appointments: Appointment[] }>(await call('GET', `/api/auflieger/${id}/appointments/pending`));
    expect(none.appointments).toEqual([]);
    const all = await ok<{ history: HistoryEntry[] }>(await call('GET', `/api/auflieger/${id}/history`, undefined, 'audit'));
    expect(all.history.map((h) => h.actionType)).toEqual(expect.arrayContaining(['MAINTENANCE_SCHEDULED', 'MAINTENANCE_COMPLETED', 'UPDATED']));
    const completed = await ok<{ history: HistoryEntry[] }>(await call('GET', `/api/auflieger/${id}/history?actionType=MAINTENANCE_COMPLETED&startDate=${today}&endDate=${today}`));
    expect(completed.history).toHaveLength(1);
    expect(completed.history[0]?.description).toContain('512,30');
    const empty = await ok<{ history: HistoryEntry[] }>(await call('GET', `/api/auflieger/${id}/history?startDate=${tomorrow}`));
    expect(empty.history).toEqual([]);
    expect((await call('GET', `/api/auflieger/${id}/history?actionType=TOUR_BILLED`)).statusCode).toBe(400);

    const pdf = await call('GET', `/api/auflieger/${id}/history/pdf?startDate=${addDays(today, -90)}&endDate=${today}`, undefined, 'audit');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain('Aufliegerhistorie_HH-MA_602');
    const text = await pdfToText(pdf.rawPayload);
    expect(text).toContain('Aufliegerhistorie HH-MA 602');
    expect(text.replace(/\s+/g, ' ')).toContain('Werkstatttermin abgeschlossen');
    expect(text).toContain('512,30');
  });

  it('exports the vehicle history as a PDF', async () => {
    const pdf = await call('GET', `/api/vehicles/${vehicle('KI-MS 301')}/history/pdf`);
    expect(pdf.statusCode).toBe(200);
    const text = await pdfToText(pdf.rawPayload);
    expect(text).toContain('Fahrzeughistorie KI-MS 301');
    expect(text.replace(/\s+/g, ' ')).toContain('Werkstatttermin geplant');
    expect((await call('GET', '/api/vehicles/nope/history/pdf')).statusCode).toBe(404);
  });

  it('warns the dispatcher who assigns a tour into the vehicle’s workshop window, and assigns once confirmed', async () => {
    const day = addDays(today, 9);
    await plan('KI-MS 302', { type: 'Kundendienst', date: day, time: '10:00', workshop: 'MAN Truck & Bus Kiel' });
    const order = (
      await ok<{ order: { id: string } }>(await call('POST', '/api/orders', demoOrderBody({ delivery_date: day, quantity: 12 }), 'dispo'), 201)
    ).order;
    const assign = (extra: Record<string, unknown> = {}) =>
      call('POST', '/api/disposition/assign', { orderId: order.id, vehicleId: vehicle('KI-MS 302'), scheduledTime: `${day}T09:30`, ...extra }, 'dispo');
    const warned = await assign();
    expect(warned.statusCode, warned.body).toBe(409);
    const body = warned.json() as { error: string; details: { warnings: string[]; requiresConfirmation: boolean } };
    expect(body.details.requiresConfirmation).toBe(true);
    expect(body.details.warnings).toEqual([messages.dispatch.vehicleHasAppointment('KI-MS 302', 'Kundendienst', '10:00', '13:00')]);
    expect((await assign({ confirmWarnings: true })).statusCode).toBe(201);
  });

  it('offers the catalogue workshops nearest to the vehicle first, its brand marked', async () => {
    const { workshops } = await ok<{ workshops: { name: string; distance: number | null; brandMatch: number }[] }>(
      await call('GET', `/api/workshops?vehicleId=${vehicle('B-MS 401')}`),
    );
    expect(workshops.length).toBe(15);
    // B-MS 401 is at home at the Zementwerk Rüdersdorf.
    expect(workshops[0]?.name).toBe('Truck Service Rüdersdorf');
    expect(workshops[1]?.name).toContain('Berlin');
    const distances = workshops.map((x) => x.distance ?? 0);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(workshops.find((x) => x.name === 'Iveco Nutzfahrzeuge Berlin-Marzahn')?.brandMatch).toBe(1);
  });
});
