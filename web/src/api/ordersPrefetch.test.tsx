// @vitest-environment happy-dom
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startBackend, type TestBackend, useBackendOrigin } from '../test/backend';
import { createTestQueryClient } from '../test/render';
import { resetApiClient } from './client';
import { DEFAULT_ORDER_LIST_PARAMS, prefetchOrders, useOrders } from './orders';
import type { OrderListParams, OrderListResponse } from './types';

let backend: TestBackend;
let queryClient: QueryClient;
let answers: number;

const PAGE_1: OrderListParams = DEFAULT_ORDER_LIST_PARAMS;
const PAGE_2: OrderListParams = { ...DEFAULT_ORDER_LIST_PARAMS, page: 2 };

beforeEach(async () => {
  answers = 0;
  backend = await startBackend({
    routes: {
      'GET /api/orders': ({ query }) => {
        answers += 1;
        return { json: { orders: [], total: Number(query.get('page')) * 100 + answers } };
      },
    },
  });
  useBackendOrigin(backend);
  resetApiClient();
  localStorage.clear();
  localStorage.setItem('authToken', 'tok-1');
  queryClient = createTestQueryClient();
});

afterEach(async () => {
  cleanup();
  await backend.close();
});

const listRequests = () => backend.requests.filter((request) => request.method === 'GET' && request.path === '/api/orders');

function Probe({ params, onData }: { params: OrderListParams; onData(data: OrderListResponse): void }) {
  const query = useOrders(params);
  if (query.data) onData(query.data);
  return null;
}

/** Renders a page's list query and resolves with its first data. */
function showList(params: OrderListParams): Promise<OrderListResponse> {
  return new Promise((resolve) => {
    render(
      <QueryClientProvider client={queryClient}>
        <Probe params={params} onData={resolve} />
      </QueryClientProvider>,
    );
  });
}

describe('prefetching the first order page', () => {
  it('the page takes the prefetched answer instead of asking again', async () => {
    prefetchOrders(queryClient, PAGE_1);
    const data = await showList(PAGE_1);
    expect(data.total).toBe(101);
    expect(listRequests()).toHaveLength(1);
    expect(listRequests()[0]?.headers.authorization).toBe('Bearer tok-1');
  });

  it('the page takes an answer that arrived before it mounted, and only once', async () => {
    prefetchOrders(queryClient, PAGE_1);
    await waitFor(() => expect(answers).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await showList(PAGE_1)).total).toBe(101);
    cleanup();
    // A later list (a new page mount) asks the server again.
    await queryClient.resetQueries();
    expect((await showList(PAGE_1)).total).toBe(102);
    expect(listRequests()).toHaveLength(2);
  });

  it('an answer for other parameters or another session is not used', async () => {
    prefetchOrders(queryClient, PAGE_1);
    expect((await showList(PAGE_2)).total).toBeGreaterThan(200);
    cleanup();

    prefetchOrders(queryClient, PAGE_1);
    localStorage.setItem('authToken', 'tok-2');
    await queryClient.resetQueries();
    const data = await showList(PAGE_1);
    expect(listRequests().at(-1)?.headers.authorization).toBe('Bearer tok-2');
    expect(data.total).toBe(100 + answers);
  });

  it('a failed prefetch is dropped: the page asks itself', async () => {
    backend.routes.set('GET /api/orders', () => ({ status: 400, json: { error: 'Ungültige Seitengröße' } }));
    prefetchOrders(queryClient, PAGE_1);
    await waitFor(() => expect(listRequests()).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    backend.routes.set('GET /api/orders', () => ({ json: { orders: [], total: 7 } }));
    expect((await showList(PAGE_1)).total).toBe(7);
    expect(listRequests()).toHaveLength(2);
  });
});
