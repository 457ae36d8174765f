// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { type FleetBackend, loginAt, makeFuelCard, makeVehicle, renderFleetPage, startFleetBackend } from './fleetTestKit';

let backend: FleetBackend;

afterEach(async () => {
  cleanup();
  await backend.close();
});

const vehicles = () => [makeVehicle({ id: 'v-1', license_plate: 'IZ-MS 101' }), makeVehicle({ id: 'v-2', license_plate: 'HH-MS 201' })];

describe('fuel cards (fleet.md §2 fuel card form dialog, §3, §9)', () => {
  it('offers the fields of §2: limits in euros with step 0.01, the PIN as password, diesel and active by default', async () => {
    backend = await startFleetBackend({ vehicles: vehicles() });
    loginAt(backend);
    await renderFleetPage(backend);

    fireEvent.click(screen.getByRole('button', { name: 'Neue Tankkarte' }));
    const dialog = await screen.findByRole('dialog', { name: 'Neue Tankkarte' });
    const field = (label: string) => within(dialog).getByLabelText(label) as HTMLInputElement;
    expect(field('Kartentyp').value).toBe('diesel');
    expect([...(field('Kartentyp') as unknown as HTMLSelectElement).options].map((option) => option.textContent)).toEqual([
      'Diesel',
      'AdBlue',
      'Universal',
    ]);
    expect(field('Status').value).toBe('active');
    expect([...(field('Fahrzeug') as unknown as HTMLSelectElement).options].map((option) => option.textContent)).toEqual([
      'Nicht zugeordnet',
      'HH-MS 201',
      'IZ-MS 101',
    ]);
    expect(field('Tageslimit (€)').step).toBe('0.01');
    expect(field('Monatslimit (€)').step).toBe('0.01');
    expect(field('Gültig bis').type).toBe('date');
    expect(field('PIN').type).toBe('password');
    expect(within(dialog).getByRole('button', { name: 'Abbrechen' })).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Erstellen' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('FehlerBitte füllen Sie alle Pflichtfelder aus.');

    fireEvent.change(field('Kartennummer'), { target: { value: '7099 0000 0000 0001' } });
    fireEvent.change(field('Anbieter'), { target: { value: 'Shell' } });
    fireEvent.change(field('Fahrzeug'), { target: { value: 'v-2' } });
    fireEvent.change(field('Tageslimit (€)'), { target: { value: '300.55' } });
    fireEvent.change(field('Gültig bis'), { target: { value: '2027-12-31' } });
    fireEvent.change(field('PIN'), { target: { value: '8642' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Erstellen' }));

    expect(await screen.findByText('Tankkarte erfolgreich erstellt')).toBeTruthy();
    expect(backend.calls('POST', '/api/fuel-cards')[0]?.body).toEqual({
      card_number: '7099 0000 0000 0001',
      card_type: 'diesel',
      provider: 'Shell',
      assigned_vehicle_id: 'v-2',
      status: 'active',
      daily_limit: 300.55,
      monthly_limit: null,
      valid_until: '2027-12-31',
      notes: null,
      pin_code: '8642',
    });
    fireEvent.click(screen.getByRole('tab', { name: /Tankkarten/ }));
    expect(await screen.findByText('•••• •••• •••• 0001')).toBeTruthy();
  });

  it('lists the cards masked; the PIN toggle reveals through the server and hides again', async () => {
    backend = await startFleetBackend({ vehicles: vehicles(), fuelCards: [makeFuelCard()], pins: { 'c-1': '4711' } });
    loginAt(backend);
    await renderFleetPage(backend);
    fireEvent.click(screen.getByRole('tab', { name: /Tankkarten/ }));

    const row = (await screen.findByText('•••• •••• •••• 0101')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Aral')).toBeTruthy();
    expect(within(row).getByText('IZ-MS 101')).toBeTruthy();
    expect(within(row).getByText('450,00 €')).toBeTruthy();
    expect(within(row).getByText('9.000,00 €')).toBeTruthy();
    expect(within(row).getByText('31.12.2027')).toBeTruthy();
    expect(within(row).getByText('Aktiv')).toBeTruthy();
    expect(screen.getByTestId('pin-c-1').textContent).toBe('••••');
    expect(backend.calls('POST', '/api/fuel-cards/c-1/reveal-pin')).toHaveLength(0);

    fireEvent.click(within(row).getByRole('button', { name: 'PIN anzeigen 7002 1234 5678 0101' }));
    await waitFor(() => expect(screen.getByTestId('pin-c-1').textContent).toBe('4711'));
    expect(backend.calls('POST', '/api/fuel-cards/c-1/reveal-pin')).toHaveLength(1);
    fireEvent.click(within(row).getByRole('button', { name: 'PIN verbergen 7002 1234 5678 0101' }));
    expect(screen.getByTestId('pin-c-1').textContent).toBe('••••');
  });

  it('edits a card keeping the PIN when the field stays empty, and deletes after naming the card number', async () => {
    backend = await startFleetBackend({ vehicles: vehicles(), fuelCards: [makeFuelCard()], pins: { 'c-1': '4711' } });
    loginAt(backend);
    await renderFleetPage(backend);
    fireEvent.click(screen.getByRole('tab', { name: /Tankkarten/ }));

    fireEvent.click(await screen.findByRole('button', { name: 'Bearbeiten 7002 1234 5678 0101' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tankkarte bearbeiten' });
    fireEvent.change(within(dialog).getByLabelText('Status'), { target: { value: 'blocked' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Aktualisieren' }));
    expect(await screen.findByText('Tankkarte erfolgreich aktualisiert')).toBeTruthy();
    const body = backend.calls('PUT', '/api/fuel-cards/c-1')[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({ status: 'blocked', card_number: '7002 1234 5678 0101' });
    expect('pin_code' in body).toBe(false);
    await waitFor(() => expect(screen.getByText('Gesperrt')).toBeTruthy());

    fireEvent.click(screen.getByRole('button', { name: 'Löschen 7002 1234 5678 0101' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Tankkarte löschen' });
    expect(within(confirm).getByText('Möchten Sie die Tankkarte 7002 1234 5678 0101 wirklich löschen?')).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Löschen' }));
    expect(await screen.findByText('Tankkarte erfolgreich gelöscht')).toBeTruthy();
    expect(await screen.findByText('Keine Tankkarten vorhanden')).toBeTruthy();
  });
});
