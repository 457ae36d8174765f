import { messages } from '@dispo/domain/messages';
import type { AlternativeTime, CapacityAnalysis as FullAnalysis } from '@dispo/domain/quick-order/capacity';
import type { RouteMaterialEntry } from '@dispo/domain/quick-order/route-history';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from './client';
import { queryKeys } from './queryKeys';
import type { DeliveryTimeType, Order, OrderBody, OrderUnit } from './types';

/** The quick-order wizard's calls (docs/api/order-intake-tools.md; orders.md §7.1, §7.2, §7.5). */

export interface QuickOrderBody extends Partial<Omit<OrderBody, 'material_id'>> {
  material_ids: string[];
  quantities?: (number | null)[];
  units?: (OrderUnit | null)[];
  source?: 'quick_order' | 'template';
}

export interface QuickOrderAnswer {
  success: boolean;
  created: number;
  failed: number;
  message: string;
  orders: Order[];
  failures: { index: number; materialId: string; error: string }[];
}

export type { AlternativeTime, RouteMaterialEntry };

/** What the wizard reads of an analysis (docs/capacity-analysis.md). */
export type CapacityAnalysis = Pick<FullAnalysis, 'riskLevel' | 'utilizationPercentage' | 'recommendations'>;

export interface CapacityRequest {
  date: string;
  timeFrom: string;
  timeTo: string;
  plantId: string | null;
}

/** The time fields of an order body: only those of its type are sent, the others are null. */
export function deliveryTimeBody(type: DeliveryTimeType, fixed: string | null, from: string | null, to: string | null) {
  return {
    delivery_time_type: type,
    delivery_time_fixed: type === 'fixed' ? fixed || null : null,
    delivery_time_from: type === 'range' ? from || null : null,
    delivery_time_to: type === 'range' ? to || null : null,
  };
}

export function createQuickOrders(body: QuickOrderBody): Promise<QuickOrderAnswer> {
  return apiRequest<QuickOrderAnswer>('/orders/quick', { method: 'POST', body });
}

export function useCreateQuickOrders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createQuickOrders,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
  });
}

export async function fetchMaterialHistory(plantId: string, deliveryPlantId: string, signal?: AbortSignal): Promise<RouteMaterialEntry[]> {
  const answer = await apiRequest<{ history: { materials: RouteMaterialEntry[] } }>(
    `/plants/${encodeURIComponent(plantId)}/material-history`,
    {
      query: { deliveryPlantId },
      ...(signal ? { signal } : {}),
    },
  );
  return answer.history.materials;
}

/** The route's history, once both plants are chosen; a failure means no suggestions. */
export function useMaterialHistory(plantId: string, deliveryPlantId: string) {
  return useQuery({
    queryKey: [...queryKeys.orders.all, 'material-history', plantId, deliveryPlantId] as const,
    queryFn: ({ signal }) => fetchMaterialHistory(plantId, deliveryPlantId, signal),
    enabled: plantId !== '' && deliveryPlantId !== '',
    retry: false,
  });
}

export async function fetchLastQuickOrder(plantId: string): Promise<Order | null> {
  try {
    const answer = await apiRequest<{ order: Order | null }>(`/orders/last-quick-order/${encodeURIComponent(plantId)}`);
    return answer.order;
  } catch (error) {
    throw new Error(`${messages.errors.loadLastQuickOrder}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}

/** §8.3: a failed analysis counts as risk normal without recommendations, so no warning appears. */
export const NO_WARNING: CapacityAnalysis = { riskLevel: 'normal', utilizationPercentage: 0, recommendations: [] };

export async function analyzeCapacity(request: CapacityRequest, signal?: AbortSignal): Promise<CapacityAnalysis> {
  try {
    const answer = await apiRequest<{ success: boolean; analysis?: CapacityAnalysis } & Partial<CapacityAnalysis>>(
      '/capacity-analysis/analyze',
      {
        method: 'POST',
        body: request,
        idempotent: true,
        ...(signal ? { signal } : {}),
      },
    );
    // §7.5: reads `analysis`, or the same fields at the top level.
    const analysis = answer.analysis ?? (answer as CapacityAnalysis);
    return { ...NO_WARNING, ...analysis, recommendations: analysis.recommendations ?? [] };
  } catch {
    return NO_WARNING;
  }
}

export function useCapacityAnalysis(request: CapacityRequest | null) {
  return useQuery({
    queryKey: [...queryKeys.orders.all, 'capacity', request] as const,
    queryFn: ({ signal }) => analyzeCapacity(request!, signal),
    enabled: request !== null,
    staleTime: 10_000,
    placeholderData: (previous) => previous,
  });
}
