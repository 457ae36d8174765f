import type { CustomerEvent, EventData } from '@dispo/events/catalog/index';
import type { Decider } from '../decider';
import { messages } from '../messages';
import { assertNotCreated, changedDetails, type EntityState, existingEntity, noEntity } from '../shared';
import { type CustomerInput, customerDetailsFrom } from './customer-details';

export interface CreateCustomer {
  type: 'CreateCustomer';
  customerId: string;
  details: CustomerInput;
  now: string;
}

/** Changes only the fields given; null clears an optional field. */
export interface UpdateCustomer {
  type: 'UpdateCustomer';
  customerId: string;
  changes: Partial<CustomerInput>;
  now: string;
}

export type CustomerCommand = CreateCustomer | UpdateCustomer;

export type CustomerRecord = EventData<'CustomerCreated'> & { updatedAt: string };
export type CustomerState = EntityState<CustomerRecord>;

function createCustomer(command: CreateCustomer, state: CustomerState): CustomerEvent[] {
  assertNotCreated(state, messages.masterData.customerExists);
  const details = customerDetailsFrom(command.details);
  return [{ type: 'CustomerCreated', data: { id: command.customerId, ...details, createdAt: command.now } }];
}

function updateCustomer(command: UpdateCustomer, state: CustomerState): CustomerEvent[] {
  const customer = existingEntity(state, messages.masterData.customerNotFound);
  const details = changedDetails(customer, command.changes, customerDetailsFrom);
  if (!details) return [];
  return [{ type: 'CustomerUpdated', data: { id: command.customerId, ...details, updatedAt: command.now } }];
}

export const customerDecider: Decider<CustomerCommand, CustomerState, CustomerEvent> = {
  initialState: noEntity,
  evolve(state, event) {
    switch (event.type) {
      case 'CustomerCreated':
        return { exists: true, entity: { ...event.data, updatedAt: event.data.createdAt } };
      case 'CustomerUpdated':
        if (!state.exists) return state;
        return { exists: true, entity: { ...state.entity, ...event.data } };
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'CreateCustomer':
        return createCustomer(command, state);
      case 'UpdateCustomer':
        return updateCustomer(command, state);
    }
  },
};
