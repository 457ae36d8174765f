import type { MaterialDetails, MaterialStatus, Unit } from '@dispo/events/catalog/index';
import { messages } from '../messages';
import { cleanText, refuse, requiredText, requireFields } from '../shared';

/** Defaults of orders.md §3: unit to, status active. */
export const materialDefaults = {
  unit: 'to',
  status: 'active',
} as const satisfies { unit: Unit; status: MaterialStatus };

export interface MaterialInput {
  name: string;
  materialCode?: string | null;
  category?: string | null;
  description?: string | null;
  unit?: Unit | null;
  standardLoadSize?: number | null;
  /** Tonnes per m³, for the planned weight of orders in m³. */
  densityTonsPerCubicMetre?: number | null;
  /** Left out: plant-specific exactly when plants are assigned. */
  plantSpecific?: boolean | null;
  assignedPlantIds?: readonly string[] | null;
  status?: MaterialStatus | null;
}

function distinctIds(ids: readonly string[] | null | undefined): string[] {
  return [...new Set((ids ?? []).map((id) => id.trim()).filter(Boolean))];
}

export function materialDetailsFrom(input: MaterialInput): MaterialDetails {
  requireFields({ name: input.name });
  const standardLoadSize = input.standardLoadSize ?? null;
  if (standardLoadSize !== null && !(standardLoadSize > 0)) {
    refuse('validation', messages.validation.positiveLoadSize, ['standardLoadSize']);
  }
  const density = input.densityTonsPerCubicMetre ?? null;
  if (density !== null && !(density > 0 && density <= 10)) {
    refuse('validation', messages.validation.densityRange, ['densityTonsPerCubicMetre']);
  }
  const assignedPlantIds = distinctIds(input.assignedPlantIds);
  const plantSpecific = input.plantSpecific ?? assignedPlantIds.length > 0;
  if (plantSpecific && assignedPlantIds.length === 0) {
    refuse('validation', messages.masterData.plantSpecificNeedsPlants, ['assignedPlantIds']);
  }
  return {
    name: requiredText(input.name),
    materialCode: cleanText(input.materialCode),
    category: cleanText(input.category),
    description: cleanText(input.description),
    unit: input.unit ?? materialDefaults.unit,
    standardLoadSize,
    densityTonsPerCubicMetre: density,
    plantSpecific,
    assignedPlantIds,
    status: input.status ?? materialDefaults.status,
  };
}
