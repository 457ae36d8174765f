import { messages } from '@dispo/domain/messages';
import { useEffect, useId, useRef, useState } from 'react';
import { useDebouncedValue } from '../../components/useDebouncedValue';

/** §9: search debounce 150 ms. */
export const EXISTING_SEARCH_DEBOUNCE_MS = 150;

export interface ExistingOrderSearchProps {
  /** The term as the page holds it (reset filters, F3); the bar follows it when it changes. */
  value?: string;
  onSearchChange?(term: string): void;
}

/**
 * §2.3: the separate bar `Suche in bestehenden Aufträgen` under the natural-language input, when the
 * entry and the additional search are both on. It searches the order table; the page applies the term.
 */
export function ExistingOrderSearch({ value, onSearchChange }: ExistingOrderSearchProps) {
  const id = useId();
  const [term, setTerm] = useState(value ?? '');
  // The page changed the term (filters reset): the bar shows it (adjusting state while rendering).
  const [lastValue, setLastValue] = useState(value);
  if (value !== lastValue) {
    setLastValue(value);
    setTerm(value ?? '');
  }
  const debounced = useDebouncedValue(term, EXISTING_SEARCH_DEBOUNCE_MS);
  const reported = useRef(value ?? '');
  useEffect(() => {
    if (debounced === reported.current) return;
    reported.current = debounced;
    onSearchChange?.(debounced);
  }, [debounced, onSearchChange]);

  return (
    <div className="order-text__search">
      <label className="visually-hidden" htmlFor={id}>
        {messages.filters.searchExisting}
      </label>
      <input
        id={id}
        type="search"
        className="field__input order-text__search-input"
        placeholder={messages.filters.searchExisting}
        autoComplete="off"
        value={term}
        onChange={(event) => setTerm(event.target.value)}
        onKeyDown={(event) => {
          // Enter applies at once.
          if (event.key === 'Enter' && term !== reported.current) {
            reported.current = term;
            onSearchChange?.(term);
          }
        }}
      />
    </div>
  );
}
