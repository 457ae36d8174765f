import { messages } from '@dispo/domain/messages';
import { isApiError } from '../../api/errors';
import { createQuickOrders, deliveryTimeBody, type QuickOrderBody } from '../../api/quickOrder';
import { getToken } from '../../api/session';
import { createTemplate, type TemplateData } from '../../api/templates';
import type { Material, Plant } from '../../api/types';
import type { QuickOrderForm, QuickOrderResult } from './quickOrderMachine';

export interface Names {
  plants: readonly Plant[];
  materials: readonly Material[];
}

const quantityOf = (text: string) => Number(text.replace(',', '.'));

/** The body of POST /api/orders/quick: one order per chosen material (§2.5). */
export function quickOrderBody(f: QuickOrderForm): QuickOrderBody {
  return {
    plant_id: f.plantId,
    delivery_plant_id: f.deliveryPlantId,
    loading_point_id: f.loadingPointId,
    material_ids: f.materialIds,
    quantity: quantityOf(f.quantity),
    unit: f.unit,
    delivery_date: f.deliveryDate,
    ...deliveryTimeBody(f.deliveryTimeType, f.deliveryTimeFixed, f.deliveryTimeFrom, f.deliveryTimeTo),
    status: 'offen',
    priority: f.priority,
    transport_type: 'standard',
    notes: f.notes.trim() || null,
    source: 'quick_order',
  };
}

/** The wizard's form as a template (§3 "Order template"). */
export function templateDataOf(f: QuickOrderForm, names: Names): TemplateData {
  const plant = (id: string) => ({ id, name: names.plants.find((p) => p.id === id)?.name ?? null });
  return {
    loadingPlant: plant(f.plantId),
    deliveryPlant: plant(f.deliveryPlantId),
    loadingPointId: f.loadingPointId || null,
    materials: f.materialIds.map((id) => ({
      id,
      name: names.materials.find((m) => m.id === id)?.name ?? null,
      quantity: quantityOf(f.quantity),
      unit: f.unit,
    })),
    deliveryTimeType: f.deliveryTimeType,
    deliveryTimeFixed: f.deliveryTimeType === 'fixed' ? f.deliveryTimeFixed || null : null,
    deliveryTimeFrom: f.deliveryTimeType === 'range' ? f.deliveryTimeFrom || null : null,
    deliveryTimeTo: f.deliveryTimeType === 'range' ? f.deliveryTimeTo || null : null,
    priority: f.priority,
    notes: f.notes.trim() || null,
  };
}

/**
 * Creates the orders, then (when asked) the template. A failed template does not undo the orders;
 * without a token the template is skipped silently (§4.8).
 */
export async function submitQuickOrder(f: QuickOrderForm, names: Names): Promise<QuickOrderResult> {
  const materialName = (id: string) => names.materials.find((m) => m.id === id)?.name ?? id;
  let answer;
  try {
    answer = await createQuickOrders(quickOrderBody(f));
  } catch (error) {
    const details = isApiError(error) ? (error.details as { failures?: { materialId: string; error: string }[] } | undefined) : undefined;
    const reasons = (details?.failures ?? []).map((x) => messages.intakeTools.orderFailed(materialName(x.materialId), x.error));
    const text = error instanceof Error ? error.message : messages.errors.createAllOrders;
    throw new Error(reasons.length > 0 ? `${text}: ${reasons.join('; ')}` : text, { cause: error });
  }
  const failures = answer.failures.map((x) => messages.intakeTools.orderFailed(materialName(x.materialId), x.error));
  if (f.saveAsTemplate && getToken()) {
    try {
      await createTemplate({ name: f.templateName.trim(), templateData: templateDataOf(f, names) });
    } catch {
      failures.push(messages.errors.saveTemplate);
    }
  }
  return { message: answer.message, orders: answer.orders, failures };
}
