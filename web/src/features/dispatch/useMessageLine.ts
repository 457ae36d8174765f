import { useCallback, useEffect, useRef, useState } from 'react';

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
  const [messages, setMessages] = useState<LineMessage[]>([]);
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
    setMessages((current) => current.filter((message) => message.id !== id));
  }, []);

  const push = useCallback(
    (kind: LineMessage['kind'], text: string) => {
      const id = nextId.current++;
      setMessages((current) => {
        for (const old of current) {
          if (old.kind === kind) {
            clearTimeout(timers.current.get(old.id));
            timers.current.delete(old.id);
          }
        }
        return [...current.filter((message) => message.kind !== kind), { id, kind, text }];
      });
      timers.current.set(id, setTimeout(() => dismiss(id), kind === 'success' ? SUCCESS_VISIBLE_MS : ERROR_VISIBLE_MS));
    },
    [dismiss],
  );

  const success = useCallback((text: string) => push('success', text), [push]);
  const error = useCallback((text: string) => push('error', text), [push]);
  return { messages, success, error, dismiss };
}
