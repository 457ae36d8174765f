import { useEffect, useRef } from 'react';
import { isModalOpen } from '../../components/Modal';

/**
 * The page shortcuts of §2.1: F2 new order, F3 search, F5 refresh, F10 quick order, Delete delete,
 * Ctrl+A select all. Inside text inputs only Escape works (and that belongs to the input or modal);
 * while a modal is open the modal owns the keyboard (Escape closes, F11 saves).
 */
export interface ShortcutHandlers {
  onNewOrder(): void;
  onFocusSearch(): void;
  onRefresh(): void;
  onQuickOrder(): void;
  onDelete(): void;
  onSelectAll(): void;
}

const NON_TEXT_INPUTS = new Set(['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file', 'image']);

export function isTextInput(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) return !NON_TEXT_INPUTS.has(target.type);
  return false;
}

export function useKeyboardShortcuts(handlers: ShortcutHandlers, enabled = true): void {
  const ref = useRef(handlers);
  useEffect(() => {
    ref.current = handlers;
  });

  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || isModalOpen() || isTextInput(event.target)) return;
      const h = ref.current;
      const plain = !event.ctrlKey && !event.metaKey && !event.altKey;
      let handler: (() => void) | null = null;
      if (plain && event.key === 'F2') handler = h.onNewOrder;
      else if (plain && event.key === 'F3') handler = h.onFocusSearch;
      else if (plain && event.key === 'F5') handler = h.onRefresh;
      else if (plain && event.key === 'F10') handler = h.onQuickOrder;
      else if (plain && event.key === 'Delete') handler = h.onDelete;
      else if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'a') handler = h.onSelectAll;
      if (!handler) return;
      event.preventDefault();
      handler();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [enabled]);
}
