import { DEFAULT_TOUR_MINUTES } from '@dispo/domain/tour/clock';
import type { TravelModel } from '@dispo/domain/tour/index';
import type { GeoPoint } from '@dispo/domain/travel/index';
import {
  bestConnections,
  clock,
  type Connection,
  dragPreview,
  LegCache,
  type ScheduledTour,
  scheduleSlackTraffic,
  slackGaps,
  sortedTours,
  type TrafficPort,
  UTILIZATION_DEFAULT_TOUR_MINUTES,
  vehicleUtilization,
} from '@dispo/domain/utilization/index';
import type { SqlExecutor } from '@dispo/events/sql/client';
import { candidateOrders, daySchedule, type OrderFacts, vehicleFacts } from './day-schedule';

/** The working window of a day: the timeline's default hours (dispatch.md §9: 6 to 20). */
export interface HourWindow {
  startHour: number;
  endHour: number;
}
export const DEFAULT_WINDOW: HourWindow = { startHour: 6, endHour: 20 };

export interface UtilizationDeps {
  sql: SqlExecutor;
  /** The one travel model of tour times (distance port and minutes at the plants). */
  travel: TravelModel;
  /** Traffic status source; default: the schedule's slack against the travel model. */
  traffic?: TrafficPort;
}

const span = (window: HourWindow) => ({ start: window.startHour * 60, end: window.endHour * 60 });

/** Where a vehicle is after its day's last tour ends, and when (its home plant at the window's start without tours). */
function freeAfter(tours: readonly ScheduledTour[], home: GeoPoint | null, window: HourWindow): { at: GeoPoint | null; from: number } {
  const last = sortedTours(tours.filter((t) => t.status !== 'cancelled')).reduce<ScheduledTour | null>((latest, t) => (!latest || t.end >= latest.end ? t : latest), null);
  return last ? { at: last.lastDelivery ?? home, from: last.end } : { at: home, from: window.startHour * 60 };
}

/** The fields of dispatch.md §3 "Connection result". */
export function connectionResult(c: Connection) {
  return {
    orderId: c.order.id,
    orderNumber: c.order.orderNumber,
    material: c.order.material,
    pickup: c.order.loadingName,
    delivery: c.order.deliveryName,
    quantity: c.order.tons,
    startTime: clock(c.startTime),
    deliveryTime: clock(c.deliveryTime),
    endTime: clock(c.endTime),
    totalTime: c.totalTime,
    travelTime: c.travelTime,
    distance: c.emptyKm,
    compatibility: c.compatibility,
    suitabilityScore: c.suitabilityScore,
    canAddMore: c.canAddMore,
  };
}

/** The fields of dispatch.md §3 "Connection suggestion" (MOSI). */
export function connectionSuggestion(c: Connection & { order: OrderFacts }) {
  return {
    orderId: c.order.id,
    orderNumber: c.order.orderNumber,
    material: c.order.material,
    quantity: c.order.tons,
    deliveryTime: clock(c.deliveryTime),
    suitabilityScore: c.suitabilityScore,
    distance: c.emptyKm,
    travelTime: c.travelTime,
    reasoning: c.reasoning,
    plantName: c.order.loadingName,
    deliveryAddress: c.order.deliveryAddress,
    deliveryCity: c.order.deliveryCity,
    customer: c.order.customer,
    compatibility: c.compatibility,
    startTime: clock(c.startTime),
    canAddMore: c.canAddMore,
  };
}

function tourView(t: ScheduledTour) {
  return {
    id: t.id,
    tourNumber: t.tourNumber,
    status: t.status,
    startTime: clock(t.start),
    endTime: clock(t.end),
    endAssumed: t.endAssumed,
    orderCount: t.orderCount,
    tons: Math.round(t.tons * 10) / 10,
    emptyKm: t.emptyKm,
    loadedKm: t.loadedKm,
  };
}

/** Utilisation, timeline indicators, drag preview and connections of a day, computed from the read tables. */
export function utilizationService(deps: UtilizationDeps) {
  const legs = () => new LegCache(deps.travel.distance);
  const { handling } = deps.travel;

  async function trafficOf(cache: LegCache, vehicleId: string, date: string, tours: readonly ScheduledTour[]) {
    if (deps.traffic) return deps.traffic.assess({ vehicleId, date, tours });
    await cache.ensure(pairsBetween(tours));
    return scheduleSlackTraffic(cache.legOf).assess({ vehicleId, date, tours });
  }

  return {
    /** GET /api/utilization/analyze */
    async analyze(date: string, window: HourWindow) {
      const [vehicles, schedule] = await Promise.all([vehicleFacts(deps.sql), daySchedule(deps.sql, date, UTILIZATION_DEFAULT_TOUR_MINUTES)]);
      const cache = legs();
      const rows = await Promise.all(
        vehicles.map(async (v) => {
          const tours = schedule.get(v.id) ?? [];
          const traffic = await trafficOf(cache, v.id, date, tours);
          return { vehicleId: v.id, licensePlate: v.licensePlate, payloadTons: v.payloadTons, ...vehicleUtilization(tours, span(window)), trafficStatus: traffic.status };
        }),
      );
      const used = rows.filter((r) => r.tourCount > 0);
      const average = (values: number[]) => (values.length ? Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 10) / 10 : 0);
      return {
        success: true as const,
        date,
        window,
        vehicles: rows,
        summary: {
          vehicles: rows.length,
          vehiclesUsed: used.length,
          tours: rows.reduce((sum, r) => sum + r.tourCount, 0),
          plannedHours: Math.round(rows.reduce((sum, r) => sum + r.plannedHours, 0) * 10) / 10,
          totalKm: Math.round(rows.reduce((sum, r) => sum + r.totalKm, 0) * 10) / 10,
          averageUtilization: average(rows.map((r) => r.utilization)),
          averageEfficiency: average(used.map((r) => r.efficiency)),
        },
      };
    },

    /** GET /api/utilization/vehicle/:id/schedule; null: no such vehicle. */
    async schedule(vehicleId: string, date: string, window: HourWindow) {
      const [vehicle] = await vehicleFacts(deps.sql, vehicleId);
      if (!vehicle) return null;
      const tours = sortedTours((await daySchedule(deps.sql, date, UTILIZATION_DEFAULT_TOUR_MINUTES, vehicleId)).get(vehicleId) ?? []);
      const cache = legs();
      await cache.ensure(pairsBetween(tours));
      return {
        success: true as const,
        vehicleId,
        licensePlate: vehicle.licensePlate,
        date,
        tours: tours.map(tourView),
        gaps: slackGaps(tours, cache.legOf).map((g) => ({ afterTourId: g.after.id, beforeTourId: g.before.id, from: clock(g.after.end), to: clock(g.before.start), slackMinutes: g.slack })),
        utilization: vehicleUtilization(tours, span(window)),
      };
    },

    /** GET /api/utilization/vehicle/:id/connections; null: no such vehicle. */
    async connections(vehicleId: string, date: string, endLocation: GeoPoint | null, window: HourWindow) {
      const [vehicle] = await vehicleFacts(deps.sql, vehicleId);
      if (!vehicle) return null;
      const [schedule, orders] = await Promise.all([daySchedule(deps.sql, date, UTILIZATION_DEFAULT_TOUR_MINUTES, vehicleId), candidateOrders(deps.sql, { date })]);
      const free = freeAfter(schedule.get(vehicleId) ?? [], vehicle.home, window);
      const from = endLocation ?? free.at;
      if (!from) return { success: true as const, connections: [] };
      const cache = legs();
      await cache.ensure(orders.flatMap((o) => [[from, o.loading] as const, [o.loading, o.delivery] as const]));
      return { success: true as const, connections: bestConnections(orders, from, free.from, vehicle.payloadTons, handling, cache.legOf).map(connectionResult) };
    },

    /** GET /api/utilization/vehicle/:id/realtime-traffic; null: no such vehicle. */
    async traffic(vehicleId: string, date: string) {
      const [vehicle] = await vehicleFacts(deps.sql, vehicleId);
      if (!vehicle) return null;
      const tours = (await daySchedule(deps.sql, date, DEFAULT_TOUR_MINUTES, vehicleId)).get(vehicleId) ?? [];
      const reading = await trafficOf(legs(), vehicleId, date, tours);
      return {
        success: true as const,
        vehicleId,
        date,
        trafficStatus: reading.status,
        trafficTooltip: reading.tooltip,
        minSlackMinutes: reading.minSlackMinutes,
        source: deps.traffic ? 'feed' : 'schedule-slack',
      };
    },

    /** GET /api/utilization/timeline-indicators: per vehicle released for dispatch. */
    async indicators(date: string, window: HourWindow) {
      const [vehicles, schedule, orders] = await Promise.all([vehicleFacts(deps.sql), daySchedule(deps.sql, date, DEFAULT_TOUR_MINUTES), candidateOrders(deps.sql, { date })]);
      const cache = legs();
      const frees = new Map(vehicles.map((v) => [v.id, freeAfter(schedule.get(v.id) ?? [], v.home, window)]));
      await cache.ensure([
        ...orders.map((o) => [o.loading, o.delivery] as const),
        ...[...frees.values()].flatMap((free) => orders.map((o) => [free.at, o.loading] as const)),
      ]);
      const data: Record<string, { hasEfficientConnectionAvailable: boolean; hasScheduleConflict: boolean; trafficStatus: string; trafficTooltip: string }> = {};
      for (const v of vehicles) {
        const tours = schedule.get(v.id) ?? [];
        const free = frees.get(v.id)!;
        // Efficient: after its last tour a perfect connection fits before the day's end.
        const efficient =
          tours.length > 0 && free.at !== null
            ? bestConnections(orders, free.at, free.from, v.payloadTons, handling, cache.legOf).some((c) => c.compatibility === 'perfect' && c.endTime <= window.endHour * 60)
            : false;
        const traffic = await trafficOf(cache, v.id, date, tours);
        data[v.id] = {
          hasEfficientConnectionAvailable: efficient,
          hasScheduleConflict: vehicleUtilization(tours, { start: 0, end: 24 * 60 }).hasScheduleConflict,
          trafficStatus: traffic.status,
          trafficTooltip: traffic.tooltip,
        };
      }
      return { success: true as const, date, data };
    },

    /** POST /api/drag-preview; null: no such vehicle. */
    async dragPreview(input: { vehicleId: string; date: string; order: OrderFacts; window: HourWindow & { interval: number } }) {
      const [[vehicle], schedule] = await Promise.all([vehicleFacts(deps.sql, input.vehicleId), daySchedule(deps.sql, input.date, DEFAULT_TOUR_MINUTES, input.vehicleId)]);
      if (!vehicle) return null;
      const tours = (schedule.get(input.vehicleId) ?? []).filter((t) => t.status !== 'cancelled');
      const { order } = input;
      const cache = legs();
      await cache.ensure([[order.loading, order.delivery], [vehicle.home, order.loading], ...tours.map((t) => [t.lastDelivery, order.loading] as const)]);
      const slots: number[] = [];
      for (let m = input.window.startHour * 60; m < input.window.endHour * 60; m += input.window.interval) slots.push(m);
      return {
        success: true as const,
        recommendations: dragPreview({ tours, home: vehicle.home, order, slots, handling, legOf: cache.legOf }),
        vehicleTours: tours.map(tourView),
        calculatedAt: new Date().toISOString(),
      };
    },

    /** MOSI (dispatch.md §4 "MOSI analysis modal"): the top 5 open orders after a tour. Null: no such tour. */
    async mosiSuggestions(tourId: string) {
      const { rows } = await deps.sql.query<{ vehicle_id: string; date: string; tour_number: string }>(
        'SELECT vehicle_id, date::text AS date, tour_number FROM read.tours WHERE id = $1',
        [tourId],
      );
      const row = rows[0];
      if (!row) return null;
      const [[vehicle], schedule, orders] = await Promise.all([
        vehicleFacts(deps.sql, row.vehicle_id),
        daySchedule(deps.sql, row.date, DEFAULT_TOUR_MINUTES, row.vehicle_id),
        candidateOrders(deps.sql, { date: row.date }),
      ]);
      const tour = (schedule.get(row.vehicle_id) ?? []).find((t) => t.id === tourId)!;
      const from = tour.lastDelivery ?? vehicle?.home ?? null;
      const base = { success: true as const, tour: { id: tourId, tourNumber: row.tour_number, vehicleId: row.vehicle_id, date: row.date, endTime: clock(tour.end), endLocation: from } };
      if (!from) return { ...base, suggestions: [] };
      const cache = legs();
      await cache.ensure(orders.flatMap((o) => [[from, o.loading] as const, [o.loading, o.delivery] as const]));
      const best = bestConnections(orders, from, tour.end, vehicle?.payloadTons ?? 27, handling, cache.legOf) as (Connection & { order: OrderFacts })[];
      return { ...base, suggestions: best.map(connectionSuggestion) };
    },

    /** The candidate for a drag preview: the stored order, or null when it does not exist. */
    async order(orderId: string) {
      return (await candidateOrders(deps.sql, { id: orderId }))[0] ?? null;
    },
  };
}

/** The empty drives between consecutive tours, for the slack. */
function pairsBetween(tours: readonly ScheduledTour[]): [GeoPoint | null, GeoPoint | null][] {
  const sorted = sortedTours(tours);
  return sorted.slice(1).map((t, i) => [sorted[i]!.lastDelivery, t.startPoint]);
}

export type UtilizationService = ReturnType<typeof utilizationService>;
