import type { CustomerEvent } from '@dispo/events/catalog/index';
import { describe, it } from 'vitest';
import { messages } from '../messages';
import { givenWhenThen } from '../testing/given-when-then';
import { type CreateCustomer, customerDecider } from './customer-decider';

const now = '2026-11-20T08:00:00.000Z';
const later = '2026-11-21T08:00:00.000Z';

const create: CreateCustomer = {
  type: 'CreateCustomer',
  customerId: 'c-1',
  details: { company: 'Nordbeton GmbH', contactPerson: 'Jan Petersen', email: 'disposition@nordbeton.example' },
  now,
};

const created: CustomerEvent = {
  type: 'CustomerCreated',
  data: {
    id: 'c-1',
    company: 'Nordbeton GmbH',
    contactPerson: 'Jan Petersen',
    email: 'disposition@nordbeton.example',
    phone: null,
    createdAt: now,
  },
};

const customer = givenWhenThen(customerDecider);

describe('CreateCustomer', () => {
  it('creates a customer; what is not given is null', () => {
    customer.given([]).when(create).thenEmits([created]);
  });

  it('requires the company', () => {
    customer
      .given([])
      .when({ ...create, details: { company: '  ' } })
      .thenThrows(messages.validation.requiredFields, 'validation');
  });

  it('refuses a malformed e-mail address', () => {
    customer
      .given([])
      .when({ ...create, details: { ...create.details, email: 'nordbeton.example' } })
      .thenThrows(messages.validation.invalidEmail, 'validation');
  });

  it('creates a customer only once', () => {
    customer.given([created]).when(create).thenThrows(messages.masterData.customerExists, 'conflict');
  });
});

describe('UpdateCustomer', () => {
  it('changes the fields given', () => {
    customer
      .given([created])
      .when({ type: 'UpdateCustomer', customerId: 'c-1', changes: { phone: '040 123', email: null }, now: later })
      .thenEmits([
        {
          type: 'CustomerUpdated',
          data: { id: 'c-1', company: 'Nordbeton GmbH', contactPerson: 'Jan Petersen', email: null, phone: '040 123', updatedAt: later },
        },
      ]);
  });

  it('emits nothing when nothing changes', () => {
    customer
      .given([created])
      .when({ type: 'UpdateCustomer', customerId: 'c-1', changes: { company: 'Nordbeton GmbH' }, now: later })
      .thenEmits([]);
  });

  it('refuses an unknown customer', () => {
    customer
      .given([])
      .when({ type: 'UpdateCustomer', customerId: 'c-1', changes: { phone: '1' }, now: later })
      .thenThrows(messages.masterData.customerNotFound, 'not_found');
  });
});
