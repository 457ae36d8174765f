// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Socket as ServerSocket } from 'socket.io';
import { afterEach, describe, expect, it } from 'vitest';
import type { Order } from '../../api/types';
import { makeOrder } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { todayInBerlin } from './format';
import { HIDE_SETTLED_KEY } from './useOrderFilters';
import {
  cellOf,
  checkboxOf,
  gridRows,
  loginAt,
  type OrdersBackend,
  pressKey,
  renderOrdersPage,
  rowOf,
  startOrdersBackend,
  waitForRows,
} from './ordersTestKit';

let backend: OrdersBackend;

afterEach(async () => {
  cleanup();
  await backend.close();
});

const many = (count: number) =>
  Array.from({ length: count }, (_, index) => makeOrder({ id: `o-${index}`, orderNumber: `S251121-${String(index).padStart(4, '0')}` }));

describe('Auftragsannahme: header, grid and paging', () => {
  it('loads page 1 (50, by delivery date) and pages with Zurück/Weiter; header counts visible of loaded', async () => {
    backend = await startOrdersBackend({ orders: many(75) });
    loginAt(backend);
    await renderOrdersPage(backend);

    expect(screen.getByRole('heading', { level: 1, name: 'Auftragsannahme' })).toBeTruthy();
    expect(screen.getByText('Verwaltung von Transportaufträgen')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Transportaufträge' })).toBeTruthy();
    expect(backend.lastListQuery()).toEqual({ page: '1', limit: '50', sort_by: 'deliveryDate', sort_order: 'asc' });
    expect(screen.getByText('Zeige 1 bis 50 von 75 Aufträgen')).toBeTruthy();
    expect(screen.getByText('Seite 1 von 2')).toBeTruthy();
    expect(screen.getByTestId('visible-count').textContent).toBe('50 von 75 Aufträgen sichtbar');
    expect(screen.getByTestId('selected-count').textContent).toBe('0 ausgewählt');
    // Rows render virtualised: the first ones are there, the rest follow on scroll.
    await waitFor(() => expect(gridRows()[0]?.textContent).toContain('S251121-0000'));
    for (const header of ['Termin & Zeit', 'Auftrag & Transport', 'Route & Material', 'Status', 'Abrechnung', 'Aktionen']) {
      expect(screen.getAllByText(header).length).toBeGreaterThan(0);
    }
    expect((screen.getByRole('button', { name: 'Zurück' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Weiter' }));

    expect(await screen.findByText('Zeige 51 bis 75 von 75 Aufträgen')).toBeTruthy();
    expect(screen.getByText('Seite 2 von 2')).toBeTruthy();
    await waitFor(() => expect(backend.lastListQuery().page).toBe('2'));
    await waitFor(() => expect(gridRows()[0]?.textContent).toContain('S251121-0050'));
    expect(rowOf('S251121-0050')).toBeTruthy();
    expect(screen.getByTestId('visible-count').textContent).toBe('25 von 75 Aufträgen sichtbar');
    expect((screen.getByRole('button', { name: 'Weiter' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('asks for the first page once, at the same time as it loads its code (hide settled as stored)', async () => {
    backend = await startOrdersBackend({ orders: many(3) });
    loginAt(backend);
    localStorage.setItem(HIDE_SETTLED_KEY, 'true');
    await renderOrdersPage(backend);
    await waitForRows(3);

    expect(backend.calls('GET', '/api/orders')).toHaveLength(1);
    expect(backend.lastListQuery()).toEqual({ page: '1', limit: '50', sort_by: 'deliveryDate', sort_order: 'asc', hideSettled: 'true' });
  });

  it('shows the free-text entry above the filter bar; its separate bar searches the existing orders', async () => {
    backend = await startOrdersBackend({ orders: many(3) });
    loginAt(backend);
    await renderOrdersPage(backend);

    const entry = screen.getByRole('combobox', { name: 'Auftrag als Text erfassen' });
    const filterBar = screen.getByRole('region', { name: 'Aufträge durchsuchen' });
    // §2.3: the entry sits above the filter bar.
    expect(entry.compareDocumentPosition(filterBar) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    const existing = screen.getByRole('combobox', { name: 'Suche in bestehenden Aufträgen' });
    fireEvent.change(existing, { target: { value: 'Nordbeton' } });
    await waitFor(() => expect(backend.lastListQuery().search).toBe('Nordbeton'));
    // §2.3: with the separate bar the filter bar shows no search field of its own; resetting the filters empties the bar.
    expect(screen.queryByRole('combobox', { name: 'Aufträge durchsuchen' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Filter zurücksetzen' }));
    await waitFor(() => expect((existing as HTMLInputElement).value).toBe(''));
    await waitFor(() => expect(backend.lastListQuery().search).toBeUndefined());
  });

  it('shows the loading text, then the empty state whose button opens the quick order', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    backend = await startOrdersBackend({
      routes: {
        'GET /api/orders': async () => {
          await gate;
          return { json: { orders: [], total: 0 } };
        },
      },
    });
    loginAt(backend);
    renderApp('/auftragsannahme', { socketUrl: backend.origin });

    expect(await screen.findByText('Lade Aufträge...')).toBeTruthy();
    release();
    expect(await screen.findByText('Keine Aufträge gefunden')).toBeTruthy();
    expect(screen.queryByText(/^Zeige/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Ersten Schnellauftrag erstellen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Schnellauftrag' });
    // The wizard of §2.5, at step 1 with Back disabled.
    expect(within(dialog).getByText('Lade- & Lieferwerk')).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Zurück' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows a failed load with the wrapping message and retries', async () => {
    let fail = true;
    backend = await startOrdersBackend({
      routes: {
        'GET /api/orders': () =>
          fail ? { status: 500, json: { error: 'Datenbank nicht erreichbar' } } : { json: { orders: [makeOrder()], total: 1 } },
      },
    });
    loginAt(backend);
    renderApp('/auftragsannahme', { socketUrl: backend.origin });

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Fehler beim Laden der Aufträge: Datenbank nicht erreichbar');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Erneut versuchen' }));
    expect(await screen.findByText('Zeige 1 bis 1 von 1 Aufträgen')).toBeTruthy();
  });

  it('sorts on the server when a column header is clicked', async () => {
    backend = await startOrdersBackend({ orders: many(3) });
    loginAt(backend);
    await renderOrdersPage(backend);

    const header = document.querySelector<HTMLElement>('.ag-header-cell[col-id="order"] .ag-header-cell-label');
    expect(header).toBeTruthy();
    fireEvent.click(header as HTMLElement);
    await waitFor(() => expect(backend.lastListQuery()).toMatchObject({ sort_by: 'orderNumber', sort_order: 'asc', page: '1' }));
    fireEvent.click(header as HTMLElement);
    await waitFor(() => expect(backend.lastListQuery()).toMatchObject({ sort_by: 'orderNumber', sort_order: 'desc' }));
  });
});

describe('Auftragsannahme: what the rows show', () => {
  const rows: Order[] = [
    makeOrder({ id: 'o-past', orderNumber: 'S1-PAST', deliveryDate: '2020-01-02', status: 'offen' }),
    makeOrder({ id: 'o-past-done', orderNumber: 'S1-DONE', deliveryDate: '2020-01-02', status: 'geliefert' }),
    makeOrder({
      id: 'o-storno',
      orderNumber: 'S1-STORNO',
      status: 'storno',
      locked: true,
      assignedVehicleLicensePlate: 'KI-DP 410',
      creator: { firstName: 'Maria', lastName: 'Müller' },
    }),
    makeOrder({
      id: 'o-dispo',
      orderNumber: 'S1-DISPO',
      status: 'disponiert',
      assignedVehicleLicensePlate: 'HH-TR 27',
      deliveryTimeType: 'range',
      deliveryTimeFixed: null,
      deliveryTimeFrom: '07:30',
      deliveryTimeTo: '16:00',
      priority: 'urgent',
      tourOrders: [{ sequenceNumber: 2, estimatedArrival: '2099-03-05T07:30:00.000Z', tour: { startTime: '2099-03-05T07:00:00.000Z' } }],
    }),
    makeOrder({ id: 'o-open-plate', orderNumber: 'S1-OPEN', status: 'offen', assignedVehicleLicensePlate: 'XX-NO 1' }),
    makeOrder({
      id: 'o-billed',
      orderNumber: 'S1-BILLED',
      status: 'abgerechnet',
      billingConfirmed: true,
      billingState: 'confirmed',
      locked: true,
      deliverySlipNumber: '4711',
      actualWeight: 26.8,
    }),
  ];

  it('marks overdue open dates red, names the canceller, shows plates, locks and billing', async () => {
    backend = await startOrdersBackend({ orders: rows });
    loginAt(backend);
    await renderOrdersPage(backend);
    await waitForRows(rows.length);

    expect(cellOf('S1-PAST', 'schedule').querySelector('.og-date--overdue')?.textContent).toBe('02.01.2020');
    expect(cellOf('S1-DONE', 'schedule').querySelector('.og-date--overdue')).toBeNull();
    expect(cellOf('S1-STORNO', 'status').textContent).toContain('Storniert durch Maria Müller');
    expect(cellOf('S1-STORNO', 'order').textContent).toContain('KI-DP 410');
    expect(cellOf('S1-DISPO', 'order').textContent).toContain('HH-TR 27');
    expect(cellOf('S1-DISPO', 'order').textContent).toContain('Dringend');
    expect(cellOf('S1-DISPO', 'schedule').textContent).toContain('07:30–16:00');
    expect(cellOf('S1-DISPO', 'schedule').textContent).toMatch(/Tour-Stopp 2 · ca\. 08:30 Uhr/);
    // Offen is not among the statuses that show the plate.
    expect(cellOf('S1-OPEN', 'order').textContent).not.toContain('XX-NO 1');
    expect(cellOf('S1-STORNO', 'status').querySelector('[aria-label^="Gesperrt"]')).toBeTruthy();
    expect(cellOf('S1-STORNO', 'schedule').classList.contains('og-cell--locked')).toBe(true);
    expect(cellOf('S1-BILLED', 'billing').textContent).toContain('Abgerechnet');
    expect(cellOf('S1-BILLED', 'billing').textContent).toContain('LS 4711');
    expect(cellOf('S1-BILLED', 'billing').textContent).toContain('Ist 26,8 t');
    // Abgerechnet rows cannot be selected.
    expect(checkboxOf('S1-BILLED').disabled).toBe(true);
    expect(checkboxOf('S1-OPEN').disabled).toBe(false);
    // Delete is offered only for offen.
    expect(within(cellOf('S1-OPEN', 'actions')).queryByRole('button', { name: 'Löschen S1-OPEN' })).toBeTruthy();
    expect(within(cellOf('S1-DISPO', 'actions')).queryByRole('button', { name: /^Löschen/ })).toBeNull();
    expect(within(cellOf('S1-DISPO', 'actions')).getByRole('button', { name: 'Details S1-DISPO' })).toBeTruthy();
    expect(within(cellOf('S1-DISPO', 'actions')).getByRole('button', { name: 'Duplizieren S1-DISPO' })).toBeTruthy();
    expect(within(cellOf('S1-DISPO', 'actions')).getByRole('button', { name: 'PDF herunterladen S1-DISPO' })).toBeTruthy();
  });

  it('changes the row height with the density selector', async () => {
    backend = await startOrdersBackend({ orders: rows.slice(0, 2) });
    loginAt(backend);
    await renderOrdersPage(backend);
    await waitForRows(2);
    const height = () => gridRows()[0]?.style.height;
    expect(height()).toBe('62px');
    fireEvent.change(screen.getByLabelText('Zeilenhöhe'), { target: { value: 'compact' } });
    await waitFor(() => expect(height()).toBe('46px'));
    fireEvent.change(screen.getByLabelText('Zeilenhöhe'), { target: { value: 'spacious' } });
    await waitFor(() => expect(height()).toBe('78px'));
  });

  it('today is a Berlin date', () => {
    expect(todayInBerlin(new Date('2025-12-31T23:30:00Z'))).toBe('2026-01-01');
  });
});

describe('Auftragsannahme: selection, live updates and shortcuts', () => {
  it('keeps the selection across a live refetch and drops orders that became abgerechnet', async () => {
    const orders = many(3);
    backend = await startOrdersBackend({ orders });
    loginAt(backend);
    const connected = new Promise<ServerSocket>((resolve) => backend.io?.once('connection', resolve));
    await renderOrdersPage(backend);
    const socket = await connected;
    await waitForRows(3);

    fireEvent.click(checkboxOf('S251121-0000'));
    fireEvent.click(checkboxOf('S251121-0001'));
    await waitFor(() => expect(screen.getByTestId('selected-count').textContent).toBe('2 ausgewählt'));

    const listCalls = () => backend.calls('GET', '/api/orders').length;
    const before = listCalls();
    orders[1] = { ...orders[1]!, status: 'abgerechnet', billingConfirmed: true, billingState: 'confirmed', locked: true };
    socket.emit('order_updated', { order: orders[1] });

    await waitFor(() => expect(listCalls()).toBe(before + 1));
    await waitFor(() => expect(screen.getByTestId('selected-count').textContent).toBe('1 ausgewählt'));
    expect(checkboxOf('S251121-0000').checked).toBe(true);
    expect(checkboxOf('S251121-0001').checked).toBe(false);
  });

  it('reloads the orders when the page becomes visible again', async () => {
    backend = await startOrdersBackend({ orders: many(1) });
    loginAt(backend);
    await renderOrdersPage(backend);
    const before = backend.calls('GET', '/api/orders').length;
    // The browser fires it at the document and it bubbles to the window, where react-query listens.
    window.dispatchEvent(new Event('visibilitychange'));
    await waitFor(() => expect(backend.calls('GET', '/api/orders').length).toBe(before + 1));
  });

  it('F5 refreshes, F3 focuses the search, Ctrl+A selects all selectable rows, F2 opens the form; inside inputs only Escape', async () => {
    const orders = [
      ...many(2),
      makeOrder({ id: 'o-b', orderNumber: 'S1-BILLED', status: 'abgerechnet', billingState: 'confirmed', locked: true }),
    ];
    backend = await startOrdersBackend({ orders });
    loginAt(backend);
    await renderOrdersPage(backend);
    await waitForRows(3);

    const before = backend.calls('GET', '/api/orders').length;
    pressKey('F5');
    await waitFor(() => expect(backend.calls('GET', '/api/orders').length).toBe(before + 1));

    pressKey('a', { ctrlKey: true });
    await waitFor(() => expect(screen.getByTestId('selected-count').textContent).toBe('2 ausgewählt'));

    pressKey('F3');
    const search = screen.getByRole('combobox', { name: 'Suche in bestehenden Aufträgen' });
    expect(document.activeElement).toBe(search);

    // In a text input, F2 does nothing.
    pressKey('F2', {}, search);
    expect(screen.queryByRole('dialog')).toBeNull();

    pressKey('F2');
    const dialog = await screen.findByRole('dialog', { name: 'Neuer Auftrag' });
    // Escape closes the modal, even from inside an input.
    pressKey('Escape', {}, within(dialog).getAllByRole('textbox')[0] as HTMLElement);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    pressKey('F10');
    expect(await screen.findByRole('dialog', { name: 'Schnellauftrag' })).toBeTruthy();
  });

  it('opens the header modals: help with shortcuts, statuses and locking; settings; the statistics', async () => {
    backend = await startOrdersBackend();
    loginAt(backend);
    await renderOrdersPage(backend);

    fireEvent.click(screen.getByRole('button', { name: 'Hilfe' }));
    const help = await screen.findByRole('dialog', { name: 'Hilfe zur Auftragsannahme' });
    expect(within(help).getByText('Tastenkürzel')).toBeTruthy();
    expect(within(help).getByText('Neuen Auftrag anlegen')).toBeTruthy();
    expect(within(help).getByText('Gesperrte Aufträge')).toBeTruthy();
    expect(within(help).getByText('Abgerechnet')).toBeTruthy();
    fireEvent.click(within(help).getAllByRole('button', { name: 'Schließen' })[0] as HTMLElement);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Statistik' }));
    const statistics = await screen.findByRole('dialog', { name: 'Statistik und Auswertungen' });
    // The figures themselves: StatisticsModal.test.tsx; here only that the button opens the real modal.
    expect(within(statistics).getByRole('tab', { name: 'Materialien' })).toBeTruthy();
    // The modal is loaded lazily: on a busy machine its Escape listener may not be attached yet when it
    // shows, so Escape is pressed until it closes.
    await waitFor(() => {
      pressKey('Escape');
      expect(screen.queryByRole('dialog')).toBeNull();
    });

    fireEvent.click(screen.getByRole('button', { name: 'Einstellungen' }));
    const settings = await screen.findByRole('dialog', { name: 'Auftragsannahme Einstellungen' });
    for (const tab of ['MOSI AI', 'Suchverhalten', 'Workflow']) expect(within(settings).getByRole('tab', { name: tab })).toBeTruthy();
    pressKey('Escape');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Templates are off by default (orders.md §3): no Meine Templates.
    expect(screen.queryByRole('button', { name: 'Meine Templates' })).toBeNull();
  });
});
