// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DATE, type DispatchBackend, loginAt, makeOpenOrder, startDispatchBackend } from '../features/dispatch/dispatchTestKit';
import { createTestQueryClient } from '../test/render';
import { resetApiClient } from './client';
import { DISPATCH_STALE_TIMES, fetchOpenOrders, LIVE_DISPO_INTERVAL_MS, useAssignOrder, useDispatchVehicles, useOpenOrders, useTourDetails, useTours } from './disposition';
import { queryKeys } from './queryKeys';

let backend: DispatchBackend;

afterEach(async () => {
  cleanup();
  await backend.close();
});

type Assign = ReturnType<typeof useAssignOrder>;

function Probe({ onAssign, live = false }: { onAssign(assign: Assign): void; live?: boolean }) {
  useDispatchVehicles(DATE);
  useTours(DATE, { live });
  useOpenOrders(DATE, { live });
  useTourDetails(null);
  const assign = useAssignOrder();
  onAssign(assign);
  return null;
}

describe('fetchOpenOrders', () => {
  it('pages through the server\'s answers until the last and keeps an order seen twice once', async () => {
    const orders = Array.from({ length: 5 }, (_, i) => makeOpenOrder({ id: `o-${i}`, order_number: `S000000-000${i}` }));
    backend = await startDispatchBackend({
      routes: {
        // Pages of two; the second page repeats an order of the first (it moved while the pages were read).
        'GET /api/disposition/orders/open': ({ query }) => {
          const offset = Number(query.get('offset') ?? 0);
          const page = offset === 2 ? [orders[1]!, ...orders.slice(2, 4)] : orders.slice(offset, offset + 2);
          return { json: { orders: page, next_offset: offset + 2 < orders.length ? offset + 2 : null } };
        },
      },
    });
    loginAt(backend);
    resetApiClient();
    const got = await fetchOpenOrders(DATE);
    expect(got.map((o) => o.id)).toEqual(['o-0', 'o-1', 'o-2', 'o-3', 'o-4']);
    expect(backend.calls('GET', '/api/disposition/orders/open').map((c) => [c.query.get('date'), c.query.get('offset')])).toEqual([
      [DATE, null],
      [DATE, '2'],
      [DATE, '4'],
    ]);
  });
});

describe('Disposition API hooks', () => {
  it('use the stale times of §7 and clear tours and open orders after an assignment', async () => {
    backend = await startDispatchBackend();
    loginAt(backend);
    resetApiClient();
    const queryClient = createTestQueryClient();
    let assign: Assign | null = null;
    render(
      <QueryClientProvider client={queryClient}>
        <Probe onAssign={(value) => (assign = value)} />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(backend.calls('GET', `/api/disposition/tours/${DATE}`)).toHaveLength(1));
    await waitFor(() => expect(backend.calls('GET', '/api/disposition/orders/open')).toHaveLength(1));

    const staleTime = (key: readonly unknown[]) => (queryClient.getQueryCache().find({ queryKey: key })?.options as { staleTime?: number }).staleTime;
    expect(staleTime(queryKeys.dispatch.vehicles(DATE))).toBe(60_000);
    expect(staleTime(queryKeys.dispatch.openOrders(DATE))).toBe(20_000);
    expect(staleTime(queryKeys.dispatch.tours(DATE))).toBe(15_000);
    expect(staleTime(queryKeys.dispatch.tourDetails(''))).toBe(30_000);
    expect(DISPATCH_STALE_TIMES).toEqual({ vehicles: 60_000, openOrders: 20_000, tours: 15_000, default: 30_000 });

    await act(async () => {
      await assign!.mutateAsync({ orderId: 'o-1', orderType: 'transport_order', vehicleId: 'v-1', scheduledTime: `${DATE}T08:00` });
    });
    // Both caches were cleared and fetched again before the mutation settled.
    expect(backend.calls('GET', `/api/disposition/tours/${DATE}`)).toHaveLength(2);
    expect(backend.calls('GET', '/api/disposition/orders/open')).toHaveLength(2);
    expect(queryClient.getQueryData(queryKeys.dispatch.openOrders(DATE))).toEqual([]);
  });

  it('a refused assignment carries the server text', async () => {
    backend = await startDispatchBackend();
    loginAt(backend);
    resetApiClient();
    const queryClient = createTestQueryClient();
    let assign: Assign | null = null;
    render(
      <QueryClientProvider client={queryClient}>
        <Probe onAssign={(value) => (assign = value)} />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(assign).not.toBeNull());
    await expect(assign!.mutateAsync({ orderId: '', orderType: 'transport_order', vehicleId: 'v-1', scheduledTime: `${DATE}T08:00` })).rejects.toThrow(
      'Fehler: Unvollständige Zuweisungsdaten',
    );
  });

  it('Live-Dispo refreshes tours and open orders every 60 s', async () => {
    backend = await startDispatchBackend();
    loginAt(backend);
    resetApiClient();
    const queryClient = createTestQueryClient();
    const view = (live: boolean) => (
      <QueryClientProvider client={queryClient}>
        <Probe onAssign={() => {}} live={live} />
      </QueryClientProvider>
    );
    const { rerender } = render(view(false));
    const interval = (key: readonly unknown[]) =>
      (queryClient.getQueryCache().find({ queryKey: key })?.observers[0]?.options as { refetchInterval?: unknown } | undefined)?.refetchInterval;
    await waitFor(() => expect(interval(queryKeys.dispatch.tours(DATE))).toBe(false));
    rerender(view(true));
    await waitFor(() => expect(interval(queryKeys.dispatch.tours(DATE))).toBe(LIVE_DISPO_INTERVAL_MS));
    expect(interval(queryKeys.dispatch.openOrders(DATE))).toBe(60_000);
    expect(interval(queryKeys.dispatch.vehicles(DATE))).toBeUndefined();
  });
});
