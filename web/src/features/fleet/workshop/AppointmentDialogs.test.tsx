// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { messages } from '@dispo/domain/messages';
import { afterEach, describe, expect, it } from 'vitest';
import type { Appointment, Workshop } from '../../../api/workshop';
import { dispatcher, type FleetBackend, inDays, loginAt, makeVehicle, renderFleetPage, startFleetBackend } from '../fleetTestKit';

const w = messages.workshop;
const ws = messages.workshopScreen;
let backend: FleetBackend;

afterEach(async () => {
  cleanup();
  await backend.close();
});

const appointment = (over: Partial<Appointment> = {}): Appointment => ({
  id: 'a-1',
  subjectKind: 'vehicle',
  vehicleId: 'v-1',
  aufliegerId: null,
  subjectPlate: 'IZ-MS 101',
  date: inDays(3),
  time: '09:00',
  type: 'HU',
  workshop: 'MAN Truck & Bus Service Neumünster',
  customWorkshop: null,
  location: null,
  notes: 'Bremsen prüfen',
  estimatedCost: null,
  responsible: null,
  durationMinutes: 120,
  status: 'pending',
  completionTracked: false,
  completionData: null,
  pendingCompletion: false,
  originalVehicleId: null,
  detectedKeywords: [],
  followUpOf: null,
  completedByName: null,
  completedAt: null,
  ...over,
});

const shop = (id: string, name: string, brand: string | null, brandMatch: number, distance: number): Workshop => ({
  id,
  name,
  brand,
  address: 'Hauptstraße 1',
  phone: '0',
  services: [],
  openingHours: 'Mo-Fr 07:00-18:00',
  rating: 4,
  distance,
  brandMatch,
  brandLabel: brandMatch >= 1 ? 'Autorisierter Service' : 'Spezialist',
});

const completed = appointment({
  id: 'a-0',
  date: inDays(-30),
  status: 'completed',
  completionTracked: true,
  completionData: { completed: true, hasInvoice: true, invoiceAmount: 412.8, followUpNeeded: false, followUpDate: null, notes: 'Ohne Mängel' },
  completedByName: 'Michael Hoffmann',
  completedAt: '2026-10-17T16:30:00.000Z',
});

async function startWith(routes: Record<string, (req: { body: unknown }) => { status?: number; json: unknown }> = {}) {
  backend = await startFleetBackend({
    vehicles: [makeVehicle({ id: 'v-1', license_plate: 'IZ-MS 101', make_model: 'MAN TGX 18.510', brand: 'MAN' })],
    routes: {
      'GET /api/vehicles/v-1/appointments': () => ({ json: { upcoming: [appointment()], past: [completed] } }),
      'GET /api/workshops': () => ({
        json: {
          workshops: [
            shop('w-1', 'MAN Truck & Bus Service Neumünster', 'MAN', 1, 31.5),
            shop('w-2', 'Nutzfahrzeuge Lüdemann GmbH', null, 0.6, 12),
            shop('w-3', 'MAN Truck & Bus Service Hamburg-Moorfleet', 'MAN', 1, 52.5),
          ],
        },
      }),
      ...routes,
    },
  });
}

async function openVehicleDetail(user = undefined as Parameters<typeof loginAt>[1]) {
  loginAt(backend, user);
  await renderFleetPage(backend);
  fireEvent.click(screen.getAllByRole('button', { name: /Details/ })[0]!);
  const dialog = await screen.findByRole('dialog', { name: /IZ-MS 101/ });
  await within(dialog).findAllByText('Bremsen prüfen', { exact: false });
  return dialog;
}

describe('appointment detail dialog and Wartungstermin bearbeiten (fleet.md §2, §5, §8)', () => {
  it('shows status, date, time, type, workshop, vehicle and notes, and the completion of a past one', async () => {
    await startWith();
    const detail = await openVehicleDetail();
    fireEvent.click(within(detail).getAllByRole('button', { name: new RegExp(`^${ws.detailsAction}: HU`) })[0]!);
    const dialog = await screen.findByRole('dialog', { name: /Werkstatttermin HU/ });
    for (const text of ['Ausstehend', '09:00', 'MAN Truck & Bus Service Neumünster', 'IZ-MS 101 · MAN TGX 18.510', 'Bremsen prüfen', '2 Std.']) {
      expect(within(dialog).getAllByText(text).length, text).toBeGreaterThan(0);
    }
    expect(within(dialog).getByRole('button', { name: ws.edit })).toBeTruthy();
    fireEvent.click(within(dialog).getAllByRole('button', { name: ws.close }).at(-1)!);

    const past = within(detail).getAllByRole('button', { name: new RegExp(`^${ws.detailsAction}: HU`) })[1]!;
    fireEvent.click(past);
    const done = await screen.findByRole('dialog', { name: /Werkstatttermin HU/ });
    for (const text of ['Abgeschlossen', 'Hat stattgefunden', '412,80 €', 'Kein Folgetermin', 'Michael Hoffmann', 'Ohne Mängel']) {
      expect(within(done).getAllByText(text).length, text).toBeGreaterThan(0);
    }
    // A completed appointment is no longer edited.
    expect(within(done).queryByRole('button', { name: ws.edit })).toBeNull();
  });

  it('edits the invoice amount of a completed appointment later (fleet.md §4, issue 31)', async () => {
    await startWith({
      'PUT /api/appointments/a-0': ({ body }) => ({
        json: { success: true, appointment: { ...completed, completionData: { ...completed.completionData, ...(body as object), hasInvoice: true } } },
      }),
    });
    const detail = await openVehicleDetail();
    fireEvent.click(within(detail).getAllByRole('button', { name: new RegExp(`^${ws.detailsAction}: HU`) })[1]!);
    const done = await screen.findByRole('dialog', { name: /Werkstatttermin HU/ });
    const editor = within(done).getByRole('form', { name: ws.editInvoiceAmount });
    const amount = within(editor).getByLabelText(ws.invoiceAmount) as HTMLInputElement;
    expect(amount.value).toBe('412.8');
    fireEvent.change(amount, { target: { value: '' } });
    fireEvent.click(within(editor).getByRole('button', { name: ws.save }));
    expect(await within(editor).findByText(ws.invoiceAmountRequired)).toBeTruthy();
    fireEvent.change(amount, { target: { value: '1250.40' } });
    fireEvent.submit(editor);
    await waitFor(() => expect(backend.calls('PUT', '/api/appointments/a-0')).toHaveLength(1));
    expect(backend.calls('PUT', '/api/appointments/a-0')[0]?.body).toEqual({ invoiceAmount: 1250.4 });
    expect(await within(done).findByText('1.250,40 €')).toBeTruthy();
    // A pending appointment has no invoice to edit.
    fireEvent.click(within(done).getAllByRole('button', { name: ws.close }).at(-1)!);
    fireEvent.click(within(detail).getAllByRole('button', { name: new RegExp(`^${ws.detailsAction}: HU`) })[0]!);
    const pending = await screen.findByRole('dialog', { name: /Werkstatttermin HU/ });
    expect(within(pending).queryByRole('form', { name: ws.editInvoiceAmount })).toBeNull();
  });

  it('checks every field with the texts of §5, suggests the workshops of the brand and saves', async () => {
    await startWith({
      'PUT /api/appointments/a-1': ({ body }) => ({ json: { success: true, appointment: { ...appointment(), ...(body as object) } } }),
    });
    const detail = await openVehicleDetail();
    fireEvent.click(within(detail).getByRole('button', { name: new RegExp(`^${ws.edit}: HU`) }));
    const dialog = await screen.findByRole('dialog', { name: new RegExp(w.editTitle) });
    const field = (label: string) => within(dialog).getByLabelText(label, { exact: false }) as HTMLInputElement;

    // Brand suggestions: MAN for a MAN, nearest first.
    const suggested = await within(dialog).findByRole('group', { name: ws.suggestedFor('MAN') });
    expect(within(suggested).getAllByRole('button').map((b) => b.textContent)).toEqual([
      'MAN Truck & Bus Service Neumünster31,5 km',
      'MAN Truck & Bus Service Hamburg-Moorfleet52,5 km',
    ]);

    fireEvent.change(field(ws.stepType), { target: { value: '' } });
    fireEvent.change(field(ws.date), { target: { value: '' } });
    fireEvent.change(field(ws.time), { target: { value: '' } });
    fireEvent.change(field(ws.workshop), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: ws.save }));
    for (const text of [w.typeRequired, w.dateRequired, w.timeRequired, w.workshopRequired]) expect(within(dialog).getByText(text)).toBeTruthy();

    fireEvent.change(field(ws.stepType), { target: { value: 'Schnellreparatur' } });
    fireEvent.change(field(ws.date), { target: { value: inDays(-1) } });
    fireEvent.change(field(ws.time), { target: { value: '10:30' } });
    fireEvent.click(within(dialog).getByRole('button', { name: ws.save }));
    expect(within(dialog).getByText(w.dateInPast)).toBeTruthy();
    expect(within(dialog).getByText(w.locationRequired)).toBeTruthy();
    expect(within(dialog).queryByText(w.workshopRequired)).toBeNull();

    fireEvent.change(field(ws.stepType), { target: { value: 'Reparatur' } });
    fireEvent.change(field(ws.workshop), { target: { value: 'Andere' } });
    fireEvent.click(within(dialog).getByRole('button', { name: ws.save }));
    expect(within(dialog).getByText(w.customWorkshopRequired)).toBeTruthy();
    expect(backend.calls('PUT', '/api/appointments/a-1')).toHaveLength(0);

    fireEvent.click(within(suggested).getByRole('button', { name: /Hamburg-Moorfleet/ }));
    fireEvent.change(field(ws.date), { target: { value: inDays(5) } });
    fireEvent.click(within(dialog).getByRole('button', { name: ws.save }));
    expect(await screen.findByText(w.updated)).toBeTruthy();
    expect(backend.calls('PUT', '/api/appointments/a-1')[0]?.body).toEqual({
      type: 'Reparatur',
      date: inDays(5),
      time: '10:30',
      workshop: 'MAN Truck & Bus Service Hamburg-Moorfleet',
      customWorkshop: null,
      location: null,
      notes: 'Bremsen prüfen',
    });
  });

  it('shows a refusal of the server under its field, else Fehler beim Aktualisieren des Termins', async () => {
    let answer = { status: 400, json: { success: false, error: w.dateInPast, details: { fields: ['date'] } } as unknown };
    await startWith({ 'PUT /api/appointments/a-1': () => answer });
    const detail = await openVehicleDetail();
    fireEvent.click(within(detail).getByRole('button', { name: new RegExp(`^${ws.edit}: HU`) }));
    const dialog = await screen.findByRole('dialog', { name: new RegExp(w.editTitle) });
    fireEvent.click(within(dialog).getByRole('button', { name: ws.save }));
    await waitFor(() => expect(within(dialog).getAllByText(w.dateInPast, { exact: false }).length).toBeGreaterThan(0));

    answer = { status: 409, json: { success: false, error: ws.appointmentClosed } };
    fireEvent.click(within(dialog).getByRole('button', { name: ws.save }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(`${w.updateAppointmentFailed}: ${ws.appointmentClosed}`);
  });

  it('deletes a pending appointment after naming it; a dispatcher plans, so may edit', async () => {
    await startWith({ 'DELETE /api/appointments/a-1': () => ({ json: { success: true, appointment: appointment({ status: 'cancelled' }) } }) });
    const detail = await openVehicleDetail(dispatcher);
    fireEvent.click(within(detail).getAllByRole('button', { name: new RegExp(`^${ws.detailsAction}: HU`) })[0]!);
    const dialog = await screen.findByRole('dialog', { name: /Werkstatttermin HU/ });
    fireEvent.click(within(dialog).getByRole('button', { name: ws.delete }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm.textContent).toContain(ws.confirmDelete('HU', new Date(`${inDays(3)}T12:00:00`).toLocaleDateString('de-DE', { day: '2-digit', month: '2-digit', year: 'numeric' })));
    fireEvent.click(within(confirm).getByRole('button', { name: messages.fleetScreen.delete }));
    expect(await screen.findByText(ws.cancelled)).toBeTruthy();
    expect(backend.calls('DELETE', '/api/appointments/a-1')).toHaveLength(1);
  });
});
