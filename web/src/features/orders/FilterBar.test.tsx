// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { todayInBerlin } from './format';
import { loginAt, type OrdersBackend, renderOrdersPage, startOrdersBackend } from './ordersTestKit';
import { HIDE_SETTLED_KEY } from './useOrderFilters';

let backend: OrdersBackend;

const suggestions = Array.from({ length: 10 }, (_, index) => ({
  kind: index % 2 ? 'customer' : 'orderNumber',
  value: `Nord ${index}`,
  label: `Nordbeton ${index}`,
}));

beforeEach(async () => {
  backend = await startOrdersBackend({
    routes: { 'GET /api/orders/suggestions': () => ({ json: { suggestions } }) },
  });
  loginAt(backend);
});

afterEach(async () => {
  cleanup();
  await backend.close();
});

const listQueries = () => backend.calls('GET', '/api/orders').map((request) => Object.fromEntries(request.query));
/** The page's search field: the separate bar under the text entry, as the default settings show it (§2.3). */
const search = () => screen.getByRole('combobox', { name: 'Suche in bestehenden Aufträgen' }) as HTMLInputElement;
const sleep = (ms: number) => act(() => new Promise<void>((resolve) => setTimeout(resolve, ms)));

describe('filter bar', () => {
  it('debounces the search (150 ms) into one list request and suggests from 2 characters, at most 8', async () => {
    await renderOrdersPage(backend);
    const searches = () => listQueries().filter((query) => query.search !== undefined);

    const typed = performance.now();
    fireEvent.focus(search());
    fireEvent.change(search(), { target: { value: 'N' } });
    fireEvent.change(search(), { target: { value: 'No' } });
    fireEvent.change(search(), { target: { value: 'Nor' } });
    await sleep(60);
    // Nothing searched before the 150 ms are up (a busy machine may sleep past them: then the count below decides).
    if (performance.now() - typed < 150) expect(searches()).toHaveLength(0);

    await waitFor(() => expect(listQueries().at(-1)?.search).toBe('Nor'));
    expect(searches()).toHaveLength(1);
    expect(listQueries().at(-1)?.page).toBe('1');

    const list = await screen.findByRole('listbox', { name: 'Suchvorschläge' });
    expect(within(list).getAllByRole('option')).toHaveLength(8);
    expect(within(list).getAllByRole('option')[1]?.textContent).toBe('Nordbeton 1Kunde');
    expect(backend.calls('GET', '/api/orders/suggestions').map((request) => request.query.get('q'))).toEqual(['Nor']);

    fireEvent.click(within(list).getAllByRole('option')[1] as HTMLElement);
    await waitFor(() => expect(listQueries().at(-1)?.search).toBe('Nord 1'));
    expect(search().value).toBe('Nord 1');
    expect(screen.queryByRole('listbox', { name: 'Suchvorschläge' })).toBeNull();
  });

  it('asks for no suggestions below 2 characters and closes them 200 ms after blur', async () => {
    await renderOrdersPage(backend);
    fireEvent.focus(search());
    fireEvent.change(search(), { target: { value: 'N' } });
    await sleep(250);
    expect(backend.calls('GET', '/api/orders/suggestions')).toHaveLength(0);

    fireEvent.change(search(), { target: { value: 'Nor' } });
    await screen.findByRole('listbox', { name: 'Suchvorschläge' });
    fireEvent.blur(search());
    const blurredAt = performance.now();
    await sleep(120);
    // Still open before 200 ms (checked only when the loaded machine did not already pass them).
    const stillOpen = screen.queryByRole('listbox', { name: 'Suchvorschläge' });
    if (performance.now() - blurredAt < 180) expect(stillOpen).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('listbox', { name: 'Suchvorschläge' })).toBeNull());
  });

  it('quick links toggle status, priority and today; the reset link shows only with active filters', async () => {
    await renderOrdersPage(backend);
    const today = todayInBerlin();
    expect(screen.queryByRole('button', { name: 'Filter zurücksetzen' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Offen' }));
    await waitFor(() => expect(listQueries().at(-1)?.status).toBe('offen'));
    expect(screen.getByRole('button', { name: 'Offen' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Filter zurücksetzen' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Problem' }));
    await waitFor(() => expect(listQueries().at(-1)?.status).toBe('problem'));
    expect(screen.getByRole('button', { name: 'Offen' }).getAttribute('aria-pressed')).toBe('false');

    fireEvent.click(screen.getByRole('button', { name: 'Dringend' }));
    await waitFor(() => expect(listQueries().at(-1)?.priority).toBe('urgent'));

    fireEvent.click(screen.getByRole('button', { name: 'Heute fällig' }));
    await waitFor(() =>
      expect(listQueries().at(-1)).toMatchObject({ dateFrom: today, dateTo: today, status: 'problem', priority: 'urgent' }),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Dringend' }));
    await waitFor(() => expect(listQueries().at(-1)?.priority).toBeUndefined());

    fireEvent.click(screen.getByRole('button', { name: 'Filter zurücksetzen' }));
    await waitFor(() => expect(listQueries().at(-1)).toEqual({ page: '1', limit: '50', sort_by: 'deliveryDate', sort_order: 'asc' }));
    expect(screen.queryByRole('button', { name: 'Filter zurücksetzen' })).toBeNull();
  });

  it('persists "hide settled" in localStorage and sends hideSettled', async () => {
    const { unmount } = await renderOrdersPage(backend);
    const box = screen.getByRole('checkbox', { name: 'Abgerechnete ausblenden' }) as HTMLInputElement;
    expect(box.checked).toBe(false);
    fireEvent.click(box);
    await waitFor(() => expect(listQueries().at(-1)?.hideSettled).toBe('true'));
    expect(localStorage.getItem(HIDE_SETTLED_KEY)).toBe('true');
    // Hiding settled orders is a preference, not a filter to reset.
    expect(screen.queryByRole('button', { name: 'Filter zurücksetzen' })).toBeNull();
    unmount();

    await renderOrdersPage(backend);
    expect((screen.getByRole('checkbox', { name: 'Abgerechnete ausblenden' }) as HTMLInputElement).checked).toBe(true);
    expect(listQueries().at(-1)?.hideSettled).toBe('true');
  });

  it('Mehr Filter offers every extended filter and sends them', async () => {
    await renderOrdersPage(backend);
    fireEvent.click(screen.getByRole('button', { name: 'Mehr Filter' }));
    const group = await screen.findByRole('group', { name: 'Erweiterte Filter' });
    await waitFor(() => expect(within(group).getAllByRole('option', { name: /Silo/ }).length).toBeGreaterThan(0));
    await waitFor(() => expect(within(group).getAllByRole('option', { name: /Zementwerk Rüdersdorf/ }).length).toBeGreaterThan(0));
    await waitFor(() => expect(within(group).getAllByRole('option', { name: 'CEM I 42,5 R' }).length).toBe(1));

    // The status list of the filter (§4.1).
    const status = within(group).getByLabelText('Status') as HTMLSelectElement;
    expect([...status.options].map((option) => option.textContent)).toEqual([
      'Alle Status',
      'Offen',
      'Disponiert',
      'Unterwegs',
      'Geliefert',
      'Abgerechnet',
      'Storniert',
      'Problem',
    ]);
    fireEvent.change(status, { target: { value: 'unterwegs' } });
    fireEvent.change(within(group).getByLabelText('Werk'), { target: { value: 'p-zement' } });
    // The loading points follow the chosen plant.
    const points = within(group).getByLabelText('Abgangsort') as HTMLSelectElement;
    await waitFor(() => expect([...points.options].map((option) => option.value)).toEqual(['', 'lp-a', 'lp-b']));
    fireEvent.change(points, { target: { value: 'lp-b' } });
    fireEvent.change(within(group).getByLabelText('Material'), { target: { value: 'm-cem1' } });
    fireEvent.change(within(group).getByLabelText('Priorität'), { target: { value: 'high' } });
    fireEvent.change(within(group).getByLabelText('Transportart'), { target: { value: 'silo' } });
    fireEvent.change(within(group).getByLabelText('Lieferdatum von'), { target: { value: '2026-01-05' } });
    fireEvent.change(within(group).getByLabelText('Lieferdatum bis'), { target: { value: '2026-01-09' } });
    fireEvent.change(within(group).getByLabelText('Mindestmenge'), { target: { value: '20' } });
    fireEvent.change(within(group).getByLabelText('Erstellt ab'), { target: { value: '2025-12-01' } });
    fireEvent.click(within(group).getByRole('checkbox', { name: 'Pumpe erforderlich' }));
    fireEvent.click(within(group).getByRole('checkbox', { name: 'Kran erforderlich' }));

    await waitFor(() =>
      expect(listQueries().at(-1)).toEqual({
        page: '1',
        limit: '50',
        sort_by: 'deliveryDate',
        sort_order: 'asc',
        status: 'unterwegs',
        plant: 'p-zement',
        loadingPoint: 'lp-b',
        material: 'm-cem1',
        priority: 'high',
        transportType: 'silo',
        dateFrom: '2026-01-05',
        dateTo: '2026-01-09',
        minQuantity: '20',
        createdFrom: '2025-12-01',
        pumpRequired: 'true',
        craneRequired: 'true',
      }),
    );
    // The plant filter shows as a chip that removes it.
    expect(screen.getByText(/^Werk: Zementwerk Rüdersdorf/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Werksfilter entfernen' }));
    await waitFor(() => expect(listQueries().at(-1)?.plant).toBeUndefined());
  });
});
