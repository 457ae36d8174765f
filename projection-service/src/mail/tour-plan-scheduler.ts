import { SCHEDULED_TOUR_PLAN_SLOTS } from '@dispo/domain/dispo-day/index';
import { addDays, berlinDate, berlinInstant } from '@dispo/domain/shared/index';
import type { Logger } from 'pino';

/** `15:00` or `17:00` (dispatch.md §9). */
export type TourPlanSlot = (typeof SCHEDULED_TOUR_PLAN_SLOTS)[number];

/** One scheduled tour-plan mail: at a slot of a Berlin day, for the day after. */
export interface SlotDue {
  slot: TourPlanSlot;
  /** The instant the Berlin clock shows the slot. */
  at: Date;
  /** The day whose plan is mailed (YYYY-MM-DD): the day after the slot's day. */
  forDate: string;
}

function slotsOf(day: string): SlotDue[] {
  return SCHEDULED_TOUR_PLAN_SLOTS.map((slot) => ({ slot, at: berlinInstant(day, slot), forDate: addDays(day, 1) }));
}

/** The first slot strictly after `now`. */
export function nextSlot(now: Date): SlotDue {
  const today = berlinDate(now);
  const due = [...slotsOf(today), ...slotsOf(addDays(today, 1))].find((s) => s.at.getTime() > now.getTime());
  // Two slots a day: tomorrow's first one is always later than now.
  return due!;
}

/** The latest slot of the current Berlin day at or before `now`, or null before 15:00. */
export function latestSlotToday(now: Date): SlotDue | null {
  const passed = slotsOf(berlinDate(now)).filter((s) => s.at.getTime() <= now.getTime());
  return passed[passed.length - 1] ?? null;
}

/** Time source and timers, injected so tests can drive the scheduler without waiting. */
export interface SchedulerClock {
  now(): Date;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemClock: SchedulerClock = {
  now: () => new Date(),
  setTimeout: (fn, ms) => {
    const handle = setTimeout(fn, ms);
    // A pending slot must not keep a process alive that is otherwise done.
    handle.unref();
    return handle;
  },
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

export interface TourPlanSchedulerOptions {
  /**
   * Requests the tour-plan mail of `forDate` for `slot`; wired to
   * `dispatchCommands(…).requestTourPlanMail(forDate, recipients, slot, meta)`. Once per slot is the
   * dispo-day decider's rule, so several instances (and restarts) may all call it.
   */
  request(forDate: string, slot: TourPlanSlot): Promise<void>;
  clock?: SchedulerClock;
  logger?: Pick<Logger, 'info' | 'warn'>;
  /** On start, request the latest slot of today that has passed (the service was down then). Default true. */
  catchUp?: boolean;
  /** A failed request is tried again after this long, until the next slot is due. Default 60 s. */
  retryDelayMs?: number;
  /** Longest single timer: the scheduler wakes at least this often and re-reads the clock. Default 1 h. */
  maxTimerMs?: number;
}

export interface TourPlanScheduler {
  stop(): void;
  /** Resolves once the requests started so far have ended (for tests and shutdown). */
  idle(): Promise<void>;
}

/**
 * At 15:00 and 17:00 Europe/Berlin, requests the tour-plan mail for the next day. Timers are
 * re-armed from the clock on every wake-up, so daylight saving, a suspended host or a long wait
 * do not shift the slots.
 */
export function startTourPlanScheduler(options: TourPlanSchedulerOptions): TourPlanScheduler {
  const clock = options.clock ?? systemClock;
  const retryDelayMs = options.retryDelayMs ?? 60_000;
  const maxTimerMs = options.maxTimerMs ?? 60 * 60 * 1000;
  let stopped = false;
  let timer: unknown = null;
  let retryTimer: unknown = null;
  const pending = new Set<Promise<void>>();

  function track(work: Promise<void>): void {
    pending.add(work);
    void work.finally(() => pending.delete(work));
  }

  function fire(due: SlotDue): void {
    track(
      options.request(due.forDate, due.slot).then(
        () => options.logger?.info({ slot: due.slot, date: due.forDate }, 'Tourenplan-E-Mail angefordert'),
        (err: unknown) => {
          options.logger?.warn({ err, slot: due.slot, date: due.forDate }, 'Tourenplan-E-Mail konnte nicht angefordert werden');
          // Try again while the slot is still the latest one due.
          if (stopped || clock.now().getTime() + retryDelayMs >= nextSlot(due.at).at.getTime()) return;
          retryTimer = clock.setTimeout(() => {
            retryTimer = null;
            if (!stopped) fire(due);
          }, retryDelayMs);
        },
      ),
    );
  }

  function arm(): void {
    if (stopped) return;
    const due = nextSlot(clock.now());
    const wait = Math.min(Math.max(due.at.getTime() - clock.now().getTime(), 0), maxTimerMs);
    timer = clock.setTimeout(() => {
      timer = null;
      if (stopped) return;
      if (clock.now().getTime() >= due.at.getTime()) fire(due);
      arm();
    }, wait);
  }

  if (options.catchUp ?? true) {
    const missed = latestSlotToday(clock.now());
    if (missed) fire(missed);
  }
  arm();

  return {
    stop() {
      stopped = true;
      if (timer !== null) clock.clearTimeout(timer);
      if (retryTimer !== null) clock.clearTimeout(retryTimer);
      timer = retryTimer = null;
    },
    async idle() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}
