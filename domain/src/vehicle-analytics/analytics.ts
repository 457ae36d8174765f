import { messages } from '../messages';

/**
 * The figures and bands of the vehicle analytics (fleet.md §3 Financial overview and Utilisation,
 * §4 tour status in analytics, §9 bands and thresholds). Pure: the read side computes the sums.
 */

const round1 = (n: number) => Math.round(n * 10) / 10;
const round2 = (n: number) => Math.round(n * 100) / 100;

/** §9 analytics default range: the last 3 months to today. */
export function defaultRange(today: string): { from: string; to: string } {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const back = new Date(Date.UTC(y, m - 1 - 3, 1));
  const lastDay = new Date(Date.UTC(back.getUTCFullYear(), back.getUTCMonth() + 1, 0)).getUTCDate();
  back.setUTCDate(Math.min(d, lastDay));
  return { from: back.toISOString().slice(0, 10), to: today };
}

export type TourStatusLabel = keyof typeof messages.vehicleAnalytics.tourStatus;

/** §4: a completed tour is billed when its revenue is calculated and not an estimate, else completed. */
export function tourStatusLabel(status: string, revenue: number | null, estimated: boolean): TourStatusLabel {
  if (status === 'completed') return revenue !== null && revenue >= 0 && !estimated ? 'billed' : 'completed';
  if (status === 'in_progress') return 'running';
  return 'planned';
}

/** §4: a tour order: completed (billed if billing is confirmed), in progress, else pending. */
export function tourOrderStatusLabel(status: string, billingConfirmed: boolean): TourStatusLabel {
  if (status === 'completed') return billingConfirmed ? 'billed' : 'completed';
  if (status === 'in_progress') return 'running';
  return 'pending';
}

/** An order's status as a tour order: geliefert and later are completed, unterwegs in progress. */
export function tourOrderStatus(orderStatus: string): 'completed' | 'in_progress' | 'pending' {
  if (orderStatus === 'geliefert' || orderStatus === 'abgerechnet' || orderStatus === 'abgeschlossen') return 'completed';
  if (orderStatus === 'unterwegs') return 'in_progress';
  return 'pending';
}

export type MarginBand = keyof typeof messages.vehicleAnalytics.marginBands;

/** §9: at least 20 'Sehr gut', at least 10 'Gut', at least 0 'Niedrig', below 0 'Verlust'. */
export function marginBand(profitMargin: number): MarginBand {
  if (profitMargin >= 20) return 'veryGood';
  if (profitMargin >= 10) return 'good';
  if (profitMargin >= 0) return 'low';
  return 'loss';
}

/** §9 assessment bands 15 and 5. */
export function marginAssessment(profitMargin: number): keyof typeof messages.vehicleAnalyticsScreen.assessment {
  if (profitMargin >= 15) return 'good';
  if (profitMargin >= 5) return 'medium';
  return 'weak';
}

/** §9 maintenance share of revenue: at most 10 % good, at most 20 % medium, above that high. */
export function maintenanceShareBand(sharePercent: number): keyof typeof messages.vehicleAnalyticsScreen.maintenanceShareBands {
  if (sharePercent <= 10) return 'good';
  if (sharePercent <= 20) return 'medium';
  return 'high';
}

/** §9 day-utilisation text bands: 80 % and 60 %. */
export function dayUtilizationBand(percent: number): keyof typeof messages.vehicleAnalyticsScreen.dayUtilization {
  if (percent >= 80) return 'high';
  if (percent >= 60) return 'medium';
  return 'low';
}

export type UtilizationRating = keyof typeof messages.vehicleAnalytics.utilizationRatings;

/** §9: at least 80 Ausgezeichnet, at least 60 Gut, at least 40 Mäßig, else Niedrig. */
export function utilizationRating(rate: number): UtilizationRating {
  if (rate >= 80) return 'excellent';
  if (rate >= 60) return 'good';
  if (rate >= 40) return 'moderate';
  return 'low';
}

export type EfficiencyGrade = 'A' | 'B' | 'C' | 'D' | 'F';

/** §9: orders per day × 10 + km per day / 50; at least 80 A, 60 B, 40 C, 20 D, else F. */
export function efficiencyScore(ordersPerDay: number, distancePerDay: number): { score: number; grade: EfficiencyGrade } {
  const score = round1(ordersPerDay * 10 + distancePerDay / 50);
  const grade: EfficiencyGrade = score >= 80 ? 'A' : score >= 60 ? 'B' : score >= 40 ? 'C' : score >= 20 ? 'D' : 'F';
  return { score, grade };
}

/** §9 trend thresholds: 70 % utilisation, 5 orders per day, 200 km per day (each met or not). */
export function trends(u: { utilizationRate: number; averageOrdersPerDay: number; averageDistancePerDay: number }) {
  return {
    utilization: u.utilizationRate >= 70,
    orders: u.averageOrdersPerDay >= 5,
    distance: u.averageDistancePerDay >= 200,
  };
}

export type Recommendation = Exclude<keyof typeof messages.vehicleAnalyticsScreen.recommendations, 'none'>;

/**
 * §9 recommendations: utilisation under 60; orders per day under 3; over 300 km per day;
 * utilisation at least 80; at least 5 orders per day with at most 200 km per day.
 */
export function recommendations(u: { utilizationRate: number; averageOrdersPerDay: number; averageDistancePerDay: number }): Recommendation[] {
  const out: Recommendation[] = [];
  if (u.utilizationRate < 60) out.push('lowUtilization');
  if (u.averageOrdersPerDay < 3) out.push('fewOrders');
  if (u.averageDistancePerDay > 300) out.push('longDistances');
  if (u.utilizationRate >= 80) out.push('highUtilization');
  if (u.averageOrdersPerDay >= 5 && u.averageDistancePerDay <= 200) out.push('efficientShortRuns');
  return out;
}

/** §3 Financial overview: net profit after maintenance and running costs, margin in % of revenue. */
export function financialFigures(totalRevenue: number, totalMaintenanceCosts: number, totalRunningCosts: number) {
  const netProfit = round2(totalRevenue - totalMaintenanceCosts - totalRunningCosts);
  const profitMargin = totalRevenue > 0 ? round1((netProfit / totalRevenue) * 100) : null;
  const maintenanceShare = totalRevenue > 0 ? round1((totalMaintenanceCosts / totalRevenue) * 100) : null;
  return { totalRevenue: round2(totalRevenue), totalMaintenanceCosts: round2(totalMaintenanceCosts), totalRunningCosts: round2(totalRunningCosts), netProfit, profitMargin, maintenanceShare };
}

/** Hours a vehicle works on a day of use: the base of the day-utilisation bands. */
export const WORKING_HOURS_PER_DAY = 8;

/** Working days (Monday to Saturday, the days the business delivers) from `from` to `to`, both included. */
export function workingDays(from: string, to: string): number {
  const start = Date.parse(`${from}T00:00:00Z`);
  const end = Date.parse(`${to}T00:00:00Z`);
  let n = 0;
  for (let t = start; t <= end; t += 86_400_000) if (new Date(t).getUTCDay() !== 0) n++;
  return n;
}

/** §3 Utilisation from the days of use and their sums. */
export function utilizationFigures(input: { from: string; to: string; activeDays: number; totalOrders: number; totalDistance: number; totalHours: number }) {
  const totalDays = workingDays(input.from, input.to);
  const active = input.activeDays;
  const utilizationRate = totalDays > 0 ? round1(Math.min(100, (active / totalDays) * 100)) : 0;
  const averageOrdersPerDay = active > 0 ? round1(input.totalOrders / active) : 0;
  const averageDistancePerDay = active > 0 ? round1(input.totalDistance / active) : 0;
  const efficiency = efficiencyScore(averageOrdersPerDay, averageDistancePerDay);
  const figures = { utilizationRate, averageOrdersPerDay, averageDistancePerDay };
  return {
    utilizationRate,
    activeDays: active,
    totalDays,
    workingHoursPerDay: active > 0 ? round1(input.totalHours / active) : 0,
    totalOrders: input.totalOrders,
    totalDistance: round1(input.totalDistance),
    averageOrdersPerDay,
    averageDistancePerDay,
    rating: utilizationRating(utilizationRate),
    efficiencyScore: efficiency.score,
    efficiencyGrade: efficiency.grade,
    trends: trends(figures),
    recommendations: recommendations(figures),
  };
}

/** A day's utilisation: its tour hours against the working day, in %. */
export function dayUtilization(hours: number): number {
  return round1(Math.min(100, (hours / WORKING_HOURS_PER_DAY) * 100));
}
