import { messages } from '@dispo/domain/messages';
import type { DeliveryTimeType, OrderPriority, OrderUnit } from '../../api/types';
import type { LoadingPoint, Material, Plant } from '../../api/types';
import type { OrderDraft } from './api';
import { CustomerField } from './CustomerField';
import { changeDraft, type DraftChange, parseQuantity, pointsOfPlant, quantityText } from './drafts';

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
  return (
    <div className="field order-text__field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="field__input"
        value={value ?? ''}
        disabled={disabled}
        onChange={(event) => onPick(items.find((item) => item.id === event.target.value) ?? null)}
      >
        <option value="">{placeholder}</option>
        {missing && <option value={value}>{valueName ?? value}</option>}
        {items.map((item) => (
          <option key={item.id} value={item.id}>
            {itemLabel(item)}
          </option>
        ))}
      </select>
    </div>
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
        items={options.materials}
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
        placeholder={draft.loadingPlantId === null ? o.chooseLoadingPlantFirst : o.choose}
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
        <div className="field order-text__field">
          <label className="field__label" htmlFor={`${id}-quantity`}>
            {o.quantity}
          </label>
          <input
            id={`${id}-quantity`}
            className="field__input"
            type="text"
            inputMode="decimal"
            value={quantityText(draft.quantity)}
            onChange={(event) => change({ field: 'quantity', quantity: parseQuantity(event.target.value) })}
          />
        </div>
        <div className="field order-text__field">
          <label className="field__label" htmlFor={`${id}-unit`}>
            {o.unit}
          </label>
          <select id={`${id}-unit`} className="field__input" value={draft.unit ?? 'to'} onChange={(event) => change({ field: 'unit', unit: event.target.value as OrderUnit })}>
            {UNITS.map((unit) => (
              <option key={unit} value={unit}>
                {messages.labels.unitShort[unit]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="field order-text__field">
        <label className="field__label" htmlFor={`${id}-date`}>
          {o.deliveryDate}
        </label>
        <input
          id={`${id}-date`}
          className="field__input"
          type="date"
          value={draft.deliveryDate ?? ''}
          onChange={(event) => change({ field: 'deliveryDate', date: event.target.value || null })}
        />
      </div>
      <div className="order-text__pair order-text__pair--time">
        <div className="field order-text__field">
          <label className="field__label" htmlFor={`${id}-time-type`}>
            {o.timeType}
          </label>
          <select
            id={`${id}-time-type`}
            className="field__input"
            value={draft.deliveryTimeType ?? 'fixed'}
            onChange={(event) => change({ field: 'timeType', type: event.target.value as DeliveryTimeType })}
          >
            {TIME_TYPES.map((type) => (
              <option key={type} value={type}>
                {messages.labels.deliveryTimeType[type]}
              </option>
            ))}
          </select>
        </div>
        {range ? (
          <>
            <TimeInput id={`${id}-time-from`} label={o.timeFrom} value={draft.deliveryTimeFrom} onChange={(time) => change({ field: 'timeFrom', time })} />
            <TimeInput id={`${id}-time-to`} label={o.timeTo} value={draft.deliveryTimeTo} onChange={(time) => change({ field: 'timeTo', time })} />
          </>
        ) : (
          <TimeInput id={`${id}-time`} label={o.timeFixed} value={draft.deliveryTimeFixed} onChange={(time) => change({ field: 'timeFixed', time })} />
        )}
      </div>
      <div className="field order-text__field">
        <label className="field__label" htmlFor={`${id}-priority`}>
          {o.priority}
        </label>
        <select
          id={`${id}-priority`}
          className="field__input"
          value={draft.priority ?? 'normal'}
          onChange={(event) => change({ field: 'priority', priority: event.target.value as OrderPriority })}
        >
          {PRIORITIES.map((priority) => (
            <option key={priority} value={priority}>
              {messages.labels.priority[priority]}
            </option>
          ))}
        </select>
      </div>
      <div className="field order-text__field order-text__field--wide">
        <label className="field__label" htmlFor={`${id}-notes`}>
          {o.notes}
        </label>
        <input
          id={`${id}-notes`}
          className="field__input"
          type="text"
          value={draft.notes ?? ''}
          onChange={(event) => change({ field: 'notes', notes: event.target.value === '' ? null : event.target.value })}
        />
      </div>
    </div>
  );
}

function TimeInput({ id, label, value, onChange }: { id: string; label: string; value: string | null; onChange(time: string | null): void }) {
  return (
    <div className="field order-text__field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input id={id} className="field__input" type="time" value={value ?? ''} onChange={(event) => onChange(event.target.value || null)} />
    </div>
  );
}
