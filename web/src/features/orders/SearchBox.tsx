import { type RefObject, useEffect, useId, useRef, useState } from 'react';
import { messages } from '@dispo/domain/messages';
import { SUGGESTION_MIN_CHARS, useOrderSuggestions } from '../../api/orders';
import type { OrderSuggestion } from '../../api/types';
import { ListboxOption } from '../../components/Combobox';
import { Icon } from '../../components/icons';

/** §2.3: the suggestion box closes 200 ms after the field loses focus. */
export const SUGGESTIONS_CLOSE_DELAY_MS = 200;

export interface SearchBoxProps {
  value: string;
  /** The debounced term suggestions are fetched for. */
  term: string;
  onChange(text: string): void;
  /** Apply at once (Enter, a picked suggestion). */
  onApply(text: string): void;
  inputRef: RefObject<HTMLInputElement | null>;
  /** The user setting enableAutoSuggestions (default true): suggestions while typing. */
  suggest?: boolean;
  /** The user's last searches (setting saveSearchHistory), offered while the field is empty. */
  history?: readonly string[];
  /** Label and placeholder; default the filter bar's (F3). */
  label?: string;
}

const HISTORY_KIND = 'history';

function kindLabel(kind: string): string {
  if (kind === HISTORY_KIND) return messages.intakeTools.searchHistory;
  return (messages.orderScreen.suggestionKind as Readonly<Record<string, string>>)[kind] ?? kind;
}

/** The search field (F3) with suggestions from 2 characters, at most 8. */
export function SearchBox({ value, term, onChange, onApply, inputRef, suggest = true, history = [], label }: SearchBoxProps) {
  const listId = useId();
  const [focused, setFocused] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const [highlight, setHighlight] = useState(-1);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const suggestions = useOrderSuggestions(suggest ? term : '');
  const typed = value.trim();
  const items: OrderSuggestion[] =
    typed.length >= SUGGESTION_MIN_CHARS && suggest
      ? (suggestions.data ?? [])
      : typed === ''
        ? history.map((entry) => ({ kind: HISTORY_KIND, value: entry, label: entry }))
        : [];
  const open = focused && !dismissed && items.length > 0;

  useEffect(
    () => () => {
      if (closeTimer.current) clearTimeout(closeTimer.current);
    },
    [],
  );

  const pick = (suggestion: OrderSuggestion) => {
    onApply(suggestion.value);
    setDismissed(true);
    setHighlight(-1);
  };

  return (
    <div className="search-box">
      <span className="search-box__icon" aria-hidden="true">
        <Icon name="search" size={16} />
      </span>
      <label className="visually-hidden" htmlFor={`${listId}-input`}>
        {label ?? messages.orderScreen.searchLabel}
      </label>
      <input
        id={`${listId}-input`}
        ref={inputRef}
        type="search"
        className="field__input search-box__input"
        placeholder={label ? `${label} (F3)` : messages.orderScreen.searchPlaceholder}
        autoComplete="off"
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && highlight >= 0 ? `${listId}-${highlight}` : undefined}
        value={value}
        onChange={(event) => {
          onChange(event.target.value);
          setDismissed(false);
          setHighlight(-1);
        }}
        onFocus={() => {
          if (closeTimer.current) clearTimeout(closeTimer.current);
          setFocused(true);
        }}
        onBlur={() => {
          if (closeTimer.current) clearTimeout(closeTimer.current);
          closeTimer.current = setTimeout(() => setFocused(false), SUGGESTIONS_CLOSE_DELAY_MS);
        }}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && items.length > 0) {
            event.preventDefault();
            setDismissed(false);
            setHighlight((index) => (index + 1) % items.length);
          } else if (event.key === 'ArrowUp' && items.length > 0) {
            event.preventDefault();
            setHighlight((index) => (index <= 0 ? items.length - 1 : index - 1));
          } else if (event.key === 'Enter') {
            event.preventDefault();
            const chosen = open && highlight >= 0 ? items[highlight] : undefined;
            if (chosen) pick(chosen);
            else {
              onApply(value);
              setDismissed(true);
            }
          } else if (event.key === 'Escape' && open) {
            // Closes the suggestions only; the browser would clear a search field on Escape.
            event.preventDefault();
            event.stopPropagation();
            setDismissed(true);
          }
        }}
      />
      {open && (
        <ul id={listId} role="listbox" className="search-box__list" aria-label={messages.orderScreen.suggestions}>
          {items.map((item, index) => (
            <ListboxOption
              key={`${item.kind}-${item.value}`}
              id={`${listId}-${index}`}
              className="search-box__option"
              active={index === highlight}
              onHighlight={() => setHighlight(index)}
              onPick={() => pick(item)}
            >
              <span className="search-box__label">{item.label}</span>
              <span className="search-box__kind">{kindLabel(item.kind)}</span>
            </ListboxOption>
          ))}
        </ul>
      )}
    </div>
  );
}
