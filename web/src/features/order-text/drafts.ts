import { canBeDeliveryPlant, canBeLoadingPlant } from '@dispo/domain/plant/plant-eligibility';
import type { Customer, LoadingPoint, Material, Plant } from '../../api/types';
import type { OrderDraft } from './api';

/**
 * The preview card's rules, free of React: which plants and loading points a draft may take, and how
 * a change of one field carries over to the others (a new loading plant drops a loading point of
 * another plant).
 */

/** §2.4/§5.4: the card appears only above this confidence; hints are given below HINT_BELOW. */
export const PREVIEW_ABOVE = 0.3;
export const HINT_BELOW = 0.7;
/** §9: time defaults 08:00 and 17:00. */
export const DEFAULT_FROM = '08:00';
export const DEFAULT_TO = '17:00';

export function confidencePercent(confidence: number): number {
  return Math.round(confidence * 100);
}

const classification = (plant: Plant) => ({ plantRole: plant.plant_role, plantType: plant.plant_type });
const active = (plant: Plant) => plant.status !== 'inactive';

/** §5.4/§5.5: only plants of role loading or both (and a loading type) are departures. */
export function loadingPlants(plants: readonly Plant[]): Plant[] {
  return plants.filter((plant) => active(plant) && canBeLoadingPlant(classification(plant)));
}

/** §5.4/§5.5: only plants of role delivery or both (not terminals or loading points) are destinations. */
export function deliveryPlants(plants: readonly Plant[]): Plant[] {
  return plants.filter((plant) => active(plant) && canBeDeliveryPlant(classification(plant)));
}

export function pointsOfPlant(points: readonly LoadingPoint[], plantId: string | null): LoadingPoint[] {
  return plantId ? points.filter((point) => point.plant_id === plantId) : [];
}

export type DraftChange =
  | { field: 'material'; material: Material | null }
  | { field: 'customer'; customer: Customer | null }
  | { field: 'loadingPlant'; plant: Plant | null; points: readonly LoadingPoint[] }
  | { field: 'loadingPoint'; point: LoadingPoint | null }
  | { field: 'deliveryPlant'; plant: Plant | null }
  | { field: 'quantity'; quantity: number | null }
  | { field: 'unit'; unit: OrderDraft['unit'] }
  | { field: 'deliveryDate'; date: string | null }
  | { field: 'timeType'; type: 'fixed' | 'range' }
  | { field: 'timeFixed'; time: string | null }
  | { field: 'timeFrom'; time: string | null }
  | { field: 'timeTo'; time: string | null }
  | { field: 'priority'; priority: OrderDraft['priority'] }
  | { field: 'notes'; notes: string | null };

/** `draft` with one field changed by the user, and what follows from it. */
export function changeDraft(draft: OrderDraft, change: DraftChange): OrderDraft {
  switch (change.field) {
    case 'material':
      return { ...draft, materialId: change.material?.id ?? null, materialName: change.material?.name ?? null };
    case 'customer':
      return { ...draft, customerId: change.customer?.id ?? null, customerName: change.customer?.company ?? null };
    case 'loadingPlant': {
      const plantId = change.plant?.id ?? null;
      const points = pointsOfPlant(change.points, plantId);
      const keep = points.some((point) => point.id === draft.loadingPointId);
      // A plant's only loading point needs no choosing (as the parser does it).
      const only = points.length === 1 ? points[0]! : null;
      return {
        ...draft,
        loadingPlantId: plantId,
        loadingPlantName: change.plant?.name ?? null,
        loadingPointId: keep ? draft.loadingPointId : (only?.id ?? null),
        loadingPointName: keep ? draft.loadingPointName : (only?.name ?? null),
      };
    }
    case 'loadingPoint':
      return { ...draft, loadingPointId: change.point?.id ?? null, loadingPointName: change.point?.name ?? null };
    case 'deliveryPlant':
      return { ...draft, deliveryPlantId: change.plant?.id ?? null, deliveryPlantName: change.plant?.name ?? null };
    case 'quantity':
      return { ...draft, quantity: change.quantity };
    case 'unit':
      return { ...draft, unit: change.unit };
    case 'deliveryDate':
      return { ...draft, deliveryDate: change.date };
    case 'timeType':
      return change.type === 'range'
        ? {
            ...draft,
            deliveryTimeType: 'range',
            deliveryTimeFrom: draft.deliveryTimeFrom ?? draft.deliveryTimeFixed ?? DEFAULT_FROM,
            deliveryTimeTo: draft.deliveryTimeTo ?? DEFAULT_TO,
            deliveryTimeFixed: null,
          }
        : { ...draft, deliveryTimeType: 'fixed', deliveryTimeFixed: draft.deliveryTimeFixed ?? draft.deliveryTimeFrom ?? DEFAULT_FROM, deliveryTimeFrom: null, deliveryTimeTo: null };
    case 'timeFixed':
      return { ...draft, deliveryTimeFixed: change.time };
    case 'timeFrom':
      return { ...draft, deliveryTimeFrom: change.time };
    case 'timeTo':
      return { ...draft, deliveryTimeTo: change.time };
    case 'priority':
      return { ...draft, priority: change.priority };
    case 'notes':
      return { ...draft, notes: change.notes };
  }
}

/** `26,5` or `26.5` → 26.5; empty or not a number → null. */
export function parseQuantity(text: string): number | null {
  const value = Number(text.trim().replace(',', '.'));
  return text.trim() === '' || !Number.isFinite(value) ? null : value;
}

/** 26.5 → `26,5`. */
export function quantityText(quantity: number | null): string {
  return quantity === null ? '' : String(quantity).replace('.', ',');
}
