import type { OrderDetails, Unit } from '@dispo/events/catalog/index';
import { messages } from '../messages';
import { canBeDeliveryPlant, canBeLoadingPlant } from '../plant/plant-eligibility';
import { cleanText, isLocalDate, refuse, requiredText, requireFields } from '../shared';
import { normalizeDeliveryTime } from './delivery-time';
import { orderDefaults } from './order-defaults';
import type { OrderInput } from './order-input';
import { plannedWeightTons } from './planned-weight';
import { type MaterialSummary, type OrderReferences, referenced } from './order-references';

/**
 * The most one order may ask for, by unit. An order is the delivery of one route on one day: a full
 * truck carries about 27 t (40 t gross, §9's default quantity), and a dozen trucks running the route
 * all day bring in the order of 1,000 t. Anything above is a typing error (an extra zero, a weight in
 * kg entered as t), not a delivery this business can make on one order.
 */
export const MAX_ORDER_QUANTITY: Readonly<Record<Unit, number>> = { to: 1000, m3: 1000, kg: 1_000_000, stueck: 1000 };

function validQuantity(quantity: number, unit: Unit): number {
  if (!Number.isFinite(quantity) || quantity <= 0) refuse('validation', messages.validation.wizard.quantityPositive, ['quantity']);
  const max = MAX_ORDER_QUANTITY[unit];
  if (quantity > max) refuse('validation', messages.intakeTools.quantityTooLarge(`${max.toLocaleString('de-DE')} ${messages.labels.unitShort[unit]}`), ['quantity']);
  return quantity;
}

/** The heaviest order, as MAX_ORDER_QUANTITY's tonnes: a weight beyond it is a typing error. */
export const MAX_ORDER_WEIGHT_TONS = MAX_ORDER_QUANTITY.to;

/** A weight in tonnes of an order: finite, not negative, at most MAX_ORDER_WEIGHT_TONS. */
export function refuseImpossibleWeight(weightTons: number, field: string): void {
  if (!Number.isFinite(weightTons) || weightTons < 0) refuse('validation', messages.validation.weightNotNegative, [field]);
  if (weightTons > MAX_ORDER_WEIGHT_TONS) refuse('validation', messages.validation.weightTooLarge(MAX_ORDER_WEIGHT_TONS.toLocaleString('de-DE')), [field]);
}

/** The planned weight: derived from the quantity where it can be (planned-weight.ts), else the user's. */
function validWeightTons(weightTons: number | null | undefined, quantity: number, unit: Unit, material: MaterialSummary | null): number | null {
  const derived = plannedWeightTons(quantity, unit, material?.densityTonsPerCubicMetre);
  const weight = derived ?? (weightTons === undefined || Number.isNaN(weightTons) ? null : weightTons);
  if (weight !== null) refuseImpossibleWeight(weight, 'weightTons');
  return weight;
}

function validDeliveryDate(date: string): string {
  if (!isLocalDate(date)) refuse('validation', messages.validation.invalidDate, ['deliveryDate']);
  return date;
}

/** §5.1 and §5.5: both plants exist, differ, and each may act in its role. */
function checkPlants(refs: OrderReferences, plantId: string, deliveryPlantId: string): void {
  const loadingPlant = referenced(refs.loadingPlant, plantId);
  if (!loadingPlant) refuse('not_found', messages.order.loadingPlantNotFound, ['plantId']);
  const deliveryPlant = referenced(refs.deliveryPlant, deliveryPlantId);
  if (!deliveryPlant) refuse('not_found', messages.order.deliveryPlantNotFound, ['deliveryPlantId']);
  if (plantId === deliveryPlantId) refuse('validation', messages.validation.quickOrder.plantsMustDiffer, ['plantId', 'deliveryPlantId']);
  if (!canBeLoadingPlant(loadingPlant)) refuse('validation', messages.order.notALoadingPlant, ['plantId']);
  if (!canBeDeliveryPlant(deliveryPlant)) refuse('validation', messages.order.notADeliveryPlant, ['deliveryPlantId']);
}

function checkLoadingPoint(refs: OrderReferences, loadingPointId: string, plantId: string): void {
  const loadingPoint = referenced(refs.loadingPoint, loadingPointId);
  if (!loadingPoint) refuse('not_found', messages.order.loadingPointNotFound, ['loadingPointId']);
  if (loadingPoint.plantId !== plantId) refuse('validation', messages.order.loadingPointOfOtherPlant, ['loadingPointId']);
}

function checkMaterialAndCustomer(refs: OrderReferences, materialId: string, plantId: string, customerId: string | null): void {
  const material = referenced(refs.material, materialId);
  if (!material) refuse('not_found', messages.order.materialNotFound, ['materialId']);
  if (!offeredAt(material, plantId)) refuse('validation', messages.intakeTools.materialNotAtPlant, ['materialId']);
  if (customerId !== null && !referenced(refs.customer, customerId)) {
    refuse('not_found', messages.order.customerNotFound, ['customerId']);
  }
}

/** Whether the loading plant offers the material: a material assigned to plants is loaded only there. */
export function offeredAt(material: MaterialSummary, plantId: string): boolean {
  const plants = material.assignedPlantIds ?? [];
  return plants.length === 0 || plants.includes(plantId);
}

/**
 * The order's details as stored, from what the user entered: required fields of the full form
 * (§5.2), formats, and the records they name (§5.5). Checks run in the order a user fixes them:
 * the form first, then what its choices refer to. Create and update share it, so an edited order
 * is held to the same rules as a new one.
 */
export function validOrderDetails(details: OrderInput, refs: OrderReferences): OrderDetails {
  requireFields({
    plantId: details.plantId,
    deliveryPlantId: details.deliveryPlantId,
    materialId: details.materialId,
    quantity: details.quantity,
    deliveryDate: details.deliveryDate,
    loadingPointId: details.loadingPointId,
  });
  const plantId = requiredText(details.plantId);
  const deliveryPlantId = requiredText(details.deliveryPlantId);
  const loadingPointId = requiredText(details.loadingPointId);
  const materialId = requiredText(details.materialId);
  const customerId = cleanText(details.customerId);
  const unit = details.unit ?? orderDefaults.unit;
  const quantity = validQuantity(details.quantity ?? Number.NaN, unit);
  const deliveryDate = validDeliveryDate(requiredText(details.deliveryDate));
  const deliveryTime = normalizeDeliveryTime(details);
  checkPlants(refs, plantId, deliveryPlantId);
  checkLoadingPoint(refs, loadingPointId, plantId);
  checkMaterialAndCustomer(refs, materialId, plantId, customerId);
  const weightTons = validWeightTons(details.weightTons, quantity, unit, referenced(refs.material, materialId));
  return {
    plantId,
    deliveryPlantId,
    loadingPointId,
    materialId,
    customerId,
    materialSpecification: cleanText(details.materialSpecification),
    quantity,
    unit,
    weightTons,
    deliveryDate,
    ...deliveryTime,
    priority: details.priority ?? orderDefaults.priority,
    transportType: details.transportType ?? orderDefaults.transportType,
    notes: cleanText(details.notes),
    internalNotes: cleanText(details.internalNotes),
    deliveryAddress: cleanText(details.deliveryAddress),
    deliveryContactPerson: cleanText(details.deliveryContactPerson),
    deliveryPhone: cleanText(details.deliveryPhone),
    vehicleRequirements: cleanText(details.vehicleRequirements),
    accessConditions: cleanText(details.accessConditions),
    pumpAvailable: details.pumpAvailable ?? false,
    craneAvailable: details.craneAvailable ?? false,
  };
}
