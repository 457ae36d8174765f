import { useCallback, useEffect, useMemo, useState } from 'react';
import type { OrderFilters } from '../../api/types';
import { todayInBerlin } from './format';

/**
 * The list filters of orders.md §3 and §2.3. The search text is debounced (150 ms, §9) before it
 * reaches the query; everything else applies at once. Only "hide settled" is persisted (localStorage).
 */

export const SEARCH_DEBOUNCE_MS = 150;
export const HIDE_SETTLED_KEY = 'dispo.orders.hideSettled';

export type QuickFilter = 'open' | 'urgent' | 'problem' | 'dueToday';
export const QUICK_FILTERS: readonly QuickFilter[] = ['open', 'urgent', 'problem', 'dueToday'];

/** The filters a reset clears; hideSettled is a standing preference and stays. */
export type ResettableFilters = Omit<OrderFilters, 'hideSettled'>;

export const EMPTY_FILTERS: ResettableFilters = {
  search: '',
  plant: '',
  loadingPoint: '',
  status: '',
  material: '',
  priority: '',
  dateFrom: '',
  dateTo: '',
  transportType: '',
  minQuantity: '',
  pumpRequired: false,
  craneRequired: false,
  createdFrom: '',
};

/** The stored "hide settled" choice (false when none is stored). */
export function readHideSettled(): boolean {
  try {
    return localStorage.getItem(HIDE_SETTLED_KEY) === 'true';
  } catch {
    return false;
  }
}

function writeHideSettled(value: boolean): void {
  try {
    localStorage.setItem(HIDE_SETTLED_KEY, String(value));
  } catch {
    // storage unavailable: the choice lasts for this page only
  }
}

export function isQuickFilterActive(filters: ResettableFilters, quick: QuickFilter, today: string): boolean {
  switch (quick) {
    case 'open':
      return filters.status === 'offen';
    case 'urgent':
      return filters.priority === 'urgent';
    case 'problem':
      return filters.status === 'problem';
    case 'dueToday':
      return filters.dateFrom === today && filters.dateTo === today;
  }
}

function toggleQuick(filters: ResettableFilters, quick: QuickFilter, today: string): ResettableFilters {
  const active = isQuickFilterActive(filters, quick, today);
  switch (quick) {
    case 'open':
      return { ...filters, status: active ? '' : 'offen' };
    case 'urgent':
      return { ...filters, priority: active ? '' : 'urgent' };
    case 'problem':
      return { ...filters, status: active ? '' : 'problem' };
    case 'dueToday':
      return { ...filters, dateFrom: active ? '' : today, dateTo: active ? '' : today };
  }
}

export function hasActiveFilters(filters: ResettableFilters): boolean {
  return (Object.keys(EMPTY_FILTERS) as (keyof ResettableFilters)[]).some((key) => {
    const value = filters[key];
    return typeof value === 'boolean' ? value : value.trim() !== '';
  });
}

export interface OrderFiltersApi {
  /** What the search field shows (not yet debounced). */
  searchText: string;
  setSearchText(text: string): void;
  /** Applies a search at once (a picked suggestion, Enter). */
  applySearch(text: string): void;
  /** The filters the list query uses (search debounced). */
  applied: OrderFilters;
  /** The filters as edited (search as typed). */
  filters: ResettableFilters;
  setFilter<K extends keyof ResettableFilters>(key: K, value: ResettableFilters[K]): void;
  toggleQuickFilter(quick: QuickFilter): void;
  isQuickActive(quick: QuickFilter): boolean;
  hideSettled: boolean;
  setHideSettled(value: boolean): void;
  /** True when any filter besides hideSettled is set: the reset link shows. */
  active: boolean;
  reset(): void;
}

export function useOrderFilters(): OrderFiltersApi {
  const [filters, setFilters] = useState<ResettableFilters>(EMPTY_FILTERS);
  const [debouncedSearch, setDebouncedSearch] = useState('');
  const [hideSettled, setHideSettledState] = useState(readHideSettled);
  const today = todayInBerlin();

  useEffect(() => {
    if (filters.search === debouncedSearch) return;
    const timer = setTimeout(() => setDebouncedSearch(filters.search), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [filters.search, debouncedSearch]);

  const setSearchText = useCallback((text: string) => setFilters((current) => ({ ...current, search: text })), []);
  const applySearch = useCallback((text: string) => {
    setFilters((current) => ({ ...current, search: text }));
    setDebouncedSearch(text);
  }, []);
  const setFilter = useCallback(<K extends keyof ResettableFilters>(key: K, value: ResettableFilters[K]) => {
    setFilters((current) => ({ ...current, [key]: value }));
  }, []);
  const toggleQuickFilter = useCallback((quick: QuickFilter) => setFilters((current) => toggleQuick(current, quick, todayInBerlin())), []);
  const setHideSettled = useCallback((value: boolean) => {
    writeHideSettled(value);
    setHideSettledState(value);
  }, []);
  const reset = useCallback(() => {
    setFilters(EMPTY_FILTERS);
    setDebouncedSearch('');
  }, []);

  const applied = useMemo<OrderFilters>(
    () => ({ ...filters, search: debouncedSearch, hideSettled }),
    [filters, debouncedSearch, hideSettled],
  );

  return {
    searchText: filters.search,
    setSearchText,
    applySearch,
    applied,
    filters,
    setFilter,
    toggleQuickFilter,
    isQuickActive: (quick) => isQuickFilterActive(filters, quick, today),
    hideSettled,
    setHideSettled,
    active: hasActiveFilters(filters),
    reset,
  };
}
