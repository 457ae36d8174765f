import { useSyncExternalStore } from 'react';

/** True while the media query matches; true when the browser cannot tell (tests without matchMedia). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window.matchMedia !== 'function') return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => (typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : true),
    () => true,
  );
}

/** dispatch.md §2: below 1024 px the sidebar is hidden. */
export const WIDE_SCREEN = '(min-width: 1024px)';
