import type { OrderEvent } from '@dispo/events/catalog/index';
import type { Decider } from '../decider';
import { noEntity } from '../shared';
import {
  type AssignOrderToTour,
  assignOrderToTour,
  type ChangeOrderStatus,
  changeOrderStatus,
  type DeleteOrder,
  deleteOrder,
  type IssueStorno,
  issueStorno,
  type ReleaseOrderFromTour,
  releaseOrderFromTour,
  type RescheduleOrderTour,
  rescheduleOrderTour,
  type UpdateOrder,
  updateOrder,
} from './change-order';
import {
  type BillingCommand,
  confirmBilling,
  removeFromBilling,
  transferToDisposition,
  undoBilling,
  unlockDeliveryData,
} from './billing';
import { type CreateOrder, createOrder } from './create-order';
import { evolveOrder, type OrderState } from './order-state';

export type OrderCommand =
  | BillingCommand
  | CreateOrder
  | UpdateOrder
  | ChangeOrderStatus
  | DeleteOrder
  | IssueStorno
  | AssignOrderToTour
  | ReleaseOrderFromTour
  | RescheduleOrderTour;

export const orderDecider: Decider<OrderCommand, OrderState, OrderEvent> = {
  initialState: noEntity,
  evolve: evolveOrder,
  decide(command, state) {
    switch (command.type) {
      case 'CreateOrder':
        return createOrder(command, state);
      case 'UpdateOrder':
        return updateOrder(command, state);
      case 'ChangeOrderStatus':
        return changeOrderStatus(command, state);
      case 'DeleteOrder':
        return deleteOrder(command, state);
      case 'IssueStorno':
        return issueStorno(command, state);
      case 'AssignOrderToTour':
        return assignOrderToTour(command, state);
      case 'ReleaseOrderFromTour':
        return releaseOrderFromTour(command, state);
      case 'RescheduleOrderTour':
        return rescheduleOrderTour(command, state);
      case 'ConfirmBilling':
        return confirmBilling(command, state);
      case 'UndoBilling':
        return undoBilling(command, state);
      case 'RemoveFromBilling':
        return removeFromBilling(command, state);
      case 'UnlockDeliveryData':
        return unlockDeliveryData(command, state);
      case 'TransferToDisposition':
        return transferToDisposition(command, state);
    }
  },
};
