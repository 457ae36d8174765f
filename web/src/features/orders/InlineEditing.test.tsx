// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeOrder } from '../../test/fixtures';
import { cellOf, loginAt, type OrdersBackend, renderOrdersPage, startOrdersBackend, waitForRows } from './ordersTestKit';

let backend: OrdersBackend;

// happy-dom has no layout: every element measures 0×0 at 0,0, and ag-grid closes a popup editor whose
// cell "is no longer in the DOM" by that measure. Give elements a size.
beforeEach(() => {
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockReturnValue(DOMRect.fromRect({ x: 10, y: 10, width: 120, height: 40 }));
});

afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  await backend.close();
});

const open = makeOrder({ id: 'o-open', orderNumber: 'S1-OPEN', plantId: 'p-zement', materialId: 'm-cem1', quantity: 27 });
const locked = makeOrder({ id: 'o-locked', orderNumber: 'S1-LOCKED', status: 'storno', locked: true });

async function start() {
  backend = await startOrdersBackend({ orders: [open, locked] });
  loginAt(backend);
  await renderOrdersPage(backend);
  await waitForRows(2);
}

/** Double-click on a part of a cell, as the user does: the editor opens with that field focused. */
function editAt(orderNumber: string, column: string, part?: string) {
  const cell = cellOf(orderNumber, column);
  const target = part ? (cell.querySelector<HTMLElement>(part) ?? cell) : cell;
  fireEvent.mouseDown(target);
  fireEvent.doubleClick(target, { detail: 2 });
}

const patches = () => backend.calls('PATCH', '/api/orders/o-open').map((request) => request.body);

describe('inline editing', () => {
  it('edits date and time: 08:00 is fixed, 09:00-11:30 a range', async () => {
    await start();
    editAt('S1-OPEN', 'schedule', '.og-time');
    const editor = await screen.findByRole('group', { name: 'Termin & Zeit' });
    const time = within(editor).getByLabelText('Lieferzeit') as HTMLInputElement;
    await waitFor(() => expect(document.activeElement).toBe(time));
    expect(time.value).toBe('08:00');

    fireEvent.change(time, { target: { value: '25:00' } });
    expect(within(editor).getByText('Bitte geben Sie eine gültige Uhrzeit im Format HH:MM an.')).toBeTruthy();
    expect((within(editor).getByRole('button', { name: 'Übernehmen' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.change(time, { target: { value: '09:00-11:30' } });
    fireEvent.change(within(editor).getByLabelText('Lieferdatum'), { target: { value: '2099-03-06' } });
    fireEvent.click(within(editor).getByRole('button', { name: 'Übernehmen' }));

    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(patches()[0]).toEqual({
      delivery_date: '2099-03-06',
      delivery_time_type: 'range',
      delivery_time_fixed: null,
      delivery_time_from: '09:00',
      delivery_time_to: '11:30',
    });
    expect(await screen.findByText('Auftrag erfolgreich aktualisiert')).toBeTruthy();
  });

  it('edits material (search from 2 characters, 5 suggestions) and quantity', async () => {
    await start();
    editAt('S1-OPEN', 'route', '.og-material');
    const editor = await screen.findByRole('group', { name: 'Route & Material' });
    const search = within(editor).getByRole('combobox', { name: 'Material' });
    fireEvent.change(search, { target: { value: 'S' } });
    expect(within(editor).queryByRole('listbox')).toBeNull();
    fireEvent.change(search, { target: { value: 'Sa' } });
    const list = await within(editor).findByRole('listbox');
    expect(within(list).getAllByRole('option')).toHaveLength(5);
    fireEvent.click(within(list).getAllByRole('option')[0] as HTMLElement);
    fireEvent.change(within(editor).getByLabelText('Menge'), { target: { value: '12.5' } });
    fireEvent.click(within(editor).getByRole('button', { name: 'Übernehmen' }));

    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(patches()[0]).toEqual({ material_id: 'm-sand-0', quantity: 12.5 });
  });

  it('changes the status with the values of §4.1', async () => {
    await start();
    editAt('S1-OPEN', 'status');
    const editor = await screen.findByRole('radiogroup', { name: 'Status' });
    expect(
      within(editor)
        .getAllByRole('radio')
        .map((radio) => radio.textContent),
    ).toEqual(['Offen', 'Geplant', 'Disponiert', 'Unterwegs', 'Abgeschlossen', 'Storno', 'Problem']);
    fireEvent.click(within(editor).getByRole('radio', { name: 'Disponiert' }));
    await waitFor(() => expect(patches()).toEqual([{ status: 'disponiert' }]));
    await waitFor(() => expect(screen.queryByRole('radiogroup')).toBeNull());
  });

  it('shows the server refusal and leaves locked cells closed', async () => {
    await start();
    backend.routes.set('PATCH /api/orders/o-open', () => ({
      status: 409,
      json: { success: false, error: 'Der Auftrag ist gesperrt und kann nicht mehr bearbeitet werden.' },
    }));
    editAt('S1-OPEN', 'status');
    fireEvent.click(within(await screen.findByRole('radiogroup', { name: 'Status' })).getByRole('radio', { name: 'Problem' }));
    expect(
      await screen.findByText('Fehler beim Aktualisieren: Der Auftrag ist gesperrt und kann nicht mehr bearbeitet werden.'),
    ).toBeTruthy();

    editAt('S1-LOCKED', 'status');
    editAt('S1-LOCKED', 'schedule');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByRole('radiogroup')).toBeNull();
    expect(screen.queryByRole('group', { name: 'Termin & Zeit' })).toBeNull();
  });
});
