import { messages } from '@dispo/domain/messages';
import { type RefObject, useId } from 'react';

/** The page's search term: the page debounces it (§9: 150 ms) and shows the same term in its filter bar. */
export interface ExistingOrderSearchProps {
  value: string;
  onChange(text: string): void;
  /** Applies the term at once (Enter). */
  onApply(text: string): void;
  /** F3 focuses this bar when it takes the page's search (§2.3). */
  inputRef?: RefObject<HTMLInputElement | null>;
}

/**
 * §2.3: the separate bar `Suche in bestehenden Aufträgen` under the natural-language input, when the
 * entry and the additional search are both on. It is a second view of the page's one search term, so
 * that it and the filter bar's F3 field can never disagree or overwrite each other.
 */
export function ExistingOrderSearch({ value, onChange, onApply, inputRef }: ExistingOrderSearchProps) {
  const id = useId();
  return (
    <div className="order-text__search">
      <label className="visually-hidden" htmlFor={id}>
        {messages.filters.searchExisting}
      </label>
      <input
        id={id}
        ref={inputRef}
        type="search"
        className="field__input order-text__search-input"
        placeholder={messages.filters.searchExisting}
        autoComplete="off"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') onApply(value);
        }}
      />
    </div>
  );
}
