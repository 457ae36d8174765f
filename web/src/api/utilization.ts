import type { MailDeliveryState } from '@dispo/domain/order-mail/delivery';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, fetchFile } from './client';
import { clearDispatchCaches, DISPATCH_STALE_TIMES } from './disposition';
import type { AssignResponse } from './dispositionTypes';
import { queryKeys } from './queryKeys';
import type { SlotRecommendation } from '@dispo/domain/utilization/drag-preview';

/** dispatch.md §3 "Timeline indicator per vehicleId". */
export interface TimelineIndicator {
  hasEfficientConnectionAvailable: boolean;
  hasScheduleConflict: boolean;
  trafficStatus: 'GOOD' | 'MODERATE' | 'CRITICAL';
  trafficTooltip: string;
}

export interface TimelineIndicatorsResponse {
  success: boolean;
  data: Record<string, TimelineIndicator>;
}

/** dispatch.md §3 "Drag preview recommendation": the server's type. */
export type { SlotColor, SlotRecommendation } from '@dispo/domain/utilization/drag-preview';
export interface DragPreviewResponse {
  success: boolean;
  recommendations: SlotRecommendation[];
  vehicleTours: { id: string; tourNumber: string; startTime: string; endTime: string }[];
  calculatedAt: string;
}
export interface DragPreviewBody {
  vehicleId: string;
  selectedDate: string;
  orderData: { orderId: string; orderNumber?: string };
  timeRange: { startHour: number; endHour: number; interval: number };
}

/** dispatch.md §3 "Connection suggestion". */
export interface ConnectionSuggestion {
  orderId: string;
  orderNumber: string;
  material: string | null;
  quantity: number;
  deliveryTime: string;
  suitabilityScore: number;
  distance: number;
  travelTime: number;
  reasoning: string;
  plantName: string | null;
  deliveryAddress: string | null;
  deliveryCity: string | null;
  customer: string | null;
  compatibility: 'perfect' | 'good' | 'other';
  startTime: string;
}
export interface MosiSuggestionsResponse {
  success: boolean;
  tour: { id: string; tourNumber: string; vehicleId: string; date: string; endTime: string };
  suggestions: ConnectionSuggestion[];
}

const path = (id: string) => encodeURIComponent(id);

export function fetchTimelineIndicators(date: string, signal?: AbortSignal) {
  return apiRequest<TimelineIndicatorsResponse>('/utilization/timeline-indicators', { query: { date }, ...(signal ? { signal } : {}) });
}

/** POST /api/drag-preview (the caller throttles, dispatch.md §9: one per 150 ms). */
export function fetchDragPreview(body: DragPreviewBody, signal?: AbortSignal) {
  return apiRequest<DragPreviewResponse>('/drag-preview', { method: 'POST', body, ...(signal ? { signal } : {}) });
}

export function fetchMosiSuggestions(tourId: string, signal?: AbortSignal) {
  return apiRequest<MosiSuggestionsResponse>(`/mosi-ai/tours/${path(tourId)}/connections`, signal ? { signal } : {});
}

export function assignConnection(body: { tourId: string; orderId: string; confirmWarnings?: boolean }) {
  return apiRequest<AssignResponse & { joined: boolean }>('/mosi-ai/assign-connection', { method: 'POST', body });
}

/** Indicators of the timeline's vehicles; off while the visual AI hints are switched off. */
export function useTimelineIndicators(date: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.dispatch.indicators(date),
    queryFn: ({ signal }) => fetchTimelineIndicators(date, signal),
    staleTime: DISPATCH_STALE_TIMES.tours,
    enabled,
    select: (answer) => answer.data,
  });
}

export function useMosiSuggestions(tourId: string) {
  return useQuery({
    queryKey: queryKeys.dispatch.mosi(tourId),
    queryFn: ({ signal }) => fetchMosiSuggestions(tourId, signal),
    staleTime: DISPATCH_STALE_TIMES.openOrders,
  });
}

export function useAssignConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignConnection,
    onSuccess: () => clearDispatchCaches(queryClient),
  });
}

/** POST /api/disposition/send-tour-plan (dispatch.md §7). */
export interface SendTourPlanResponse {
  success: boolean;
  tourPlanSent: boolean;
  tourPlanQueued: boolean;
  /** Where the queued mail stands; the answer never waits for the SMTP server. */
  tourPlanDelivery?: MailDeliveryState;
  tourPlanError?: string;
  recipients: string[];
}

export function sendTourPlan(body: { targetDate: string; recipients?: string[] }) {
  return apiRequest<SendTourPlanResponse>('/disposition/send-tour-plan', { method: 'POST', body });
}

/** GET /api/disposition/tour-plan/{date}: the day's tour plan PDF, with the bearer token. */
export function fetchTourPlanPdf(date: string) {
  return fetchFile(`/disposition/tour-plan/${path(date)}`);
}

/** GET /api/disposition/day/{date}: the day's completion (Dispo abschließen), if any. */
export interface DispoDay {
  date: string;
  completed: boolean;
  completions: number;
  completedAt: string | null;
  completedBy: { id: string; full_name: string } | null;
  tourCount: number | null;
  vehicleCount: number | null;
  /** The plan changed after the tour plan went out (the first change since); null: it did not. */
  changedSinceTourPlan?: { tourNumber: string; changedAt: string } | null;
}

export function fetchDispoDay(date: string, signal?: AbortSignal) {
  return apiRequest<{ day: DispoDay }>(`/disposition/day/${path(date)}`, signal ? { signal } : {});
}

export function useDispoDay(date: string) {
  return useQuery({
    queryKey: queryKeys.dispatch.day(date),
    queryFn: ({ signal }) => fetchDispoDay(date, signal),
    staleTime: DISPATCH_STALE_TIMES.default,
    select: (answer) => answer.day,
  });
}
