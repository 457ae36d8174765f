import { useId, useState } from 'react';
import { messages } from '@dispo/domain/messages';
import { DRIVER_SEARCH_MIN_CHARS, useDriverSearch } from '../../api/fleet';
import type { DriverUser } from '../../api/fleetTypes';
import { ListboxOption } from '../../components/Combobox';
import { FormField } from '../../components/FormField';
import { useDebouncedValue } from '../../components/useDebouncedValue';

/** fleet.md §9: the driver search waits 300 ms after the last key. */
export const DRIVER_SEARCH_DEBOUNCE_MS = 300;

export interface DriverPickerProps {
  value: Pick<DriverUser, 'id' | 'full_name'> | null;
  onChange(driver: Pick<DriverUser, 'id' | 'full_name'> | null): void;
  label: string;
}

/** §2: the driver field searches users from 2 characters, debounced 300 ms; 'Keine Benutzer gefunden' when nothing matches. */
export function DriverPicker({ value, onChange, label }: DriverPickerProps) {
  const id = useId();
  const text = messages.fleetScreen;
  const [term, setTerm] = useState('');
  const [open, setOpen] = useState(false);
  const [highlight, setHighlight] = useState(-1);
  const debounced = useDebouncedValue(term, DRIVER_SEARCH_DEBOUNCE_MS);
  const search = useDriverSearch(debounced);
  const ready = term.trim().length >= DRIVER_SEARCH_MIN_CHARS;
  const settled = ready && debounced === term && !search.isFetching;
  const users = ready ? (search.data ?? []) : [];
  const listId = `${id}-list`;

  const pick = (user: DriverUser) => {
    onChange({ id: user.id, full_name: user.full_name });
    setTerm('');
    setOpen(false);
    setHighlight(-1);
  };

  return (
    <FormField
      id={`${id}-input`}
      label={label}
      className="fleet-driver"
      hint={!ready && term.trim() !== '' ? text.driverSearchHint : undefined}
    >
      {value && (
        <div className="fleet-driver__chosen">
          <span className="chip">
            {value.full_name}
            <button type="button" className="chip__remove" aria-label={text.removeDriver(value.full_name)} onClick={() => onChange(null)}>
              ×
            </button>
          </span>
        </div>
      )}
      <div className="fleet-combobox">
        <input
          id={`${id}-input`}
          className="field__input"
          type="search"
          role="combobox"
          autoComplete="off"
          aria-expanded={open && ready}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={open && highlight >= 0 ? `${listId}-${highlight}` : undefined}
          placeholder={value ? text.changeDriverPlaceholder : text.driverSearchPlaceholder}
          value={term}
          onChange={(event) => {
            setTerm(event.target.value);
            setOpen(true);
            setHighlight(-1);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={(event) => {
            if (event.key === 'ArrowDown' && users.length > 0) {
              event.preventDefault();
              setOpen(true);
              setHighlight((index) => (index + 1) % users.length);
            } else if (event.key === 'ArrowUp' && users.length > 0) {
              event.preventDefault();
              setHighlight((index) => (index <= 0 ? users.length - 1 : index - 1));
            } else if (event.key === 'Enter' && open && highlight >= 0 && users[highlight]) {
              event.preventDefault();
              pick(users[highlight]);
            } else if (event.key === 'Escape' && open && ready) {
              event.preventDefault();
              event.stopPropagation();
              setOpen(false);
            }
          }}
        />
        {open && ready && (
          <ul id={listId} role="listbox" className="fleet-combobox__list" aria-label={label}>
            {users.map((user, index) => (
              <ListboxOption
                key={user.id}
                id={`${listId}-${index}`}
                className="fleet-combobox__option"
                active={index === highlight}
                onHighlight={() => setHighlight(index)}
                onPick={() => pick(user)}
              >
                <span className="fleet-combobox__name">{user.full_name}</span>
                <span className="fleet-combobox__muted">{[user.department, user.email].filter(Boolean).join(' · ')}</span>
              </ListboxOption>
            ))}
            {settled && users.length === 0 && !search.isError && (
              <li className="fleet-combobox__empty" role="presentation">
                {messages.fleet.noUsers}
              </li>
            )}
            {!settled && users.length === 0 && (
              <li className="fleet-combobox__empty" role="presentation">
                {text.searching}
              </li>
            )}
            {search.isError && (
              <li className="fleet-combobox__empty fleet-combobox__empty--error" role="presentation">
                {search.error.message}
              </li>
            )}
          </ul>
        )}
      </div>
    </FormField>
  );
}
