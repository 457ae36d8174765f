import { useCallback, useEffect, useRef, useState } from 'react';

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
  const [flashes, setFlashes] = useState<Flash[]>([]);
  const nextId = useRef(1);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
    };
  }, []);

  const dismiss = useCallback((id: number) => {
    const timer = timers.current.get(id);
    if (timer) clearTimeout(timer);
    timers.current.delete(id);
    setFlashes((current) => current.filter((flash) => flash.id !== id));
  }, []);

  const push = useCallback(
    (kind: FlashKind, text: string) => {
      const id = nextId.current++;
      // One message of a kind at a time: the newest replaces the older one.
      setFlashes((current) => [...current.filter((flash) => flash.kind !== kind), { id, kind, text }]);
      if (kind !== 'error')
        timers.current.set(
          id,
          setTimeout(() => dismiss(id), SUCCESS_VISIBLE_MS),
        );
    },
    [dismiss],
  );

  const success = useCallback((text: string) => push('success', text), [push]);
  const error = useCallback((text: string) => push('error', text), [push]);
  const info = useCallback((text: string) => push('info', text), [push]);

  return { flashes, success, error, info, dismiss };
}
