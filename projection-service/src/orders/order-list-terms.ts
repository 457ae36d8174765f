/** What the order list's text and keyed paths (order-list.ts, order-list-keys.ts) read a query's words as. */

/**
 * Filter statuses that stand for several stored ones (docs/order-status.md): `storniert` also finds
 * `storno`, `geliefert` also `abgeschlossen`.
 */
const STATUS_GROUPS: Partial<Record<string, string[]>> = {
  storniert: ['storniert', 'storno'],
  geliefert: ['geliefert', 'abgeschlossen'],
};

/** The stored statuses a status filter finds. */
export function filterStatuses(status: string): string[] {
  return STATUS_GROUPS[status] ?? [status];
}

/** LIKE pattern for a text the user typed: % and _ are literal. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
