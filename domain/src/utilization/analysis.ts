import { type Band, efficiencyBand, efficiencyOf, utilizationBand } from './bands';
import { hasOverlap, type ScheduledTour } from './schedule';

export interface VehicleUtilization {
  plannedMinutes: number;
  plannedHours: number;
  availableHours: number;
  utilization: number;
  utilizationBand: Band;
  tourCount: number;
  orderCount: number;
  tons: number;
  totalKm: number;
  emptyKm: number;
  loadedKm: number;
  /** Empty km of all driven km (0..1); null when the travel model knows no km of the day. */
  emptyRunShare: number | null;
  efficiency: number;
  efficiencyBand: Band;
  hasScheduleConflict: boolean;
}

/** Minutes covered by the tours inside the working window, overlaps counted once. */
export function plannedMinutesIn(tours: readonly { start: number; end: number }[], window: { start: number; end: number }): number {
  const spans = tours
    .map((t) => [Math.max(t.start, window.start), Math.min(t.end, window.end)] as const)
    .filter(([a, b]) => b > a)
    .sort((a, b) => a[0] - b[0]);
  let total = 0;
  let coveredTo = -Infinity;
  for (const [a, b] of spans) {
    const from = Math.max(a, coveredTo);
    if (b > from) total += b - from;
    coveredTo = Math.max(coveredTo, b);
  }
  return total;
}

const round1 = (value: number) => Math.round(value * 10) / 10;

/** dispatch.md §7, §9: a vehicle's planned hours against its working window, km, empty runs, efficiency. */
export function vehicleUtilization(tours: readonly ScheduledTour[], window: { start: number; end: number }): VehicleUtilization {
  const active = tours.filter((t) => t.status !== 'cancelled');
  const planned = plannedMinutesIn(active, window);
  const windowMinutes = Math.max(1, window.end - window.start);
  const utilization = round1((planned / windowMinutes) * 100);
  const known = active.filter((t) => t.emptyKm !== null && t.loadedKm !== null);
  const emptyKm = round1(known.reduce((sum, t) => sum + (t.emptyKm ?? 0), 0));
  const loadedKm = round1(known.reduce((sum, t) => sum + (t.loadedKm ?? 0), 0));
  const totalKm = round1(emptyKm + loadedKm);
  const emptyRunShare = known.length > 0 && totalKm > 0 ? Math.round((emptyKm / totalKm) * 1000) / 1000 : null;
  const efficiency = efficiencyOf(active.length, emptyRunShare);
  return {
    plannedMinutes: planned,
    plannedHours: round1(planned / 60),
    availableHours: round1(windowMinutes / 60),
    utilization,
    utilizationBand: utilizationBand(utilization),
    tourCount: active.length,
    orderCount: active.reduce((sum, t) => sum + t.orderCount, 0),
    tons: round1(active.reduce((sum, t) => sum + t.tons, 0)),
    totalKm,
    emptyKm,
    loadedKm,
    emptyRunShare,
    efficiency,
    efficiencyBand: efficiencyBand(efficiency),
    hasScheduleConflict: hasOverlap(active),
  };
}
