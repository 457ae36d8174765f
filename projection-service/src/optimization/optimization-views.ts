import type { SqlExecutor } from '@dispo/events/sql/client';
import { clockOf } from '@dispo/domain/tour/clock';

type Row = Record<string, unknown>;
const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
const iso = (v: unknown): string | null => (v === null || v === undefined ? null : new Date(v as string).toISOString());
const json = <T>(v: unknown): T | null => (v === null || v === undefined ? null : typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));

interface StoredRoute {
  orderIds: string[];
  emptyKm: number;
  endMinute: number;
  arrivals: number[];
  lateOrderIds: string[];
}

/** dispatch.md §3 "Optimization record": savings in km, seconds and euros. */
function savingsOf(r: Row) {
  return r.distance_saved === null || r.distance_saved === undefined
    ? null
    : { distanceSaved: num(r.distance_saved)!, timeSaved: num(r.time_saved)!, costSaved: num(r.cost_saved)! };
}

/** The operation's status as GET /api/optimization/operations/:id/status answers it. */
function statusView(r: Row) {
  return {
    operationId: String(r.operation_id),
    tourId: String(r.tour_id),
    status: String(r.status),
    attempt: Number(r.attempt),
    requestedAt: iso(r.requested_at),
    startedAt: iso(r.started_at),
    completedAt: iso(r.completed_at),
    failedAt: iso(r.failed_at),
    error: r.error === null ? null : String(r.error),
  };
}

const SELECT = 'SELECT * FROM read.tour_optimizations';

export async function operationStatus(sql: SqlExecutor, operationId: string) {
  const { rows } = await sql.query(`${SELECT} WHERE operation_id = $1`, [operationId]);
  return rows[0] ? statusView(rows[0]) : null;
}

/** Order numbers and plants of the orders a result names, for the comparison. */
async function ordersOf(sql: SqlExecutor, ids: readonly string[]) {
  const { rows } = await sql.query(
    `SELECT id, order_number, customer_company, plant_name, delivery_plant_name, delivery_time_type, delivery_time_fixed, delivery_time_from, delivery_time_to
     FROM read.orders WHERE id = ANY($1)`,
    [ids],
  );
  return new Map(rows.map((r) => [String(r.id), r]));
}

/** A route with its stops named: sequence, order number, plants, wanted time and planned arrival. */
function routeView(route: StoredRoute, date: string, orders: Map<string, Row>) {
  return {
    sequence: route.orderIds.map((id, i) => {
      const o = orders.get(id);
      const wanted =
        o?.delivery_time_type === 'fixed' ? (o.delivery_time_fixed as string | null) : o?.delivery_time_from ? `${String(o.delivery_time_from)}–${String(o.delivery_time_to)}` : null;
      return {
        orderId: id,
        sequenceNumber: i + 1,
        orderNumber: o ? String(o.order_number) : null,
        customerName: (o?.customer_company as string | null) ?? null,
        loadingPlantName: (o?.plant_name as string | null) ?? null,
        deliveryPlantName: (o?.delivery_plant_name as string | null) ?? null,
        wantedTime: wanted,
        estimatedArrival: `${date}T${clockOf(Math.round(route.arrivals[i] ?? 0))}`,
        late: route.lateOrderIds.includes(id),
      };
    }),
    emptyKm: route.emptyKm,
    endTime: `${date}T${clockOf(Math.round(route.endMinute))}`,
    durationMinutes: null as number | null,
  };
}

/** GET /api/optimization/operations/:id/result: original and optimized route, savings; null before completion. */
export async function operationResult(sql: SqlExecutor, operationId: string) {
  const { rows } = await sql.query(
    `SELECT o.*, t.date::text AS tour_date, t.start_time, t.tour_number FROM read.tour_optimizations o LEFT JOIN read.tours t ON t.id = o.tour_id WHERE o.operation_id = $1`,
    [operationId],
  );
  const r = rows[0];
  if (!r) return null;
  const original = json<StoredRoute>(r.original);
  const optimized = json<StoredRoute>(r.optimized);
  if (r.status !== 'completed' || !original || !optimized) return { ...statusView(r), result: null };
  const orders = await ordersOf(sql, original.orderIds);
  const date = String(r.tour_date ?? '');
  const start = r.start_time ? Number(String(r.start_time).slice(0, 2)) * 60 + Number(String(r.start_time).slice(3, 5)) : null;
  const withDuration = (view: ReturnType<typeof routeView>, route: StoredRoute) => ({ ...view, durationMinutes: start === null ? null : Math.round(route.endMinute - start) });
  return {
    ...statusView(r),
    tourNumber: r.tour_number === null ? null : String(r.tour_number),
    result: {
      method: String(r.method),
      feasible: Boolean(r.feasible),
      original: withDuration(routeView(original, date, orders), original),
      optimized: withDuration(routeView(optimized, date, orders), optimized),
      optimizedRoutes: optimized.orderIds,
      savings: savingsOf(r),
      applied: Boolean(r.route_optimized),
    },
  };
}

/** One operation in a tour's history. */
function historyEntry(r: Row) {
  return {
    operationId: String(r.operation_id),
    status: String(r.status),
    requestedAt: iso(r.requested_at),
    completedAt: iso(r.completed_at),
    failedAt: iso(r.failed_at),
    appliedAt: iso(r.applied_at),
    resetAt: iso(r.reset_at),
    error: r.error === null ? null : String(r.error),
    method: r.method === null ? null : String(r.method),
    feasible: r.feasible === null ? null : Boolean(r.feasible),
    savings: savingsOf(r),
  };
}

/** The tour's latest operation (dispatch.md §3 "Optimization record" is made of it). */
export async function latestOperation(sql: SqlExecutor, tourId: string) {
  const { rows } = await sql.query(`${SELECT} WHERE tour_id = $1 ORDER BY requested_at DESC, operation_id LIMIT 1`, [tourId]);
  return rows[0] ?? null;
}

/** The tour's operation whose result is applied now, if any. */
export async function appliedOperation(sql: SqlExecutor, tourId: string): Promise<string | null> {
  const { rows } = await sql.query<{ operation_id: string }>(
    `${SELECT} WHERE tour_id = $1 AND route_optimized ORDER BY applied_at DESC LIMIT 1`,
    [tourId],
  );
  return rows[0]?.operation_id ?? null;
}

/** GET /api/optimization/tours/:id/optimization: the record of §3 and the history, newest first. */
export async function tourOptimization(sql: SqlExecutor, tourId: string) {
  const { rows } = await sql.query(`${SELECT} WHERE tour_id = $1 ORDER BY requested_at DESC, operation_id`, [tourId]);
  const latest = rows[0];
  const applied = rows.find((r) => r.route_optimized);
  const lastCompleted = rows.find((r) => r.status === 'completed');
  return {
    optimization: {
      route_optimized: Boolean(applied),
      last_optimized_at: lastCompleted ? iso(lastCompleted.completed_at) : null,
      optimization_status: latest ? String(latest.status) : null,
      optimization_savings: applied ? savingsOf(applied) : lastCompleted ? savingsOf(lastCompleted) : null,
      // Our own solver, no PTV: its plan is the operation itself.
      ptv_plan_id: null,
      ptv_operation_id: latest ? String(latest.operation_id) : null,
      operation_id: latest ? String(latest.operation_id) : null,
    },
    history: rows.map(historyEntry),
  };
}

/** Per tour: the latest operation's status and savings, and whether a result is applied (the timeline's labels). */
export async function optimizationByTour(sql: SqlExecutor, tourIds: readonly string[]) {
  const { rows } = await sql.query(
    `SELECT DISTINCT ON (tour_id) tour_id, operation_id, status, distance_saved, time_saved, cost_saved,
            bool_or(route_optimized) OVER (PARTITION BY tour_id) AS route_optimized
     FROM read.tour_optimizations WHERE tour_id = ANY($1) ORDER BY tour_id, requested_at DESC, operation_id`,
    [tourIds],
  );
  return new Map(
    rows.map((r) => [
      String(r.tour_id),
      { optimization_status: String(r.status), optimization_savings: savingsOf(r), route_optimized: Boolean(r.route_optimized), optimization_operation_id: String(r.operation_id) },
    ]),
  );
}

/** Operations a worker may have to run: pending, or started (its worker may have died). */
export async function openOperations(sql: SqlExecutor): Promise<{ operationId: string; status: string; startedAt: string | null }[]> {
  const { rows } = await sql.query(`SELECT operation_id, status, started_at FROM read.tour_optimizations WHERE status IN ('pending', 'in_progress') ORDER BY requested_at LIMIT 100`);
  return rows.map((r) => ({ operationId: String(r.operation_id), status: String(r.status), startedAt: iso(r.started_at) }));
}

/** Open (pending or running) operations of the tour and of the user: what the request limits count (ADR 0020). */
export async function openOperationCounts(sql: SqlExecutor, tourId: string, userId: string): Promise<{ ofTour: number; ofUser: number }> {
  const { rows } = await sql.query<{ of_tour: string | number; of_user: string | number }>(
    `SELECT count(*) FILTER (WHERE tour_id = $1) AS of_tour, count(*) FILTER (WHERE requested_by = $2) AS of_user
     FROM read.tour_optimizations WHERE status IN ('pending', 'in_progress')`,
    [tourId, userId],
  );
  return { ofTour: Number(rows[0]?.of_tour ?? 0), ofUser: Number(rows[0]?.of_user ?? 0) };
}
