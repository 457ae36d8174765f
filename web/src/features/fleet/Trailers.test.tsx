// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { type FleetBackend, inDays, loginAt, makeTrailer, makeVehicle, renderFleetPage, startFleetBackend } from './fleetTestKit';

let backend: FleetBackend;

afterEach(async () => {
  cleanup();
  await backend.close();
});

const vehicles = () => [
  makeVehicle({ id: 'v-1', license_plate: 'IZ-MS 101', vehicle_type: 'zugmaschine' }),
  makeVehicle({ id: 'v-2', license_plate: 'HH-MS 203', vehicle_type: 'lkw_aufbau', make_model: 'MAN TGS 35.440 Kipper' }),
  makeVehicle({ id: 'v-3', license_plate: 'KI-MS 301', vehicle_type: 'zugmaschine', make_model: 'Mercedes-Benz Actros 1851' }),
];

const trailers = () => [
  makeTrailer({
    id: 't-1',
    kennzeichen: 'IZ-MA 501',
    zugmaschineId: 'v-1',
    zugmaschine: { licensePlate: 'IZ-MS 101' },
    wartungstermine: [{ art: 'tuv', datum: '2099-05-02' }],
  }),
  makeTrailer({
    id: 't-2',
    kennzeichen: 'KI-MA 701',
    typ: 'anhaenger',
    maxWeight: 18000,
    status: 'maintenance',
    notizen: 'Plane gerissen',
  }),
];

async function openTrailers() {
  fireEvent.click(screen.getByRole('tab', { name: /Auflieger/ }));
  await screen.findByRole('table');
}

const rowOf = (plate: string) => screen.getByText(plate, { selector: '.fleet-plate' }).closest('tr') as HTMLElement;

describe('trailers (fleet.md §2 trailer screens)', () => {
  it("lists plate, type, max weight, status, tractor or 'Nicht zugeordnet' and the next maintenance date", async () => {
    backend = await startFleetBackend({ vehicles: vehicles(), trailers: trailers() });
    loginAt(backend);
    await renderFleetPage(backend);
    await openTrailers();

    const first = within(rowOf('IZ-MA 501'));
    expect(first.getByText('Kippsilo')).toBeTruthy();
    expect(first.getByText('35.000 kg')).toBeTruthy();
    expect(first.getByText('IZ-MS 101')).toBeTruthy();
    expect(first.getByText('TÜV 02.05.2099')).toBeTruthy();
    const second = within(rowOf('KI-MA 701'));
    expect(second.getByText('Anhänger')).toBeTruthy();
    expect(second.getByText('Wartung')).toBeTruthy();
    expect(second.getByText('Nicht zugeordnet')).toBeTruthy();
  });

  it('badges the maintenance dates as §4 does: the next one within 30 days, or the latest past one as overdue', async () => {
    backend = await startFleetBackend({
      vehicles: vehicles(),
      trailers: [
        makeTrailer({ id: 't-1', kennzeichen: 'IZ-MA 501', wartungstermine: [{ art: 'hu', datum: inDays(5) }, { art: 'service', datum: inDays(60) }] }),
        makeTrailer({ id: 't-2', kennzeichen: 'KI-MA 701', wartungstermine: [{ art: 'hu', datum: inDays(-40) }, { art: 'reparatur', datum: inDays(-3) }] }),
        makeTrailer({ id: 't-3', kennzeichen: 'KI-MA 702', wartungstermine: [{ art: 'hu', datum: inDays(45) }] }),
      ],
    });
    loginAt(backend);
    await renderFleetPage(backend);
    await openTrailers();

    const soon = rowOf('IZ-MA 501').querySelector('.fleet-badge--deadline');
    expect([soon?.textContent, soon?.classList.contains('fleet-badge--urgent')]).toEqual(['HU in 5 Tagen fällig', true]);
    const overdue = rowOf('KI-MA 701').querySelector('.fleet-badge--deadline');
    expect([overdue?.textContent, overdue?.classList.contains('fleet-badge--overdue')]).toEqual(['Reparatur 3 Tage überfällig', true]);
    expect(rowOf('KI-MA 702').querySelector('.fleet-badge--deadline')).toBeNull();
  });

  it('creates a trailer bound to a tractor: the tractor choice holds only vehicles of type zugmaschine', async () => {
    backend = await startFleetBackend({ vehicles: vehicles(), trailers: trailers() });
    loginAt(backend);
    await renderFleetPage(backend);

    fireEvent.click(screen.getByRole('button', { name: 'Neuer Auflieger' }));
    const dialog = await screen.findByRole('dialog', { name: 'Neuer Auflieger' });
    const tractor = within(dialog).getByLabelText('Zugmaschine') as HTMLSelectElement;
    expect([...tractor.options].map((option) => option.textContent)).toEqual([
      'Nicht zugeordnet',
      'IZ-MS 101 – Mercedes-Benz Actros 1845',
      'KI-MS 301 – Mercedes-Benz Actros 1851',
    ]);
    expect((within(dialog).getByLabelText('Typ') as HTMLSelectElement).value).toBe('kippsilo');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Erstellen' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('FehlerBitte füllen Sie alle Pflichtfelder aus.');
    expect(backend.calls('POST', '/api/auflieger')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Kennzeichen'), { target: { value: 'KI-MA 702' } });
    fireEvent.change(within(dialog).getByLabelText('Typ'), { target: { value: 'liegendsilo' } });
    fireEvent.change(tractor, { target: { value: 'v-3' } });
    fireEvent.change(within(dialog).getByLabelText('Max. Gewicht (kg)'), { target: { value: '34000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Wartungstermin hinzufügen' }));
    fireEvent.change(within(dialog).getByLabelText('Art des Wartungstermins 1'), { target: { value: 'hu' } });
    fireEvent.change(within(dialog).getByLabelText('Datum des Wartungstermins 1'), { target: { value: '2027-04-30' } });
    fireEvent.change(within(dialog).getByLabelText('Notizen'), { target: { value: 'Neu übernommen' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Erstellen' }));

    await waitFor(() => expect(backend.calls('POST', '/api/auflieger')).toHaveLength(1));
    expect(await screen.findByText('Auflieger erfolgreich erstellt')).toBeTruthy();
    expect(backend.calls('POST', '/api/auflieger')[0]?.body).toEqual({
      kennzeichen: 'KI-MA 702',
      typ: 'liegendsilo',
      zugmaschine_id: 'v-3',
      maxWeight: 34000,
      status: 'available',
      notizen: 'Neu übernommen',
      wartungstermine: [{ art: 'hu', datum: '2027-04-30' }],
    });
    await openTrailers();
    await waitFor(() => expect(within(rowOf('KI-MA 702')).getByText('KI-MS 301')).toBeTruthy());
  });

  it('shows the details dialog with the tab Allgemein', async () => {
    backend = await startFleetBackend({ vehicles: vehicles(), trailers: trailers() });
    loginAt(backend);
    await renderFleetPage(backend);
    await openTrailers();

    fireEvent.click(screen.getByRole('button', { name: 'Details KI-MA 701' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('tab', { name: 'Allgemein' }).getAttribute('aria-selected')).toBe('true');
    const item = (label: string) => within(dialog).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(item('Kennzeichen')).toBe('KI-MA 701');
    expect(item('Typ')).toBe('Anhänger');
    expect(item('Max. Gewicht (kg)')).toBe('18.000 kg');
    expect(item('Status')).toBe('Wartung');
    expect(item('Angelegt am')).toBe('03.02.2026, 10:15');
    expect(item('Notizen')).toBe('Plane gerissen');
    expect(item('Zugmaschine')).toBe('Nicht zugeordnet');
  });

  it('edits (Auflieger erfolgreich aktualisiert) and deletes after naming the plate (Auflieger erfolgreich gelöscht)', async () => {
    backend = await startFleetBackend({ vehicles: vehicles(), trailers: trailers() });
    loginAt(backend);
    await renderFleetPage(backend);
    await openTrailers();

    fireEvent.click(screen.getByRole('button', { name: 'Bearbeiten IZ-MA 501' }));
    const dialog = await screen.findByRole('dialog', { name: 'Auflieger bearbeiten' });
    expect((within(dialog).getByLabelText('Zugmaschine') as HTMLSelectElement).value).toBe('v-1');
    fireEvent.change(within(dialog).getByLabelText('Zugmaschine'), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Aktualisieren' }));
    expect(await screen.findByText('Auflieger erfolgreich aktualisiert')).toBeTruthy();
    expect(backend.calls('PUT', '/api/auflieger/t-1')[0]?.body).toMatchObject({
      kennzeichen: 'IZ-MA 501',
      zugmaschine_id: null,
      wartungstermine: [{ art: 'tuv', datum: '2099-05-02' }],
    });

    fireEvent.click(screen.getByRole('button', { name: 'Löschen KI-MA 701' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Auflieger löschen' });
    expect(within(confirm).getByText('Möchten Sie den Auflieger KI-MA 701 wirklich löschen?')).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Löschen' }));
    expect(await screen.findByText('Auflieger erfolgreich gelöscht')).toBeTruthy();
    expect(backend.calls('DELETE', '/api/auflieger/t-2')).toHaveLength(1);
  });

  it("shows the server's refusal of a tractor that is no zugmaschine in the dialog", async () => {
    backend = await startFleetBackend({
      vehicles: vehicles(),
      routes: {
        'POST /api/auflieger': () => ({
          status: 400,
          json: { success: false, error: 'Als Zugmaschine können nur Fahrzeuge vom Typ Zugmaschine gewählt werden.' },
        }),
      },
    });
    loginAt(backend);
    await renderFleetPage(backend);
    fireEvent.click(screen.getByRole('button', { name: 'Neuer Auflieger' }));
    const dialog = await screen.findByRole('dialog', { name: 'Neuer Auflieger' });
    fireEvent.change(within(dialog).getByLabelText('Kennzeichen'), { target: { value: 'KI-MA 703' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Erstellen' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      'Als Zugmaschine können nur Fahrzeuge vom Typ Zugmaschine gewählt werden.',
    );
  });
});
