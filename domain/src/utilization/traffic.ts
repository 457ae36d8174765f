import { messages } from '../messages';
import { clock, type LegOf, type ScheduledTour, sortedTours } from './schedule';

export type TrafficStatus = 'GOOD' | 'MODERATE' | 'CRITICAL';

export interface TrafficReading {
  status: TrafficStatus;
  tooltip: string;
  /** The smallest buffer between two tours in minutes (null: fewer than two tours). */
  minSlackMinutes: number | null;
}

/**
 * Where the traffic status of a vehicle's day comes from (ARCHITECTURE.md "Ports for the outside
 * world"). No live traffic feed is reachable here: the default reads the schedule's slack; a feed
 * adapter implements the same port.
 */
export interface TrafficPort {
  assess(day: { vehicleId: string; date: string; tours: readonly ScheduledTour[] }): Promise<TrafficReading>;
}

/** Below this buffer between two tours the day is tight (MODERATE); below zero it cannot be driven (CRITICAL). */
export const MODERATE_SLACK_MINUTES = 30;

export interface SlackGap {
  after: ScheduledTour;
  before: ScheduledTour;
  /** Minutes left between the end of `after` plus the drive to the start of `before`, and that start. */
  slack: number;
}

/** The buffers between consecutive tours: next start minus (end before plus the drive to where the next one starts). */
export function slackGaps(tours: readonly ScheduledTour[], legOf: LegOf): SlackGap[] {
  const sorted = sortedTours(tours);
  const gaps: SlackGap[] = [];
  for (let i = 1; i < sorted.length; i++) {
    const after = sorted[i - 1]!;
    const before = sorted[i]!;
    // The tour's own times already drive from its start point: the vehicle has to get there in between.
    const drive = after.lastDelivery && before.startPoint ? legOf(after.lastDelivery, before.startPoint).minutes : 0;
    gaps.push({ after, before, slack: Math.round(before.start - after.end - drive) });
  }
  return gaps;
}

/** The status of a smallest buffer: below 0 CRITICAL, below 30 minutes MODERATE, else GOOD. */
export function trafficStatusOf(minSlack: number | null): TrafficStatus {
  if (minSlack === null || minSlack >= MODERATE_SLACK_MINUTES) return 'GOOD';
  return minSlack < 0 ? 'CRITICAL' : 'MODERATE';
}

/** The offline traffic reading: the day's smallest buffer against the travel model. */
export function readSlack(tours: readonly ScheduledTour[], legOf: LegOf): TrafficReading {
  const text = messages.utilization.traffic;
  const gaps = slackGaps(tours, legOf);
  if (gaps.length === 0) return { status: 'GOOD', tooltip: `${text.status.GOOD}: ${text.noGaps} ${text.source}`, minSlackMinutes: null };
  const tightest = gaps.reduce((min, gap) => (gap.slack < min.slack ? gap : min));
  const status = trafficStatusOf(tightest.slack);
  const detail = text.tightest(tightest.slack, tightest.after.tourNumber, clock(tightest.after.end), tightest.before.tourNumber, clock(tightest.before.start));
  return { status, tooltip: `${text.status[status]}: ${detail} ${text.source}`, minSlackMinutes: tightest.slack };
}

export function scheduleSlackTraffic(legOf: LegOf): TrafficPort {
  return { assess: (day) => Promise.resolve(readSlack(day.tours, legOf)) };
}
