import type { TemplateData } from '@dispo/events/catalog/index';
import { messages } from '../messages';
import { cleanText, isMissing, refuse } from '../shared';
import { isClockTime } from '../shared/formats';

export const TEMPLATE_NAME_MAX = 100;
/** A template stands for one delivery; more materials than a wizard offers at once is a mistake. */
export const TEMPLATE_MATERIALS_MAX = 10;
/** §4.8: quantity defaults to 1, unit to t. */
export const TEMPLATE_DEFAULT_QUANTITY = 1;

export interface TemplateInput {
  name: string;
  templateData: {
    loadingPlant?: { id: string; name?: string | null } | null;
    deliveryPlant?: { id: string; name?: string | null } | null;
    loadingPointId?: string | null;
    materials?: { id: string; name?: string | null; quantity?: number | null; unit?: TemplateData['materials'][number]['unit'] | null }[];
    deliveryTimeType?: TemplateData['deliveryTimeType'] | null;
    deliveryTimeFixed?: string | null;
    deliveryTimeFrom?: string | null;
    deliveryTimeTo?: string | null;
    priority?: TemplateData['priority'] | null;
    notes?: string | null;
  };
}

function time(value: string | null | undefined, field: string): string | null {
  const text = cleanText(value);
  if (text !== null && !isClockTime(text)) refuse('validation', messages.validation.invalidTime, [field]);
  return text;
}

/** Name and templateData as stored: texts trimmed, defaults of §4.8 filled in, times checked. */
export function templateFrom(input: TemplateInput): { name: string; templateData: TemplateData } {
  const name = cleanText(input.name);
  if (name === null) refuse('validation', messages.validation.wizard.templateNameRequired, ['name']);
  if (name.length > TEMPLATE_NAME_MAX) refuse('validation', messages.intakeTools.templateNameTooLong(TEMPLATE_NAME_MAX), ['name']);
  const d = input.templateData;
  const materials = d.materials ?? [];
  if (materials.length === 0) refuse('validation', messages.templates.noMaterials, ['materials']);
  if (materials.length > TEMPLATE_MATERIALS_MAX) refuse('validation', messages.intakeTools.templateTooManyMaterials(TEMPLATE_MATERIALS_MAX), ['materials']);
  for (const m of materials) {
    if (isMissing(m.id)) refuse('validation', messages.templates.invalidMaterial, ['materials']);
    if (m.quantity !== null && m.quantity !== undefined && !(m.quantity > 0)) refuse('validation', messages.validation.wizard.quantityPositive, ['materials']);
  }
  const plant = (p: { id: string; name?: string | null } | null | undefined) => (p && !isMissing(p.id) ? { id: p.id.trim(), name: cleanText(p.name) } : null);
  return {
    name,
    templateData: {
      loadingPlant: plant(d.loadingPlant),
      deliveryPlant: plant(d.deliveryPlant),
      loadingPointId: cleanText(d.loadingPointId),
      materials: materials.map((m) => ({
        id: m.id.trim(),
        name: cleanText(m.name),
        quantity: m.quantity ?? TEMPLATE_DEFAULT_QUANTITY,
        unit: m.unit ?? 'to',
      })),
      deliveryTimeType: d.deliveryTimeType ?? 'fixed',
      deliveryTimeFixed: time(d.deliveryTimeFixed, 'deliveryTimeFixed'),
      deliveryTimeFrom: time(d.deliveryTimeFrom, 'deliveryTimeFrom'),
      deliveryTimeTo: time(d.deliveryTimeTo, 'deliveryTimeTo'),
      priority: d.priority ?? 'normal',
      notes: cleanText(d.notes),
    },
  };
}
