import { messages } from '@dispo/domain/messages';
import { useState } from 'react';
import { useOrderSettings } from '../../api/orderSettings';
import { useCustomerSearch } from '../../api/reference';
import { favoritesFirst } from '../orders/orderForm';
import type { Customer } from '../../api/types';
import { ClearButton, Combobox } from '../../components/Combobox';
import { useDebouncedValue } from '../../components/useDebouncedValue';
import { DRAFT_LOOK } from './draftLook';
import { SUGGESTION_LIMIT } from './suggestions';

/** §9: search debounce 150 ms. */
const SEARCH_DEBOUNCE_MS = 150;

export interface CustomerFieldProps {
  id: string;
  name: string | null;
  onPick(customer: Customer | null): void;
}

/**
 * The customer of a draft: its name, searchable from 2 characters (GET /api/customers/search/query),
 * at most 5 hits. What is typed is only a search: leaving the field without a pick shows the name again.
 */
export function CustomerField({ id, name, onPick }: CustomerFieldProps) {
  const [term, setTerm] = useState<string | null>(null);
  const debounced = useDebouncedValue(term ?? '', SEARCH_DEBOUNCE_MS);
  const search = useCustomerSearch(debounced);
  // The user's favourite customers (settings) first.
  const favorites = useOrderSettings().settings.favoriteCustomers;
  const hits = term === null ? [] : favoritesFirst(search.data ?? [], favorites, (customer) => customer.id).slice(0, SUGGESTION_LIMIT);

  return (
    <Combobox<Customer>
      id={id}
      label={messages.orderScreen.customer}
      look={DRAFT_LOOK}
      classes={{
        field: 'order-text__field--customer',
        row: 'order-text__customer',
        list: 'order-text__list',
        option: 'order-text__option',
      }}
      placeholder={messages.orderScreen.customerSearch}
      text={term ?? name ?? ''}
      onTextChange={setTerm}
      items={hits}
      itemKey={(customer) => customer.id}
      renderItem={(customer) => (
        <>
          <span className="order-text__option-label">{customer.company}</span>
          {customer.contactPerson && <span className="order-text__option-kind">{customer.contactPerson}</span>}
        </>
      )}
      onPick={(customer) => {
        onPick(customer);
        setTerm(null);
      }}
      onDismiss={() => setTerm(null)}
      extra={name && term === null ? <ClearButton label={messages.orderScreen.removeCustomer} onClick={() => onPick(null)} /> : null}
    />
  );
}
