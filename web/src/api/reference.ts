import { useQuery } from '@tanstack/react-query';
import { apiRequest } from './client';
import { queryKeys } from './queryKeys';
import type { Customer, LoadingPoint, Material, Plant } from './types';

/**
 * Reference data of orders.md §7.1 the order screens pick from. Master data changes rarely, so it
 * stays fresh for five minutes.
 */

const REFERENCE_STALE_MS = 5 * 60_000;
/** §9: plant list limit 100; customer search limit 20. */
export const PLANT_LIST_LIMIT = 100;
export const CUSTOMER_SEARCH_LIMIT = 20;

export async function fetchPlants(signal?: AbortSignal): Promise<Plant[]> {
  const answer = await apiRequest<{ plants: Plant[] }>('/plants', { query: { limit: PLANT_LIST_LIMIT }, ...(signal ? { signal } : {}) });
  return answer.plants;
}

export async function fetchLoadingPoints(signal?: AbortSignal): Promise<LoadingPoint[]> {
  const answer = await apiRequest<{ loading_points: LoadingPoint[] }>('/loading-points', signal ? { signal } : {});
  return answer.loading_points;
}

export async function fetchMaterials(signal?: AbortSignal): Promise<Material[]> {
  const answer = await apiRequest<{ materials: Material[] }>('/materials', signal ? { signal } : {});
  return answer.materials;
}

export async function searchCustomers(term: string, signal?: AbortSignal, limit = CUSTOMER_SEARCH_LIMIT): Promise<Customer[]> {
  const answer = await apiRequest<{ customers: Customer[] }>('/customers/search/query', {
    query: { q: term, limit },
    ...(signal ? { signal } : {}),
  });
  return answer.customers;
}

export function usePlants(enabled = true) {
  return useQuery({
    queryKey: queryKeys.reference.plants(),
    queryFn: ({ signal }) => fetchPlants(signal),
    staleTime: REFERENCE_STALE_MS,
    enabled,
  });
}

export function useLoadingPoints(enabled = true) {
  return useQuery({
    queryKey: queryKeys.reference.loadingPoints(),
    queryFn: ({ signal }) => fetchLoadingPoints(signal),
    staleTime: REFERENCE_STALE_MS,
    enabled,
  });
}

export function useMaterials(enabled = true) {
  return useQuery({
    queryKey: queryKeys.reference.materials(),
    queryFn: ({ signal }) => fetchMaterials(signal),
    staleTime: REFERENCE_STALE_MS,
    enabled,
  });
}

/** Customers matching a (debounced) term, from 2 characters. */
export function useCustomerSearch(term: string) {
  const trimmed = term.trim();
  return useQuery({
    queryKey: queryKeys.reference.customers(trimmed),
    queryFn: ({ signal }) => searchCustomers(trimmed, signal),
    enabled: trimmed.length >= 2,
    staleTime: 30_000,
  });
}

/** The first customers by name (at most 100), for choosing favourites in the settings. */
export function useCustomerList() {
  return useQuery({
    queryKey: [...queryKeys.reference.all, 'customer-list'] as const,
    queryFn: ({ signal }) => searchCustomers('', signal, 100),
    staleTime: REFERENCE_STALE_MS,
  });
}
