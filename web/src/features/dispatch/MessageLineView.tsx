import { messages as texts } from '@dispo/domain/messages';
import type { LineMessage } from './useMessageLine';

/** The page message line (dispatch.md §8): green success, errors in a red banner 'Fehler'. */
export function MessageLineView({ messages, onDismiss }: { messages: readonly LineMessage[]; onDismiss(id: number): void }) {
  return (
    <div className="message-line" aria-live="polite">
      {messages.map((message) => (
        <div key={message.id} className={`message-line__item message-line__item--${message.kind}`} role={message.kind === 'error' ? 'alert' : 'status'}>
          {message.kind === 'error' && <strong className="message-line__title">{texts.dispatch.errorBanner}</strong>}
          <span className="message-line__text">{message.text}</span>
          <button type="button" className="message-line__close" aria-label={texts.dispatchScreen.dismissMessage} onClick={() => onDismiss(message.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
