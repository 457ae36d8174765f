import type { EventDefinition, EventOf } from '../registry';
import { customerEventDefinitions } from './customer';
import { deadlineWarningEventDefinitions } from './deadline-warning';
import { fuelCardEventDefinitions } from './fuel-card';
import { loadingPointEventDefinitions } from './loading-point';
import { materialEventDefinitions } from './material';
import { optimizationEventDefinitions } from './optimization';
import { orderEventDefinitions } from './order';
import { orderMailEventDefinitions } from './order-mail';
import { orderTemplateEventDefinitions } from './order-template';
import { plantEventDefinitions } from './plant';
import { reservationEventDefinitions } from './reservation';
import { dispoDayEventDefinitions, tourEventDefinitions } from './tour';
import { trailerEventDefinitions } from './trailer';
import { userEventDefinitions } from './user';
import { userOrderSettingsEventDefinitions } from './user-order-settings';
import { vehicleEventDefinitions } from './vehicle';
import { vehicleAnalyticsEventDefinitions } from './vehicle-analytics';
import { vehicleDocumentEventDefinitions } from './vehicle-document';
import { workshopEventDefinitions } from './workshop';
import { workshopAppointmentEventDefinitions } from './workshop-appointment';

export * from './customer';
export * from './deadline-warning';
export * from './enums';
export * from './fields';
export * from './fuel-card';
export * from './loading-point';
export * from './material';
export * from './optimization';
export * from './order';
export * from './order-mail';
export * from './order-template';
export * from './plant';
export * from './reservation';
export * from './stream-ids';
export * from './tour';
export * from './trailer';
export * from './user';
export * from './user-order-settings';
export * from './vehicle';
export * from './vehicle-analytics';
export * from './vehicle-document';
export * from './workshop';
export * from './workshop-appointment';

const catalogue = [
  ...userEventDefinitions,
  ...plantEventDefinitions,
  ...loadingPointEventDefinitions,
  ...materialEventDefinitions,
  ...customerEventDefinitions,
  ...orderEventDefinitions,
  ...orderMailEventDefinitions,
  ...reservationEventDefinitions,
  ...tourEventDefinitions,
  ...dispoDayEventDefinitions,
  ...optimizationEventDefinitions,
  ...vehicleEventDefinitions,
  ...vehicleDocumentEventDefinitions,
  ...trailerEventDefinitions,
  ...fuelCardEventDefinitions,
  ...orderTemplateEventDefinitions,
  ...userOrderSettingsEventDefinitions,
  ...workshopAppointmentEventDefinitions,
  ...deadlineWarningEventDefinitions,
  ...workshopEventDefinitions,
  ...vehicleAnalyticsEventDefinitions,
] as const;

/** Every event type of this catalogue, for `new EventRegistry(allEventDefinitions)`. */
export const allEventDefinitions: EventDefinition[] = [...catalogue];

/** Every event of this catalogue as `{ type, data }`. */
export type DomainEvent = EventOf<(typeof catalogue)[number]>;

export type DomainEventType = DomainEvent['type'];

/** The data of one event type, e.g. `EventData<'OrderCreated'>`. */
export type EventData<T extends DomainEventType> = Extract<DomainEvent, { type: T }>['data'];
