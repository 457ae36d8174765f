import { type QueryClient, queryOptions, useMutation, usePrefetchQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from './client';
import type {
  AssignBody,
  AssignResponse,
  CompleteDayResponse,
  DispatchStatsResponse,
  DispatchVehiclesResponse,
  MoveBody,
  OpenOrder,
  OpenOrdersResponse,
  Tour,
  TourResponse,
  ToursResponse,
  TourStatus,
} from './dispositionTypes';
import { queryKeys } from './queryKeys';
import type { SuccessResponse } from './types';

/**
 * The Disposition routes of docs/api/disposition.md as plain functions and react-query hooks.
 * Cache times of dispatch.md §7: vehicles 60 s, open orders 20 s, tours of a date 15 s, the rest 30 s.
 * After assign, move and reset the tours and open-order caches are cleared (refetched), and the
 * vehicles (their current tours) and the order lists of the Auftragsannahme with them.
 */

export const DISPATCH_STALE_TIMES = {
  vehicles: 60_000,
  openOrders: 20_000,
  tours: 15_000,
  default: 30_000,
} as const;

/** dispatch.md §9: Live-Dispo refreshes tours and open orders every 60 s. */
export const LIVE_DISPO_INTERVAL_MS = 60_000;

const path = (id: string) => encodeURIComponent(id);

export async function fetchDispatchVehicles(date: string, signal?: AbortSignal) {
  const answer = await apiRequest<DispatchVehiclesResponse>('/disposition/vehicles', { query: { date }, ...(signal ? { signal } : {}) });
  return answer.vehicles ?? [];
}

/**
 * Every open order of the date: the server answers a page at a time, so the pages are fetched until
 * the last. An order that moved between pages while they were fetched is kept once.
 */
export async function fetchOpenOrders(date: string, signal?: AbortSignal) {
  const byId = new Map<string, OpenOrder>();
  let offset: number | null | undefined = 0;
  while (typeof offset === 'number') {
    // The first page's URL stays the one index.html's early call uses (startEarlyDispatchDay).
    const query = offset === 0 ? { date } : { date, offset };
    const answer: OpenOrdersResponse = await apiRequest<OpenOrdersResponse>('/disposition/orders/open', { query, ...(signal ? { signal } : {}) });
    for (const order of answer.orders ?? []) byId.set(order.id, order);
    offset = answer.next_offset;
  }
  return [...byId.values()];
}

export async function fetchTours(date: string, signal?: AbortSignal) {
  const answer = await apiRequest<ToursResponse>(`/disposition/tours/${path(date)}`, signal ? { signal } : {});
  return answer.tours ?? [];
}

export async function fetchTourDetails(id: string, signal?: AbortSignal) {
  const answer = await apiRequest<TourResponse>(`/disposition/tours/details/${path(id)}`, signal ? { signal } : {});
  return answer.tour;
}

export async function fetchDispatchStats(date: string, signal?: AbortSignal) {
  const answer = await apiRequest<DispatchStatsResponse>('/disposition/stats', { query: { date }, ...(signal ? { signal } : {}) });
  return answer.stats;
}

export function assignOrder(body: AssignBody) {
  return apiRequest<AssignResponse>('/disposition/assign', { method: 'POST', body });
}

export function moveTour(id: string, body: MoveBody) {
  return apiRequest<TourResponse>(`/disposition/tours/${path(id)}/move`, { method: 'PUT', body });
}

export function changeTourStatus(id: string, status: TourStatus) {
  return apiRequest<TourResponse>(`/disposition/tours/${path(id)}/status`, { method: 'PATCH', body: { status } });
}

export function resetTour(id: string) {
  return apiRequest<SuccessResponse>(`/disposition/tours/${path(id)}/reset`, { method: 'POST' });
}

export function deleteTour(id: string) {
  return apiRequest<SuccessResponse>(`/disposition/tours/${path(id)}`, { method: 'DELETE' });
}

export function completeDay(targetDate: string, sendTourPlan = true) {
  return apiRequest<CompleteDayResponse>('/disposition/complete', { method: 'POST', body: { targetDate, sendTourPlan } });
}

export interface LiveOption {
  /** Live-Dispo: refetch every LIVE_DISPO_INTERVAL_MS. */
  live?: boolean;
}

/**
 * The three calls of a dispatch day as query options: the hooks and the route's early start
 * (usePrefetchDispatchDay) use the same keys, so a running call is taken over, not repeated.
 */
export const dispatchDayQueries = {
  vehicles: (date: string) =>
    queryOptions({
      queryKey: queryKeys.dispatch.vehicles(date),
      queryFn: ({ signal }) => fetchDispatchVehicles(date, signal),
      staleTime: DISPATCH_STALE_TIMES.vehicles,
    }),
  tours: (date: string) =>
    queryOptions({
      queryKey: queryKeys.dispatch.tours(date),
      queryFn: ({ signal }) => fetchTours(date, signal),
      staleTime: DISPATCH_STALE_TIMES.tours,
    }),
  openOrders: (date: string) =>
    queryOptions({
      queryKey: queryKeys.dispatch.openOrders(date),
      queryFn: ({ signal }) => fetchOpenOrders(date, signal),
      staleTime: DISPATCH_STALE_TIMES.openOrders,
    }),
};

/**
 * Starts the vehicles, tours and open orders of a date during render, all three in parallel (the
 * Disposition route: while the page's code is still loading). The page's queries take the running
 * calls over; a date already in the cache is not fetched again here.
 */
export function usePrefetchDispatchDay(date: string): void {
  usePrefetchQuery(dispatchDayQueries.vehicles(date));
  usePrefetchQuery(dispatchDayQueries.tours(date));
  usePrefetchQuery(dispatchDayQueries.openOrders(date));
}

export function useDispatchVehicles(date: string) {
  return useQuery(dispatchDayQueries.vehicles(date));
}

export function useOpenOrders(date: string, { live = false }: LiveOption = {}) {
  return useQuery({ ...dispatchDayQueries.openOrders(date), refetchInterval: live ? LIVE_DISPO_INTERVAL_MS : false });
}

export function useTours(date: string, { live = false }: LiveOption = {}) {
  return useQuery({ ...dispatchDayQueries.tours(date), refetchInterval: live ? LIVE_DISPO_INTERVAL_MS : false });
}

/** One tour, fresh from the server; `initial` (the timeline's copy) is shown until it arrives. */
export function useTourDetails(id: string | null, initial?: Tour) {
  return useQuery({
    queryKey: queryKeys.dispatch.tourDetails(id ?? ''),
    queryFn: ({ signal }) => fetchTourDetails(id ?? '', signal),
    enabled: id !== null,
    staleTime: DISPATCH_STALE_TIMES.default,
    ...(initial ? { placeholderData: initial } : {}),
  });
}

export function useDispatchStats(date: string) {
  return useQuery({
    queryKey: queryKeys.dispatch.stats(date),
    queryFn: ({ signal }) => fetchDispatchStats(date, signal),
    staleTime: DISPATCH_STALE_TIMES.default,
  });
}

/**
 * Clears the tours and open-order caches (dispatch.md §7 "Caching") and what depends on them; the
 * promise settles when the active queries have been fetched again.
 */
export async function clearDispatchCaches(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.dispatch.toursAll() }),
    queryClient.invalidateQueries({ queryKey: queryKeys.dispatch.openOrdersAll() }),
    queryClient.invalidateQueries({ queryKey: queryKeys.dispatch.vehiclesAll() }),
    queryClient.invalidateQueries({ queryKey: [...queryKeys.dispatch.all, 'tour-details'] }),
    queryClient.invalidateQueries({ queryKey: [...queryKeys.dispatch.all, 'stats'] }),
    queryClient.invalidateQueries({ queryKey: [...queryKeys.dispatch.all, 'indicators'] }),
    queryClient.invalidateQueries({ queryKey: [...queryKeys.dispatch.all, 'mosi'] }),
    // A change to a completed day marks it changed since its tour plan went out (issue 31).
    queryClient.invalidateQueries({ queryKey: [...queryKeys.dispatch.all, 'day'] }),
    queryClient.invalidateQueries({ queryKey: queryKeys.orders.all, refetchType: 'none' }),
  ]);
}

export function useAssignOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignOrder,
    onSuccess: () => clearDispatchCaches(queryClient),
  });
}

export function useMoveTour() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: MoveBody }) => moveTour(id, body),
    onSuccess: () => clearDispatchCaches(queryClient),
  });
}

export function useResetTour() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetTour,
    onSuccess: () => clearDispatchCaches(queryClient),
  });
}

export function useDeleteTour() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTour,
    onSuccess: () => clearDispatchCaches(queryClient),
  });
}

export function useChangeTourStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: TourStatus }) => changeTourStatus(id, status),
    onSuccess: () => clearDispatchCaches(queryClient),
  });
}

export function useCompleteDay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ targetDate, sendTourPlan = true }: { targetDate: string; sendTourPlan?: boolean }) => completeDay(targetDate, sendTourPlan),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.dispatch.all }),
  });
}
