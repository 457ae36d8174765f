import { useCallback } from 'react';
import { useExpiringList } from './useExpiringList';

export type FlashKind = 'success' | 'error' | 'info';

export interface Flash {
  id: number;
  kind: FlashKind;
  text: string;
}

/** §9: success messages vanish after 3 s. Errors stay until the user closes them or the next one comes. */
export const SUCCESS_VISIBLE_MS = 3_000;

export interface FlashApi {
  flashes: Flash[];
  success(text: string): void;
  error(text: string): void;
  info(text: string): void;
  dismiss(id: number): void;
}

export function useFlash(): FlashApi {
  const { items: flashes, add, remove: dismiss } = useExpiringList<Omit<Flash, 'id'>>();
  // One message of a kind at a time: the newest replaces the older one.
  const push = useCallback(
    (kind: FlashKind, text: string) => add({ kind, text }, kind === 'error' ? null : SUCCESS_VISIBLE_MS, (old) => old.kind === kind),
    [add],
  );
  const success = useCallback((text: string) => push('success', text), [push]);
  const error = useCallback((text: string) => push('error', text), [push]);
  const info = useCallback((text: string) => push('info', text), [push]);

  return { flashes, success, error, info, dismiss };
}
