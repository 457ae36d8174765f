import type { QueryClient } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense } from 'react';
import { matchPath, Navigate, type RouteObject } from 'react-router';
import { messages } from '@dispo/domain/messages';
import { PageLoading } from './components/PageLoading';
import { LoginPage } from './features/auth/LoginPage';
import { DispatchRoute, loadDispatchPage } from './features/dispatch/DispatchRoute';
import { RouteErrorScreen } from './features/error/RouteErrorScreen';
import { prefetchFirstOrderPage } from './features/orders/firstPage';
import { AppShell } from './features/shell/AppShell';
import { RequireAuth } from './features/shell/RequireAuth';

export const paths = {
  login: '/login',
  orders: '/auftragsannahme',
  fleet: '/fuhrpark',
  dispatch: '/disposition',
  mailOutbox: '/postausgang',
  operations: '/betrieb',
  billing: '/abrechnung',
  audit: '/pruefung',
} as const;

export interface RouteOptions {
  /** Server origin of the socket; default the page's own origin. */
  socketUrl?: string;
  /** The app's query client: the first order page is requested with it while the page's code loads. */
  queryClient?: QueryClient;
}

// Each area is a chunk of its own, loaded when its route is first shown: the Auftragsannahme does not
// load the code of the Fuhrpark or the Disposition (nor they its).
const FleetPage = lazy(() => import('./features/fleet/FleetPage').then((module) => ({ default: module.FleetPage })));
const BillingPage = lazy(() => import('./features/billing/BillingPage').then((module) => ({ default: module.BillingPage })));
const AuditPage = lazy(() => import('./features/audit/AuditPage').then((module) => ({ default: module.AuditPage })));
const OperationsPage = lazy(() => import('./features/operations/OperationsPage').then((module) => ({ default: module.OperationsPage })));
const MailOutboxPage = lazy(() => import('./features/mail-outbox/MailOutboxPage').then((module) => ({ default: module.MailOutboxPage })));

/** The Auftragsannahme, loaded on demand; its first list page is requested at the same time as its code. */
function lazyOrdersPage(queryClient: QueryClient | undefined) {
  return lazy(() => {
    if (queryClient) prefetchFirstOrderPage(queryClient);
    return import('./features/orders/OrdersPage').then((module) => ({ default: module.OrdersPage }));
  });
}

/**
 * The code of the page the app opens on, when index.html preloaded it (vite.config.ts): main.tsx runs
 * it before the first render, so that the page is drawn at once, not a loading notice first and the
 * page a frame later. Only the Disposition: it is opened directly all day, and its route renders
 * loaded code at once (a lazy page would still suspend once). A failed load is left to the route.
 */
export function loadInitialPage(pathname: string): Promise<unknown> {
  if (!matchPath(paths.dispatch, pathname)) return Promise.resolve();
  return loadDispatchPage().catch(() => undefined);
}

function loading(text: string, page: ReactNode) {
  return <Suspense fallback={<PageLoading text={text} />}>{page}</Suspense>;
}

/**
 * /login is public; everything else sits in the shell and needs a token.
 * / leads to the Auftragsannahme; unknown paths lead to /.
 */
export function createRoutes({ socketUrl, queryClient }: RouteOptions = {}): RouteObject[] {
  const OrdersPage = lazyOrdersPage(queryClient);
  return [
    {
      errorElement: <RouteErrorScreen />,
      children: [
        { path: paths.login, element: <LoginPage /> },
        {
          path: '/',
          element: (
            <RequireAuth>
              <AppShell {...(socketUrl === undefined ? {} : { socketUrl })} />
            </RequireAuth>
          ),
          children: [
            { index: true, element: <Navigate to={paths.orders} replace /> },
            { path: paths.orders.slice(1), element: loading(messages.orderTable.loading, <OrdersPage />) },
            { path: paths.fleet.slice(1), element: loading(messages.fleetScreen.loading, <FleetPage />) },
            { path: paths.dispatch.slice(1), element: <DispatchRoute /> },
            { path: paths.mailOutbox.slice(1), element: loading(messages.mailOutbox.loading, <MailOutboxPage />) },
            { path: paths.operations.slice(1), element: loading(messages.operations.loading, <OperationsPage />) },
            { path: paths.billing.slice(1), element: loading(messages.billingScreen.loading, <BillingPage />) },
            { path: paths.audit.slice(1), element: loading(messages.orderTable.loading, <AuditPage />) },
          ],
        },
        { path: '*', element: <Navigate to="/" replace /> },
      ],
    },
  ];
}
