import { type ReactNode, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { messages } from '@dispo/domain/messages';
import './components.css';

/**
 * The modal dialog of every area. Escape closes the topmost one (also inside inputs, orders.md §2.1);
 * F11 saves while a modal is open when the modal offers `onSave`. Focus moves into the dialog and
 * back to where it was when it closes.
 */

const stack: symbol[] = [];

/** The user setting enableKeyboardShortcuts: F11 saves only while it is on (Escape always closes). */
let saveShortcut = true;
export function setModalSaveShortcut(enabled: boolean): void {
  saveShortcut = enabled;
}

/** True while any modal is open: the page's own shortcuts pause. */
export function isModalOpen(): boolean {
  return stack.length > 0;
}

export interface ModalProps {
  title: ReactNode;
  onClose(): void;
  /** F11 inside the modal. */
  onSave?: () => void;
  children: ReactNode;
  footer?: ReactNode;
  size?: 'small' | 'medium' | 'large';
  /** Extra content right of the title. */
  headerExtra?: ReactNode;
  className?: string;
  /** The role; alertdialog for confirmations. */
  role?: 'dialog' | 'alertdialog';
  /** False for forms: a stray click next to the dialog must not lose the input. Default true. */
  closeOnBackdrop?: boolean;
}

const FOCUSABLE =
  'input:not([disabled]):not([readonly]), select:not([disabled]), textarea:not([disabled]):not([readonly]), button:not([disabled]), [href], [tabindex]:not([tabindex="-1"])';

export function Modal({
  title,
  onClose,
  onSave,
  children,
  footer,
  size = 'medium',
  headerExtra,
  className,
  role = 'dialog',
  closeOnBackdrop = true,
}: ModalProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  const onSaveRef = useRef(onSave);
  useEffect(() => {
    onCloseRef.current = onClose;
    onSaveRef.current = onSave;
  });

  useEffect(() => {
    const token = Symbol('modal');
    stack.push(token);
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const dialog = dialogRef.current;
    const first = dialog?.querySelector<HTMLElement>('[data-autofocus]') ?? dialog?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? dialog)?.focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (stack[stack.length - 1] !== token) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        onCloseRef.current();
      } else if (event.key === 'F11' && saveShortcut) {
        event.preventDefault();
        onSaveRef.current?.();
      } else if (event.key === 'Tab' && dialog) {
        // Keep keyboard focus inside the dialog.
        const items = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
          (item) => item.offsetParent !== null || item === document.activeElement,
        );
        if (items.length === 0) return;
        const firstItem = items[0];
        const lastItem = items[items.length - 1];
        if (event.shiftKey && document.activeElement === firstItem) {
          event.preventDefault();
          lastItem?.focus();
        } else if (!event.shiftKey && document.activeElement === lastItem) {
          event.preventDefault();
          firstItem?.focus();
        }
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      const index = stack.indexOf(token);
      if (index >= 0) stack.splice(index, 1);
      if (previouslyFocused?.isConnected) previouslyFocused.focus();
    };
  }, []);

  return createPortal(
    <div
      className="modal-backdrop"
      onMouseDown={(event) => {
        if (closeOnBackdrop && event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={dialogRef}
        className={`modal modal--${size}${className ? ` ${className}` : ''}`}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <header className="modal__header">
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
          {headerExtra}
          <button
            type="button"
            className="icon-button modal__close"
            onClick={onClose}
            aria-label={messages.orderScreen.close}
            title={messages.orderScreen.close}
          >
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" fill="none" />
            </svg>
          </button>
        </header>
        <div className="modal__body">{children}</div>
        {footer && <footer className="modal__footer">{footer}</footer>}
      </div>
    </div>,
    document.body,
  );
}

/** A modal that only informs (help texts): its one button closes it and has the focus. */
export function InfoModal({ closeLabel, ...props }: Omit<ModalProps, 'footer'> & { closeLabel: string }) {
  return (
    <Modal
      {...props}
      footer={
        <button type="button" className="button button--primary" onClick={props.onClose} data-autofocus>
          {closeLabel}
        </button>
      }
    />
  );
}
