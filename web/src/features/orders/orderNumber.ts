import { todayInBerlin } from './format';

/**
 * The order number the new-order form pre-fills (orders.md §3): S, two-digit year, month, day (of
 * Europe/Berlin), a hyphen and four random digits, e.g. S261121-4711. The server assigns the final one.
 */
export function generateOrderNumber(now: Date = new Date(), random: () => number = Math.random): string {
  const [year = '', month = '', day = ''] = todayInBerlin(now).split('-');
  const digits = String(Math.floor(random() * 10_000)).padStart(4, '0');
  return `S${year.slice(2)}${month}${day}-${digits}`;
}
