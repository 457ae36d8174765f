/** The last export (§2.11): kept in the browser, offered again as a suggestion. */
export interface LastExport {
  date: string;
  plantId: string;
  plantName: string;
  /** ISO timestamp of the export. */
  at: string;
}

export const LAST_EXPORT_KEY = 'dispo.orders.lastExport';

export function readLastExport(): LastExport | null {
  try {
    const stored = JSON.parse(localStorage.getItem(LAST_EXPORT_KEY) ?? 'null') as Partial<LastExport> | null;
    if (!stored || typeof stored.date !== 'string' || typeof stored.at !== 'string') return null;
    return { date: stored.date, plantId: stored.plantId ?? '', plantName: stored.plantName ?? '', at: stored.at };
  } catch {
    return null;
  }
}

export function writeLastExport(value: LastExport): void {
  try {
    localStorage.setItem(LAST_EXPORT_KEY, JSON.stringify(value));
  } catch {
    // storage unavailable: no suggestion next time
  }
}
