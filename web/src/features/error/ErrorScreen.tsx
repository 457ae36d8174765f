import { messages } from '@dispo/domain/messages';
import './error.css';

export interface ErrorScreenProps {
  error?: unknown;
  /** Shows message and stack of the error; default off. */
  showDetails?: boolean;
  /** 'Erneut versuchen': render the failed part once more. */
  onRetry: () => void;
  /** 'Seite neu laden'; default reloads the browser page. */
  onReload?: () => void;
}

function describe(error: unknown): string {
  if (error instanceof Error) return error.stack ? `${error.name}: ${error.message}\n${error.stack}` : `${error.name}: ${error.message}`;
  try {
    return typeof error === 'string' ? error : JSON.stringify(error, null, 2);
  } catch {
    return String(error);
  }
}

/** The error screen of orders.md §2.15. */
export function ErrorScreen({ error, showDetails = false, onRetry, onReload }: ErrorScreenProps) {
  const reload = onReload ?? (() => window.location.reload());
  return (
    <div className="error-screen" role="alert">
      <div className="error-screen__card">
        <div className="error-screen__icon" aria-hidden="true">
          !
        </div>
        <h1 className="error-screen__title">{messages.errorScreen.title}</h1>
        <p className="error-screen__text">{messages.errorScreen.text}</p>
        <div className="error-screen__actions">
          <button type="button" className="button button--primary" onClick={reload}>
            {messages.errorScreen.reload}
          </button>
          <button type="button" className="button" onClick={onRetry}>
            {messages.errorScreen.retry}
          </button>
        </div>
        {showDetails && error !== undefined && (
          <details className="error-screen__details" open>
            <summary>{messages.errorScreen.details}</summary>
            <pre>{describe(error)}</pre>
          </details>
        )}
      </div>
    </div>
  );
}
