import { messages } from '@dispo/domain/messages';
import type { DeliveryTimeType, OrderPriority, OrderUnit } from '../../api/types';
import type { LoadingPoint, Material, Plant } from '../../api/types';
import { InputField, SelectField } from '../../components/FormField';
import type { OrderDraft } from './api';
import { CustomerField } from './CustomerField';
import { DRAFT_LOOK } from './draftLook';
import { changeDraft, type DraftChange, parseQuantity, pointsOfPlant, quantityText } from './drafts';
import { materialsForPlant } from '../orders/materialSearch';

export interface DraftOptions {
  materials: readonly Material[];
  loadingPlants: readonly Plant[];
  deliveryPlants: readonly Plant[];
  loadingPoints: readonly LoadingPoint[];
}

export interface DraftFieldsProps {
  id: string;
  draft: OrderDraft;
  options: DraftOptions;
  onChange(draft: OrderDraft): void;
}

const UNITS: OrderUnit[] = ['to', 'm3', 'kg', 'stueck'];
const PRIORITIES: OrderPriority[] = ['low', 'normal', 'high', 'urgent'];
const TIME_TYPES: DeliveryTimeType[] = ['fixed', 'range'];

/**
 * A select of records by id. A value the list does not hold (a record the draft names but the list
 * left out, e.g. an inactive one) stays selectable under its name.
 */
function RecordSelect<T extends { id: string }>({
  id,
  label,
  value,
  valueName,
  items,
  itemLabel,
  onPick,
  disabled,
  placeholder = messages.orderScreen.choose,
}: {
  id: string;
  label: string;
  value: string | null;
  valueName: string | null;
  items: readonly T[];
  itemLabel(item: T): string;
  onPick(item: T | null): void;
  disabled?: boolean;
  placeholder?: string;
}) {
  const missing = value !== null && !items.some((item) => item.id === value);
  const choices = [
    ...(missing ? [{ id: value, label: valueName ?? value }] : []),
    ...items.map((item) => ({ id: item.id, label: itemLabel(item) })),
  ];
  return (
    <SelectField
      id={id}
      label={label}
      look={DRAFT_LOOK}
      value={value ?? ''}
      disabled={disabled}
      none={placeholder}
      options={choices}
      optionLabel={(choice) => choice.label}
      onChange={(picked) => onPick(items.find((item) => item.id === picked) ?? null)}
    />
  );
}

/** Every recognised field of one draft, editable before the order is created (§2.4). */
export function DraftFields({ id, draft, options, onChange }: DraftFieldsProps) {
  const o = messages.orderScreen;
  const change = (c: DraftChange) => onChange(changeDraft(draft, c));
  const points = pointsOfPlant(options.loadingPoints, draft.loadingPlantId);
  const range = draft.deliveryTimeType === 'range';

  return (
    <div className="order-text__fields">
      <RecordSelect
        id={`${id}-material`}
        label={o.material}
        value={draft.materialId}
        valueName={draft.materialName}
        // Only what the loading plant offers (a plant-specific material elsewhere would be refused).
        items={materialsForPlant(options.materials, draft.loadingPlantId)}
        itemLabel={(m) => m.name}
        onPick={(material) => change({ field: 'material', material })}
      />
      <CustomerField id={`${id}-customer`} name={draft.customerName} onPick={(customer) => change({ field: 'customer', customer })} />
      <RecordSelect
        id={`${id}-loading-plant`}
        label={o.loadingPlant}
        value={draft.loadingPlantId}
        valueName={draft.loadingPlantName}
        items={options.loadingPlants}
        itemLabel={(p) => p.name}
        onPick={(plant) => change({ field: 'loadingPlant', plant, points: options.loadingPoints })}
      />
      <RecordSelect
        id={`${id}-loading-point`}
        label={o.loadingPoint}
        value={draft.loadingPointId}
        valueName={draft.loadingPointName}
        items={points}
        itemLabel={(lp) => lp.name}
        disabled={draft.loadingPlantId === null}
        placeholder={draft.loadingPlantId === null ? o.chooseLoadingPlantFirst : points.length === 0 ? o.noLoadingPoint : o.choose}
        onPick={(point) => change({ field: 'loadingPoint', point })}
      />
      <RecordSelect
        id={`${id}-delivery-plant`}
        label={o.deliveryPlant}
        value={draft.deliveryPlantId}
        valueName={draft.deliveryPlantName}
        items={options.deliveryPlants}
        itemLabel={(p) => p.name}
        onPick={(plant) => change({ field: 'deliveryPlant', plant })}
      />
      <div className="order-text__pair">
        <InputField
          id={`${id}-quantity`}
          label={o.quantity}
          look={DRAFT_LOOK}
          type="text"
          inputMode="decimal"
          value={quantityText(draft.quantity)}
          onChange={(text) => change({ field: 'quantity', quantity: parseQuantity(text) })}
        />
        <SelectField
          id={`${id}-unit`}
          label={o.unit}
          look={DRAFT_LOOK}
          value={draft.unit ?? 'to'}
          options={UNITS}
          optionLabel={(unit) => messages.labels.unitShort[unit]}
          onChange={(unit) => change({ field: 'unit', unit: unit as OrderUnit })}
        />
      </div>
      <InputField
        id={`${id}-date`}
        label={o.deliveryDate}
        look={DRAFT_LOOK}
        type="date"
        value={draft.deliveryDate ?? ''}
        onChange={(date) => change({ field: 'deliveryDate', date: date || null })}
      />
      <div className="order-text__pair order-text__pair--time">
        <SelectField
          id={`${id}-time-type`}
          label={o.timeType}
          look={DRAFT_LOOK}
          value={draft.deliveryTimeType ?? 'fixed'}
          options={TIME_TYPES}
          optionLabel={(type) => messages.labels.deliveryTimeType[type]}
          onChange={(type) => change({ field: 'timeType', type: type as DeliveryTimeType })}
        />
        {range ? (
          <>
            <TimeInput
              id={`${id}-time-from`}
              label={o.timeFrom}
              value={draft.deliveryTimeFrom}
              onChange={(time) => change({ field: 'timeFrom', time })}
            />
            <TimeInput
              id={`${id}-time-to`}
              label={o.timeTo}
              value={draft.deliveryTimeTo}
              onChange={(time) => change({ field: 'timeTo', time })}
            />
          </>
        ) : (
          <TimeInput
            id={`${id}-time`}
            label={o.timeFixed}
            value={draft.deliveryTimeFixed}
            onChange={(time) => change({ field: 'timeFixed', time })}
          />
        )}
      </div>
      <SelectField
        id={`${id}-priority`}
        label={o.priority}
        look={DRAFT_LOOK}
        value={draft.priority ?? 'normal'}
        options={PRIORITIES}
        optionLabel={(priority) => messages.labels.priority[priority]}
        onChange={(priority) => change({ field: 'priority', priority: priority as OrderPriority })}
      />
      <InputField
        id={`${id}-notes`}
        label={o.notes}
        look={DRAFT_LOOK}
        wide
        type="text"
        value={draft.notes ?? ''}
        onChange={(notes) => change({ field: 'notes', notes: notes === '' ? null : notes })}
      />
    </div>
  );
}

function TimeInput({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: string | null;
  onChange(time: string | null): void;
}) {
  return <InputField id={id} label={label} look={DRAFT_LOOK} type="time" value={value ?? ''} onChange={(time) => onChange(time || null)} />;
}
