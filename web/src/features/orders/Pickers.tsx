import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { messages } from '@dispo/domain/messages';
import { useCustomerSearch } from '../../api/reference';
import type { Customer, Material } from '../../api/types';
import { FORM_MATERIAL_LIMIT, MATERIAL_SEARCH_MIN_CHARS, searchMaterials } from './materialSearch';
import { SEARCH_DEBOUNCE_MS } from './useOrderFilters';

/** Searchable pickers of the order form: material (at most 10 hits, §2.7) and customer (§7.1). */

interface ComboboxProps<T> {
  id: string;
  label: string;
  required?: boolean;
  invalid?: boolean;
  text: string;
  onTextChange(text: string): void;
  items: readonly T[];
  itemKey(item: T): string;
  renderItem(item: T): ReactNode;
  onPick(item: T): void;
  placeholder?: string;
  emptyText?: string | null;
  extra?: ReactNode;
}

function Combobox<T>({
  id,
  label,
  required,
  invalid,
  text,
  onTextChange,
  items,
  itemKey,
  renderItem,
  onPick,
  placeholder,
  emptyText,
  extra,
}: ComboboxProps<T>) {
  const [open, setOpen] = useState(false);
  const [highlight, setHighlight] = useState(0);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (closeTimer.current) clearTimeout(closeTimer.current);
    },
    [],
  );
  const showList = open && items.length > 0;
  const pick = (item: T) => {
    onPick(item);
    setOpen(false);
  };
  return (
    <div className="field combobox">
      <label className="field__label" htmlFor={id}>
        {label}
        {required && <RequiredMark />}
      </label>
      <div className="combobox__row">
        <input
          id={id}
          type="text"
          className="field__input"
          role="combobox"
          autoComplete="off"
          aria-expanded={showList}
          aria-controls={`${id}-list`}
          aria-invalid={invalid || undefined}
          aria-required={required || undefined}
          placeholder={placeholder}
          value={text}
          onChange={(event) => {
            onTextChange(event.target.value);
            setOpen(true);
            setHighlight(0);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => {
            closeTimer.current = setTimeout(() => setOpen(false), 200);
          }}
          onKeyDown={(event) => {
            if (!showList) return;
            if (event.key === 'ArrowDown') {
              event.preventDefault();
              setHighlight((index) => (index + 1) % items.length);
            } else if (event.key === 'ArrowUp') {
              event.preventDefault();
              setHighlight((index) => (index - 1 + items.length) % items.length);
            } else if (event.key === 'Enter') {
              event.preventDefault();
              const chosen = items[highlight];
              if (chosen) pick(chosen);
            } else if (event.key === 'Escape') {
              event.stopPropagation();
              setOpen(false);
            }
          }}
        />
        {extra}
      </div>
      {showList && (
        <ul id={`${id}-list`} role="listbox" className="combobox__list" aria-label={label}>
          {items.map((item, index) => (
            <li
              key={itemKey(item)}
              role="option"
              aria-selected={index === highlight}
              className={`combobox__option${index === highlight ? ' combobox__option--active' : ''}`}
              onMouseDown={(event) => event.preventDefault()}
              onMouseEnter={() => setHighlight(index)}
              onClick={() => pick(item)}
            >
              {renderItem(item)}
            </li>
          ))}
        </ul>
      )}
      {open && items.length === 0 && emptyText && <span className="field__hint">{emptyText}</span>}
    </div>
  );
}

export function RequiredMark() {
  return (
    <span className="field__required" title={messages.orderScreen.required} aria-hidden="true">
      {' *'}
    </span>
  );
}

export interface MaterialPickerProps {
  materials: readonly Material[];
  materialId: string;
  materialName: string;
  onChange(materialId: string, materialName: string): void;
  required?: boolean;
  invalid?: boolean;
}

export function MaterialPicker({ materials, materialId, materialName, onChange, required, invalid }: MaterialPickerProps) {
  const id = useId();
  const hits = searchMaterials(materials, materialName, FORM_MATERIAL_LIMIT);
  const searching = materialName.trim().length >= MATERIAL_SEARCH_MIN_CHARS;
  const chosen = materials.find((material) => material.id === materialId);
  return (
    <Combobox<Material>
      id={id}
      label={messages.orderScreen.material}
      required={required}
      invalid={invalid}
      text={materialName}
      // Typing replaces the choice: only a picked hit sets the material.
      onTextChange={(text) => onChange(chosen && chosen.name === text ? chosen.id : '', text)}
      items={chosen && chosen.name === materialName ? [] : hits}
      itemKey={(material) => material.id}
      renderItem={(material) => (
        <>
          <span>{material.name}</span>
          <span className="combobox__muted">{[material.materialCode, material.category].filter(Boolean).join(' · ')}</span>
        </>
      )}
      onPick={(material) => onChange(material.id, material.name)}
      placeholder={messages.orderScreen.materialSearch}
      emptyText={searching && !(chosen && chosen.name === materialName) ? messages.empty.materials : null}
    />
  );
}

export interface CustomerPickerProps {
  customerId: string;
  customerName: string;
  onChange(customerId: string, customerName: string): void;
}

export function CustomerPicker({ customerId, customerName, onChange }: CustomerPickerProps) {
  const id = useId();
  const [term, setTerm] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setTerm(customerId ? '' : customerName), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [customerName, customerId]);
  const customers = useCustomerSearch(term);
  return (
    <Combobox<Customer>
      id={id}
      label={messages.orderScreen.customer}
      text={customerName}
      onTextChange={(text) => onChange('', text)}
      items={customerId ? [] : (customers.data ?? [])}
      itemKey={(customer) => customer.id}
      renderItem={(customer) => (
        <>
          <span>{customer.company}</span>
          {customer.contactPerson && <span className="combobox__muted">{customer.contactPerson}</span>}
        </>
      )}
      onPick={(customer) => onChange(customer.id, customer.company)}
      placeholder={messages.orderScreen.customerSearch}
      emptyText={customers.isError ? messages.errors.customerSearch : null}
      extra={
        customerName ? (
          <button
            type="button"
            className="icon-button icon-button--small"
            aria-label={messages.orderScreen.removeCustomer}
            title={messages.orderScreen.removeCustomer}
            onClick={() => onChange('', '')}
          >
            ×
          </button>
        ) : null
      }
    />
  );
}
