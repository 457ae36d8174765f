// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { messages } from '@dispo/domain/messages';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AuditState } from '../../api/audit';
import { resetApiClient } from '../../api/client';
import { startBackend, type TestBackend, useBackendOrigin } from '../../test/backend';
import { createTestQueryClient } from '../../test/render';
import { PastRecord } from './PastRecord';

const AT = '2026-11-02T09:00:00.000Z';
const empty = messages.audit.empty;
let backend: TestBackend;

beforeEach(async () => {
  backend = await startBackend({ routes: { 'GET /api/materials': () => ({ json: { success: true, materials: [{ id: 'm-1', name: 'Sand 0/2' }] } }) } });
  useBackendOrigin(backend);
  resetApiClient();
  localStorage.setItem('authToken', 'token');
});

afterEach(async () => {
  cleanup();
  await backend.close();
});

/** An answer of GET /api/audit/:kind/:id/state as the server gives it: field, value and German text. */
function state(kind: string, id: string, fields: [string, unknown, string][]): AuditState {
  return {
    kind,
    kindLabel: kind,
    id,
    at: AT,
    version: 3,
    recordedAt: '2026-11-02T08:30:00.000Z',
    exists: true,
    title: id,
    related: [],
    fields: fields.map(([field, value, text]) => ({ field, label: field, value, text })),
  };
}

const order = (id: string, number: string, quantity: number) =>
  state('order', id, [
    ['orderNumber', number, number],
    ['status', 'offen', 'Offen'],
    ['createdBy', 'u-1', 'Frank Berger'],
    ['createdAt', '2026-11-01T07:00:00.000Z', '01.11.2026, 08:00:00'],
    ['plantId', 'p-1', 'Kieswerk Moorburg'],
    ['deliveryPlantId', 'p-2', 'Betonwerk Hamburg-Billbrook'],
    ['loadingPointId', 'l-1', 'Halde Nord'],
    ['materialId', 'm-1', 'Sand 0/2'],
    ['customerId', 'c-1', 'Hansa Transportbeton GmbH & Co. KG'],
    ['quantity', quantity, String(quantity)],
    ['unit', 'to', 'Tonnen'],
    ['weightTons', null, empty],
    ['deliveryDate', '2026-11-03', '03.11.2026'],
    ['deliveryTimeType', 'fixed', 'Feste Zeit'],
    ['deliveryTimeFixed', '08:30', '08:30'],
    ['deliveryTimeFrom', null, empty],
    ['deliveryTimeTo', null, empty],
    ['priority', 'high', 'Hoch'],
    ['transportType', 'standard', 'Standard'],
    ['notes', 'Entladestelle hinter Halle 2.', 'Entladestelle hinter Halle 2.'],
    ['internalNotes', null, empty],
    ['pumpAvailable', true, 'Ja'],
    ['craneAvailable', false, 'Nein'],
    ['billingPending', false, 'Nein'],
    ['billingConfirmed', false, 'Nein'],
  ]);

function renderPast(answer: AuditState) {
  return render(
    <QueryClientProvider client={createTestQueryClient()}>
      <PastRecord state={answer} />
    </QueryClientProvider>,
  );
}

/** The value beside a label of a detail list. */
function valueOf(label: string): string {
  const term = screen.getByText(label, { selector: 'dt' });
  return term.parentElement!.querySelector('dd')!.textContent ?? '';
}

describe('PastRecord: a record at an instant in its usual detail layout', () => {
  it('shows an order in the sections of the order detail modal, with names and units', () => {
    renderPast(order('o-1', 'S261103-0001', 27));
    const text = messages.orderScreen;
    for (const section of [messages.orderDetail.sectionBasics, messages.orderDetail.sectionMaterial, messages.orderDetail.sectionDelivery]) {
      screen.getByRole('heading', { name: section });
    }
    expect(valueOf(text.quantity)).toBe('27 t');
    expect(valueOf(text.customer)).toBe('Hansa Transportbeton GmbH & Co. KG');
    expect(valueOf(text.loadingPlant)).toBe('Kieswerk Moorburg');
    expect(valueOf(text.createdBy)).toBe('Frank Berger');
    expect(valueOf(text.pumpAvailable)).toBe(text.yes);
    expect(valueOf(text.deliveryDate)).toBe('03.11.2026');
  });

  it('shows a vehicle with its deadlines judged on the day of the instant, without today’s appointments', () => {
    renderPast(
      state('vehicle', 'v-1', [
        ['licensePlate', 'IZ-MS 101', 'IZ-MS 101'],
        ['vehicleType', 'sattelzug', 'Sattelzug'],
        ['makeModel', 'MAN TGX', 'MAN TGX'],
        ['year', 2021, '2021'],
        ['payloadKg', 27000, '27.000'],
        ['suitableMaterialIds', ['m-1'], 'Sand 0/2'],
        ['enabledForDispatch', true, 'Ja'],
        ['assignedDriverId', 'u-2', 'Jens Krause'],
        ['tuvUntil', '2026-11-01', '01.11.2026'],
        ['inspectionUntil', null, empty],
        ['insuranceUntil', '2026-11-20', '20.11.2026'],
        ['status', 'available', 'Verfügbar'],
        ['fuelType', 'diesel', 'Diesel'],
        ['emissionClass', 'euro6', 'Euro 6'],
        ['hasSiloEquipment', false, 'Nein'],
      ]),
    );
    const f = messages.fleetScreen.fields;
    expect(valueOf(f.licensePlate)).toBe('IZ-MS 101');
    expect(valueOf(f.driver)).toBe('Jens Krause');
    expect(valueOf(f.payloadKg)).toContain('27.000');
    // Judged on the day of the instant: the TÜV had run out the day before, the insurance was due in
    // 18 days (today both have run out).
    const tuv = screen.getByText(messages.labels.vehicleDeadline.tuv).closest('li')!;
    expect(tuv.className).toContain('fleet-deadline--overdue');
    expect(within(tuv).getByText('01.11.2026')).toBeTruthy();
    expect(screen.getByText(messages.labels.vehicleDeadline.insurance).closest('li')!.className).toContain('fleet-deadline--soon');
    expect(screen.queryByText(messages.workshop.maintenanceTab)).toBeNull();
    expect(screen.queryByText(messages.fleetScreen.currentTours)).toBeNull();
  });

  it('shows a trailer with its tractor and maintenance dates', () => {
    renderPast(
      state('trailer', 't-1', [
        ['licensePlate', 'HH-MA 601', 'HH-MA 601'],
        ['trailerType', 'grossraumsilo', 'Großraumsilo'],
        ['maxWeightKg', 36000, '36.000'],
        ['maintenanceDates', [`${messages.labels.maintenanceKind.tuv} 2026-12-01`], `${messages.labels.maintenanceKind.tuv} 2026-12-01`],
        ['notes', null, empty],
        ['status', 'available', 'Verfügbar'],
        ['tractorId', 'v-2', 'HH-MS 201'],
      ]),
    );
    const f = messages.fleetScreen.fields;
    expect(valueOf(f.licensePlate)).toBe('HH-MA 601');
    expect(valueOf(f.tractor)).toBe('HH-MS 201');
    expect(valueOf(f.maintenanceDates)).toContain('01.12.2026');
  });

  it('shows a fuel card as its row of the Tankkarten table, the PIN masked', () => {
    renderPast(
      state('fuel-card', 'f-1', [
        ['cardNumber', '7002 1234 5678 0101', '7002 1234 5678 0101'],
        ['cardType', 'diesel', 'Diesel'],
        ['provider', 'Aral', 'Aral'],
        ['assignedVehicleId', 'v-1', 'IZ-MS 101'],
        ['dailyLimit', 450, '450'],
        ['monthlyLimit', 9000, '9.000'],
        ['validUntil', '2027-12-31', '31.12.2027'],
        ['status', 'active', 'Aktiv'],
        ['pin', null, messages.audit.hidden],
      ]),
    );
    const row = screen.getAllByRole('row')[1]!;
    expect(row.textContent).toContain('IZ-MS 101');
    expect(row.textContent).toContain('9.000,00');
    expect(row.textContent).toContain('31.12.2027');
    expect(row.textContent).toContain('•••• 0101');
    expect(row.textContent).not.toContain('7002 1234');
    expect(within(row).queryByRole('button')).toBeNull();
  });

  it('shows a completed appointment with what its completion recorded', () => {
    renderPast(
      state('appointment', 'a-1', [
        ['vehicleId', 'v-1', 'HH-MS 201'],
        ['trailerId', null, empty],
        ['appointmentType', 'Reparatur', 'Reparatur Allgemein'],
        ['date', '2026-11-06', '06.11.2026'],
        ['time', '07:00', '07:00'],
        ['workshop', 'Scania Service Hamburg-Billbrook', 'Scania Service Hamburg-Billbrook'],
        ['status', 'completed', 'Abgeschlossen'],
        ['completed', true, 'Ja'],
        ['invoiceAmount', 1890, '1.890'],
        ['followUpDate', '2026-11-28', '28.11.2026'],
        ['completionNotes', 'Kupplung getauscht', 'Kupplung getauscht'],
      ]),
    );
    const f = messages.workshopScreen.fields;
    expect(valueOf(f.vehicle)).toBe('HH-MS 201');
    expect(valueOf(f.invoice)).toContain('1.890,00');
    expect(valueOf(f.followUp)).toBe('28.11.2026');
    expect(screen.getByText('Kupplung getauscht')).toBeTruthy();
    expect(screen.queryByText(f.duration)).toBeNull();
  });

  it('shows a tour with its orders as each of them was at the same instant', async () => {
    const asked: string[] = [];
    for (const [id, number, quantity] of [
      ['o-1', 'S261103-0001', 27],
      ['o-2', 'S261103-0002', 12],
    ] as const) {
      backend.routes.set(`GET /api/audit/order/${id}/state`, (request) => {
        asked.push(request.query.get('at') ?? '');
        return { json: { success: true, ...order(id, number, quantity) } };
      });
    }
    renderPast(
      state('tour', 'tour-1', [
        ['tourNumber', 'T261103-0001', 'T261103-0001'],
        ['vehicleId', 'v-1', 'KI-MS 301'],
        ['date', '2026-11-03', '03.11.2026'],
        ['startTime', '06:00', '06:00'],
        ['endTime', '14:14', '14:14'],
        ['status', 'planned', 'Geplant'],
        ['orderIds', ['o-2', 'o-1'], 'S261103-0002, S261103-0001'],
      ]),
    );
    const rows = await screen.findAllByRole('row');
    expect(rows.slice(1).map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^1.*S261103-0002.*Hansa.*Kieswerk Moorburg · Halde Nord → Betonwerk Hamburg-Billbrook.*Sand 0\/2.*12 t$/),
      expect.stringMatching(/^2.*S261103-0001.*27 t$/),
    ]);
    expect(screen.getByText('KI-MS 301')).toBeTruthy();
    // The driver is the vehicle's, not the tour's: a past state does not claim there was none.
    expect(screen.queryByText(messages.dispatchScreen.details.driver)).toBeNull();
    expect(screen.queryByText(messages.dispatchScreen.noDriver)).toBeNull();
    expect(asked).toEqual([AT, AT]);
  });
});
