import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, type DownloadedFile, fetchFile } from './client';
import { queryKeys } from './queryKeys';
import type { Order } from './types';

/**
 * Billing (orders.md §4.2, §7.3; docs/api/orders.md "Billing"): the orders handed to billing, the
 * settled ones, their sums, and the commands of billing staff (confirm, undo with a reason, remove).
 */

/** Loading plant and delivery period (YYYY-MM-DD, inclusive); empty strings mean no filter. */
export interface BillingFilter {
  plantId: string;
  startDate: string;
  endDate: string;
}

/** An order as billing lists it: the order, the weights compared, the loaded road km and the tariff's revenue. */
export type BillingOrder = Order & {
  weightDifference: number | null;
  loadedKm: number | null;
  revenue: number | null;
};

export interface BillingGroupStats {
  count: number;
  estimatedTonnes: number;
  actualTonnes: number;
  revenue: number;
}

export interface BillingStats {
  pending: BillingGroupStats;
  confirmed: BillingGroupStats;
  /** Pending orders whose settlement billing took back. */
  undone: BillingGroupStats;
  estimatedWeight: number;
  actualWeight: number;
  weightDifference: number;
  revenue: number;
  currency: 'EUR';
  withoutRevenue: number;
}

export interface SelectionResult {
  failed: { id: string; orderNumber: string | null; error: string }[];
}

/** Settled orders per page of the screen. */
export const CONFIRMED_PAGE_SIZE = 25;

const query = (f: BillingFilter) => ({ plantId: f.plantId || null, startDate: f.startDate || null, endDate: f.endDate || null });

export function useBillingPending(filter: BillingFilter) {
  return useQuery({
    queryKey: queryKeys.billing.pending(filter),
    queryFn: ({ signal }) => apiRequest<{ orders: BillingOrder[] }>('/billing/pending', { query: query(filter), signal }),
    placeholderData: keepPreviousData,
  });
}

export function useBillingConfirmed(filter: BillingFilter, page: number) {
  return useQuery({
    queryKey: queryKeys.billing.confirmed(filter, page),
    queryFn: ({ signal }) =>
      apiRequest<{ orders: BillingOrder[]; total: number }>('/billing/confirmed', { query: { ...query(filter), page, limit: CONFIRMED_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useBillingStats(filter: BillingFilter) {
  return useQuery({
    queryKey: queryKeys.billing.stats(filter),
    queryFn: ({ signal }) => apiRequest<{ stats: BillingStats }>('/billing/stats', { query: query(filter), signal }),
    placeholderData: keepPreviousData,
  });
}

/** The commands of billing staff; every success refreshes billing and the order list. */
export function useBillingCommands() {
  const queryClient = useQueryClient();
  const refresh = () => Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.billing.all }), queryClient.invalidateQueries({ queryKey: queryKeys.orders.all })]);
  const onSuccess = () => void refresh();
  return {
    confirm: useMutation({ mutationFn: (id: string) => apiRequest<{ order: Order }>(`/billing/confirm/${encodeURIComponent(id)}`, { method: 'POST' }), onSuccess }),
    confirmMany: useMutation({
      mutationFn: (ids: string[]) => apiRequest<SelectionResult & { confirmed: number }>('/billing/confirm', { method: 'POST', body: { order_ids: ids } }),
      onSuccess,
    }),
    undo: useMutation({
      mutationFn: ({ id, reason }: { id: string; reason: string }) =>
        apiRequest<{ order: Order }>(`/billing/undo/${encodeURIComponent(id)}`, { method: 'POST', body: { reason } }),
      onSuccess,
    }),
    remove: useMutation({ mutationFn: (id: string) => apiRequest<{ order: Order }>(`/billing/remove/${encodeURIComponent(id)}`, { method: 'DELETE' }), onSuccess }),
  };
}

/** The billing record of one order as a file (JSON or CSV for accounting tools). */
export function fetchBillingRecord(id: string, format: 'json' | 'csv'): Promise<DownloadedFile> {
  return fetchFile(`/billing/export/${encodeURIComponent(id)}?format=${format}`);
}
