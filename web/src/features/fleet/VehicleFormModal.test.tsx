// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { type FleetBackend, loginAt, makeVehicle, renderFleetPage, startFleetBackend } from './fleetTestKit';

let backend: FleetBackend;

afterEach(async () => {
  cleanup();
  await backend.close();
});

async function openNewVehicle() {
  fireEvent.click(screen.getByRole('button', { name: 'Neues Fahrzeug' }));
  return screen.findByRole('dialog', { name: 'Neues Fahrzeug' });
}

const input = (dialog: HTMLElement, label: string) => within(dialog).getByLabelText(label, { exact: false }) as HTMLInputElement;

describe('vehicle form modal (fleet.md §2, §3, §5, §9)', () => {
  it('offers every field of §3 with the defaults of §9 and the input rules of §2', async () => {
    backend = await startFleetBackend();
    loginAt(backend);
    await renderFleetPage(backend);
    const dialog = await openNewVehicle();

    for (const label of [
      'Kennzeichen',
      'Fahrzeugtyp',
      'Marke/Modell',
      'Marke',
      'Modell',
      'Baujahr',
      'Status',
      'Nutzlast (kg)',
      'Zulässiges Gesamtgewicht (kg)',
      'Achsen',
      'Ladekapazität',
      'Kraftstoff',
      'Schadstoffklasse',
      'Verbrauch (l/100 km)',
      'Kilometerstand (km)',
      'Siloausrüstung vorhanden',
      'Fahrer',
      'Für die Disposition freigegeben',
      'PLZ Standort',
      'Ort Standort',
      'Heimatwerk',
      'Kostenstelle',
      'Sonderausstattung',
      'Einschränkungen',
      'TÜV gültig bis',
      'HU gültig bis',
      'Versicherung gültig bis',
      'Letzter Service',
      'Nächster Service fällig',
      'Notizen',
    ]) {
      expect(within(dialog).getAllByLabelText(label, { exact: true }).length, label).toBeGreaterThan(0);
    }
    expect(await within(dialog).findByRole('checkbox', { name: 'CEM I 42,5 R' })).toBeTruthy();

    expect(input(dialog, 'Fahrzeugtyp').value).toBe('lkw_aufbau');
    expect(input(dialog, 'Kraftstoff').value).toBe('diesel');
    expect(input(dialog, 'Schadstoffklasse').value).toBe('euro6');
    expect(input(dialog, 'Status').value).toBe('available');
    expect(input(dialog, 'Für die Disposition freigegeben').checked).toBe(false);
    const typeOptions = [...(input(dialog, 'Fahrzeugtyp') as unknown as HTMLSelectElement).options].map((option) => option.value);
    expect(typeOptions).toEqual([
      'firmen_pkw',
      'zugmaschine',
      'abflieger_divers',
      'betonmischer',
      'transporter',
      'lkw_aufbau',
      'auflieger_silo_liegend',
      'auflieger_silo_kipp',
      'auflieger_silo_grossraum',
      'auflieger_silo_divers',
    ]);
    const statusOptions = [...(input(dialog, 'Status') as unknown as HTMLSelectElement).options].map((option) => option.textContent);
    expect(statusOptions).toEqual(['Verfügbar', 'Im Einsatz', 'Wartung', 'Defekt', 'Außer Dienst']);

    expect(input(dialog, 'PLZ Standort').maxLength).toBe(5);
    for (const label of [
      'Baujahr',
      'Nutzlast (kg)',
      'Zulässiges Gesamtgewicht (kg)',
      'Achsen',
      'Kilometerstand (km)',
      'Verbrauch (l/100 km)',
    ]) {
      expect(input(dialog, label).type, label).toBe('number');
    }
    expect(input(dialog, 'Verbrauch (l/100 km)').step).toBe('0.1');
  });

  it('refuses a save without plate, type or make/model with the message of §5 and red field errors', async () => {
    backend = await startFleetBackend();
    loginAt(backend);
    await renderFleetPage(backend);
    const dialog = await openNewVehicle();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Erstellen' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('FehlerBitte füllen Sie alle Pflichtfelder aus.');
    expect(within(dialog).getAllByText('Pflichtfeld')).toHaveLength(2);
    expect(input(dialog, 'Kennzeichen').getAttribute('aria-invalid')).toBe('true');
    expect(backend.calls('POST', '/api/vehicles')).toHaveLength(0);
  });

  it('creates a vehicle with every field, shows Fahrzeug erfolgreich erstellt and the new card', async () => {
    backend = await startFleetBackend();
    loginAt(backend);
    await renderFleetPage(backend);
    const dialog = await openNewVehicle();

    fireEvent.change(input(dialog, 'Kennzeichen'), { target: { value: 'RD-FT 100' } });
    fireEvent.change(input(dialog, 'Fahrzeugtyp'), { target: { value: 'zugmaschine' } });
    fireEvent.change(input(dialog, 'Marke/Modell'), { target: { value: 'MAN TGX 18.510' } });
    fireEvent.change(input(dialog, 'Baujahr'), { target: { value: '2023' } });
    fireEvent.change(input(dialog, 'Verbrauch (l/100 km)'), { target: { value: '28.7' } });
    fireEvent.change(input(dialog, 'PLZ Standort'), { target: { value: '24534' } });
    fireEvent.change(input(dialog, 'Ort Standort'), { target: { value: 'Neumünster' } });
    fireEvent.change(input(dialog, 'TÜV gültig bis'), { target: { value: '2027-05-31' } });
    fireEvent.click(input(dialog, 'Für die Disposition freigegeben'));
    fireEvent.click(await within(dialog).findByRole('checkbox', { name: 'Kies 8/16' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Erstellen' }));

    expect(await screen.findByText('Fahrzeug erfolgreich erstellt')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [post] = backend.calls('POST', '/api/vehicles');
    expect(post?.body).toMatchObject({
      license_plate: 'RD-FT 100',
      vehicle_type: 'zugmaschine',
      make_model: 'MAN TGX 18.510',
      year: 2023,
      fuel_consumption: 28.7,
      fuel_type: 'diesel',
      emission_class: 'euro6',
      status: 'available',
      enabled_for_dispatch: true,
      home_location_postal_code: '24534',
      home_location_city: 'Neumünster',
      tuv_until: '2027-05-31',
      inspection_until: null,
      suitable_material_ids: ['m-2'],
      assigned_driver_id: null,
      brand: null,
    });
    expect(Object.keys(post?.body as object)).toHaveLength(31);
    expect(await screen.findByRole('article', { name: 'RD-FT 100' })).toBeTruthy();
  });

  it('keeps the dialog open and shows the server message when the plate is taken', async () => {
    backend = await startFleetBackend();
    loginAt(backend);
    await renderFleetPage(backend);
    const dialog = await openNewVehicle();
    fireEvent.change(input(dialog, 'Kennzeichen'), { target: { value: 'IZ-MS 101' } });
    fireEvent.change(input(dialog, 'Marke/Modell'), { target: { value: 'Volvo FH' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Erstellen' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('FehlerEin Fahrzeug mit diesem Kennzeichen ist bereits vorhanden.');
    expect(screen.getByRole('dialog', { name: 'Neues Fahrzeug' })).toBeTruthy();
  });

  it('shows a refusal under the field the server names (details.fields) and clears it when the field changes', async () => {
    backend = await startFleetBackend({
      routes: {
        'POST /api/vehicles': () => ({
          status: 400,
          json: { success: false, error: 'Bitte geben Sie eine gültige Achsenzahl an.', details: { fields: ['axles'] } },
        }),
      },
    });
    loginAt(backend);
    await renderFleetPage(backend);
    const dialog = await openNewVehicle();
    fireEvent.change(input(dialog, 'Kennzeichen'), { target: { value: 'RD-FT 101' } });
    fireEvent.change(input(dialog, 'Marke/Modell'), { target: { value: 'MAN TGX' } });
    fireEvent.change(input(dialog, 'Achsen'), { target: { value: '12' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Erstellen' }));
    await waitFor(() => expect(input(dialog, 'Achsen').getAttribute('aria-invalid')).toBe('true'));
    const describedBy = input(dialog, 'Achsen').getAttribute('aria-describedby');
    expect(dialog.querySelector(`#${CSS.escape(describedBy ?? '')}`)?.textContent).toBe('Bitte geben Sie eine gültige Achsenzahl an.');
    fireEvent.change(input(dialog, 'Achsen'), { target: { value: '3' } });
    expect(input(dialog, 'Achsen').getAttribute('aria-invalid')).toBeNull();
  });

  it("keeps the inputs within the server's limits: axles 1–10, year 1900–2100, postal code digits only", async () => {
    backend = await startFleetBackend();
    loginAt(backend);
    await renderFleetPage(backend);
    const dialog = await openNewVehicle();
    expect([input(dialog, 'Achsen').min, input(dialog, 'Achsen').max]).toEqual(['1', '10']);
    expect([input(dialog, 'Baujahr').min, input(dialog, 'Baujahr').max]).toEqual(['1900', '2100']);
    fireEvent.change(input(dialog, 'PLZ Standort'), { target: { value: 'D-2453' } });
    expect(input(dialog, 'PLZ Standort').value).toBe('2453');
  });

  it('edits a vehicle with the stored status and sends the whole form (Fahrzeug erfolgreich aktualisiert)', async () => {
    backend = await startFleetBackend({
      vehicles: [makeVehicle({ status: 'in_use', stored_status: 'available', notes: 'Kran defekt', enabled_for_dispatch: true })],
    });
    loginAt(backend);
    await renderFleetPage(backend);
    fireEvent.click(screen.getByRole('button', { name: 'Bearbeiten IZ-MS 101' }));
    const dialog = await screen.findByRole('dialog', { name: 'Fahrzeug bearbeiten' });
    expect(input(dialog, 'Kennzeichen').value).toBe('IZ-MS 101');
    expect(input(dialog, 'Status').value).toBe('available');
    expect(input(dialog, 'Notizen').value).toBe('Kran defekt');
    fireEvent.change(input(dialog, 'Notizen'), { target: { value: '' } });
    fireEvent.change(input(dialog, 'Kilometerstand (km)'), { target: { value: '415000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Aktualisieren' }));

    expect(await screen.findByText('Fahrzeug erfolgreich aktualisiert')).toBeTruthy();
    expect(backend.calls('PUT', '/api/vehicles/v-1')[0]?.body).toMatchObject({
      license_plate: 'IZ-MS 101',
      status: 'available',
      notes: null,
      odometer_km: 415000,
      enabled_for_dispatch: true,
    });
  });

  it('searches drivers from 2 characters, 300 ms after the last key, and says Keine Benutzer gefunden', async () => {
    backend = await startFleetBackend();
    loginAt(backend);
    await renderFleetPage(backend);
    const dialog = await openNewVehicle();
    const driver = within(dialog).getByRole('combobox', { name: 'Fahrer' });
    const searches = () => backend.calls('GET', '/api/vehicles/search/users').map((request) => request.query.get('q'));

    fireEvent.change(driver, { target: { value: 'b' } });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(searches()).toEqual([]);

    fireEvent.change(driver, { target: { value: 'be' } });
    await new Promise((resolve) => setTimeout(resolve, 150));
    fireEvent.change(driver, { target: { value: 'berg' } });
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(searches()).toEqual([]);
    expect(await within(dialog).findByRole('option', { name: /Petra Bergmann/ })).toBeTruthy();
    expect(searches()).toEqual(['berg']);
    expect(within(dialog).getByRole('option', { name: /Frank Berger/ }).textContent).toContain(
      'Disposition, Auftragsannahme · f.berger@dispo.example',
    );

    fireEvent.change(driver, { target: { value: 'xyz' } });
    expect(await within(dialog).findByText('Keine Benutzer gefunden')).toBeTruthy();

    fireEvent.change(driver, { target: { value: 'frank' } });
    fireEvent.click(await within(dialog).findByRole('option', { name: /Frank Berger/ }));
    expect(within(dialog).getByText('Frank Berger')).toBeTruthy();
    fireEvent.change(input(dialog, 'Kennzeichen'), { target: { value: 'RD-FT 7' } });
    fireEvent.change(input(dialog, 'Marke/Modell'), { target: { value: 'DAF XF' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Erstellen' }));
    await screen.findByText('Fahrzeug erfolgreich erstellt');
    expect(backend.calls('POST', '/api/vehicles')[0]?.body).toMatchObject({ assigned_driver_id: 'u-d' });
  });
});
