import { useCallback, useState } from 'react';
import type { Grouping, OrderTypeFilter } from './sidebarFilter';

/** dispatch.md §2: sidebar state and width (default 400) are kept in localStorage. */
export const SIDEBAR_STORAGE_KEY = 'dispo.dispatch.sidebar';
export const SIDEBAR_WIDTH = { default: 400, min: 300, max: 640 } as const;

export interface SidebarState {
  open: boolean;
  width: number;
  filtersOpen: boolean;
  type: OrderTypeFilter;
  plantId: string;
  grouping: Grouping;
}

export const DEFAULT_SIDEBAR_STATE: SidebarState = Object.freeze({
  open: true,
  width: SIDEBAR_WIDTH.default,
  filtersOpen: false,
  type: 'all',
  plantId: '',
  grouping: 'type',
});

export function clampWidth(width: number): number {
  if (!Number.isFinite(width)) return SIDEBAR_WIDTH.default;
  return Math.round(Math.min(SIDEBAR_WIDTH.max, Math.max(SIDEBAR_WIDTH.min, width)));
}

export function parseSidebarState(json: string | null): SidebarState {
  if (!json) return { ...DEFAULT_SIDEBAR_STATE };
  try {
    const value = JSON.parse(json) as Partial<SidebarState> | null;
    if (!value || typeof value !== 'object') return { ...DEFAULT_SIDEBAR_STATE };
    return {
      open: typeof value.open === 'boolean' ? value.open : DEFAULT_SIDEBAR_STATE.open,
      width: clampWidth(Number(value.width ?? SIDEBAR_WIDTH.default)),
      filtersOpen: typeof value.filtersOpen === 'boolean' ? value.filtersOpen : false,
      type: (['all', 'simple', 'standard', 'transport'] as const).includes(value.type as OrderTypeFilter) ? (value.type as OrderTypeFilter) : 'all',
      plantId: typeof value.plantId === 'string' ? value.plantId : '',
      grouping: (['type', 'plant', 'time', 'none'] as const).includes(value.grouping as Grouping) ? (value.grouping as Grouping) : 'type',
    };
  } catch {
    return { ...DEFAULT_SIDEBAR_STATE };
  }
}

function load(): SidebarState {
  try {
    return parseSidebarState(localStorage.getItem(SIDEBAR_STORAGE_KEY));
  } catch {
    return { ...DEFAULT_SIDEBAR_STATE };
  }
}

export function useSidebarState(): [SidebarState, (changes: Partial<SidebarState>) => void] {
  const [state, setState] = useState<SidebarState>(load);
  const update = useCallback((changes: Partial<SidebarState>) => {
    setState((current) => {
      const next = { ...current, ...changes, ...(changes.width === undefined ? {} : { width: clampWidth(changes.width) }) };
      try {
        localStorage.setItem(SIDEBAR_STORAGE_KEY, JSON.stringify(next));
      } catch {
        // storage unavailable: the state holds for this visit
      }
      return next;
    });
  }, []);
  return [state, update];
}
