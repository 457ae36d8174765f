// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DATE, type DispatchBackend, loginAt, makeOpenOrder, orderCard, renderDispatchPage, startDispatchBackend } from './dispatchTestKit';
import { groupOrders, type SidebarFilter, filterOrders } from './sidebarFilter';
import { SIDEBAR_STORAGE_KEY } from './useSidebarState';

let backend: DispatchBackend;

afterEach(async () => {
  cleanup();
  (window as unknown as { happyDOM: { setViewport(size: { width: number; height: number }): void } }).happyDOM.setViewport({ width: 1024, height: 768 });
  await backend?.close();
});

const orders = [
  makeOpenOrder({ id: 'a', order_number: 'S990305-0001', customer_name: 'Bau GmbH', material_name: 'CEM I 42,5 R', delivery_time_fixed: '08:15' }),
  makeOpenOrder({
    id: 'b',
    order_number: 'S990305-0002',
    customer_name: 'Hoch & Tief AG',
    order_type: 'standard',
    loading_plant_id: 'p-moor',
    loading_plant_name: 'Kieswerk Moorburg',
    material_name: 'Kies 8/16',
    delivery_plant_name: 'Betonwerk Lübeck',
    delivery_time_type: 'range',
    delivery_time_fixed: null,
    delivery_time_from: '10:00',
    delivery_time_to: '12:00',
    priority: 'urgent',
  }),
  makeOpenOrder({ id: 'c', order_number: 'S990305-0003', customer_name: 'Straßenbau Nord', order_type: 'simple', delivery_time_fixed: null, delivery_time_type: 'fixed' }),
  makeOpenOrder({ id: 'd', order_number: 'S990306-0004', customer_name: 'Morgen KG', delivery_date: '2099-03-06' }),
];

const all: SidebarFilter = { search: '', type: 'all', plantId: '' };
const numbers = (list: { order_number: string }[]) => list.map((order) => order.order_number);

function cardNumbers(): string[] {
  return [...screen.getByRole('complementary').querySelectorAll('.order-card__number')].map((node) => node.textContent ?? '');
}

describe('filtering and grouping of the open orders', () => {
  it('keeps only the selected date and searches number, customer, material, loading and delivery plant', () => {
    expect(numbers(filterOrders(orders, DATE, all))).toEqual(['S990305-0001', 'S990305-0002', 'S990305-0003']);
    expect(numbers(filterOrders(orders, '2099-03-06', all))).toEqual(['S990306-0004']);
    expect(numbers(filterOrders(orders, DATE, { ...all, search: '0002' }))).toEqual(['S990305-0002']);
    expect(numbers(filterOrders(orders, DATE, { ...all, search: 'hoch & tief' }))).toEqual(['S990305-0002']);
    expect(numbers(filterOrders(orders, DATE, { ...all, search: 'kies 8' }))).toEqual(['S990305-0002']);
    expect(numbers(filterOrders(orders, DATE, { ...all, search: 'moorburg' }))).toEqual(['S990305-0002']);
    expect(numbers(filterOrders(orders, DATE, { ...all, search: 'lübeck' }))).toEqual(['S990305-0002']);
    expect(numbers(filterOrders(orders, DATE, { ...all, search: 'Lägerdorf' }))).toEqual(['S990305-0001', 'S990305-0003']);
    expect(numbers(filterOrders(orders, DATE, { ...all, search: 'Betonwerk Kiel' }))).toEqual(['S990305-0001', 'S990305-0003']);
    expect(numbers(filterOrders(orders, DATE, { ...all, type: 'simple' }))).toEqual(['S990305-0003']);
    expect(numbers(filterOrders(orders, DATE, { ...all, plantId: 'p-moor' }))).toEqual(['S990305-0002']);
  });

  it('groups by type, plant, time or not at all', () => {
    const day = filterOrders(orders, DATE, all);
    expect(groupOrders(day, 'type').map((group) => [group.label, numbers(group.orders)])).toEqual([
      ['Einfach', ['S990305-0003']],
      ['Standard', ['S990305-0002']],
      ['Transport', ['S990305-0001']],
    ]);
    expect(groupOrders(day, 'plant').map((group) => [group.label, numbers(group.orders)])).toEqual([
      ['Kieswerk Moorburg', ['S990305-0002']],
      ['Zementwerk Lägerdorf', ['S990305-0001', 'S990305-0003']],
    ]);
    expect(groupOrders(day, 'time').map((group) => [group.label, numbers(group.orders)])).toEqual([
      ['08:00–09:00', ['S990305-0001']],
      ['10:00–11:00', ['S990305-0002']],
      ['Ohne Uhrzeit', ['S990305-0003']],
    ]);
    expect(groupOrders(day, 'none').map((group) => [group.label, numbers(group.orders)])).toEqual([['Alle Aufträge', ['S990305-0001', 'S990305-0002', 'S990305-0003']]]);
  });
});

describe('sidebar Offene Aufträge', () => {
  it('shows the day’s orders as cards, searches, filters, groups, counts in the footer and remembers the state', async () => {
    backend = await startDispatchBackend({ orders, dates: ['2099-03-06'] });
    loginAt(backend);
    await renderDispatchPage(backend);
    const sidebar = screen.getByRole('complementary', { name: /Offene Aufträge/ });
    expect(sidebar.style.width).toBe('400px');
    expect(screen.getByTestId('open-order-count').textContent).toBe('3');

    // Grouped by type (default); the footer counts per type.
    expect(within(sidebar).getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual(['Einfach 1', 'Standard 1', 'Transport 1']);
    const footer = screen.getByTestId('sidebar-footer');
    expect(footer.textContent).toContain('Einfach: 1');
    expect(footer.textContent).toContain('Standard: 1');
    expect(footer.textContent).toContain('Transport: 1');
    expect(footer.textContent).toContain('3 von 3 Aufträgen');
    const urgent = orderCard('S990305-0002');
    expect(urgent.textContent).toContain('Dringend');
    expect(urgent.textContent).toContain('10:00–12:00');
    expect(urgent.textContent).toContain('Kies 8/16 · 27 t');
    expect(urgent.getAttribute('draggable')).toBe('true');

    fireEvent.change(within(sidebar).getByPlaceholderText('Auftrag suchen...'), { target: { value: 'straßenbau' } });
    expect(cardNumbers()).toEqual(['S990305-0003']);
    expect(footer.textContent).toContain('1 von 3 Aufträgen');
    fireEvent.change(within(sidebar).getByPlaceholderText('Auftrag suchen...'), { target: { value: 'nichts dergleichen' } });
    expect(within(sidebar).getByText('Keine Aufträge passen zur Suche oder zum Filter.')).toBeTruthy();
    fireEvent.change(within(sidebar).getByPlaceholderText('Auftrag suchen...'), { target: { value: '' } });

    fireEvent.click(within(sidebar).getByRole('button', { name: 'Filter' }));
    fireEvent.change(within(sidebar).getByLabelText('Auftragstyp'), { target: { value: 'transport' } });
    expect(cardNumbers()).toEqual(['S990305-0001']);
    fireEvent.change(within(sidebar).getByLabelText('Auftragstyp'), { target: { value: 'all' } });
    const plant = within(sidebar).getByLabelText('Ladewerk') as HTMLSelectElement;
    expect([...plant.options].map((option) => option.textContent)).toEqual(['Alle Ladewerke', 'Kieswerk Moorburg', 'Zementwerk Lägerdorf']);
    fireEvent.change(plant, { target: { value: 'p-laeg' } });
    // Still grouped by type: Einfach before Transport.
    expect(cardNumbers()).toEqual(['S990305-0003', 'S990305-0001']);
    fireEvent.change(plant, { target: { value: '' } });
    fireEvent.change(within(sidebar).getByLabelText('Gruppierung'), { target: { value: 'time' } });
    expect(within(sidebar).getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual(['08:00–09:00 1', '10:00–11:00 1', 'Ohne Uhrzeit 1']);
    fireEvent.change(within(sidebar).getByLabelText('Gruppierung'), { target: { value: 'none' } });
    expect(within(sidebar).queryAllByRole('heading', { level: 3 })).toHaveLength(0);
    expect(cardNumbers()).toEqual(['S990305-0001', 'S990305-0002', 'S990305-0003']);

    // Width by keyboard on the separator; state in localStorage.
    fireEvent.keyDown(within(sidebar).getByRole('separator', { name: 'Breite der Seitenleiste' }), { key: 'ArrowLeft' });
    expect(sidebar.style.width).toBe('420px');
    expect(JSON.parse(localStorage.getItem(SIDEBAR_STORAGE_KEY) ?? '{}')).toMatchObject({ open: true, width: 420, filtersOpen: true, grouping: 'none', type: 'all' });

    // Only the selected date: the next day shows its own order.
    fireEvent.click(screen.getByRole('button', { name: 'Nächster Tag' }));
    await waitFor(() => expect(cardNumbers()).toEqual(['S990306-0004']));
    expect(screen.getByTestId('open-order-count').textContent).toBe('1');

    // The toggle hides and shows it again.
    fireEvent.click(screen.getByRole('button', { name: 'Offene Aufträge (1)' }));
    expect(screen.queryByRole('complementary')).toBeNull();
    expect(JSON.parse(localStorage.getItem(SIDEBAR_STORAGE_KEY) ?? '{}')).toMatchObject({ open: false });
    fireEvent.click(screen.getByRole('button', { name: 'Offene Aufträge (1)' }));
    expect(screen.getByRole('complementary')).toBeTruthy();
  });

  it('draws every card of a long day: a screenful in the first picture, the rest after it', async () => {
    const many = Array.from({ length: 45 }, (_, index) =>
      makeOpenOrder({ id: `o-${index}`, order_number: `S990305-${String(index + 1).padStart(4, '0')}`, order_type: index % 3 ? 'transport' : 'standard' }),
    );
    backend = await startDispatchBackend({ orders: many });
    loginAt(backend);
    await renderDispatchPage(backend);
    await waitFor(() => expect(cardNumbers()).toHaveLength(45));
    const sidebar = screen.getByRole('complementary', { name: /Offene Aufträge/ });
    expect(within(sidebar).getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual(['Standard 15', 'Transport 30']);
  });

  it('restores width and grouping from localStorage', async () => {
    backend = await startDispatchBackend({ orders });
    loginAt(backend);
    localStorage.setItem(SIDEBAR_STORAGE_KEY, JSON.stringify({ open: true, width: 350, grouping: 'plant', filtersOpen: false, type: 'all', plantId: '' }));
    await renderDispatchPage(backend);
    const sidebar = screen.getByRole('complementary');
    expect(sidebar.style.width).toBe('350px');
    expect(within(sidebar).getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual(['Kieswerk Moorburg 1', 'Zementwerk Lägerdorf 2']);
  });

  it('is hidden below 1024 px', async () => {
    (window as unknown as { happyDOM: { setViewport(size: { width: number; height: number }): void } }).happyDOM.setViewport({ width: 900, height: 700 });
    backend = await startDispatchBackend({ orders });
    loginAt(backend);
    await renderDispatchPage(backend);
    expect(screen.queryByRole('complementary')).toBeNull();
    const toggle = screen.getByRole('button', { name: 'Offene Aufträge (3)' }) as HTMLButtonElement;
    expect(toggle.disabled).toBe(true);
    expect(toggle.title).toBe('Die Seitenleiste Offene Aufträge gibt es erst ab 1024 Pixel Fensterbreite.');
  });
});
