import { isLocalDate } from '../shared';

/**
 * Order numbers (orders.md §3): the letter S, two-digit year, month, day, a hyphen and four random
 * digits, e.g. S261121-4711 for 2026-11-21. The random part comes from the caller so that this
 * stays pure; uniqueness is the `order-number-<number>` reservation's job.
 */
const ORDER_NUMBER = /^S(\d{2})(\d{2})(\d{2})-\d{4}$/;

/** How many different random parts there are: draw `random4` from 0 to ORDER_NUMBER_SUFFIXES - 1. */
export const ORDER_NUMBER_SUFFIXES = 10_000;

export function orderNumberFor(date: string, random4: number): string {
  if (!isLocalDate(date)) throw new RangeError(`Not a date (YYYY-MM-DD): ${date}`);
  if (!Number.isInteger(random4) || random4 < 0 || random4 >= ORDER_NUMBER_SUFFIXES) {
    throw new RangeError(`Random part must be an integer from 0 to ${ORDER_NUMBER_SUFFIXES - 1}: ${random4}`);
  }
  const [year, month, day] = date.split('-') as [string, string, string];
  return `S${year.slice(2)}${month}${day}-${String(random4).padStart(4, '0')}`;
}

/** True for a well-formed order number whose date part is a real date (of this century). */
export function isOrderNumber(value: string): boolean {
  const match = ORDER_NUMBER.exec(value);
  return match !== null && isLocalDate(`20${match[1]}-${match[2]}-${match[3]}`);
}
