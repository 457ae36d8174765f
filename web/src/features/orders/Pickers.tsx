import { useId } from 'react';
import { messages } from '@dispo/domain/messages';
import { useCustomerSearch } from '../../api/reference';
import type { Customer, Material } from '../../api/types';
import { ClearButton, Combobox, type ComboboxClasses } from '../../components/Combobox';
import { useDebouncedValue } from '../../components/useDebouncedValue';
import { favoritesFirst } from './orderForm';
import { FORM_MATERIAL_LIMIT, MATERIAL_SEARCH_MIN_CHARS, searchMaterials } from './materialSearch';
import { SEARCH_DEBOUNCE_MS } from './useOrderFilters';

/** Searchable pickers of the order form: material (at most 10 hits, §2.7) and customer (§7.1). */

/** The order form's comboboxes: the look of orders.css. */
const PICKER_CLASSES: ComboboxClasses = { field: 'combobox', row: 'combobox__row', list: 'combobox__list', option: 'combobox__option' };

export interface MaterialPickerProps {
  materials: readonly Material[];
  materialId: string;
  materialName: string;
  onChange(materialId: string, materialName: string): void;
  required?: boolean;
  invalid?: boolean;
  /** The user's favourite materials (settings), shown first. */
  favorites?: readonly string[];
}

export function MaterialPicker({ materials, materialId, materialName, onChange, required, invalid, favorites = [] }: MaterialPickerProps) {
  const id = useId();
  const hits = searchMaterials(materials, materialName, FORM_MATERIAL_LIMIT, favorites);
  const searching = materialName.trim().length >= MATERIAL_SEARCH_MIN_CHARS;
  const chosen = materials.find((material) => material.id === materialId);
  return (
    <Combobox<Material>
      id={id}
      classes={PICKER_CLASSES}
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
  /** The user's favourite customers (settings), shown first. */
  favorites?: readonly string[];
}

export function CustomerPicker({ customerId, customerName, onChange, favorites = [] }: CustomerPickerProps) {
  const id = useId();
  const term = useDebouncedValue(customerId ? '' : customerName, SEARCH_DEBOUNCE_MS);
  const customers = useCustomerSearch(term);
  return (
    <Combobox<Customer>
      id={id}
      classes={PICKER_CLASSES}
      label={messages.orderScreen.customer}
      text={customerName}
      onTextChange={(text) => onChange('', text)}
      items={customerId ? [] : favoritesFirst(customers.data ?? [], favorites, (customer) => customer.id)}
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
      extra={customerName ? <ClearButton label={messages.orderScreen.removeCustomer} onClick={() => onChange('', '')} /> : null}
    />
  );
}
