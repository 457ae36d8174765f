import { useEffect, useLayoutEffect, useRef } from 'react';
import { isModalOpen } from '../../components/Modal';

/**
 * The page shortcuts of §2.1: F2 new order, F3 search, F5 refresh, F10 quick order, Delete delete,
 * Ctrl+A select all, Ctrl+C copy the selected orders, Ctrl+V paste orders. Inside text inputs only
 * Escape works (and that belongs to the input or modal); while a modal is open the modal owns the
 * keyboard (Escape closes, F11 saves). All are off when the user setting is off.
 */
export interface ShortcutHandlers {
  /** Absent when the user may not create orders (F2, F10, Delete and Ctrl+V then do nothing). */
  onNewOrder?: () => void;
  onFocusSearch(): void;
  onRefresh(): void;
  onQuickOrder?: () => void;
  onDelete?: () => void;
  onSelectAll(): void;
  /** Ctrl+C: the text to copy (null: nothing selected, the browser copies as usual). */
  copyText(): string | null;
  /** Ctrl+V: the pasted text. */
  onPaste?: (text: string) => void;
}

/** True when the user has selected text on the page: Ctrl+C then copies that, not the orders. */
function hasTextSelection(): boolean {
  const selection = typeof window.getSelection === 'function' ? window.getSelection() : null;
  return Boolean(selection && !selection.isCollapsed && selection.toString().trim() !== '');
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
  // Layout effect: the handlers (and the selection they close over) are current as soon as the page
  // shows them, so a key pressed right after a click acts on what the user sees.
  useLayoutEffect(() => {
    ref.current = handlers;
  });

  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || isModalOpen() || isTextInput(event.target)) return;
      const h = ref.current;
      const plain = !event.ctrlKey && !event.metaKey && !event.altKey;
      let handler: (() => void) | null = null;
      if (plain && event.key === 'F2') handler = h.onNewOrder ?? null;
      else if (plain && event.key === 'F3') handler = h.onFocusSearch;
      else if (plain && event.key === 'F5') handler = h.onRefresh;
      else if (plain && event.key === 'F10') handler = h.onQuickOrder ?? null;
      else if (plain && event.key === 'Delete') handler = h.onDelete ?? null;
      else if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'a') handler = h.onSelectAll;
      if (!handler) return;
      event.preventDefault();
      handler();
    };
    // Copy and paste through the clipboard events: they carry the data without asking for permission.
    const onCopy = (event: ClipboardEvent) => {
      if (isModalOpen() || isTextInput(event.target) || isTextInput(document.activeElement) || hasTextSelection()) return;
      const text = ref.current.copyText();
      if (text === null || !event.clipboardData) return;
      event.clipboardData.setData('text/plain', text);
      event.preventDefault();
    };
    const onPaste = (event: ClipboardEvent) => {
      const paste = ref.current.onPaste;
      if (!paste || isModalOpen() || isTextInput(event.target) || isTextInput(document.activeElement)) return;
      const text = event.clipboardData?.getData('text/plain') ?? '';
      if (text.trim() === '') return;
      event.preventDefault();
      paste(text);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('copy', onCopy);
    document.addEventListener('paste', onPaste);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('copy', onCopy);
      document.removeEventListener('paste', onPaste);
    };
  }, [enabled]);
}
