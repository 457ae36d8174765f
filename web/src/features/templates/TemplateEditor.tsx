import { messages } from '@dispo/domain/messages';
import { useId } from 'react';
import { useLoadingPoints, useMaterials, usePlants } from '../../api/reference';
import type { TemplateData } from '../../api/templates';
import type { OrderUnit } from '../../api/types';
import { InputField, SelectField, TextAreaField } from '../../components/FormField';
import { materialsAtPlant } from '../orders/materialSearch';
import { DeliveryTimeFields } from '../orders/DeliveryTimeFields';
import { deliveryPlants, loadingPlants, loadingPointsOf, plantLabel } from '../orders/orderForm';

const t = messages.intakeTools;
const UNITS: OrderUnit[] = ['to', 'm3', 'kg', 'stueck'];
const PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;

export interface TemplateDraft {
  name: string;
  templateData: TemplateData;
}

export interface TemplateEditorProps {
  draft: TemplateDraft;
  onChange(draft: TemplateDraft): void;
  readOnly: boolean;
  favoriteProducts: readonly string[];
}

/** The detail and edit panel of `Meine Auftrags-Templates` (§2.13): every field of templateData. */
export function TemplateEditor({ draft, onChange, readOnly, favoriteProducts }: TemplateEditorProps) {
  const id = useId();
  const plants = usePlants();
  const points = useLoadingPoints();
  const materials = useMaterials();
  const d = draft.templateData;
  const set = (changes: Partial<TemplateData>) => onChange({ ...draft, templateData: { ...d, ...changes } });
  const plantOf = (plantId: string) => {
    const p = (plants.data ?? []).find((x) => x.id === plantId);
    return p ? { id: p.id, name: p.name } : null;
  };
  const loadingPlantId = d.loadingPlant?.id ?? '';
  const pointList = loadingPointsOf(points.data ?? [], loadingPlantId);
  const offered = materialsAtPlant(materials.data ?? [], loadingPlantId, favoriteProducts);

  const chooseLoadingPlant = (plantId: string) => {
    const own = loadingPointsOf(points.data ?? [], plantId);
    const keep = own.some((p) => p.id === d.loadingPointId);
    set({ loadingPlant: plantOf(plantId), loadingPointId: keep ? d.loadingPointId : own.length === 1 ? own[0]!.id : null });
  };
  const setMaterial = (index: number, changes: Partial<TemplateData['materials'][number]>) =>
    set({ materials: d.materials.map((m, i) => (i === index ? { ...m, ...changes } : m)) });

  return (
    <fieldset className="template-editor" disabled={readOnly}>
      <InputField
        id={`${id}-name`}
        label={t.templateName}
        required
        value={draft.name}
        onChange={(name) => onChange({ ...draft, name })}
        maxLength={100}
      />
      <div className="template-editor__row">
        <SelectField
          id={`${id}-delivery`}
          label={t.deliveryPlant}
          value={d.deliveryPlant?.id ?? ''}
          onChange={(plantId) => set({ deliveryPlant: plantOf(plantId) })}
          none={t.choose}
          options={deliveryPlants(plants.data ?? [])}
          optionLabel={plantLabel}
        />
        <SelectField
          id={`${id}-loading`}
          label={t.loadingPlant}
          value={loadingPlantId}
          onChange={chooseLoadingPlant}
          none={t.choose}
          options={loadingPlants(plants.data ?? [])}
          optionLabel={plantLabel}
        />
        <SelectField
          id={`${id}-point`}
          label={t.loadingPoint}
          value={d.loadingPointId ?? ''}
          onChange={(pointId) => set({ loadingPointId: pointId || null })}
          none={t.choose}
          options={pointList}
          optionLabel={(p) => p.name}
        />
      </div>
      <div className="template-editor__materials">
        <span className="field__label">{t.materials}</span>
        {d.materials.map((m, index) => (
          <div key={index} className="template-editor__material">
            <select
              className="field__input"
              aria-label={messages.orderScreen.material}
              value={m.id}
              onChange={(e) => setMaterial(index, { id: e.target.value, name: offered.find((x) => x.id === e.target.value)?.name ?? null })}
            >
              <option value="">{t.choose}</option>
              {!offered.some((x) => x.id === m.id) && m.id && <option value={m.id}>{m.name ?? m.id}</option>}
              {offered.map((x) => (
                <option key={x.id} value={x.id}>
                  {x.name}
                </option>
              ))}
            </select>
            <input
              type="number"
              className="field__input template-editor__quantity"
              aria-label={t.quantity}
              min={0}
              step={0.01}
              value={String(m.quantity)}
              onChange={(e) => setMaterial(index, { quantity: Number(e.target.value) })}
            />
            <select
              className="field__input template-editor__unit"
              aria-label={t.unit}
              value={m.unit}
              onChange={(e) => setMaterial(index, { unit: e.target.value as OrderUnit })}
            >
              {UNITS.map((u) => (
                <option key={u} value={u}>
                  {messages.labels.unitShort[u]}
                </option>
              ))}
            </select>
            <button
              type="button"
              className="button button--small"
              aria-label={t.removeMaterial}
              title={t.removeMaterial}
              onClick={() => set({ materials: d.materials.filter((_, i) => i !== index) })}
            >
              ×
            </button>
          </div>
        ))}
        <button
          type="button"
          className="button button--small"
          onClick={() => set({ materials: [...d.materials, { id: '', name: null, quantity: 1, unit: 'to' }] })}
        >
          {t.addMaterial}
        </button>
      </div>
      <div className="template-editor__row">
        <DeliveryTimeFields
          id={id}
          type={d.deliveryTimeType}
          fixed={d.deliveryTimeFixed ?? ''}
          from={d.deliveryTimeFrom ?? ''}
          to={d.deliveryTimeTo ?? ''}
          onChange={(field, value) => set({ [field]: field === 'deliveryTimeType' ? value : value || null })}
        />
        <SelectField
          id={`${id}-priority`}
          label={t.priority}
          value={d.priority}
          onChange={(p) => set({ priority: p as TemplateData['priority'] })}
          options={PRIORITIES}
          optionLabel={(p) => messages.labels.priority[p]}
        />
      </div>
      <TextAreaField id={`${id}-notes`} label={t.notes} value={d.notes ?? ''} onChange={(v) => set({ notes: v || null })} rows={2} />
    </fieldset>
  );
}
