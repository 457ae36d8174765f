import { useEffect, useRef, useState } from 'react';
import { messages } from '@dispo/domain/messages';

/** fleet.md §4: the suggestion hides itself after 12 s; a 200 ms fade-out precedes the action. */
export const SUGGESTION_MS = 12_000;
export const FADE_MS = 200;

/**
 * "Does the appointment concern the trailer?" with Ja and Nein and a countdown bar: Ja moves the
 * appointment to the trailer, Nein or the timeout keeps the vehicle.
 */
export function TrailerSuggestion({ plate, onYes, onNo }: { plate: string; onYes(): void; onNo(): void }) {
  const [fading, setFading] = useState(false);
  const done = useRef(false);
  const finish = (action: () => void) => {
    if (done.current) return;
    done.current = true;
    setFading(true);
    setTimeout(action, FADE_MS);
  };
  const onNoRef = useRef(onNo);
  useEffect(() => {
    onNoRef.current = onNo;
  }, [onNo]);
  useEffect(() => {
    const timer = setTimeout(() => finish(() => onNoRef.current()), SUGGESTION_MS);
    return () => clearTimeout(timer);
    // Started once: the suggestion lives for its 12 s.
  }, []);
  const ws = messages.workshopScreen;
  return (
    <div className={`workshop-suggestion${fading ? ' workshop-suggestion--fading' : ''}`} role="status" data-testid="trailer-suggestion">
      <p className="workshop-suggestion__text">{ws.trailerSuggestion(plate)}</p>
      <div className="workshop-suggestion__buttons">
        <button type="button" className="button button--primary button--small" onClick={() => finish(onYes)}>
          {messages.workshop.yes}
        </button>
        <button type="button" className="button button--small" onClick={() => finish(onNo)}>
          {messages.workshop.no}
        </button>
      </div>
      <div className="workshop-suggestion__countdown" aria-hidden="true">
        <span style={{ animationDuration: `${SUGGESTION_MS}ms` }} />
      </div>
    </div>
  );
}
