import { hashKey, keepPreviousData, type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, type DownloadedFile, fetchFile, type QueryValue } from './client';
import { getToken } from './session';
import { queryKeys } from './queryKeys';
import type {
  BulkStatusResponse,
  Order,
  OrderBody,
  OrderFilters,
  OrderListParams,
  OrderListResponse,
  OrderPatch,
  OrderResponse,
  OrderStatus,
  OrderSuggestionsResponse,
  SuccessResponse,
} from './types';

/**
 * The order routes of docs/api/orders.md as plain functions (for tests and non-React callers) and as
 * react-query hooks. Every write refreshes the order lists; the socket does the same for the writes
 * of other users (socket/SocketProvider.tsx).
 */

/** orders.md §9: first page 1, page size 50, sorted by delivery date ascending. */
export const DEFAULT_ORDER_LIST_PARAMS: OrderListParams = {
  page: 1,
  limit: 50,
  sort_by: 'deliveryDate',
  sort_order: 'asc',
};

/** Suggestions start at 2 typed characters (§2.3) and show at most 8 (§9). */
export const SUGGESTION_MIN_CHARS = 2;
export const SUGGESTION_LIMIT = 8;

/** The query string of GET /api/orders: only the filters that are set. */
export function orderListQuery(params: OrderListParams): Record<string, QueryValue> {
  const query: Record<string, QueryValue> = {
    page: params.page,
    limit: params.limit,
    sort_by: params.sort_by,
    sort_order: params.sort_order,
  };
  if (params.searchField && params.searchField !== 'all' && params.filters?.search?.trim()) query.searchField = params.searchField;
  const filters: Partial<OrderFilters> = params.filters ?? {};
  for (const [key, value] of Object.entries(filters)) {
    if (typeof value === 'boolean') {
      if (value) query[key] = 'true';
    } else if (typeof value === 'string' && value.trim() !== '') {
      query[key] = value.trim();
    }
  }
  return query;
}

export function fetchOrders(params: OrderListParams, signal?: AbortSignal): Promise<OrderListResponse> {
  return apiRequest<OrderListResponse>('/orders', { query: orderListQuery(params), ...(signal ? { signal } : {}) });
}

/**
 * A list page requested before any query asks for it (`prefetchOrders`), for the query client of the
 * page that will show it.
 */
interface EarlyOrders {
  hash: string;
  token: string | null;
  startedAt: number;
  answer: Promise<OrderListResponse>;
}

const earlyOrders = new WeakMap<QueryClient, EarlyOrders>();

/** An early answer older than this is not used: the page asks afresh. */
export const EARLY_ORDERS_MAX_AGE_MS = 10_000;

/**
 * Requests a list page now, while the page that shows it is still loading its code (routes.tsx):
 * the page's first fetch of the same page (useOrders) takes this answer instead of asking again, so
 * the page sends the same one request as without it, only earlier. A failed early request is
 * dropped unless the page already waits for it; then the page sees the failure as its own.
 */
export function prefetchOrders(queryClient: QueryClient, params: OrderListParams): void {
  const answer = fetchOrders(params);
  const early: EarlyOrders = { hash: hashKey(queryKeys.orders.list(params)), token: getToken(), startedAt: Date.now(), answer };
  earlyOrders.set(queryClient, early);
  answer.catch(() => {
    if (earlyOrders.get(queryClient) === early) earlyOrders.delete(queryClient);
  });
}

/** The early answer for `params`, once: the first list fetch of the client takes it or drops it. */
function takeEarlyOrders(queryClient: QueryClient, params: OrderListParams): Promise<OrderListResponse> | null {
  const early = earlyOrders.get(queryClient);
  if (!early) return null;
  earlyOrders.delete(queryClient);
  const usable =
    early.hash === hashKey(queryKeys.orders.list(params)) &&
    early.token === getToken() &&
    Date.now() - early.startedAt <= EARLY_ORDERS_MAX_AGE_MS;
  return usable ? early.answer : null;
}

/** One page of the order list; the previous page stays visible while the next one loads. */
export function useOrders(params: OrderListParams, refetchInterval: number | false = false) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: queryKeys.orders.list(params),
    queryFn: ({ signal }) => takeEarlyOrders(queryClient, params) ?? fetchOrders(params, signal),
    placeholderData: keepPreviousData,
    refetchInterval,
  });
}

export async function fetchOrder(id: string, signal?: AbortSignal): Promise<Order> {
  const answer = await apiRequest<OrderResponse>(`/orders/${encodeURIComponent(id)}`, signal ? { signal } : {});
  return answer.order;
}

/** One order, fresh from the server; `initial` (the table row) is shown until it arrives. */
export function useOrder(id: string | null, initial?: Order) {
  return useQuery({
    queryKey: queryKeys.orders.detail(id ?? ''),
    queryFn: ({ signal }) => fetchOrder(id ?? '', signal),
    enabled: id !== null,
    ...(initial ? { placeholderData: initial } : {}),
  });
}

export async function fetchOrderSuggestions(term: string, signal?: AbortSignal): Promise<OrderSuggestionsResponse> {
  return apiRequest<OrderSuggestionsResponse>('/orders/suggestions', { query: { q: term }, ...(signal ? { signal } : {}) });
}

/** Search suggestions for a (debounced) term; nothing below 2 characters. */
export function useOrderSuggestions(term: string) {
  const trimmed = term.trim();
  return useQuery({
    queryKey: queryKeys.orders.suggestions(trimmed),
    queryFn: ({ signal }) => fetchOrderSuggestions(trimmed, signal),
    enabled: trimmed.length >= SUGGESTION_MIN_CHARS,
    select: (answer) => answer.suggestions.slice(0, SUGGESTION_LIMIT),
    staleTime: 10_000,
  });
}

export function createOrder(body: OrderBody): Promise<OrderResponse> {
  return apiRequest<OrderResponse>('/orders', { method: 'POST', body });
}

export function updateOrder(id: string, body: OrderBody): Promise<OrderResponse> {
  return apiRequest<OrderResponse>(`/orders/${encodeURIComponent(id)}`, { method: 'PUT', body });
}

export function patchOrder(id: string, patch: OrderPatch): Promise<OrderResponse> {
  return apiRequest<OrderResponse>(`/orders/${encodeURIComponent(id)}`, { method: 'PATCH', body: patch });
}

export function deleteOrder(id: string): Promise<SuccessResponse> {
  return apiRequest<SuccessResponse>(`/orders/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** Removes the order after the client has downloaded its storno PDF (§4.4). */
export function stornoOrder(id: string): Promise<SuccessResponse> {
  return apiRequest<SuccessResponse>(`/orders/${encodeURIComponent(id)}/storno`, { method: 'POST' });
}

/** §2.2: a storno row's slip number and weight become editable; the unlock is recorded. */
export function unlockDeliveryData(id: string): Promise<OrderResponse> {
  return apiRequest<OrderResponse>(`/orders/${encodeURIComponent(id)}/unlock-delivery-data`, { method: 'POST' });
}

/** §4.7: confirmed or ready orders go to the dispatchers; the others come back with a reason each. */
export function transferToDisposition(ids: string[]): Promise<{ transferred: number; failed: { id: string; orderNumber: string | null; error: string }[]; message: string }> {
  return apiRequest('/orders/transfer-to-disposition', { method: 'POST', body: { order_ids: ids } });
}

export function duplicateOrder(id: string): Promise<OrderResponse> {
  return apiRequest<OrderResponse>(`/orders/${encodeURIComponent(id)}/duplicate`, { method: 'POST' });
}

export function bulkUpdateStatus(orderIds: readonly string[], status: OrderStatus): Promise<BulkStatusResponse> {
  return apiRequest<BulkStatusResponse>('/orders/bulk-status', { method: 'POST', body: { order_ids: orderIds, status } });
}

export function fetchOrderPdf(id: string): Promise<DownloadedFile> {
  return fetchFile(`/orders/${encodeURIComponent(id)}/pdf`);
}

export function fetchStornoPdf(id: string): Promise<DownloadedFile> {
  return fetchFile(`/orders/${encodeURIComponent(id)}/storno-pdf`);
}

/** Puts the server's answer for one order into every cached list page that shows it. */
export function replaceOrderInLists(queryClient: QueryClient, order: Order): void {
  queryClient.setQueriesData<OrderListResponse>({ queryKey: queryKeys.orders.lists() }, (old) =>
    old ? { ...old, orders: old.orders.map((existing) => (existing.id === order.id ? order : existing)) } : old,
  );
  queryClient.setQueryData(queryKeys.orders.detail(order.id), order);
}

/** Reloads the order queries in the background: the caller's message does not wait for the reload. */
function invalidateOrders(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: queryKeys.orders.all });
}

/** §4.3: after an inline status change the page reloads about half a second later. */
export const STATUS_RELOAD_DELAY_MS = 500;

export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrder,
    onSuccess: () => {
      void invalidateOrders(queryClient);
    },
  });
}

export function useUpdateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: OrderBody }) => updateOrder(id, body),
    onSuccess: ({ order }) => {
      replaceOrderInLists(queryClient, order);
      void invalidateOrders(queryClient);
    },
  });
}

export function usePatchOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: OrderPatch }) => patchOrder(id, patch),
    onSuccess: ({ order }, { patch }) => {
      replaceOrderInLists(queryClient, order);
      if (patch.status !== undefined) setTimeout(() => void invalidateOrders(queryClient), STATUS_RELOAD_DELAY_MS);
      else void invalidateOrders(queryClient);
    },
  });
}

export function useUnlockDeliveryData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unlockDeliveryData,
    onSuccess: ({ order }) => {
      replaceOrderInLists(queryClient, order);
      void invalidateOrders(queryClient);
    },
  });
}

export function useTransferToDisposition() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: transferToDisposition, onSuccess: () => void invalidateOrders(queryClient) });
}

export function useDeleteOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOrder,
    onSuccess: () => {
      void invalidateOrders(queryClient);
    },
  });
}

export function useStornoOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: stornoOrder,
    onSuccess: () => {
      void invalidateOrders(queryClient);
    },
  });
}

export function useDuplicateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: duplicateOrder,
    onSuccess: () => {
      void invalidateOrders(queryClient);
    },
  });
}

export function useBulkStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderIds, status }: { orderIds: readonly string[]; status: OrderStatus }) => bulkUpdateStatus(orderIds, status),
    onSettled: () => {
      void invalidateOrders(queryClient);
    },
  });
}
