import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { App, connectApiToRouter } from '../App';
import { resetApiClient } from '../api/client';
import { createRoutes, type RouteOptions } from '../routes';

export function createTestQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Number.POSITIVE_INFINITY }, mutations: { retry: false } } });
}

/** Renders the whole app (routes, api wiring, providers) at `path` with a memory router. */
export function renderApp(path: string, options: RouteOptions = {}) {
  resetApiClient();
  const queryClient = createTestQueryClient();
  const router = createMemoryRouter(createRoutes({ ...options, queryClient }), { initialEntries: [path] });
  connectApiToRouter(router, queryClient);
  const result = render(<App router={router} queryClient={queryClient} />);
  return { ...result, router, queryClient };
}
