import { messages } from '@dispo/domain/messages';
// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DATE,
  type DispatchBackend,
  dragAndDrop,
  loginAt,
  makeOpenOrder,
  makeTour,
  makeVehicle,
  orderCard,
  queryOrderCard,
  renderDispatchPage,
  slotOf,
  startDispatchBackend,
  stopOf,
  tourBlock,
} from './dispatchTestKit';

let backend: DispatchBackend;

afterEach(async () => {
  cleanup();
  await backend.close();
});

describe('Disposition: page and timeline', () => {
  it('shows header, legend, vehicles as rows, slots from 06:00 to 20:00 every 30 minutes, and the tours', async () => {
    backend = await startDispatchBackend({
      tours: [
        makeTour(),
        makeTour({ id: 't-2', tour_number: 'T990305-02', start_time: '08:30', end_time: '10:00', status: 'in_progress' }),
        makeTour({ id: 't-3', tour_number: 'T990305-03', vehicle_id: 'v-2', start_time: '12:00', status: 'completed', orders: [] }),
      ],
    });
    loginAt(backend);
    await renderDispatchPage(backend);

    expect(screen.getByRole('heading', { level: 1, name: 'Disposition' })).toBeTruthy();
    expect(screen.getByText('Donnerstag, 5. März 2099')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Tourplanung' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Hilfe' })).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: 'Live-Dispo' }) as HTMLInputElement).checked).toBe(false);
    expect((screen.getByLabelText('Datum', { selector: 'input' }) as HTMLInputElement).value).toBe(DATE);
    await waitFor(() => expect(screen.getByTestId('open-order-count').textContent).toBe('1'));

    // The calls of §7 with the selected date.
    expect(backend.calls('GET', '/api/disposition/vehicles')[0]?.query.get('date')).toBe(DATE);
    expect(backend.calls('GET', '/api/disposition/orders/open')[0]?.query.get('date')).toBe(DATE);
    expect(backend.calls('GET', `/api/disposition/tours/${DATE}`)).toHaveLength(1);
    expect(backend.requests[0]?.headers.authorization).toBe('Bearer dispatch-token');

    const legend = screen.getByRole('list', { name: 'Legende' });
    for (const label of ['Geplant', 'Unterwegs', 'Abgeschlossen', 'Storniert', 'Zeitkonflikt']) expect(within(legend).getByText(label)).toBeTruthy();

    // Rows with plate, model, payload, home plant and driver.
    const row = screen.getByRole('group', { name: 'IZ-DS 101' });
    expect(row.textContent).toContain('MAN TGX 18.510 · 27.000 kg');
    expect(row.textContent).toContain('Zementwerk Lägerdorf · Jens Hansen');
    expect(screen.getByRole('group', { name: 'IZ-DS 202' }).textContent).toContain('Kein Fahrer');
    const slots = row.querySelectorAll('[data-slot-minutes]');
    expect(slots).toHaveLength(28);
    expect(slots[0]?.getAttribute('data-time')).toBe('06:00');
    expect(slots[27]?.getAttribute('data-time')).toBe('19:30');
    expect((slots[1] as HTMLElement).style.left).toBe('80px');
    expect((slots[1] as HTMLElement).style.width).toBe('80px');

    // Tours across start and end; without end 1 hour; the overlapping pair is flagged and stacked.
    const first = tourBlock('T990305-01');
    expect(first.getAttribute('aria-label')).toBe('Tour T990305-01, Geplant, 08:00 bis 09:00 Uhr, 1 Auftrag, Zeitkonflikt');
    expect(first.style.left).toBe('320px');
    expect(first.style.width).toBe('160px');
    expect(first.className).toContain('tour-block--planned');
    expect(first.className).toContain('tour-block--conflict');
    const second = tourBlock('T990305-02');
    expect(second.className).toContain('tour-block--in_progress');
    expect(second.style.width).toBe('240px');
    expect(second.style.top).not.toBe(first.style.top);
    const third = tourBlock('T990305-03');
    expect(third.className).toContain('tour-block--completed');
    expect(third.className).not.toContain('conflict');
    expect(third.getAttribute('aria-label')).toContain('Abgeschlossen');
    expect(third.textContent).toContain('12:00–13:00');
    expect(document.querySelector('.timeline')?.getAttribute('data-virtual')).toBe('false');
  });

  it('drags an open order onto a slot: POST assign, Synchronisiert... while pending, then the tour and Tour zugewiesen', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    backend = await startDispatchBackend({
      orders: [makeOpenOrder(), makeOpenOrder({ id: 'o-2', order_number: 'S990305-0002', customer_name: 'Hoch & Tief' })],
    });
    const assign = backend.routes.get('POST /api/disposition/assign');
    backend.routes.set('POST /api/disposition/assign', async (request) => {
      await gate;
      return assign ? assign(request) : { status: 500 };
    });
    loginAt(backend);
    await renderDispatchPage(backend);
    await waitFor(() => expect(orderCard('S990305-0001')).toBeTruthy());

    dragAndDrop(orderCard('S990305-0001'), slotOf('v-2', '09:30'));

    // Optimistic: the card leaves the sidebar at once and a new tour is drawn, marked as syncing.
    await waitFor(() => expect(queryOrderCard('S990305-0001')).toBeNull());
    expect(screen.getAllByText('Synchronisiert...').length).toBeGreaterThan(0);
    expect(screen.getByRole('group', { name: 'IZ-DS 202' }).querySelector('.tour-block--pending')).toBeTruthy();
    expect(screen.getByTestId('open-order-count').textContent).toBe('1');

    await waitFor(() => expect(backend.calls('POST', '/api/disposition/assign')).toHaveLength(1));
    expect(backend.calls('POST', '/api/disposition/assign')[0]?.body).toEqual({
      orderId: 'o-1',
      orderType: 'transport_order',
      vehicleId: 'v-2',
      scheduledTime: `${DATE}T09:30`,
    });
    const toursBefore = backend.calls('GET', `/api/disposition/tours/${DATE}`).length;
    release();

    expect(await screen.findByText('Tour zugewiesen')).toBeTruthy();
    // The caches of tours and open orders are cleared: both are fetched again.
    expect(backend.calls('GET', `/api/disposition/tours/${DATE}`).length).toBeGreaterThan(toursBefore);
    await waitFor(() => expect(screen.queryByText('Synchronisiert...')).toBeNull());
    const tour = tourBlock('T990305-51');
    expect(tour.closest('[data-vehicle-id]')?.getAttribute('data-vehicle-id')).toBe('v-2');
    expect(tour.getAttribute('aria-label')).toContain('09:30 bis 10:30 Uhr');
    expect(queryOrderCard('S990305-0001')).toBeNull();
    expect(orderCard('S990305-0002')).toBeTruthy();
  });

  it('drops an order onto a tour: it joins that tour at the tour start', async () => {
    backend = await startDispatchBackend({ tours: [makeTour({ start_time: '10:00' })] });
    loginAt(backend);
    await renderDispatchPage(backend);
    await waitFor(() => expect(orderCard('S990305-0001')).toBeTruthy());

    dragAndDrop(orderCard('S990305-0001'), tourBlock('T990305-01'));

    await waitFor(() => expect(backend.calls('POST', '/api/disposition/assign')).toHaveLength(1));
    expect(backend.calls('POST', '/api/disposition/assign')[0]?.body).toMatchObject({ vehicleId: 'v-1', scheduledTime: `${DATE}T10:00` });
    expect(await screen.findByText('Tour zugewiesen')).toBeTruthy();
    await waitFor(() => expect(tourBlock('T990305-01').getAttribute('aria-label')).toContain('2 Aufträge'));
  });

  it('shows Fehler beim Zuweisen des Auftrags with the reason when the server refuses, and the order comes back', async () => {
    backend = await startDispatchBackend({
      routes: { 'POST /api/disposition/assign': () => ({ status: 409, json: { success: false, error: 'Der Auftrag S990305-0001 ist nicht mehr offen.' } }) },
    });
    loginAt(backend);
    await renderDispatchPage(backend);
    await waitFor(() => expect(orderCard('S990305-0001')).toBeTruthy());

    dragAndDrop(orderCard('S990305-0001'), slotOf('v-1', '07:00'));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Fehler');
    expect(alert.textContent).toContain('Fehler beim Zuweisen des Auftrags: Der Auftrag S990305-0001 ist nicht mehr offen.');
    await waitFor(() => expect(orderCard('S990305-0001')).toBeTruthy());
    expect(document.querySelector('.tour-block')).toBeNull();
  });

  it('drags a tour to another vehicle and time: PUT move and Tour X verschoben', async () => {
    backend = await startDispatchBackend({ tours: [makeTour()] });
    loginAt(backend);
    await renderDispatchPage(backend);

    dragAndDrop(tourBlock('T990305-01'), slotOf('v-2', '11:00'));

    await waitFor(() => expect(backend.calls('PUT', '/api/disposition/tours/t-1/move')).toHaveLength(1));
    expect(backend.calls('PUT', '/api/disposition/tours/t-1/move')[0]?.body).toEqual({ vehicleId: 'v-2', scheduledTime: `${DATE}T11:00`, fromVehicleId: 'v-1' });
    expect(await screen.findByText('Tour T990305-01 verschoben')).toBeTruthy();
    await waitFor(() => expect(tourBlock('T990305-01').closest('[data-vehicle-id]')?.getAttribute('data-vehicle-id')).toBe('v-2'));
    expect(tourBlock('T990305-01').getAttribute('aria-label')).toContain('11:00 bis 12:00 Uhr');
  });

  it('shows Fehler beim Zuweisen/Verschieben der Tour when a move fails and puts the tour back', async () => {
    backend = await startDispatchBackend({
      tours: [makeTour()],
      routes: { 'PUT /api/disposition/tours/t-1/move': () => ({ status: 500, json: { success: false, error: 'Interner Serverfehler' } }) },
    });
    loginAt(backend);
    await renderDispatchPage(backend);

    dragAndDrop(tourBlock('T990305-01'), slotOf('v-2', '11:00'));

    expect((await screen.findByRole('alert')).textContent).toContain('Fehler beim Zuweisen/Verschieben der Tour');
    await waitFor(() => expect(tourBlock('T990305-01').closest('[data-vehicle-id]')?.getAttribute('data-vehicle-id')).toBe('v-1'));
  });

  it('tour context menu: Details anzeigen opens Tour Details; Auf Offen setzen asks and resets', async () => {
    const order = makeOpenOrder({ id: 'o-9', order_number: 'S990305-0009', status: 'disponiert' });
    backend = await startDispatchBackend({
      orders: [order],
      tours: [makeTour({ start_time: '09:00', end_time: '11:30', orders: [stopOf(order, 1, `${DATE}T09:00`)] })],
    });
    loginAt(backend);
    await renderDispatchPage(backend);

    fireEvent.contextMenu(tourBlock('T990305-01'), { clientX: 300, clientY: 200 });
    const menu = screen.getByRole('menu', { name: 'Menü der Tour T990305-01' });
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Details anzeigen',
      'MOSI Disponent',
      "Auf 'Offen' setzen",
      'Tour löschen',
      'Einstellungen',
      'Aktualisieren',
    ]);
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Details anzeigen' }));

    const dialog = await screen.findByRole('dialog', { name: /Tour Details/ });
    await waitFor(() => expect(backend.calls('GET', '/api/disposition/tours/details/t-1')).toHaveLength(1));
    expect(dialog.textContent).toContain('IZ-DS 101');
    expect(dialog.textContent).toContain('Geplant');
    expect(dialog.textContent).toContain('09:00 Uhr');
    expect(dialog.textContent).toContain('11:30 Uhr');
    const rows = within(dialog).getAllByRole('row');
    expect(rows[1]?.textContent).toContain('1');
    expect(rows[1]?.textContent).toContain('09:00');
    expect(rows[1]?.textContent).toContain('S990305-0009');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Auf Offen setzen' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm.textContent).toContain('Tour T990305-01 auf "Offen" zurücksetzen? Die zugehörigen Aufträge werden wieder verfügbar.');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Zurücksetzen' }));

    expect(await screen.findByText('Tour erfolgreich auf "offen" gesetzt')).toBeTruthy();
    expect(backend.calls('POST', '/api/disposition/tours/t-1/reset')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByTestId('tour-T990305-01')).toBeNull());
    // Its order is open again and back in the sidebar.
    await waitFor(() => expect(orderCard('S990305-0009')).toBeTruthy());
  });

  it('a refused reset shows Fehler beim Zurücksetzen der Tour and keeps the tour', async () => {
    backend = await startDispatchBackend({
      tours: [makeTour()],
      routes: { 'POST /api/disposition/tours/t-1/reset': () => ({ status: 500, json: { success: false, error: 'kaputt' } }) },
    });
    loginAt(backend);
    await renderDispatchPage(backend);

    fireEvent.contextMenu(tourBlock('T990305-01'), { clientX: 300, clientY: 200 });
    fireEvent.click(screen.getByRole('menuitem', { name: "Auf 'Offen' setzen" }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Zurücksetzen' }));

    expect((await screen.findByRole('alert')).textContent).toContain('Fehler beim Zurücksetzen der Tour');
    await waitFor(() => expect(tourBlock('T990305-01')).toBeTruthy());
  });

  it('Ctrl/Cmd-click selects tours, Escape clears, Ctrl+Backspace resets the selection after one confirmation', async () => {
    backend = await startDispatchBackend({
      tours: [makeTour(), makeTour({ id: 't-2', tour_number: 'T990305-02', vehicle_id: 'v-2', start_time: '10:00' })],
    });
    loginAt(backend);
    await renderDispatchPage(backend);

    fireEvent.click(tourBlock('T990305-01'), { ctrlKey: true });
    fireEvent.click(tourBlock('T990305-02'), { metaKey: true });
    expect(tourBlock('T990305-01').getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText('2 Touren ausgewählt')).toBeTruthy();

    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(tourBlock('T990305-01').getAttribute('aria-pressed')).toBe('false');
    expect(screen.queryByText('2 Touren ausgewählt')).toBeNull();

    fireEvent.click(tourBlock('T990305-01'), { ctrlKey: true });
    fireEvent.click(tourBlock('T990305-02'), { ctrlKey: true });
    fireEvent.click(tourBlock('T990305-02'), { ctrlKey: true });
    expect(screen.getByText('1 Tour ausgewählt')).toBeTruthy();
    fireEvent.click(tourBlock('T990305-02'), { ctrlKey: true });

    fireEvent.keyDown(document.body, { key: 'Backspace', ctrlKey: true });
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm.textContent).toContain('2 Touren auf "Offen" zurücksetzen? Die zugehörigen Aufträge werden wieder verfügbar.');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Zurücksetzen' }));

    expect(await screen.findByText('2 Touren erfolgreich auf "offen" gesetzt')).toBeTruthy();
    expect(backend.calls('POST', '/api/disposition/tours/t-1/reset')).toHaveLength(1);
    expect(backend.calls('POST', '/api/disposition/tours/t-2/reset')).toHaveLength(1);
    await waitFor(() => expect(document.querySelector('.tour-block')).toBeNull());
  });

  it('a plain click opens the details; Enter on a focused tour too', async () => {
    backend = await startDispatchBackend({ tours: [makeTour()] });
    loginAt(backend);
    await renderDispatchPage(backend);

    fireEvent.click(tourBlock('T990305-01'));
    expect(await screen.findByRole('dialog', { name: /Tour Details – Tour T990305-01/ })).toBeTruthy();
    fireEvent.keyDown(document.body, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.keyDown(tourBlock('T990305-01'), { key: 'Enter' });
    expect(await screen.findByRole('dialog', { name: /Tour Details/ })).toBeTruthy();
  });

  it('Fehler beim Laden der Tour-Details when the details cannot be read', async () => {
    backend = await startDispatchBackend({
      tours: [makeTour()],
      routes: { 'GET /api/disposition/tours/details/t-1': () => ({ status: 404, json: { success: false, error: 'Die Tour wurde nicht gefunden.' } }) },
    });
    loginAt(backend);
    await renderDispatchPage(backend);

    fireEvent.click(tourBlock('T990305-01'));
    await waitFor(() => expect(screen.getAllByText('Fehler beim Laden der Tour-Details').length).toBeGreaterThan(0));
  });

  it('changes the status in the details (PATCH) and the colour follows', async () => {
    backend = await startDispatchBackend({ tours: [makeTour()] });
    loginAt(backend);
    await renderDispatchPage(backend);

    fireEvent.click(tourBlock('T990305-01'));
    const dialog = await screen.findByRole('dialog', { name: /Tour Details/ });
    await waitFor(() => expect(backend.calls('GET', '/api/disposition/tours/details/t-1')).toHaveLength(1));
    fireEvent.change(within(dialog).getByLabelText('Status ändern'), { target: { value: 'in_progress' } });

    await waitFor(() => expect(backend.calls('PATCH', '/api/disposition/tours/t-1/status')[0]?.body).toEqual({ status: 'in_progress' }));
    await waitFor(() => expect(tourBlock('T990305-01').className).toContain('tour-block--in_progress'));
  });

  it('vehicle context menu: Aktualisieren reloads with Daten erfolgreich aktualisiert, Einstellungen opens the settings', async () => {
    backend = await startDispatchBackend();
    loginAt(backend);
    await renderDispatchPage(backend);

    fireEvent.contextMenu(screen.getByRole('button', { name: 'Menü des Fahrzeugs IZ-DS 101' }), { clientX: 50, clientY: 120 });
    const menu = screen.getByRole('menu', { name: 'Menü des Fahrzeugs IZ-DS 101' });
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual([messages.smartService.menuEntry, messages.workshopScreen.contextMenuEntry, 'Einstellungen', 'Aktualisieren']);
    const before = backend.calls('GET', '/api/disposition/vehicles').length;
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Aktualisieren' }));
    expect(await screen.findByText('Daten erfolgreich aktualisiert')).toBeTruthy();
    expect(backend.calls('GET', '/api/disposition/vehicles').length).toBe(before + 1);
    expect(screen.queryByRole('menu')).toBeNull();

    // Escape closes a menu.
    fireEvent.click(screen.getByRole('button', { name: 'Menü des Fahrzeugs IZ-DS 101' }));
    expect(screen.getByRole('menu')).toBeTruthy();
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Menü des Fahrzeugs IZ-DS 101' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Einstellungen' }));
    expect(await screen.findByRole('dialog', { name: 'Disposition Einstellungen' })).toBeTruthy();
  });

  it('the refresh button reloads; a failing load shows Fehler beim Laden der Disposition-Daten', async () => {
    backend = await startDispatchBackend();
    loginAt(backend);
    await renderDispatchPage(backend);

    fireEvent.click(screen.getByRole('button', { name: 'Aktualisieren' }));
    expect(await screen.findByText('Daten erfolgreich aktualisiert')).toBeTruthy();

    backend.routes.set('GET /api/disposition/orders/open', () => ({ status: 500, json: { success: false, error: 'DB weg' } }));
    fireEvent.click(screen.getByRole('button', { name: 'Aktualisieren' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Fehler beim Laden der Disposition-Daten');
  });

  it('Dispo abschließen is disabled while open orders exist, then completes with the tour plan', async () => {
    backend = await startDispatchBackend();
    loginAt(backend);
    await renderDispatchPage(backend);
    const button = () => screen.getByRole('button', { name: 'Dispo abschließen' }) as HTMLButtonElement;
    await waitFor(() => expect(screen.getByTestId('complete-hint').textContent).toBe('Noch 1 offener Auftrag an diesem Tag'));
    expect(button().disabled).toBe(true);

    dragAndDrop(orderCard('S990305-0001'), slotOf('v-1', '08:00'));
    expect(await screen.findByText('Tour zugewiesen')).toBeTruthy();
    await waitFor(() => expect(button().disabled).toBe(false));

    fireEvent.click(button());
    expect(await screen.findByText('Disposition erfolgreich abgeschlossen!')).toBeTruthy();
    expect(backend.calls('POST', '/api/disposition/complete')[0]?.body).toEqual({ targetDate: DATE, sendTourPlan: true });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('completion says at once that the tour plan goes out in the background, or that the mail server does not answer and it will be retried', async () => {
    const answer = (delivery: string) => () => ({
      json: { success: true, message: 'Disposition erfolgreich abgeschlossen!', tourPlanSent: false, tourPlanQueued: true, tourPlanDelivery: delivery, tourPlanInfo: { tourCount: 1, vehicleCount: 1 } },
    });
    backend = await startDispatchBackend({ orders: [], routes: { 'POST /api/disposition/complete': answer('queued') } });
    loginAt(backend);
    await renderDispatchPage(backend);
    const button = screen.getByRole('button', { name: 'Dispo abschließen' }) as HTMLButtonElement;
    await waitFor(() => expect(button.disabled).toBe(false));
    fireEvent.click(button);
    expect(await screen.findByText(`Disposition erfolgreich abgeschlossen! ${messages.mailDelivery.tourPlanQueued}`)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();

    backend.routes.set('POST /api/disposition/complete', answer('retrying'));
    fireEvent.click(button);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Mailserver nicht erreichbar, wird erneut versucht'));
    expect(screen.getByRole('alert').textContent).not.toContain('kein Mailserver eingerichtet');
  });

  it('completion notes a failed tour plan mail, and shows the server reason when it refuses', async () => {
    backend = await startDispatchBackend({
      orders: [],
      routes: {
        'POST /api/disposition/complete': () => ({ json: { success: true, tourPlanSent: false, tourPlanError: 'Tourenplan-E-Mail konnte nicht versendet werden', tourPlanInfo: { tourCount: 0, vehicleCount: 0 } } }),
      },
    });
    loginAt(backend);
    await renderDispatchPage(backend);
    const button = screen.getByRole('button', { name: 'Dispo abschließen' }) as HTMLButtonElement;
    await waitFor(() => expect(button.disabled).toBe(false));
    fireEvent.click(button);
    expect(await screen.findByText('Disposition erfolgreich abgeschlossen!')).toBeTruthy();
    expect((await screen.findByRole('alert')).textContent).toContain('Tourenplan-E-Mail konnte nicht versendet werden');

    backend.routes.set('POST /api/disposition/complete', () => ({ status: 409, json: { success: false, error: 'Es gibt noch 2 offene Aufträge für diesen Tag.' } }));
    fireEvent.click(button);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Fehler beim Abschließen der Disposition: Es gibt noch 2 offene Aufträge für diesen Tag.'));
  });

  it('assigns by keyboard: Enter on an order card opens Zuweisen with vehicle and time', async () => {
    backend = await startDispatchBackend({ orders: [makeOpenOrder({ delivery_time_fixed: '09:45' })] });
    loginAt(backend);
    await renderDispatchPage(backend);
    await waitFor(() => expect(orderCard('S990305-0001')).toBeTruthy());

    fireEvent.keyDown(orderCard('S990305-0001'), { key: 'Enter' });
    const dialog = await screen.findByRole('dialog', { name: 'Auftrag S990305-0001 zuweisen' });
    expect((within(dialog).getByLabelText('Uhrzeit') as HTMLSelectElement).value).toBe(String(9 * 60 + 30));
    fireEvent.change(within(dialog).getByLabelText('Fahrzeug'), { target: { value: 'v-2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Zuweisen' }));

    await waitFor(() => expect(backend.calls('POST', '/api/disposition/assign')[0]?.body).toMatchObject({ vehicleId: 'v-2', scheduledTime: `${DATE}T09:30` }));
    expect(await screen.findByText('Tour zugewiesen')).toBeTruthy();
  });

  it('changes the date with the picker and the day buttons; the help opens', async () => {
    backend = await startDispatchBackend({ dates: ['2099-03-06', '2099-03-04'] });
    loginAt(backend);
    await renderDispatchPage(backend);

    fireEvent.click(screen.getByRole('button', { name: 'Nächster Tag' }));
    expect(await screen.findByText('Freitag, 6. März 2099')).toBeTruthy();
    await waitFor(() => expect(backend.calls('GET', '/api/disposition/tours/2099-03-06')).toHaveLength(1));
    // Only the orders of the selected date.
    await waitFor(() => expect(screen.getByTestId('open-order-count').textContent).toBe('0'));

    fireEvent.change(screen.getByLabelText('Datum', { selector: 'input' }), { target: { value: '2099-03-04' } });
    expect(await screen.findByText('Mittwoch, 4. März 2099')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Hilfe' }));
    const help = await screen.findByRole('dialog', { name: 'Hilfe zur Disposition' });
    expect(help.textContent).toContain('Strg/⌘ + Rücktaste');
  });

  it('switches to virtual scrolling past 10 vehicles and shows the complexity', async () => {
    const vehicles = Array.from({ length: 12 }, (_, index) => makeVehicle({ id: `v-${index + 1}`, license_plate: `IZ-V ${100 + index}` }));
    backend = await startDispatchBackend({ vehicles });
    // happy-dom lays nothing out: the scroll area is 1000 × 400 px here.
    const width = vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1000);
    const height = vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(400);
    try {
      loginAt(backend);
      await renderDispatchPage(backend);

      expect(document.querySelector('.timeline')?.getAttribute('data-virtual')).toBe('true');
      expect(screen.getByText('Virtuelles Scrollen · Komplexität 336 (hoch)')).toBeTruthy();
      // Only the visible rows and slot cells (plus a few around them) are drawn.
      await waitFor(() => expect(document.querySelectorAll('.timeline-row').length).toBeGreaterThan(3));
      expect(document.querySelectorAll('.timeline-row').length).toBeLessThan(12);
      const cells = document.querySelectorAll('.timeline-row')[0]?.querySelectorAll('[data-slot-minutes]').length ?? 0;
      expect(cells).toBeGreaterThan(5);
      expect(cells).toBeLessThan(28);
      expect(screen.getByRole('group', { name: 'IZ-V 100' })).toBeTruthy();
      expect(screen.queryByRole('group', { name: 'IZ-V 111' })).toBeNull();
    } finally {
      width.mockRestore();
      height.mockRestore();
    }
  });

  it('Live-Dispo is kept in localStorage', async () => {
    backend = await startDispatchBackend();
    loginAt(backend);
    await renderDispatchPage(backend);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Live-Dispo' }));
    expect(localStorage.getItem('dispo.dispatch.liveDispo')).toBe('true');
  });

  it('marks a workshop appointment tomorrow at the vehicle', async () => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date());
    const tomorrow = new Date(`${today}T12:00:00Z`);
    tomorrow.setUTCDate(tomorrow.getUTCDate() + 1);
    backend = await startDispatchBackend({
      vehicles: [makeVehicle({ workshop_appointments: [{ id: 'w-1', scheduledDate: tomorrow.toISOString().slice(0, 10), time: '07:30', status: 'pending' }] })],
    });
    loginAt(backend);
    await renderDispatchPage(backend);
    expect(screen.getByRole('img', { name: 'Werkstatttermin morgen 07:30 Uhr' })).toBeTruthy();
  });
});
