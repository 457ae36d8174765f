import { messages } from '@dispo/domain/messages';
import type { Flash } from './useFlash';
import './components.css';

export interface FlashMessagesProps {
  flashes: readonly Flash[];
  onDismiss(id: number): void;
  /** A heading before error texts (the red 'Fehler' banner of fleet.md §2). */
  errorTitle?: string;
}

/** Success (vanishing after 3 s) and error messages of the page (orders.md §8, fleet.md §2). */
export function FlashMessages({ flashes, onDismiss, errorTitle }: FlashMessagesProps) {
  if (flashes.length === 0) return null;
  return (
    <div className="flash-stack">
      {flashes.map((flash) => (
        <div
          key={flash.id}
          className={`alert flash flash--${flash.kind} ${flash.kind === 'error' ? 'alert--error' : flash.kind === 'success' ? 'alert--success' : 'alert--info'}`}
          role={flash.kind === 'error' ? 'alert' : 'status'}
        >
          <span className="flash__text">
            {errorTitle && flash.kind === 'error' && <strong className="flash__title">{errorTitle}</strong>}
            {flash.text}
          </span>
          <button
            type="button"
            className="icon-button icon-button--small flash__close"
            aria-label={messages.orderScreen.dismissMessage}
            onClick={() => onDismiss(flash.id)}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
