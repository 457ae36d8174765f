import type { DeliveryTimeType, OrderPriority, Unit } from '@dispo/events/catalog/index';
import { messages } from '../messages';
import type { OrderInput } from '../order/order-input';
import { isMissing, refuse } from '../shared';

/** A draft to create, as the parser made it or as the user corrected it in the preview card. */
export interface OrderDraftInput {
  materialId?: string | null;
  customerId?: string | null;
  loadingPlantId?: string | null;
  deliveryPlantId?: string | null;
  loadingPointId?: string | null;
  quantity?: number | null;
  unit?: Unit | null;
  deliveryDate?: string | null;
  deliveryTimeType?: DeliveryTimeType | null;
  deliveryTimeFixed?: string | null;
  deliveryTimeFrom?: string | null;
  deliveryTimeTo?: string | null;
  priority?: OrderPriority | null;
  notes?: string | null;
}

/**
 * The checks of the natural-language entry before an order is created: §5.4 (something must have
 * been recognised) and the second message set of §5.1, in the order of the card's fields. The order
 * decider checks the rest (that the records exist and fit together).
 */
export function checkOrderDraft(draft: OrderDraftInput): void {
  const q = messages.validation.quickOrder;
  if (isMissing(draft.materialId) && isMissing(draft.customerId) && isMissing(draft.loadingPlantId) && isMissing(draft.deliveryPlantId)) {
    refuse('validation', messages.orderText.nothingRecognised, ['materialId', 'customerId', 'loadingPlantId', 'deliveryPlantId']);
  }
  if (isMissing(draft.materialId)) refuse('validation', q.selectMaterial, ['materialId']);
  if (isMissing(draft.loadingPointId)) refuse('validation', q.selectLoadingPoint, ['loadingPointId']);
  if (isMissing(draft.deliveryPlantId)) refuse('validation', q.selectDeliveryPlant, ['deliveryPlantId']);
  const quantity = draft.quantity;
  if (typeof quantity !== 'number' || !Number.isFinite(quantity) || quantity <= 0) refuse('validation', q.validQuantity, ['quantity']);
  if (isMissing(draft.deliveryDate)) refuse('validation', q.selectDeliveryDate, ['deliveryDate']);
  const range = draft.deliveryTimeType === 'range' || (draft.deliveryTimeType == null && (!isMissing(draft.deliveryTimeFrom) || !isMissing(draft.deliveryTimeTo)));
  if (range) {
    if (isMissing(draft.deliveryTimeFrom) || isMissing(draft.deliveryTimeTo)) {
      refuse('validation', q.completeTimeRange, [isMissing(draft.deliveryTimeFrom) ? 'deliveryTimeFrom' : 'deliveryTimeTo']);
    }
  } else if (isMissing(draft.deliveryTimeFixed)) {
    refuse('validation', q.enterTime, ['deliveryTimeFixed']);
  }
  // §5.1: "loading plant must exist and differ from the delivery plant".
  if (isMissing(draft.loadingPlantId) || draft.loadingPlantId === draft.deliveryPlantId) {
    refuse('validation', q.plantsMustDiffer, ['loadingPlantId', 'deliveryPlantId']);
  }
}

/** The order command's input for a checked draft. */
export function orderInputFromDraft(draft: OrderDraftInput): OrderInput {
  return {
    plantId: draft.loadingPlantId,
    deliveryPlantId: draft.deliveryPlantId,
    loadingPointId: draft.loadingPointId,
    materialId: draft.materialId,
    customerId: draft.customerId,
    quantity: draft.quantity,
    unit: draft.unit,
    deliveryDate: draft.deliveryDate,
    deliveryTimeType: draft.deliveryTimeType,
    deliveryTimeFixed: draft.deliveryTimeFixed,
    deliveryTimeFrom: draft.deliveryTimeFrom,
    deliveryTimeTo: draft.deliveryTimeTo,
    priority: draft.priority,
    notes: draft.notes,
  };
}
