import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EfficiencyGrade, MarginBand, Recommendation, TourStatusLabel, UtilizationRating } from '@dispo/domain/vehicle-analytics/analytics';
import { apiRequest, type DownloadedFile, fetchFile } from './client';
import { queryKeys } from './queryKeys';

/** A date range of Berlin days (fleet.md §9 default: the last 3 months to today). */
export interface AnalyticsRange {
  from: string;
  to: string;
}

/** fleet.md §3 Vehicle history entry as GET …/history answers it. */
export interface AnalyticsHistoryEntry {
  id: string;
  performedAt: string | null;
  actionType: string;
  actionTitle: string;
  description: string;
  category: string;
  priority: string;
  systemGenerated: boolean;
  performer: { firstName: string; lastName: string } | null;
  tourId: string | null;
  revenueAmount: number | null;
  costAmount: number | null;
  odometerReading: number | null;
}

export interface TourOrder {
  id: string;
  sequenceNumber: number;
  status: string;
  statusLabel: TourStatusLabel;
  calculatedRevenue: number | null;
  revenueEstimated: boolean;
  transportOrder: {
    orderNumber: string | null;
    billingConfirmed: boolean;
    customer: { company: string | null };
    material: { name: string | null };
    deliveryAddress: string | null;
    deliveryPlant: { name: string; city: string | null } | null;
  };
}

export interface AnalyticsTour {
  id: string;
  tourNumber: string;
  status: string;
  statusLabel: TourStatusLabel;
  calculatedRevenue: number | null;
  revenueEstimated: boolean;
  revenueCalculated: boolean;
  unpricedOrders: number;
  totalDistance: number;
  startTime: string;
  endTime: string | null;
  hours: number;
  driverName: string | null;
  tourOrders: TourOrder[];
}

/** fleet.md §3 Tour analytics per day. */
export interface TourDay {
  date: string;
  totalRevenue: number;
  totalDistance: number;
  orderCount: number;
  tours: AnalyticsTour[];
}

export interface MaintenanceItem {
  id: string;
  type: string;
  date: string;
  workshop: string | null;
  notes: string | null;
  amount: number;
}

/** fleet.md §3 Financial overview, with the bands of §9. */
export interface Financial {
  totalRevenue: number;
  totalMaintenanceCosts: number;
  totalRunningCosts: number;
  netProfit: number;
  profitMargin: number | null;
  maintenanceShare: number | null;
  costPerKm: number;
  completedTours: number;
  toursWithoutRevenue: number;
  marginBand: MarginBand | null;
  assessment: 'good' | 'medium' | 'weak' | null;
  maintenanceShareBand: 'good' | 'medium' | 'high' | null;
  /** The days summed (the tours themselves: GET …/tours). */
  tourAnalytics: { date: string; totalRevenue: number; totalDistance: number; orderCount: number; tourCount: number }[];
  maintenanceBreakdown: MaintenanceItem[];
}

export interface DailyPerformance {
  date: string;
  tours: number;
  orders: number;
  distance: number;
  revenue: number;
  hours: number;
  utilization: number;
  band: 'high' | 'medium' | 'low';
}

/** fleet.md §3 Utilisation, with the rating, efficiency, trends and recommendations of §9. */
export interface Utilization {
  utilizationRate: number;
  activeDays: number;
  totalDays: number;
  workingHoursPerDay: number;
  totalOrders: number;
  totalDistance: number;
  averageOrdersPerDay: number;
  averageDistancePerDay: number;
  rating: UtilizationRating;
  efficiencyScore: number;
  efficiencyGrade: EfficiencyGrade;
  trends: { utilization: boolean; orders: boolean; distance: boolean };
  recommendations: Recommendation[];
  tourStats: { totalTours: number; completedTours: number; dailyPerformance: DailyPerformance[] };
}

const base = (vehicleId: string) => `/vehicle-analytics/${encodeURIComponent(vehicleId)}`;

function fetchPart<T>(vehicleId: string, part: string, range: AnalyticsRange, signal?: AbortSignal): Promise<T> {
  return apiRequest<T>(`${base(vehicleId)}/${part}`, { query: { from: range.from, to: range.to }, ...(signal ? { signal } : {}) });
}

function usePart<T, R>(part: string, vehicleId: string, range: AnalyticsRange, pick: (answer: T) => R) {
  return useQuery({
    queryKey: queryKeys.fleet.analytics(part, vehicleId, range),
    queryFn: async ({ signal }) => pick(await fetchPart<T>(vehicleId, part, range, signal)),
    staleTime: 30_000,
  });
}

export const useAnalyticsHistory = (vehicleId: string, range: AnalyticsRange) =>
  usePart('history', vehicleId, range, (a: { history: AnalyticsHistoryEntry[] }) => a.history);
export const useTourAnalytics = (vehicleId: string, range: AnalyticsRange) =>
  usePart('tours', vehicleId, range, (a: { tourAnalytics: TourDay[] }) => a.tourAnalytics);
export const useFinancial = (vehicleId: string, range: AnalyticsRange) => usePart('financial', vehicleId, range, (a: { financial: Financial }) => a.financial);
export const useUtilization = (vehicleId: string, range: AnalyticsRange) =>
  usePart('utilization', vehicleId, range, (a: { utilization: Utilization }) => a.utilization);

/** POST …/history body (snake_case). */
export interface HistoryEntryBody {
  action_type: string;
  action_title: string;
  description: string;
}

export function useAddHistoryEntry(vehicleId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: HistoryEntryBody) =>
      apiRequest<{ historyEntry: AnalyticsHistoryEntry }>(`${base(vehicleId)}/history`, { method: 'POST', body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: [...queryKeys.fleet.all, 'analytics'] }),
  });
}

/** The PDF report of the dialog's figures for the range. */
export function downloadAnalyticsPdf(vehicleId: string, range: AnalyticsRange): Promise<DownloadedFile> {
  return fetchFile(`${base(vehicleId)}/report.pdf?${new URLSearchParams({ from: range.from, to: range.to }).toString()}`);
}
