import type { DeliveryTimeType, Order } from '../../api/types';

/**
 * The delivery time as typed in the table (§4.3): `08:00` is a fixed time, `08:00-17:00` a range
 * (a hyphen makes it a range). Hours without minutes (`8`, `8-17`) and en dashes are accepted.
 */

export interface ParsedTime {
  type: DeliveryTimeType;
  fixed: string | null;
  from: string | null;
  to: string | null;
}

/** Form defaults of §3/§9. */
export const DEFAULT_TIME_FROM = '08:00';
export const DEFAULT_TIME_TO = '17:00';

const CLOCK = /^(\d{1,2})(?::?(\d{2}))?$/;

/** '8' → '08:00', '8:5' → null, '24:00' → null. */
export function normalizeClock(text: string): string | null {
  const match = CLOCK.exec(text.trim());
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = match[2] === undefined ? 0 : Number(match[2]);
  if (hours > 23 || minutes > 59) return null;
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
}

export type TimeParseResult = { ok: true; time: ParsedTime } | { ok: false; reason: 'invalid' | 'order' };

/** '' means "no time" (a fixed type without a time). */
export function parseTimeInput(text: string): TimeParseResult {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, time: { type: 'fixed', fixed: null, from: null, to: null } };
  const parts = trimmed.split(/\s*[-–]\s*/);
  if (parts.length === 1) {
    const fixed = normalizeClock(parts[0] ?? '');
    return fixed ? { ok: true, time: { type: 'fixed', fixed, from: null, to: null } } : { ok: false, reason: 'invalid' };
  }
  if (parts.length !== 2) return { ok: false, reason: 'invalid' };
  const from = normalizeClock(parts[0] ?? '');
  const to = normalizeClock(parts[1] ?? '');
  if (!from || !to) return { ok: false, reason: 'invalid' };
  if (from >= to) return { ok: false, reason: 'order' };
  return { ok: true, time: { type: 'range', fixed: null, from, to } };
}

function hhmm(time: string | null | undefined): string | null {
  if (!time) return null;
  return normalizeClock(time.slice(0, 5)) ?? time;
}

/** The order's time as the table's input shows it: '08:00' or '08:00-17:00'. */
export function timeInputOf(order: Pick<Order, 'deliveryTimeType' | 'deliveryTimeFixed' | 'deliveryTimeFrom' | 'deliveryTimeTo'>): string {
  if (order.deliveryTimeType === 'range') {
    const from = hhmm(order.deliveryTimeFrom);
    const to = hhmm(order.deliveryTimeTo);
    if (from && to) return `${from}-${to}`;
    return from ?? to ?? '';
  }
  return hhmm(order.deliveryTimeFixed) ?? '';
}

export function sameTime(
  a: ParsedTime,
  order: Pick<Order, 'deliveryTimeType' | 'deliveryTimeFixed' | 'deliveryTimeFrom' | 'deliveryTimeTo'>,
): boolean {
  const current = parseTimeInput(timeInputOf(order));
  if (!current.ok) return false;
  const b = current.time;
  return a.type === b.type && a.fixed === b.fixed && a.from === b.from && a.to === b.to;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export function isIsoDate(text: string): boolean {
  if (!ISO_DATE.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}
