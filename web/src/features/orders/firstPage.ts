import type { QueryClient } from '@tanstack/react-query';
import { DEFAULT_ORDER_LIST_PARAMS, prefetchOrders } from '../../api/orders';
import type { OrderListParams } from '../../api/types';
import { EMPTY_FILTERS, readHideSettled } from './useOrderFilters';

/**
 * The list page the Auftragsannahme asks for first: page 1 of 50 sorted by delivery date (§9), no
 * filters, "hide settled" as the user left it. OrdersPage starts with exactly these parameters.
 */
export function firstOrderListParams(): OrderListParams {
  return { ...DEFAULT_ORDER_LIST_PARAMS, filters: { ...EMPTY_FILTERS, hideSettled: readHideSettled() } };
}

/** Requests that page now; routes.tsx calls this while the page's code is still loading. */
export function prefetchFirstOrderPage(queryClient: QueryClient): void {
  prefetchOrders(queryClient, firstOrderListParams());
}
