import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { configureApiClient } from './api/client';
import { ErrorBoundary } from './features/error/ErrorBoundary';
import { paths } from './routes';

type AppRouter = Parameters<typeof RouterProvider>[0]['router'];

/**
 * Connects the API client to the router: a 401 sends the user to /login with the notice in the
 * router state, and the cache of the old session is dropped.
 */
export function connectApiToRouter(router: AppRouter, queryClient: QueryClient): void {
  configureApiClient({
    redirectToLogin: (notice) => {
      void router.navigate(paths.login, { replace: true, state: { notice } }).then(() => queryClient.clear());
    },
  });
}

export interface AppProps {
  router: AppRouter;
  queryClient: QueryClient;
}

export function App({ router, queryClient }: AppProps) {
  return (
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
