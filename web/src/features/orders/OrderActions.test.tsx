// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '../../api/types';
import { makeOrder } from '../../test/fixtures';
import {
  checkboxOf,
  loginAt,
  type OrdersBackend,
  type OrdersBackendOptions,
  pressKey,
  renderOrdersPage,
  startOrdersBackend,
  waitForRows,
} from './ordersTestKit';

let backend: OrdersBackend;
/** File names the page saved (the object-URL link clicks). */
let saved: string[];

beforeEach(() => {
  saved = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});

afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  await backend.close();
});

const open = makeOrder({
  id: 'o-open',
  orderNumber: 'S1-OPEN',
  status: 'offen',
  internalNotes: 'intern',
  notes: 'Tor 2',
  deliverySlipNumber: null,
});
const dispo = makeOrder({ id: 'o-dispo', orderNumber: 'S1-DISPO', status: 'disponiert', assignedVehicleLicensePlate: 'KI-AB 12' });
const second = makeOrder({ id: 'o-second', orderNumber: 'S1-SECOND', status: 'offen' });

async function start(orders: Order[] = [open, dispo, second], routes: OrdersBackendOptions['routes'] = {}) {
  backend = await startOrdersBackend({ orders, routes });
  loginAt(backend);
  await renderOrdersPage(backend);
  await waitForRows(orders.length);
}

const rowButton = (name: string) => screen.getByRole('button', { name });

describe('detail modal', () => {
  it('shows the sections, the ID and PDF/Bearbeiten/Löschen (Löschen only for offen)', async () => {
    await start();
    fireEvent.click(rowButton('Details S1-OPEN'));
    const dialog = await screen.findByRole('dialog', { name: /S1-OPEN/ });
    for (const section of ['Grunddaten', 'Material & Menge', 'Lieferung', 'Transport & Besonderheiten', 'Notizen']) {
      expect(within(dialog).getByRole('heading', { name: section })).toBeTruthy();
    }
    expect(within(dialog).getByText('ID: o-open')).toBeTruthy();
    expect(within(dialog).getByText('intern')).toBeTruthy();
    expect(within(dialog).getByText('Bau GmbH & Co. KG')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'PDF' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Bearbeiten' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Löschen' })).toBeTruthy();
    // The modal shows the server's current order.
    await waitFor(() => expect(backend.calls('GET', '/api/orders/o-open')).toHaveLength(1));
    pressKey('Escape');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(rowButton('Details S1-DISPO'));
    const other = await screen.findByRole('dialog', { name: /S1-DISPO/ });
    expect(within(other).queryByRole('button', { name: 'Löschen' })).toBeNull();
    expect(within(other).getByText('KI-AB 12')).toBeTruthy();
  });

  it('downloads the PDF with the bearer token as Auftrag_{orderNumber}.pdf', async () => {
    await start();
    fireEvent.click(rowButton('Details S1-OPEN'));
    const dialog = await screen.findByRole('dialog', { name: /S1-OPEN/ });
    fireEvent.click(within(dialog).getByRole('button', { name: 'PDF' }));
    await waitFor(() => expect(saved).toEqual(['Auftrag_S1-OPEN.pdf']));
    expect(backend.calls('GET', '/api/orders/o-open/pdf')[0]?.headers.authorization).toBe('Bearer orders-token');
  });

  it('asks for a login before a PDF when no user is logged in', async () => {
    await start();
    fireEvent.click(rowButton('Details S1-OPEN'));
    const dialog = await screen.findByRole('dialog', { name: /S1-OPEN/ });
    localStorage.removeItem('authToken');
    fireEvent.click(within(dialog).getByRole('button', { name: 'PDF' }));
    expect(await screen.findByText('Sie müssen eingeloggt sein, um eine PDF herunterzuladen.')).toBeTruthy();
    expect(backend.calls('GET', '/api/orders/o-open/pdf')).toHaveLength(0);
  });

  it('a failing PDF shows the error of §8.3', async () => {
    await start([open], { 'GET /api/orders/o-open/pdf': () => ({ status: 500, json: { error: 'kaputt' } }) });
    fireEvent.click(rowButton('PDF herunterladen S1-OPEN'));
    expect(await screen.findByText('Fehler beim Herunterladen der PDF. Bitte versuchen Sie es erneut.')).toBeTruthy();
    expect(saved).toEqual([]);
  });
});

describe('delete, storno and duplicate', () => {
  it('deletes permanently by default', async () => {
    await start();
    fireEvent.click(rowButton('Löschen S1-OPEN'));
    const dialog = await screen.findByRole('alertdialog', { name: 'Auftrag S1-OPEN löschen' });
    expect((within(dialog).getByRole('radio', { name: /Endgültig löschen/ }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Löschen' }));
    expect(await screen.findByText('Auftrag erfolgreich gelöscht')).toBeTruthy();
    expect(backend.calls('DELETE', '/api/orders/o-open')).toHaveLength(1);
    expect(backend.calls('POST', '/api/orders/o-open/storno')).toHaveLength(0);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('storno: downloads the storno PDF first, then removes the order', async () => {
    await start();
    fireEvent.click(rowButton('Löschen S1-OPEN'));
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('radio', { name: /Storno-PDF erstellen und löschen/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Löschen' }));
    expect(await screen.findByText('Storno-PDF wurde erstellt und der Auftrag wurde gelöscht')).toBeTruthy();
    const paths = backend.requests.filter((request) => request.path.startsWith('/api/orders/o-open/')).map((r) => `${r.method} ${r.path}`);
    expect(paths).toEqual(['GET /api/orders/o-open/storno-pdf', 'POST /api/orders/o-open/storno']);
    expect(saved).toEqual(['Storno_S1-OPEN.pdf']);
    expect(backend.calls('GET', '/api/orders/o-open/storno-pdf')[0]?.headers.authorization).toBe('Bearer orders-token');
    expect(backend.calls('DELETE', '/api/orders/o-open')).toHaveLength(0);
  });

  it('storno: a failing storno PDF keeps the order', async () => {
    await start([open], {
      'GET /api/orders/o-open/storno-pdf': () => ({ status: 409, json: { error: 'Dieser Auftrag kann nicht mehr storniert werden.' } }),
    });
    fireEvent.click(rowButton('Löschen S1-OPEN'));
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('radio', { name: /Storno-PDF/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Löschen' }));
    expect(await screen.findByText('Fehler beim Erstellen der Storno-PDF: Dieser Auftrag kann nicht mehr storniert werden.')).toBeTruthy();
    expect(backend.calls('POST', '/api/orders/o-open/storno')).toHaveLength(0);
    expect(screen.getByRole('alertdialog')).toBeTruthy();
  });

  it('a refused delete shows the server text with the wrapping message', async () => {
    await start([open], {
      'DELETE /api/orders/o-open': () => ({ status: 409, json: { error: 'Nur offene Aufträge können gelöscht werden.' } }),
    });
    fireEvent.click(rowButton('Löschen S1-OPEN'));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Löschen' }));
    expect(await screen.findByText('Fehler beim Löschen: Nur offene Aufträge können gelöscht werden.')).toBeTruthy();
  });

  it('duplicates with the new order number in the message', async () => {
    await start();
    fireEvent.click(rowButton('Duplizieren S1-DISPO'));
    expect(await screen.findByText('Auftrag erfolgreich dupliziert. Neue Auftragsnummer: S261122-9999')).toBeTruthy();
    expect(backend.calls('POST', '/api/orders/o-dispo/duplicate')).toHaveLength(1);
  });

  it('Delete key: removes the selected open orders after confirmation and leaves the others', async () => {
    await start();
    fireEvent.click(checkboxOf('S1-OPEN'));
    fireEvent.click(checkboxOf('S1-DISPO'));
    await waitFor(() => expect(screen.getByTestId('selected-count').textContent).toBe('2 ausgewählt'));
    pressKey('Delete');
    const dialog = await screen.findByRole('alertdialog', { name: 'Auftrag S1-OPEN löschen' });
    expect(within(dialog).getByText('1 ausgewählte Aufträge sind nicht offen und bleiben bestehen.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Löschen' }));
    expect(await screen.findByText('Auftrag erfolgreich gelöscht')).toBeTruthy();
    expect(backend.requests.filter((request) => request.method === 'DELETE').map((request) => request.path)).toEqual([
      '/api/orders/o-open',
    ]);
  });
});

describe('selection: bulk status and PDFs', () => {
  it('changes the status of the selection and reports refusals', async () => {
    await start([open, dispo, second], {
      'POST /api/orders/bulk-status': () => ({
        json: {
          success: true,
          updated: 1,
          failed: [{ id: 'o-open', orderNumber: 'S1-OPEN', error: 'Der Status kann nicht geändert werden.' }],
        },
      }),
    });
    expect(screen.queryByLabelText('Status der ausgewählten Aufträge ändern')).toBeNull();
    fireEvent.click(checkboxOf('S1-OPEN'));
    fireEvent.click(checkboxOf('S1-DISPO'));
    const select = (await screen.findByLabelText('Status der ausgewählten Aufträge ändern')) as HTMLSelectElement;
    expect([...select.options].map((option) => option.textContent)).toEqual([
      'Status ändern …',
      'Disponiert',
      'Unterwegs',
      'Geliefert',
      'Storniert',
    ]);

    fireEvent.change(select, { target: { value: 'geliefert' } });

    expect(await screen.findByText('1 Aufträge aktualisiert')).toBeTruthy();
    expect(screen.getByText('Bulk-Update Fehler: S1-OPEN: Der Status kann nicht geändert werden.')).toBeTruthy();
    expect(backend.calls('POST', '/api/orders/bulk-status')[0]?.body).toEqual({ order_ids: ['o-open', 'o-dispo'], status: 'geliefert' });
  });

  it('downloads the PDFs of the selection 200 ms apart', async () => {
    const times: number[] = [];
    const pdf = () => {
      times.push(Date.now());
      return { raw: '%PDF-1.4', contentType: 'application/pdf' };
    };
    await start([open, dispo, second], {
      'GET /api/orders/o-open/pdf': pdf,
      'GET /api/orders/o-dispo/pdf': pdf,
      'GET /api/orders/o-second/pdf': pdf,
    });
    fireEvent.click(checkboxOf('S1-OPEN'));
    fireEvent.click(checkboxOf('S1-DISPO'));
    fireEvent.click(checkboxOf('S1-SECOND'));
    fireEvent.click(await screen.findByRole('button', { name: 'PDF herunterladen' }));

    expect(await screen.findByText('3 PDF-Datei(en) erfolgreich heruntergeladen.')).toBeTruthy();
    expect(saved).toEqual(['Auftrag_S1-OPEN.pdf', 'Auftrag_S1-DISPO.pdf', 'Auftrag_S1-SECOND.pdf']);
    expect(times).toHaveLength(3);
    expect((times[1] ?? 0) - (times[0] ?? 0)).toBeGreaterThanOrEqual(190);
    expect((times[2] ?? 0) - (times[1] ?? 0)).toBeGreaterThanOrEqual(190);
  });
});
