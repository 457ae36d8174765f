// @vitest-environment happy-dom
import { messages } from '@dispo/domain/messages';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { QueryClientProvider } from '@tanstack/react-query';
import type { Order } from '../../api/types';
import { OrderTextEntry } from './OrderTextEntry';
import { draft, loginAt, type OrderTextBackend, REF, renderEntry, startOrderTextBackend, stopQueries } from './orderTextTestKit';

let backend: OrderTextBackend;

beforeEach(async () => {
  backend = await startOrderTextBackend();
  loginAt(backend);
});

afterEach(async () => {
  cleanup();
  await stopQueries();
  await backend.close();
});

const t = messages.orderText.entry;
const input = () => screen.getByRole('combobox', { name: t.label }) as HTMLInputElement;
const type = (text: string) => fireEvent.change(input(), { target: { value: text } });
const sleep = (ms: number) => act(() => new Promise<void>((resolve) => setTimeout(resolve, ms)));
const card = () => screen.findByRole('article', { name: messages.naturalLanguage.recognised });
const parseBodies = () => backend.calls('POST', '/api/orders/parse').map((request) => request.body);
const createBodies = () => backend.calls('POST', '/api/orders/from-text').map((request) => request.body as { drafts: Record<string, unknown>[] });

describe('natural-language order entry', () => {
  it('is not shown when the setting is off; the separate search only with the additional search on', async () => {
    const off = renderEntry({ settings: { enableNLPOrderCreation: false } });
    expect(off.container.innerHTML).toBe('');
    off.unmount();

    const pageSearch = { value: '', onChange: () => undefined, onApply: () => undefined };
    const noSearch = renderEntry({ search: pageSearch, settings: { showAdditionalSearch: false } });
    expect(input()).toBeTruthy();
    expect(screen.queryByRole('searchbox', { name: messages.filters.searchExisting })).toBeNull();
    noSearch.unmount();

    renderEntry({ search: pageSearch });
    expect(input().placeholder).toBe(t.placeholder);
    expect(screen.getByRole('searchbox', { name: messages.filters.searchExisting })).toBeTruthy();
  });

  it('parses once when typing pauses and shows the card `Auftrag erkannt` with `NN% sicher` and the hints below 0.7', async () => {
    backend.parses.set('Kies 8/16 von Moorburg nach Kiel morgen 7 Uhr', {
      confidence: 0.65,
      hints: ['Kein Kunde erkannt.', 'Kein Abgangsort erkannt.'],
      orders: [draft()],
    });
    renderEntry();
    type('Kies 8/16 von');
    type('Kies 8/16 von Moorburg nach Kiel');
    type('Kies 8/16 von Moorburg nach Kiel morgen 7 Uhr');
    await sleep(100);
    expect(parseBodies()).toEqual([]);

    const found = await card();
    expect(parseBodies()).toEqual([{ text: 'Kies 8/16 von Moorburg nach Kiel morgen 7 Uhr', referenceDate: REF }]);
    expect(within(found).getByText('65% sicher')).toBeTruthy();
    expect((within(found).getByLabelText(messages.orderScreen.material) as HTMLSelectElement).value).toBe('m-kies-8-16');
    expect((within(found).getByLabelText(messages.orderScreen.deliveryPlant) as HTMLSelectElement).value).toBe('p-kiel');
    expect((within(found).getByLabelText(messages.orderScreen.timeFixed) as HTMLInputElement).value).toBe('07:00');
    const hints = within(found).getByRole('heading', { name: t.hints }).parentElement!;
    expect(within(hints).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Kein Kunde erkannt.', 'Kein Abgangsort erkannt.']);
  });

  it('shows no card at 0.3 or below, only the hints; and no hints at 0.7 or above', async () => {
    backend.parses.set('Kies', { confidence: 0.3, hints: ['Material nicht eindeutig: Kies 2/8, Kies 8/16.'], orders: [draft({ materialId: null, materialName: null })] });
    backend.parses.set('Kies 8/16 Moorburg Halde Nord nach Kiel morgen 7 Uhr', { confidence: 0.85, hints: [], orders: [draft()] });
    renderEntry();
    type('Kies');
    await screen.findByText('Material nicht eindeutig: Kies 2/8, Kies 8/16.');
    expect(screen.queryByRole('article')).toBeNull();

    type('Kies 8/16 Moorburg Halde Nord nach Kiel morgen 7 Uhr');
    const found = await card();
    await waitFor(() => expect(within(found).getByText('85% sicher')).toBeTruthy());
    expect(within(found).queryByRole('heading', { name: t.hints })).toBeNull();
  });

  it('edits every field before creating: loading points only of the chosen plant; Enter creates the reviewed draft', async () => {
    backend.parses.set('Kies 8/16 von Moorburg nach Kiel morgen 7 Uhr', { confidence: 0.7, hints: [], orders: [draft()] });
    const created: Order[][] = [];
    renderEntry({ onCreated: (orders) => created.push(orders) });
    type('Kies 8/16 von Moorburg nach Kiel morgen 7 Uhr');
    const found = await card();
    const field = (label: string) => within(found).getByLabelText(label) as HTMLInputElement | HTMLSelectElement;
    const o = messages.orderScreen;

    // Moorburg's heaps only, no silo of Lägerdorf.
    const points = () => [...(field(o.loadingPoint) as HTMLSelectElement).options].map((option) => option.textContent);
    await waitFor(() => expect(points()).toEqual([o.choose, 'Halde Nord', 'Halde Süd']));
    fireEvent.change(field(o.loadingPoint), { target: { value: 'lp-sued' } });
    // Another plant drops the heap; a plant with one loading point takes it.
    fireEvent.change(field(o.loadingPlant), { target: { value: 'p-laegerdorf' } });
    expect(field(o.loadingPoint).value).toBe('');
    expect(points()).toEqual([o.choose, 'Silo 1', 'Silo 2']);
    fireEvent.change(field(o.loadingPlant), { target: { value: 'p-kaltenkirchen' } });
    expect(field(o.loadingPoint).value).toBe('lp-vs1');
    // Only delivery plants (and both) are destinations.
    expect([...(field(o.deliveryPlant) as HTMLSelectElement).options].map((option) => option.value)).toEqual(['', 'p-neumuenster', 'p-kiel', 'p-luebeck']);
    fireEvent.change(field(o.deliveryPlant), { target: { value: 'p-luebeck' } });
    fireEvent.change(field(o.material), { target: { value: 'm-sand-0-2' } });
    fireEvent.change(field(o.quantity), { target: { value: '25,5' } });
    fireEvent.change(field(o.unit), { target: { value: 'm3' } });
    fireEvent.change(field(o.deliveryDate), { target: { value: '2026-11-24' } });
    fireEvent.change(field(o.timeType), { target: { value: 'range' } });
    fireEvent.change(field(o.timeTo), { target: { value: '10:00' } });
    fireEvent.change(field(o.priority), { target: { value: 'urgent' } });
    fireEvent.change(field(o.notes), { target: { value: 'Tor 3' } });
    fireEvent.change(field(o.customer), { target: { value: 'Nord' } });
    fireEvent.click(await within(found).findByRole('option', { name: /Nordbeton GmbH/ }));

    fireEvent.keyDown(input(), { key: 'Enter' });
    await screen.findByText('Auftrag erfolgreich erstellt');
    expect(createBodies()).toEqual([
      {
        drafts: [
          {
            ...draft(),
            materialId: 'm-sand-0-2',
            materialName: 'Sand 0/2',
            customerId: 'c-nordbeton',
            customerName: 'Nordbeton GmbH',
            loadingPlantId: 'p-kaltenkirchen',
            loadingPlantName: 'Kieswerk Kaltenkirchen',
            loadingPointId: 'lp-vs1',
            loadingPointName: 'Verladestation 1',
            deliveryPlantId: 'p-luebeck',
            deliveryPlantName: 'Betonwerk Lübeck',
            quantity: 25.5,
            unit: 'm3',
            deliveryDate: '2026-11-24',
            deliveryTimeType: 'range',
            deliveryTimeFixed: null,
            deliveryTimeFrom: '07:00',
            deliveryTimeTo: '10:00',
            priority: 'urgent',
            notes: 'Tor 3',
          },
        ],
      },
    ]);
    expect(created.map((orders) => orders.map((order) => order.id))).toEqual([['new-0']]);
    // Done: the text and the card are gone.
    expect(input().value).toBe('');
    expect(screen.queryByRole('article')).toBeNull();
  });

  it('shows one row per order, reports a partial success with the spec text and keeps the failed row with its reason', async () => {
    backend.parses.set('2 LKW Kies 8/16 von Moorburg nach Kiel morgen 7 und 9 Uhr', {
      confidence: 0.65,
      hints: ['Kein Abgangsort erkannt.'],
      orders: [draft(), draft({ deliveryTimeFixed: '09:00' })],
    });
    backend.routes.set('POST /api/orders/from-text', () => ({
      status: 201,
      json: {
        success: true,
        created: 1,
        failed: 1,
        message: messages.success.partiallyCreated(1, 1),
        orders: [{ id: 'new-0' }],
        failures: [{ index: 1, error: messages.validation.quickOrder.selectLoadingPoint }],
      },
    }));
    const created: string[][] = [];
    renderEntry({ onCreated: (orders) => created.push(orders.map((order) => order.id)) });
    type('2 LKW Kies 8/16 von Moorburg nach Kiel morgen 7 und 9 Uhr');
    const found = await card();
    const rows = within(found).getAllByRole('group');
    expect(rows.map((row) => row.getAttribute('aria-label'))).toEqual([t.orderNumber(1, 2), t.orderNumber(2, 2)]);
    fireEvent.change(within(rows[0]!).getByLabelText(messages.orderScreen.loadingPoint), { target: { value: 'lp-nord' } });

    fireEvent.click(within(found).getByRole('button', { name: t.create(2) }));
    await screen.findByText('1 Aufträge erfolgreich erstellt (1 fehlgeschlagen).');
    expect(createBodies()[0]!.drafts.map((d) => [d.loadingPointId, d.deliveryTimeFixed])).toEqual([
      ['lp-nord', '07:00'],
      [null, '09:00'],
    ]);
    expect(created).toEqual([['new-0']]);
    // The created order left the card; the refused one stays with its reason, to be corrected.
    const left = within(await card()).getAllByRole('group');
    expect(left).toHaveLength(1);
    expect((within(left[0]!).getByLabelText(messages.orderScreen.timeFixed) as HTMLInputElement).value).toBe('09:00');
    expect(within(left[0]!).getByRole('alert').textContent).toBe(messages.validation.quickOrder.selectLoadingPoint);
    expect(within(found).getByRole('button', { name: t.create(1) })).toBeTruthy();
  });

  it('shows the refusal when no order could be created, with the reason under each row', async () => {
    backend.parses.set('Kies 8/16 von Moorburg nach Kiel morgen 7 und 9 Uhr', { confidence: 0.65, hints: [], orders: [draft(), draft({ deliveryTimeFixed: '09:00' })] });
    const q = messages.validation.quickOrder;
    backend.routes.set('POST /api/orders/from-text', () => ({
      status: 400,
      json: {
        success: false,
        error: messages.errors.createAllOrders,
        details: { failures: [{ index: 0, error: q.selectLoadingPoint }, { index: 1, error: q.selectDeliveryDate }] },
      },
    }));
    renderEntry();
    type('Kies 8/16 von Moorburg nach Kiel morgen 7 und 9 Uhr');
    const found = await card();
    fireEvent.keyDown(input(), { key: 'Enter' });
    await screen.findByText(messages.errors.createAllOrders);
    const rows = within(found).getAllByRole('group');
    expect(rows.map((row) => within(row).getByRole('alert').textContent)).toEqual([q.selectLoadingPoint, q.selectDeliveryDate]);
    expect(input().value).toBe('Kies 8/16 von Moorburg nach Kiel morgen 7 und 9 Uhr');
  });

  it('creates from the text as typed when Enter comes before the pause', async () => {
    backend.parses.set('Kies 8/16 von Moorburg Halde Nord nach Kiel morgen 7 Uhr', {
      confidence: 0.95,
      hints: [],
      orders: [draft({ loadingPointId: 'lp-nord', loadingPointName: 'Halde Nord' })],
    });
    renderEntry();
    type('Kies 8/16 von Moorburg Halde Nord nach Kiel morgen 7 Uhr');
    fireEvent.keyDown(input(), { key: 'Enter' });
    await screen.findByText('Auftrag erfolgreich erstellt');
    expect(createBodies().map((body) => body.drafts.map((d) => d.loadingPointId))).toEqual([['lp-nord']]);
  });

  it('creates nothing from a text without an order', async () => {
    renderEntry();
    type('Hallo, wie geht es?');
    await screen.findByText(NOTHING_HINT);
    fireEvent.keyDown(input(), { key: 'Enter' });
    await sleep(200);
    expect(createBodies()).toEqual([]);
    expect(screen.queryByRole('article')).toBeNull();
  });

  it('completes the word being typed from the catalogue: at most 5 items, picked with the keyboard or the mouse', async () => {
    renderEntry();
    type('2 LKW Kies');
    const list = await screen.findByRole('listbox', { name: t.suggestions });
    // Six materials and plants begin with "Kies": five are offered, materials first.
    await waitFor(() =>
      expect(within(list).getAllByRole('option').map((option) => option.textContent)).toEqual([
        'Kies 0/32Material',
        'Kies 16/32Material',
        'Kies 2/8Material',
        'Kies 8/16Material',
        'Kieswerk KaltenkirchenLadewerk',
      ]),
    );
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    fireEvent.keyDown(input(), { key: 'Enter' });
    expect(input().value).toBe('2 LKW Kies 8/16 ');
    expect(screen.queryByRole('listbox', { name: t.suggestions })).toBeNull();

    // Two words: "Halde N" becomes the heap with its plant; customers come from the search.
    type('2 LKW Kies 8/16 aus Halde N');
    fireEvent.click(await screen.findByRole('option', { name: /Halde Nord \(Kieswerk Moorburg\)/ }));
    expect(input().value).toBe('2 LKW Kies 8/16 aus Kieswerk Moorburg Halde Nord ');
    type('2 LKW Kies 8/16 aus Kieswerk Moorburg Halde Nord für Nordb');
    fireEvent.click(await screen.findByRole('option', { name: /Nordbeton GmbH/ }));
    expect(input().value).toBe('2 LKW Kies 8/16 aus Kieswerk Moorburg Halde Nord für Nordbeton GmbH ');
    expect(backend.calls('GET', '/api/customers/search/query').map((request) => request.query.get('q'))).toContain('Nordb');
    expect(createBodies()).toEqual([]);
  });

  it('shows the page search term in the separate bar and hands every change and Enter to the page', async () => {
    const changes: string[] = [];
    const applied: string[] = [];
    const { rerender, queryClient } = renderEntry({
      search: { value: 'Nord', onChange: (text) => changes.push(text), onApply: (text) => applied.push(text) },
    });
    const search = screen.getByRole('searchbox', { name: messages.filters.searchExisting }) as HTMLInputElement;
    expect(search.value).toBe('Nord');
    fireEvent.change(search, { target: { value: 'Nordb' } });
    expect(changes).toEqual(['Nordb']);
    fireEvent.keyDown(search, { key: 'Enter' });
    expect(applied).toEqual(['Nord']);
    // The page reset its filters: the bar follows.
    rerender(
      <QueryClientProvider client={queryClient}>
        <OrderTextEntry referenceDate={REF} search={{ value: '', onChange: () => undefined, onApply: () => undefined }} />
      </QueryClientProvider>,
    );
    expect(search.value).toBe('');
    // The text entry's own input is no search.
    type('Kies');
    await sleep(400);
    expect(changes).toEqual(['Nordb']);
  });
});

const NOTHING_HINT = 'Im Text wurde weder ein Material noch ein Kunde oder ein Werk erkannt.';
