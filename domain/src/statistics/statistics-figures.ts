/**
 * The statistics of the order intake as the server answers them and the client shows them
 * (orders.md §3 "Statistics", §7.5); each figure is defined in docs/read-models.md, "Statistics".
 */

export interface DailySummary {
  date: string;
  dispatchedToday: number;
  completedToday: number;
  openOrders: number;
  estimatedWeight: number;
  actualWeight: number;
  weightDifference: number;
}

export interface OrderMetrics {
  totalOrders: number;
  statusDistribution: Record<string, number>;
  rates: { cancellationRate: number; problemRate: number };
  dailyTrends: { date: string; orderCount: number }[];
  topRoutes: { fromPlantName: string; toPlantName: string; orderCount: number }[];
  hourlyDistribution: { hour: number; orderCount: number }[];
}

export interface MaterialStat {
  materialId: string;
  materialName: string;
  orderCount: number;
  estimatedWeight: number;
  actualWeight: number;
  averageOrderSize: number;
}

export interface VehicleStat {
  licensePlate: string;
  orderCount: number;
  totalWeight: number;
  averageWeight: number;
}

/** A range of delivery dates, both ends included. */
export interface StatisticsPeriod {
  dateFrom: string;
  dateTo: string;
}
