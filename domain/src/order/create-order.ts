import type { OrderEvent } from '@dispo/events/catalog/index';
import { messages } from '../messages';
import { assertNotCreated, refuse } from '../shared';
import { validOrderDetails } from './order-details';
import { orderDefaults } from './order-defaults';
import type { OrderInput } from './order-input';
import { isOrderNumber } from './order-number';
import type { OrderReferences } from './order-references';
import type { OrderState } from './order-state';

export interface CreateOrder extends OrderReferences {
  type: 'CreateOrder';
  orderId: string;
  /** Candidate number from `orderNumberFor(today, random)`; the handler reserves it. */
  orderNumber: string;
  /** The creating user. */
  userId: string;
  now: string;
  details: OrderInput;
  /** Set when the order is a duplicate of another (§4.5). */
  duplicatedFrom?: string;
}

export function createOrder(command: CreateOrder, state: OrderState): OrderEvent[] {
  assertNotCreated(state, messages.order.alreadyExists);
  const details = validOrderDetails(command.details, command);
  if (!isOrderNumber(command.orderNumber)) refuse('validation', messages.order.invalidOrderNumber, ['orderNumber']);
  return [
    {
      type: 'OrderCreated',
      data: {
        id: command.orderId,
        orderNumber: command.orderNumber,
        ...details,
        status: orderDefaults.status,
        createdBy: command.userId,
        createdAt: command.now,
        ...(command.duplicatedFrom === undefined ? {} : { duplicatedFrom: command.duplicatedFrom }),
      },
    },
  ];
}
