import { randomUUID } from 'node:crypto';
import { berlinDate } from '@dispo/domain/shared/berlin-date';
import { type DeadlineWarning, deadlineWarnings, type VehicleDeadlines } from '@dispo/domain/vehicle/deadline-warnings';
import { streamIds } from '@dispo/events/catalog/index';
import type { EventRegistry } from '@dispo/events/registry';
import type { SqlExecutor } from '@dispo/events/sql/client';
import { WrongExpectedVersionError } from '@dispo/events/store/errors';
import type { EventStore } from '@dispo/events/store/port';

/** fleet.md §4: the job runs on load and then on two timers, every 24 h and every hour. */
export const DEADLINE_JOB_INTERVALS_MS = [24 * 60 * 60 * 1000, 60 * 60 * 1000] as const;

interface Logger {
  info(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface DeadlineJobContext {
  store: EventStore;
  registry: EventRegistry;
  logger?: Logger;
}

export interface DeadlineRunResult {
  /** Warnings written by this run. */
  recorded: number;
  /** Warnings already recorded today (by an earlier run or another instance). */
  existing: number;
  /** Vehicles whose warnings could not be written; tried again next run. */
  failed: string[];
}

/** The vehicles with their statutory deadlines as read.vehicles holds them. */
export async function vehiclesWithDeadlines(sql: SqlExecutor): Promise<VehicleDeadlines[]> {
  const { rows } = await sql.query<{
    id: string;
    license_plate: string;
    tuv_until: unknown;
    inspection_until: unknown;
    insurance_until: unknown;
    enabled_for_dispatch: boolean;
  }>(
    `SELECT id, license_plate, tuv_until::text AS tuv_until, inspection_until::text AS inspection_until, insurance_until::text AS insurance_until,
            enabled_for_dispatch
     FROM read.vehicles ORDER BY license_plate`,
  );
  const text = (v: unknown) => (v === null || v === undefined ? null : String(v));
  return rows.map((r) => ({
    id: r.id,
    licensePlate: r.license_plate,
    deadlines: { tuv: text(r.tuv_until), inspection: text(r.inspection_until), insurance: text(r.insurance_until) },
    enabledForDispatch: Boolean(r.enabled_for_dispatch),
  }));
}

/**
 * Records one warning: the first event of its stream `deadline-warning-<vehicle>-<action>-<day>`,
 * appended with `no_stream`. The stream is the reservation: whichever instance comes second finds it
 * taken and writes nothing, so each warning exists at most once per vehicle, type and Berlin day.
 */
async function recordWarning(ctx: DeadlineJobContext, w: DeadlineWarning, day: string, now: Date): Promise<boolean> {
  const type = 'VehicleDeadlineWarningRecorded';
  try {
    await ctx.store.append(streamIds.deadlineWarning(w.vehicleId, w.actionType, day), 'no_stream', [
      {
        eventId: randomUUID(),
        type,
        schemaVersion: ctx.registry.currentVersion(type),
        data: {
          vehicleId: w.vehicleId,
          licensePlate: w.licensePlate,
          actionType: w.actionType,
          deadline: w.deadline,
          dueDate: w.dueDate,
          daysUntil: w.daysUntil,
          day,
          message: w.message,
          recordedAt: now.toISOString(),
        },
        metadata: { userId: null, correlationId: randomUUID(), causationId: null, occurredAt: now.toISOString(), commandName: 'DeadlineWarningJob' },
      },
    ]);
    return true;
  } catch (error) {
    if (error instanceof WrongExpectedVersionError) return false;
    throw error;
  }
}

/** One run over the given vehicles; a failure is logged per vehicle and the others go on. */
export async function recordDeadlineWarnings(ctx: DeadlineJobContext, vehicles: readonly VehicleDeadlines[], now = new Date()): Promise<DeadlineRunResult> {
  const day = berlinDate(now);
  const result: DeadlineRunResult = { recorded: 0, existing: 0, failed: [] };
  for (const vehicle of vehicles) {
    try {
      for (const warning of deadlineWarnings(vehicle, day)) {
        if (await recordWarning(ctx, warning, day, now)) result.recorded++;
        else result.existing++;
      }
    } catch (error) {
      result.failed.push(vehicle.id);
      ctx.logger?.error({ err: error, vehicleId: vehicle.id }, 'Fristwarnung konnte nicht geschrieben werden');
    }
  }
  return result;
}

export interface DeadlineWarningJob {
  /** Resolves when the first run (on start) is done. */
  started: Promise<DeadlineRunResult | null>;
  runOnce(): Promise<DeadlineRunResult | null>;
  stop(): Promise<void>;
}

/** Starts the job: one run now, then on both timers. Runs never overlap within one instance. */
export function startDeadlineWarningJob(ctx: DeadlineJobContext & { sql: SqlExecutor; intervalsMs?: readonly number[] }): DeadlineWarningJob {
  let running: Promise<DeadlineRunResult | null> = Promise.resolve(null);
  let stopped = false;
  const runOnce = () => {
    running = running.then(async () => {
      if (stopped) return null;
      try {
        const result = await recordDeadlineWarnings(ctx, await vehiclesWithDeadlines(ctx.sql));
        if (result.recorded > 0 || result.failed.length > 0) ctx.logger?.info({ ...result }, 'Fristwarnungen geprüft');
        return result;
      } catch (error) {
        ctx.logger?.error({ err: error }, 'Fristwarnungen konnten nicht geprüft werden');
        return null;
      }
    });
    return running;
  };
  const timers = (ctx.intervalsMs ?? DEADLINE_JOB_INTERVALS_MS).map((ms) => {
    const handle = setInterval(() => void runOnce(), ms);
    handle.unref();
    return handle;
  });
  const started = runOnce();
  return {
    started,
    runOnce,
    async stop() {
      stopped = true;
      for (const handle of timers) clearInterval(handle);
      await running;
    },
  };
}
