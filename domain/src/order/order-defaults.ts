import type { OrderPriority, OrderStatus, TransportType, Unit } from '@dispo/events/catalog/index';

/**
 * Defaults of orders.md §9 and §5.4. The decider applies unit, priority, transport type and status;
 * the times, quantities and dates are what entry forms pre-fill (the decider never invents a time).
 */
export const orderDefaults = {
  unit: 'to',
  priority: 'normal',
  transportType: 'standard',
  /** §4.1: new orders start as offen. */
  status: 'offen',
  /** Pre-filled range of the forms. */
  deliveryTimeFrom: '08:00',
  deliveryTimeTo: '17:00',
  /** Quick order: quantity 27, delivery date tomorrow. */
  quickOrderQuantity: 27,
  /** Natural-language entry: 27 tonnes when no quantity is found, 08:00 when no time is. */
  naturalLanguageQuantity: 27,
  naturalLanguageTime: '08:00',
  /** §4.8: an order from a template without quantity. */
  templateQuantity: 1,
} as const satisfies {
  unit: Unit;
  priority: OrderPriority;
  transportType: TransportType;
  status: OrderStatus;
  [key: string]: unknown;
};
