import { messages } from '@dispo/domain/messages';
import { useEffect, useRef, useState } from 'react';
import { useCustomerSearch } from '../../api/reference';
import type { Customer } from '../../api/types';
import { useDebouncedValue } from '../../components/useDebouncedValue';
import { SUGGESTION_LIMIT } from './suggestions';

/** §9: search debounce 150 ms; the list closes 200 ms after the field loses focus (§2.3). */
const SEARCH_DEBOUNCE_MS = 150;
const CLOSE_DELAY_MS = 200;

export interface CustomerFieldProps {
  id: string;
  name: string | null;
  onPick(customer: Customer | null): void;
}

/** The customer of a draft: its name, searchable from 2 characters (GET /api/customers/search/query), at most 5 hits. */
export function CustomerField({ id, name, onPick }: CustomerFieldProps) {
  const [term, setTerm] = useState<string | null>(null);
  const [highlight, setHighlight] = useState(0);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const debounced = useDebouncedValue(term ?? '', SEARCH_DEBOUNCE_MS);
  const search = useCustomerSearch(debounced);
  const hits = term === null ? [] : (search.data ?? []).slice(0, SUGGESTION_LIMIT);
  const open = term !== null && hits.length > 0;

  useEffect(
    () => () => {
      if (closeTimer.current) clearTimeout(closeTimer.current);
    },
    [],
  );

  const pick = (customer: Customer) => {
    onPick(customer);
    setTerm(null);
  };

  return (
    <div className="field order-text__field order-text__field--customer">
      <label className="field__label" htmlFor={id}>
        {messages.orderScreen.customer}
      </label>
      <div className="order-text__customer">
        <input
          id={id}
          type="text"
          className="field__input"
          role="combobox"
          autoComplete="off"
          aria-expanded={open}
          aria-controls={`${id}-list`}
          placeholder={messages.orderScreen.customerSearch}
          value={term ?? name ?? ''}
          onChange={(event) => {
            setTerm(event.target.value);
            setHighlight(0);
          }}
          onBlur={() => {
            closeTimer.current = setTimeout(() => setTerm(null), CLOSE_DELAY_MS);
          }}
          onKeyDown={(event) => {
            if (!open) return;
            if (event.key === 'ArrowDown') {
              event.preventDefault();
              setHighlight((index) => (index + 1) % hits.length);
            } else if (event.key === 'ArrowUp') {
              event.preventDefault();
              setHighlight((index) => (index <= 0 ? hits.length - 1 : index - 1));
            } else if (event.key === 'Enter') {
              event.preventDefault();
              const chosen = hits[highlight];
              if (chosen) pick(chosen);
            } else if (event.key === 'Escape') {
              event.preventDefault();
              setTerm(null);
            }
          }}
        />
        {name && term === null && (
          <button type="button" className="icon-button icon-button--small" aria-label={messages.orderScreen.removeCustomer} onClick={() => onPick(null)}>
            ×
          </button>
        )}
      </div>
      {open && (
        <ul id={`${id}-list`} role="listbox" className="order-text__list" aria-label={messages.orderScreen.customer}>
          {hits.map((customer, index) => (
            <li
              key={customer.id}
              role="option"
              aria-selected={index === highlight}
              className={`order-text__option${index === highlight ? ' order-text__option--active' : ''}`}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(customer)}
            >
              <span className="order-text__option-label">{customer.company}</span>
              {customer.contactPerson && <span className="order-text__option-kind">{customer.contactPerson}</span>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
