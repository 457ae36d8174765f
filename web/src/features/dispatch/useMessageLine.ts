import { useCallback } from 'react';
import { useExpiringList } from '../../components/useExpiringList';

/** dispatch.md §8/§9: success messages vanish after 3 s, errors after 5 s. */
export const SUCCESS_VISIBLE_MS = 3_000;
export const ERROR_VISIBLE_MS = 5_000;

export interface LineMessage {
  id: number;
  kind: 'success' | 'error';
  text: string;
}

export interface MessageLine {
  messages: LineMessage[];
  success(text: string): void;
  error(text: string): void;
  dismiss(id: number): void;
}

/** The page message line: at most one success and one error at a time, the newest replacing the older. */
export function useMessageLine(): MessageLine {
  const { items: messages, add, remove: dismiss } = useExpiringList<Omit<LineMessage, 'id'>>();
  const push = useCallback(
    (kind: LineMessage['kind'], text: string) =>
      add({ kind, text }, kind === 'success' ? SUCCESS_VISIBLE_MS : ERROR_VISIBLE_MS, (old) => old.kind === kind),
    [add],
  );
  const success = useCallback((text: string) => push('success', text), [push]);
  const error = useCallback((text: string) => push('error', text), [push]);
  return { messages, success, error, dismiss };
}
