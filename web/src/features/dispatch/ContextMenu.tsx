import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';

export interface MenuItem {
  id: string;
  label: string;
  onSelect(): void;
  disabled?: boolean;
  danger?: boolean;
}

export interface ContextMenuProps {
  /** Viewport position of the menu's top left corner. */
  x: number;
  y: number;
  label: string;
  items: readonly MenuItem[];
  onClose(): void;
}

/**
 * A context menu (dispatch.md §2 "Modals and menus"): arrow keys move, Enter selects, Escape or a
 * click outside closes. Focus goes back to where it was.
 */
export function ContextMenu({ x, y, label, items, onClose }: ContextMenuProps) {
  const menuRef = useRef<HTMLDivElement>(null);
  const [position, setPosition] = useState({ left: x, top: y });
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  // Keep the menu inside the window.
  useLayoutEffect(() => {
    const menu = menuRef.current;
    if (!menu) return;
    const { width, height } = menu.getBoundingClientRect();
    const left = Math.max(4, Math.min(x, window.innerWidth - width - 4));
    const top = Math.max(4, Math.min(y, window.innerHeight - height - 4));
    if (left !== x || top !== y) setPosition({ left, top });
  }, [x, y]);

  useEffect(() => {
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    menuRef.current?.querySelector<HTMLElement>('[role="menuitem"]:not([aria-disabled="true"])')?.focus();
    const onPointerDown = (event: MouseEvent) => {
      if (menuRef.current && !menuRef.current.contains(event.target as Node)) onCloseRef.current();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        onCloseRef.current();
      }
    };
    const onScroll = () => onCloseRef.current();
    document.addEventListener('mousedown', onPointerDown, true);
    document.addEventListener('keydown', onKeyDown, true);
    window.addEventListener('resize', onScroll);
    return () => {
      document.removeEventListener('mousedown', onPointerDown, true);
      document.removeEventListener('keydown', onKeyDown, true);
      window.removeEventListener('resize', onScroll);
      if (previouslyFocused?.isConnected) previouslyFocused.focus();
    };
  }, []);

  const moveFocus = (step: number) => {
    const entries = [...(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]:not([aria-disabled="true"])') ?? [])];
    if (entries.length === 0) return;
    const index = entries.indexOf(document.activeElement as HTMLElement);
    entries[(index + step + entries.length) % entries.length]?.focus();
  };

  return createPortal(
    <div
      ref={menuRef}
      className="dispatch-menu"
      role="menu"
      aria-label={label}
      style={{ left: position.left, top: position.top }}
      onContextMenu={(event) => event.preventDefault()}
      onKeyDown={(event) => {
        if (event.key === 'ArrowDown') {
          event.preventDefault();
          moveFocus(1);
        } else if (event.key === 'ArrowUp') {
          event.preventDefault();
          moveFocus(-1);
        } else if (event.key === 'Tab') {
          event.preventDefault();
          onClose();
        }
      }}
    >
      {items.map((item) => (
        <button
          key={item.id}
          type="button"
          role="menuitem"
          className={`dispatch-menu__item${item.danger ? ' dispatch-menu__item--danger' : ''}`}
          aria-disabled={item.disabled ? 'true' : undefined}
          tabIndex={-1}
          onClick={() => {
            if (item.disabled) return;
            onClose();
            item.onSelect();
          }}
        >
          {item.label}
        </button>
      ))}
    </div>,
    document.body,
  );
}
