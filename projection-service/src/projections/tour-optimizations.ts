import type { EventData } from '@dispo/events/catalog/index';
import type { RecordedEvent } from '@dispo/events/envelope';
import type { SqlExecutor } from '@dispo/events/sql/client';
import type { Notice } from '@dispo/platform/bus/notice-bus';
import type { Projection } from '../projection';
import { updateRow } from './upsert';

/** A changed operation is a changed tour for the timeline (its status label), and a wake-up for the worker. */
async function notices(tx: SqlExecutor, operationId: string, subject: string): Promise<Notice[]> {
  const { rows } = await tx.query<{ tour_id: string; status: string }>('SELECT tour_id, status FROM read.tour_optimizations WHERE operation_id = $1', [operationId]);
  const row = rows[0];
  if (!row) return [];
  return [
    { subject, payload: { operationId, tourId: row.tour_id, status: row.status } },
    { subject: 'dispo.tours.tour_updated', payload: { tour: { id: row.tour_id } } },
  ];
}

/**
 * read.tour_optimizations: every route optimization operation (stream `optimization-<id>`) with
 * its status, result and what became of it (applied, reset). The tour's optimization record of
 * dispatch.md §3 is its latest operation; the others are its history.
 */
export const tourOptimizationsProjection: Projection = {
  name: 'tour_optimizations',

  async setup(sql) {
    await sql.query(`CREATE TABLE IF NOT EXISTS read.tour_optimizations (
      operation_id text PRIMARY KEY, tour_id text NOT NULL, status text NOT NULL, attempt integer NOT NULL DEFAULT 0,
      order_ids jsonb NOT NULL, requested_by text NOT NULL, requested_at timestamptz NOT NULL,
      started_at timestamptz, worker text, completed_at timestamptz, failed_at timestamptz, error text,
      method text, feasible boolean, original jsonb, optimized jsonb,
      distance_saved numeric, time_saved integer, cost_saved numeric,
      applied_by text, applied_at timestamptz, reset_by text, reset_at timestamptz, route_optimized boolean NOT NULL DEFAULT false)`);
    await sql.query('CREATE INDEX IF NOT EXISTS tour_optimizations_tour_idx ON read.tour_optimizations (tour_id, requested_at DESC)');
    await sql.query('CREATE INDEX IF NOT EXISTS tour_optimizations_open_idx ON read.tour_optimizations (status) WHERE status IN (\'pending\', \'in_progress\')');
  },

  async reset(sql) {
    await sql.query('TRUNCATE read.tour_optimizations');
  },

  async drop(sql) {
    await sql.query('DROP TABLE IF EXISTS read.tour_optimizations');
  },

  async apply(tx, event: RecordedEvent): Promise<Notice[] | undefined> {
    switch (event.type) {
      case 'OptimizationRequested': {
        const d = event.data as EventData<'OptimizationRequested'>;
        await tx.query(
          `INSERT INTO read.tour_optimizations (operation_id, tour_id, status, order_ids, requested_by, requested_at)
           VALUES ($1, $2, 'pending', $3, $4, $5) ON CONFLICT (operation_id) DO NOTHING`,
          [d.operationId, d.tourId, JSON.stringify(d.orderIds), d.requestedBy, d.requestedAt],
        );
        return notices(tx, d.operationId, 'dispo.optimization.optimization_requested');
      }
      case 'OptimizationStarted': {
        const d = event.data as EventData<'OptimizationStarted'>;
        await updateRow(tx, 'read.tour_optimizations', d.operationId, { status: 'in_progress', attempt: d.attempt, started_at: d.startedAt, worker: d.worker }, 'operation_id');
        return notices(tx, d.operationId, 'dispo.optimization.optimization_started');
      }
      case 'OptimizationCompleted': {
        const d = event.data as EventData<'OptimizationCompleted'>;
        await updateRow(
          tx,
          'read.tour_optimizations',
          d.operationId,
          {
            status: 'completed',
            completed_at: d.completedAt,
            method: d.method,
            feasible: d.feasible,
            original: JSON.stringify(d.original),
            optimized: JSON.stringify(d.optimized),
            distance_saved: d.savings.distanceSaved,
            time_saved: d.savings.timeSaved,
            cost_saved: d.savings.costSaved,
          },
          'operation_id',
        );
        return notices(tx, d.operationId, 'dispo.optimization.optimization_completed');
      }
      case 'OptimizationFailed': {
        const d = event.data as EventData<'OptimizationFailed'>;
        await updateRow(tx, 'read.tour_optimizations', d.operationId, { status: 'failed', failed_at: d.failedAt, error: d.reason }, 'operation_id');
        return notices(tx, d.operationId, 'dispo.optimization.optimization_failed');
      }
      case 'OptimizationApplied': {
        const d = event.data as EventData<'OptimizationApplied'>;
        await updateRow(tx, 'read.tour_optimizations', d.operationId, { applied_by: d.appliedBy, applied_at: d.appliedAt, route_optimized: true }, 'operation_id');
        return notices(tx, d.operationId, 'dispo.optimization.optimization_applied');
      }
      case 'OptimizationReset': {
        const d = event.data as EventData<'OptimizationReset'>;
        await updateRow(tx, 'read.tour_optimizations', d.operationId, { reset_by: d.resetBy, reset_at: d.resetAt, route_optimized: false }, 'operation_id');
        return notices(tx, d.operationId, 'dispo.optimization.optimization_reset');
      }
    }
    return undefined;
  },
};
