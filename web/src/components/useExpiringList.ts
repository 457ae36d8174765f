import { useCallback, useEffect, useRef, useState } from 'react';

export type Expiring<T> = T & { id: number };

export interface ExpiringList<T> {
  items: Expiring<T>[];
  /**
   * Adds `item`, removed again after `visibleMs` (null: only by `remove`); entries that `replaces`
   * selects leave the list at once. Answers the new entry's id.
   */
  add(item: T, visibleMs: number | null, replaces?: (old: Expiring<T>) => boolean): number;
  remove(id: number): void;
}

/** A list whose entries leave by themselves after a while: page messages, pending optimistic changes. */
export function useExpiringList<T extends object>(): ExpiringList<T> {
  const [items, setItems] = useState<Expiring<T>[]>([]);
  const nextId = useRef(1);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
    };
  }, []);

  const forget = useCallback((id: number) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
  }, []);

  const remove = useCallback(
    (id: number) => {
      forget(id);
      setItems((current) => current.filter((item) => item.id !== id));
    },
    [forget],
  );

  const add = useCallback(
    (item: T, visibleMs: number | null, replaces?: (old: Expiring<T>) => boolean) => {
      const id = nextId.current++;
      setItems((current) => {
        const kept = replaces ? current.filter((old) => !replaces(old)) : current;
        for (const old of current) if (!kept.includes(old)) forget(old.id);
        return [...kept, { ...item, id }];
      });
      if (visibleMs !== null) timers.current.set(id, setTimeout(() => remove(id), visibleMs));
      return id;
    },
    [forget, remove],
  );

  return { items, add, remove };
}
