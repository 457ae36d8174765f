/**
 * §2.13 and §5.5: a template's delivery date defaults to the next day, moved to Monday when that is
 * a Saturday or Sunday. `today` is a local date `YYYY-MM-DD`.
 */
export function nextWorkday(today: string): string {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d + 1));
  const weekday = date.getUTCDay();
  if (weekday === 6) date.setUTCDate(date.getUTCDate() + 2);
  if (weekday === 0) date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}
