import { useCallback, useState } from 'react';

/** The last searches kept per user when the setting saveSearchHistory is on (orders.md §3). */
export const SEARCH_HISTORY_MAX = 10;

const storageKey = (userId: string) => `dispo.searchHistory.${userId}`;

function read(userId: string | null): string[] {
  if (!userId) return [];
  try {
    const raw = localStorage.getItem(storageKey(userId));
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed) ? parsed.filter((x): x is string => typeof x === 'string').slice(0, SEARCH_HISTORY_MAX) : [];
  } catch {
    return [];
  }
}

export function useSearchHistory(userId: string | null, enabled: boolean): { history: string[]; remember(term: string): void } {
  const [history, setHistory] = useState(() => read(userId));
  const remember = useCallback(
    (term: string) => {
      const entry = term.trim();
      if (!enabled || !userId || entry === '') return;
      setHistory((current) => {
        const next = [entry, ...current.filter((x) => x !== entry)].slice(0, SEARCH_HISTORY_MAX);
        try {
          localStorage.setItem(storageKey(userId), JSON.stringify(next));
        } catch {
          // Storage full or blocked: the history lives for this page only.
        }
        return next;
      });
    },
    [enabled, userId],
  );
  return { history: enabled ? history : [], remember };
}
