import { messages } from '@dispo/domain/messages';
import { nextWorkday } from '@dispo/domain/order-template/next-workday';
import type { OrderTemplate, TemplateData } from '../../api/templates';
import { deliveryTimeBody, type QuickOrderBody } from '../../api/quickOrder';

/** §9: a template used 5 times or more gets the VIP badge. */
export const VIP_FROM_USES = 5;

export const isVip = (template: Pick<OrderTemplate, 'usageCount'>) => template.usageCount >= VIP_FROM_USES;

const DAY_MS = 86_400_000;

/** Whole calendar days between two instants, in the browser's zone (what "Heute" means to the user). */
function daysBetween(earlier: Date, later: Date): number {
  const a = Date.UTC(earlier.getFullYear(), earlier.getMonth(), earlier.getDate());
  const b = Date.UTC(later.getFullYear(), later.getMonth(), later.getDate());
  return Math.round((b - a) / DAY_MS);
}

/** §2.13: Heute, Gestern, days when under 7, weeks when under 30, then months. */
export function lastUsedText(lastUsed: string | null, now: Date = new Date()): string {
  const t = messages.intakeTools;
  if (!lastUsed) return t.templateNeverUsed;
  const days = Math.max(0, daysBetween(new Date(lastUsed), now));
  if (days === 0) return messages.templates.lastUsedToday;
  if (days === 1) return messages.templates.lastUsedYesterday;
  if (days < 7) return t.lastUsedDays(days);
  if (days < 30) return t.lastUsedWeeks(Math.floor(days / 7));
  return t.lastUsedMonths(Math.max(1, Math.floor(days / 30)));
}

/** The list's search: name, plants and materials, case-insensitive. */
export function filterTemplates(templates: readonly OrderTemplate[], term: string): OrderTemplate[] {
  const q = term.trim().toLowerCase();
  if (!q) return [...templates];
  return templates.filter((t) => {
    const d = t.templateData;
    const words = [t.name, d.loadingPlant?.name, d.deliveryPlant?.name, ...d.materials.map((m) => m.name)];
    return words.some((w) => w?.toLowerCase().includes(q));
  });
}

export type TimeOption = 'keep' | 'range' | 'fixed';

export interface DeliveryChoice {
  deliveryDate: string;
  option: TimeOption;
  timeFrom: string;
  timeTo: string;
  timeFixed: string;
}

/**
 * §2.13 `Lieferzeit bestätigen`: the date defaults to the next workday; the option starts as keep
 * when the template has its time, else as its time type (range or fixed).
 */
export function initialDeliveryChoice(template: OrderTemplate, today: string): DeliveryChoice {
  const d = template.templateData;
  const hasTime = d.deliveryTimeType === 'range' ? Boolean(d.deliveryTimeFrom && d.deliveryTimeTo) : Boolean(d.deliveryTimeFixed);
  return {
    deliveryDate: nextWorkday(today),
    option: hasTime ? 'keep' : d.deliveryTimeType,
    timeFrom: d.deliveryTimeFrom ?? '08:00',
    timeTo: d.deliveryTimeTo ?? '17:00',
    timeFixed: d.deliveryTimeFixed ?? '08:00',
  };
}

/** §4.8: a template needs a material, and its first material an id. */
export function templateUseError(data: TemplateData): string | null {
  if (data.materials.length === 0) return messages.templates.noMaterials;
  if (!data.materials[0]?.id) return messages.templates.invalidMaterial;
  return null;
}

/**
 * The orders of a template use (§4.8): one per material, quantity 1 and unit t when missing, status
 * offen, transport type standard, the template's priority (normal by default).
 */
export function templateOrderBody(template: OrderTemplate, choice: DeliveryChoice): QuickOrderBody {
  const d = template.templateData;
  const time =
    choice.option === 'keep'
      ? { type: d.deliveryTimeType, fixed: d.deliveryTimeFixed, from: d.deliveryTimeFrom, to: d.deliveryTimeTo }
      : choice.option === 'range'
        ? { type: 'range' as const, fixed: null, from: choice.timeFrom, to: choice.timeTo }
        : { type: 'fixed' as const, fixed: choice.timeFixed, from: null, to: null };
  return {
    plant_id: d.loadingPlant?.id ?? null,
    delivery_plant_id: d.deliveryPlant?.id ?? null,
    loading_point_id: d.loadingPointId,
    material_ids: d.materials.map((m) => m.id),
    quantities: d.materials.map((m) => m.quantity ?? 1),
    units: d.materials.map((m) => m.unit ?? 'to'),
    delivery_date: choice.deliveryDate,
    ...deliveryTimeBody(time.type, time.fixed, time.from, time.to),
    status: 'offen',
    priority: d.priority ?? 'normal',
    transport_type: 'standard',
    notes: d.notes,
    source: 'template',
  };
}

/** Whether an edited copy still equals the stored template. */
export function sameTemplate(a: { name: string; templateData: TemplateData }, b: { name: string; templateData: TemplateData }): boolean {
  return a.name === b.name && JSON.stringify(a.templateData) === JSON.stringify(b.templateData);
}
