import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from './client';
import { clearDispatchCaches } from './disposition';
import type { OptimizationOperationStatus, OptimizationResultResponse, OptimizationSavings, TourOptimizationResponse } from './dispositionTypes';
import { queryKeys } from './queryKeys';

/** The route optimization calls of dispatch.md §7 (docs/api/optimization.md). */

/** dispatch.md §7: the status is polled every 2 s, for 5 minutes at most. */
export const OPTIMIZATION_POLL_MS = 2000;
export const OPTIMIZATION_TIMEOUT_MS = 5 * 60 * 1000;

const path = (id: string) => encodeURIComponent(id);

export function startOptimization(tourId: string) {
  return apiRequest<{ operationId: string; status: string }>(`/optimization/tours/${path(tourId)}/optimize`, { method: 'POST' });
}

export function fetchOperationStatus(operationId: string, signal?: AbortSignal) {
  return apiRequest<OptimizationOperationStatus>(`/optimization/operations/${path(operationId)}/status`, signal ? { signal } : {});
}

export function fetchOperationResult(operationId: string, signal?: AbortSignal) {
  return apiRequest<OptimizationResultResponse>(`/optimization/operations/${path(operationId)}/result`, signal ? { signal } : {});
}

export function fetchTourOptimization(tourId: string, signal?: AbortSignal) {
  return apiRequest<TourOptimizationResponse>(`/optimization/tours/${path(tourId)}/optimization`, signal ? { signal } : {});
}

export function applyOptimization(tourId: string, body: { operationId: string; optimizedRoutes: string[]; savings: OptimizationSavings }) {
  return apiRequest<TourOptimizationResponse>(`/optimization/tours/${path(tourId)}/apply`, { method: 'POST', body });
}

export function resetOptimization(tourId: string) {
  return apiRequest<TourOptimizationResponse>(`/optimization/tours/${path(tourId)}/optimization`, { method: 'DELETE' });
}

export function useTourOptimization(tourId: string) {
  return useQuery({ queryKey: queryKeys.dispatch.optimization(tourId), queryFn: ({ signal }) => fetchTourOptimization(tourId, signal) });
}

export function useOperationResult(operationId: string | null) {
  return useQuery({
    queryKey: queryKeys.dispatch.optimizationResult(operationId ?? ''),
    queryFn: ({ signal }) => fetchOperationResult(operationId!, signal),
    enabled: operationId !== null,
  });
}

/** Apply and reset change the tour: its sequence, times and labels are fetched again. */
export function useApplyOptimization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ tourId, ...body }: { tourId: string; operationId: string; optimizedRoutes: string[]; savings: OptimizationSavings }) => applyOptimization(tourId, body),
    onSuccess: async (_answer, { tourId }) => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.dispatch.optimization(tourId) });
      await clearDispatchCaches(queryClient);
    },
  });
}

export function useResetOptimization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tourId: string) => resetOptimization(tourId),
    onSuccess: async (_answer, tourId) => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.dispatch.optimization(tourId) });
      await clearDispatchCaches(queryClient);
    },
  });
}
