// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Socket as ServerSocket } from 'socket.io';
import { afterEach, describe, expect, it } from 'vitest';
import {
  dispatcher,
  type FleetBackend,
  inDays,
  loginAt,
  makeFuelCard,
  makeTrailer,
  makeVehicle,
  renderFleetPage,
  startFleetBackend,
} from './fleetTestKit';

let backend: FleetBackend;

afterEach(async () => {
  cleanup();
  await backend.close();
});

const tour = { id: 'tour-1', tourNumber: 'T260310-01', status: 'in_progress', startTime: '2026-03-10T08:00' };

/** A small fleet: two released (one on a tour), one locked in the workshop, one with deadlines due. */
function fleet() {
  return [
    makeVehicle({ id: 'v-1', license_plate: 'IZ-MS 101', enabled_for_dispatch: true, status: 'in_use', current_tours: [tour] }),
    makeVehicle({
      id: 'v-2',
      license_plate: 'HH-MS 201',
      make_model: 'Scania R 450',
      brand: 'Scania',
      enabled_for_dispatch: true,
      home_location_city: 'Hamburg',
      home_location_postal_code: '21079',
    }),
    makeVehicle({ id: 'v-3', license_plate: 'HH-MS 204', make_model: 'MAN TGS 35.440', vehicle_type: 'lkw_aufbau', status: 'maintenance' }),
    makeVehicle({
      id: 'v-4',
      license_plate: 'B-MS 401',
      make_model: 'Iveco S-Way 490',
      status: 'available',
      tuv_until: inDays(-10),
      inspection_until: inDays(0),
      insurance_until: inDays(5),
    }),
  ];
}

const card = (plate: string) => screen.getByRole('article', { name: plate });
/** The rows of the vehicle table (ag-grid). */
const gridRows = () =>
  [...document.querySelectorAll<HTMLElement>('.fleet-grid .ag-row[row-index]')].filter((row) => !row.closest('.ag-header'));

describe('Fuhrparkverwaltung: page, tabs, tiles and badges', () => {
  it('shows the title, the buttons, the tabs with counts and the summary tiles', async () => {
    backend = await startFleetBackend({
      vehicles: fleet(),
      trailers: [makeTrailer()],
      fuelCards: [makeFuelCard(), makeFuelCard({ id: 'c-2', card_number: '7077 9988 1122 0202', provider: 'Shell' })],
    });
    loginAt(backend);
    await renderFleetPage(backend);

    expect(screen.getByRole('heading', { level: 1, name: 'Fuhrparkverwaltung' })).toBeTruthy();
    for (const name of ['Neues Fahrzeug', 'Neuer Auflieger', 'Neue Tankkarte', 'Dispo umschalten'])
      expect(screen.getByRole('button', { name })).toBeTruthy();
    expect(screen.getByPlaceholderText('Kennzeichen, Typ, Marke suchen...')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('count-trailers').textContent).toBe('1'));
    await waitFor(() => expect(screen.getByTestId('count-fuelCards').textContent).toBe('2'));
    expect(screen.getByRole('tab', { name: /Fahrzeuge/ }).textContent).toContain('4');
    await waitFor(() => expect(screen.getByTestId('count-documents').textContent).toBe('0'));

    const tile = (key: string) => screen.getByTestId(`tile-${key}`).textContent;
    expect(tile('total')).toBe('4Fahrzeuge gesamt');
    expect(tile('available')).toBe('2Verfügbar');
    expect(tile('in-use')).toBe('1Im Einsatz');
    expect(tile('maintenance')).toBe('1Wartung');
    expect(tile('dispatch')).toBe('2Dispo freigegeben');
    expect(tile('rate')).toBe('50 %Verfügbarkeit');
  });

  it("shows 'In Tour', 'Dispo aktiv', the status and the deadline badges of §4", async () => {
    backend = await startFleetBackend({ vehicles: fleet() });
    loginAt(backend);
    await renderFleetPage(backend);

    expect(within(card('IZ-MS 101')).getByText('In Tour')).toBeTruthy();
    expect(within(card('IZ-MS 101')).getByText('Im Einsatz')).toBeTruthy();
    expect(within(card('IZ-MS 101')).queryByText('Dispo aktiv')).toBeNull();
    expect(within(card('HH-MS 201')).getByText('Dispo aktiv')).toBeTruthy();
    expect(within(card('HH-MS 204')).queryByText(/Dispo aktiv|In Tour/)).toBeNull();
    expect(within(card('HH-MS 204')).getByText('Wartung')).toBeTruthy();

    const badges = [...card('B-MS 401').querySelectorAll('.fleet-badge--deadline')].map((badge) => [
      badge.textContent,
      badge.className.split('--').pop(),
    ]);
    expect(badges).toEqual([
      ['TÜV 10 Tage überfällig', 'overdue'],
      ['HU heute fällig', 'urgent'],
      ['Versicherung in 5 Tagen fällig', 'urgent'],
    ]);
    expect(card('HH-MS 201').querySelector('.fleet-badge--deadline')).toBeNull();
  });

  it('searches plate, make, model, type, city, postal code and status; the tab counts follow', async () => {
    backend = await startFleetBackend({
      vehicles: fleet(),
      trailers: [makeTrailer({ kennzeichen: 'HH-MA 601' })],
      fuelCards: [makeFuelCard({ license_plate: 'HH-MS 201' })],
    });
    loginAt(backend);
    await renderFleetPage(backend);
    await waitFor(() => expect(screen.getByTestId('count-fuelCards').textContent).toBe('1'));
    await waitFor(() => expect(screen.getByTestId('count-trailers').textContent).toBe('1'));
    const search = screen.getByPlaceholderText('Kennzeichen, Typ, Marke suchen...');

    fireEvent.change(search, { target: { value: 'hh-m' } });
    expect(screen.getAllByRole('article').map((article) => article.getAttribute('aria-label'))).toEqual(['HH-MS 201', 'HH-MS 204']);
    expect(screen.getByTestId('count-vehicles').textContent).toBe('2');
    expect(screen.getByTestId('count-trailers').textContent).toBe('1');
    expect(screen.getByTestId('count-fuelCards').textContent).toBe('1');

    for (const [term, plates] of [
      ['scania', ['HH-MS 201']],
      ['21079', ['HH-MS 201']],
      ['hamburg', ['HH-MS 201']],
      ['wartung', ['HH-MS 204']],
      ['LKW mit Aufbau', ['HH-MS 204']],
      ['iveco', ['B-MS 401']],
    ] as const) {
      fireEvent.change(search, { target: { value: term } });
      expect(
        screen.getAllByRole('article').map((article) => article.getAttribute('aria-label')),
        term,
      ).toEqual(plates);
    }
    fireEvent.change(search, { target: { value: 'gibt es nicht' } });
    expect(screen.getByText('Keine Fahrzeuge gefunden')).toBeTruthy();
    expect(screen.getByTestId('count-trailers').textContent).toBe('0');
    fireEvent.click(screen.getByRole('tab', { name: /Auflieger/ }));
    expect(screen.getByText('Keine Auflieger gefunden')).toBeTruthy();
  });

  it('filters by status, dispatch and the quick filters ready for use and maintenance due', async () => {
    backend = await startFleetBackend({ vehicles: fleet() });
    loginAt(backend);
    await renderFleetPage(backend);
    const plates = () => screen.queryAllByRole('article').map((article) => article.getAttribute('aria-label'));

    fireEvent.click(screen.getByRole('button', { name: /^Filter\s*\d*$/ }));
    const panel = screen.getByRole('region', { name: 'Filter' });
    fireEvent.change(within(panel).getByLabelText('Status'), { target: { value: 'maintenance' } });
    expect(plates()).toEqual(['HH-MS 204']);
    fireEvent.change(within(panel).getByLabelText('Status'), { target: { value: 'active' } });
    expect(plates()).toEqual(['B-MS 401', 'HH-MS 201', 'IZ-MS 101']);
    fireEvent.change(within(panel).getByLabelText('Disposition'), { target: { value: 'disabled' } });
    expect(plates()).toEqual(['B-MS 401']);
    expect(screen.getByRole('button', { name: /^Filter\s*\d*$/ }).textContent).toContain('2');

    fireEvent.click(within(panel).getByRole('button', { name: 'Filter zurücksetzen' }));
    fireEvent.click(within(panel).getByRole('button', { name: 'Einsatzbereit' }));
    expect(plates()).toEqual(['HH-MS 201']);
    fireEvent.click(within(panel).getByRole('button', { name: 'Einsatzbereit' }));
    fireEvent.click(within(panel).getByRole('button', { name: 'Wartung fällig' }));
    expect(plates()).toEqual(['B-MS 401', 'HH-MS 204']);
  });
});

describe('Fuhrparkverwaltung: dispatch toggle, selection and delete', () => {
  it('toggles one vehicle by sending only enabled_for_dispatch, with the message of §8 that vanishes after 3 s', async () => {
    backend = await startFleetBackend({ vehicles: fleet() });
    loginAt(backend);
    await renderFleetPage(backend);

    fireEvent.click(screen.getByRole('switch', { name: 'Disposition B-MS 401' }));
    const message = await screen.findByText('Fahrzeug für Disposition freigeschaltet');
    expect(backend.calls('PUT', '/api/vehicles/v-4').map((request) => request.body)).toEqual([{ enabled_for_dispatch: true }]);
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Disposition B-MS 401' }).getAttribute('aria-checked')).toBe('true'));
    expect(message.closest('.alert--success')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Fahrzeug für Disposition freigeschaltet')).toBeNull());

    fireEvent.click(screen.getByRole('switch', { name: 'Disposition HH-MS 201' }));
    expect(await screen.findByText('Fahrzeug für Disposition gesperrt')).toBeTruthy();
    expect(backend.calls('PUT', '/api/vehicles/v-2').map((request) => request.body)).toEqual([{ enabled_for_dispatch: false }]);
  });

  it("shows a failed toggle in the red 'Fehler' banner with the server's message", async () => {
    backend = await startFleetBackend({
      vehicles: fleet(),
      routes: { 'PUT /api/vehicles/v-4': () => ({ status: 403, json: { success: false, error: 'Keine Berechtigung für diese Aktion.' } }) },
    });
    loginAt(backend);
    await renderFleetPage(backend);

    fireEvent.click(screen.getByRole('switch', { name: 'Disposition B-MS 401' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('FehlerFehler beim Aktualisieren des Fahrzeugs: Keine Berechtigung für diese Aktion.×');
    expect(alert.querySelector('strong')?.textContent).toBe('Fehler');
  });

  it('Dispo umschalten: releases the selection in one bulk call; select-all takes what is shown', async () => {
    backend = await startFleetBackend({ vehicles: fleet() });
    loginAt(backend);
    await renderFleetPage(backend);
    const toggle = screen.getByRole('button', { name: 'Dispo umschalten' }) as HTMLButtonElement;
    expect(toggle.disabled).toBe(true);

    fireEvent.click(screen.getByRole('checkbox', { name: 'B-MS 401 auswählen' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'HH-MS 204 auswählen' }));
    expect(screen.getByText('2 ausgewählt')).toBeTruthy();
    fireEvent.click(toggle);
    expect(await screen.findByText('2 Fahrzeuge erfolgreich aktualisiert')).toBeTruthy();
    expect(backend.calls('POST', '/api/vehicles/bulk-dispatch').map((request) => request.body)).toEqual([
      { vehicle_ids: ['v-4', 'v-3'], enabled_for_dispatch: true },
    ]);
    await waitFor(() => expect(screen.getByTestId('tile-dispatch').textContent).toBe('4Dispo freigegeben'));
    expect(screen.queryByText(/ausgewählt$/)).toBeNull();

    // Select-all of the shown vehicles (search 'hh-ms'): both released now → the toggle locks them.
    fireEvent.change(screen.getByPlaceholderText('Kennzeichen, Typ, Marke suchen...'), { target: { value: 'hh-ms' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Alle auswählen' }));
    expect(screen.getByText('2 ausgewählt')).toBeTruthy();
    fireEvent.click(toggle);
    await waitFor(() => expect(backend.calls('POST', '/api/vehicles/bulk-dispatch')).toHaveLength(2));
    expect(backend.calls('POST', '/api/vehicles/bulk-dispatch')[1]?.body).toEqual({
      vehicle_ids: ['v-2', 'v-3'],
      enabled_for_dispatch: false,
    });
  });

  it('reports vehicles the bulk toggle could not change with Fehler beim Aktualisieren der Fahrzeuge', async () => {
    backend = await startFleetBackend({
      vehicles: fleet(),
      routes: {
        'POST /api/vehicles/bulk-dispatch': () => ({
          json: {
            success: true,
            updated: 1,
            failed: [{ id: 'v-3', license_plate: 'HH-MS 204', error: 'Das Fahrzeug wurde nicht gefunden.' }],
          },
        }),
      },
    });
    loginAt(backend);
    await renderFleetPage(backend);
    fireEvent.click(screen.getByRole('checkbox', { name: 'B-MS 401 auswählen' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'HH-MS 204 auswählen' }));
    fireEvent.click(screen.getByRole('button', { name: 'Dispo umschalten' }));
    expect(await screen.findByText('1 Fahrzeug aktualisiert')).toBeTruthy();
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Fehler beim Aktualisieren der Fahrzeuge: HH-MS 204: Das Fahrzeug wurde nicht gefunden.',
    );
  });

  it('deletes a vehicle after a confirmation naming the plate', async () => {
    backend = await startFleetBackend({ vehicles: fleet() });
    loginAt(backend);
    await renderFleetPage(backend);

    fireEvent.click(screen.getByRole('button', { name: 'Löschen HH-MS 204' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Fahrzeug löschen' });
    expect(within(dialog).getByText('Möchten Sie das Fahrzeug HH-MS 204 wirklich löschen?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    expect(backend.calls('DELETE', '/api/vehicles/v-3')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Löschen HH-MS 204' }));
    // Offered once the server said the vehicle has no live tours.
    fireEvent.click(await within(await screen.findByRole('alertdialog')).findByRole('button', { name: 'Löschen' }));
    expect(await screen.findByText('Fahrzeug erfolgreich gelöscht')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('article', { name: 'HH-MS 204' })).toBeNull());
    expect(backend.calls('DELETE', '/api/vehicles/v-3')).toHaveLength(1);
  });

  it('names the running and planned tours of a vehicle and offers no delete (issue 31)', async () => {
    backend = await startFleetBackend({
      vehicles: fleet(),
      liveTours: {
        'v-3': [
          { id: 't-1', tourNumber: 'T261202-0001', date: '2026-12-02', startTime: '07:30', status: 'in_progress' },
          { id: 't-2', tourNumber: 'T261203-0004', date: '2026-12-03', startTime: '09:00', status: 'planned' },
        ],
      },
    });
    loginAt(backend);
    await renderFleetPage(backend);

    fireEvent.click(screen.getByRole('button', { name: 'Löschen HH-MS 204' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Fahrzeug löschen' });
    const tours = await within(dialog).findByRole('list', { name: 'Laufende und geplante Touren' });
    expect(within(tours).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Tour T261202-0001 – 02.12.2026, 07:30 Uhr (Unterwegs)',
      'Tour T261203-0004 – 03.12.2026, 09:00 Uhr (Geplant)',
    ]);
    expect(within(dialog).getByText(/hat noch laufende oder geplante Touren/)).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Löschen' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    expect(backend.calls('DELETE', '/api/vehicles/v-3')).toHaveLength(0);
  });

  it('shows vehicle details with the statutory deadlines', async () => {
    backend = await startFleetBackend({ vehicles: fleet() });
    loginAt(backend);
    await renderFleetPage(backend);

    fireEvent.click(screen.getByRole('button', { name: 'Details B-MS 401' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'B-MS 401 Iveco S-Way 490' })).toBeTruthy();
    const deadlines = [...dialog.querySelectorAll('.fleet-deadline')].map((row) => [row.className.split('--').pop(), row.textContent]);
    expect(deadlines.map(([tone]) => tone)).toEqual(['overdue', 'soon', 'soon']);
    expect(deadlines[0]?.[1]).toContain('10 Tage überfällig');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Bearbeiten' }));
    expect(await screen.findByRole('dialog', { name: 'Fahrzeug bearbeiten' })).toBeTruthy();
  });
});

describe('Fuhrparkverwaltung: table view and roles', () => {
  it('shows the vehicles in ag-grid; the header checkbox selects all and the toggle sends them', async () => {
    backend = await startFleetBackend({ vehicles: fleet() });
    loginAt(backend);
    await renderFleetPage(backend);

    fireEvent.click(screen.getByRole('button', { name: 'Tabelle' }));
    await waitFor(() => expect(gridRows().length).toBe(4));
    const rows = gridRows().sort((a, b) => Number(a.getAttribute('row-index')) - Number(b.getAttribute('row-index')));
    expect(rows.map((row) => row.querySelector('[col-id="plate"] .fleet-plate')?.textContent)).toEqual([
      'B-MS 401',
      'HH-MS 201',
      'HH-MS 204',
      'IZ-MS 101',
    ]);
    expect(rows[0]?.querySelector('[col-id="deadlines"]')?.textContent).toContain('TÜV 10 Tage überfällig');
    expect(rows[3]?.querySelector('[col-id="dispatch"]')?.textContent).toContain('In Tour');
    expect(screen.getByRole('columnheader', { name: /Kennzeichen/ })).toBeTruthy();

    const headerBox = document.querySelector<HTMLInputElement>('.ag-header-select-all input[type="checkbox"]');
    expect(headerBox).toBeTruthy();
    fireEvent.click(headerBox as HTMLInputElement);
    await waitFor(() => expect(screen.getByText('4 ausgewählt')).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: 'Dispo umschalten' }));
    await waitFor(() => expect(backend.calls('POST', '/api/vehicles/bulk-dispatch')).toHaveLength(1));
    expect(backend.calls('POST', '/api/vehicles/bulk-dispatch')[0]?.body).toEqual({
      vehicle_ids: ['v-4', 'v-2', 'v-3', 'v-1'],
      enabled_for_dispatch: true,
    });
  });

  it('keeps the selection when switching between card and table view', async () => {
    backend = await startFleetBackend({ vehicles: fleet() });
    loginAt(backend);
    await renderFleetPage(backend);
    fireEvent.click(screen.getByRole('checkbox', { name: 'HH-MS 201 auswählen' }));
    fireEvent.click(screen.getByRole('button', { name: 'Tabelle' }));
    await waitFor(() => expect(gridRows().filter((row) => row.classList.contains('ag-row-selected')).length).toBe(1));
    fireEvent.click(screen.getByRole('button', { name: 'Karten' }));
    expect((screen.getByRole('checkbox', { name: 'HH-MS 201 auswählen' }) as HTMLInputElement).checked).toBe(true);
  });

  it('shows a dispatcher the fleet without the write actions', async () => {
    backend = await startFleetBackend({ vehicles: fleet(), fuelCards: [makeFuelCard()] });
    loginAt(backend, dispatcher);
    await renderFleetPage(backend);
    for (const name of [
      'Neues Fahrzeug',
      'Neuer Auflieger',
      'Neue Tankkarte',
      'Dispo umschalten',
      'Bearbeiten IZ-MS 101',
      'Löschen IZ-MS 101',
    ]) {
      expect(screen.queryByRole('button', { name }), name).toBeNull();
    }
    expect((screen.getByRole('switch', { name: 'Disposition IZ-MS 101' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.getByRole('button', { name: 'Details IZ-MS 101' })).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: /Tankkarten/ }));
    expect(await screen.findByText('•••• •••• •••• 0101')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /PIN anzeigen/ })).toBeNull();
  });

  it('shows the changes of other users live (socket notices of docs/api/fleet.md)', async () => {
    backend = await startFleetBackend({ vehicles: fleet() });
    loginAt(backend);
    const connected = new Promise<ServerSocket>((resolve) => backend.io?.once('connection', resolve));
    await renderFleetPage(backend);
    const server = await connected;

    const vehicle = backend.vehicles.find((entry) => entry.id === 'v-4');
    if (vehicle) vehicle.enabled_for_dispatch = true;
    server.emit('dispatch_updated', { id: 'v-4', enabled_for_dispatch: true });
    await waitFor(() => expect(within(card('B-MS 401')).getByText('Dispo aktiv')).toBeTruthy());

    backend.vehicles.push(makeVehicle({ id: 'v-9', license_plate: 'KI-MS 309' }));
    server.emit('vehicle_created', { id: 'v-9' });
    expect(await screen.findByRole('article', { name: 'KI-MS 309' })).toBeTruthy();
  });

  it("shows a failed load in the 'Fehler' banner and loads again on Erneut versuchen", async () => {
    let fail = true;
    backend = await startFleetBackend({
      vehicles: fleet(),
      routes: {
        'GET /api/auflieger': () =>
          fail ? { status: 400, json: { success: false, error: 'Datenbank nicht erreichbar' } } : { json: { auflieger: [] } },
      },
    });
    loginAt(backend);
    await renderFleetPage(backend);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('FehlerDatenbank nicht erreichbar');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Erneut versuchen' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });
});
