import type { DailySummary, MaterialStat, OrderMetrics, StatisticsPeriod, VehicleStat } from '@dispo/domain/statistics/statistics-figures';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from './client';
import { queryKeys } from './queryKeys';

export type { DailySummary, MaterialStat, OrderMetrics, StatisticsPeriod, VehicleStat } from '@dispo/domain/statistics/statistics-figures';

/**
 * The statistics of the order intake (orders.md §3 "Statistics", §7.5; docs/read-models.md
 * "Statistics"): all four calls are loaded together for one period.
 */

export interface Statistics {
  summary: DailySummary;
  metrics: OrderMetrics;
  materials: MaterialStat[];
  vehicles: VehicleStat[];
}

async function data<T>(path: string, query: Record<string, string>, signal?: AbortSignal): Promise<T> {
  return (await apiRequest<{ data: T }>(path, { query, ...(signal ? { signal } : {}) })).data;
}

/** §7.5: the four calls together; the day summary is that of the period's last day. */
export async function fetchStatistics({ dateFrom, dateTo }: StatisticsPeriod, signal?: AbortSignal): Promise<Statistics> {
  const period = { dateFrom, dateTo };
  const [summary, metrics, materials, vehicles] = await Promise.all([
    data<DailySummary>('/statistics/daily-summary', { date: dateTo }, signal),
    data<OrderMetrics>('/statistics/order-metrics', period, signal),
    data<MaterialStat[]>('/statistics/material-stats', period, signal),
    data<VehicleStat[]>('/statistics/vehicle-stats', period, signal),
  ]);
  return { summary, metrics, materials, vehicles };
}

export function useStatistics(period: StatisticsPeriod) {
  return useQuery({
    queryKey: queryKeys.statistics.period(period.dateFrom, period.dateTo),
    queryFn: ({ signal }) => fetchStatistics(period, signal),
    retry: false,
  });
}
