import { QueryClient } from '@tanstack/react-query';

/**
 * Queries refetch when the page becomes visible again (orders.md §4.10; react-query listens to
 * `visibilitychange`). Failed requests are repeated by the API client's one retry policy (fleet.md
 * §9, client.ts `sendWithRetry`), so react-query does not retry on top of it.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: true,
        refetchOnReconnect: true,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
