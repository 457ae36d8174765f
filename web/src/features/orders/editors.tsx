import type { CustomCellEditorProps } from 'ag-grid-react';
import { useEffect, useId, useRef, useState } from 'react';
import { messages } from '@dispo/domain/messages';
import { useOrderSettings } from '../../api/orderSettings';
import { useMaterials } from '../../api/reference';
import type { Material, Order } from '../../api/types';
import { ListboxOption } from '../../components/Combobox';
import { statusClass, statusLabel } from './format';
import type { DeliveryDataValue, GridContext, MaterialValue, ScheduleValue } from './gridContext';
import { INLINE_MATERIAL_LIMIT, MATERIAL_SEARCH_MIN_CHARS, materialsForPlant, searchMaterials } from './materialSearch';
import { parseTimeInput } from './time';

/**
 * Inline editors of the order grid (§2.2, §4.3), opened by double-click or Enter. They only collect
 * the new value; the page validates it and sends the PATCH (the grid runs with readOnlyEdit).
 */

const text = messages.orderScreen;

/** §4.1: the values of the inline status dropdown. */
export const INLINE_STATUSES = ['offen', 'geplant', 'disponiert', 'unterwegs', 'abgeschlossen', 'storno', 'problem'] as const;

/** Runs once after the grid has attached the popup and set its own focus. */
function useAfterAttach(focus: () => void) {
  const focusRef = useRef(focus);
  useEffect(() => {
    const timer = setTimeout(() => focusRef.current(), 0);
    return () => clearTimeout(timer);
  }, []);
}

function EditorButtons({ onCancel, onApply, disabled }: { onCancel(): void; onApply(): void; disabled?: boolean }) {
  return (
    <div className="cell-editor__buttons">
      <button type="button" className="button button--small" onClick={onCancel}>
        {text.cancel}
      </button>
      <button type="button" className="button button--small button--primary" onClick={onApply} disabled={disabled}>
        {text.editorApply}
      </button>
    </div>
  );
}

export function ScheduleEditor(props: CustomCellEditorProps<Order, ScheduleValue, GridContext>) {
  const { initialValue, onValueChange, stopEditing, context } = props;
  const id = useId();
  const [date, setDate] = useState(initialValue?.date ?? '');
  const [time, setTime] = useState(initialValue?.time ?? '');
  const dateRef = useRef<HTMLInputElement>(null);
  const timeRef = useRef<HTMLInputElement>(null);

  // The grid moves focus back to the cell after attaching the popup; the aimed-at field takes over then.
  useAfterAttach(() => {
    const focusTime = context.takeEditFocus() === 'time';
    const target = focusTime ? timeRef.current : dateRef.current;
    target?.focus();
    if (focusTime) timeRef.current?.select();
    context.aimEdit(null);
  });

  const parsed = parseTimeInput(time);
  const timeError = parsed.ok ? null : parsed.reason === 'order' ? messages.validation.timeRangeOrder : messages.validation.invalidTime;
  const update = (nextDate: string, nextTime: string) => onValueChange({ date: nextDate, time: nextTime });

  return (
    <div className="cell-editor cell-editor--schedule" role="group" aria-label={messages.orderTable.columns.schedule}>
      <label className="cell-editor__field" htmlFor={`${id}-date`}>
        <span>{text.deliveryDate}</span>
        <input
          id={`${id}-date`}
          ref={dateRef}
          type="date"
          className="field__input field__input--small"
          value={date}
          required
          onChange={(event) => {
            setDate(event.target.value);
            update(event.target.value, time);
          }}
        />
      </label>
      <label className="cell-editor__field" htmlFor={`${id}-time`}>
        <span>{text.deliveryTime}</span>
        <input
          id={`${id}-time`}
          ref={timeRef}
          type="text"
          inputMode="numeric"
          className="field__input field__input--small"
          placeholder={text.editorTimeHint}
          value={time}
          aria-invalid={timeError !== null}
          aria-describedby={`${id}-hint`}
          onChange={(event) => {
            setTime(event.target.value);
            update(date, event.target.value);
          }}
        />
      </label>
      <span id={`${id}-hint`} className={timeError ? 'cell-editor__error' : 'cell-editor__hint'}>
        {timeError ?? text.editorTimeHint}
      </span>
      <EditorButtons onCancel={() => stopEditing(true)} onApply={() => stopEditing()} disabled={timeError !== null || date === ''} />
    </div>
  );
}

export function MaterialEditor(props: CustomCellEditorProps<Order, MaterialValue, GridContext>) {
  const { initialValue, onValueChange, stopEditing, context, data } = props;
  const id = useId();
  const materials = useMaterials();
  const favorites = useOrderSettings().settings.favoriteProducts;
  const [value, setValue] = useState<MaterialValue>(initialValue ?? { materialId: null, materialName: null, quantity: '' });
  const [term, setTerm] = useState(initialValue?.materialName ?? '');
  const [highlight, setHighlight] = useState(0);
  const [listOpen, setListOpen] = useState(false);
  const searchRef = useRef<HTMLInputElement>(null);
  const quantityRef = useRef<HTMLInputElement>(null);

  const hits: Material[] =
    listOpen && term.trim().length >= MATERIAL_SEARCH_MIN_CHARS
      ? searchMaterials(materialsForPlant(materials.data ?? [], data?.plantId ?? null), term, INLINE_MATERIAL_LIMIT, favorites)
      : [];

  const change = (next: MaterialValue) => {
    setValue(next);
    onValueChange(next);
  };
  const pick = (material: Material) => {
    change({ ...value, materialId: material.id, materialName: material.name });
    setTerm(material.name);
    setListOpen(false);
    quantityRef.current?.focus();
  };

  useAfterAttach(() => {
    const target = context.takeEditFocus() === 'quantity' ? quantityRef.current : searchRef.current;
    target?.focus();
    target?.select();
    context.aimEdit(null);
  });

  // The grid commits on Enter before React sees the key: while suggestions are open, Enter and the
  // arrow keys belong to the list (a native listener on the input runs before the grid's).
  const hitsRef = useRef(hits);
  const highlightRef = useRef(highlight);
  const pickRef = useRef(pick);
  useEffect(() => {
    hitsRef.current = hits;
    highlightRef.current = highlight;
    pickRef.current = pick;
  });
  useEffect(() => {
    const input = searchRef.current;
    if (!input) return;
    const onKeyDown = (event: KeyboardEvent) => {
      const list = hitsRef.current;
      if (list.length === 0) return;
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        event.stopPropagation();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setHighlight((index) => (index + step + list.length) % list.length);
      } else if (event.key === 'Enter') {
        event.preventDefault();
        event.stopPropagation();
        const chosen = list[highlightRef.current] ?? list[0];
        if (chosen) pickRef.current(chosen);
      }
    };
    input.addEventListener('keydown', onKeyDown);
    return () => input.removeEventListener('keydown', onKeyDown);
  }, []);

  const quantity = Number(value.quantity.replace(',', '.'));
  const quantityInvalid = value.quantity.trim() === '' || !Number.isFinite(quantity) || quantity <= 0;

  return (
    <div className="cell-editor cell-editor--material" role="group" aria-label={messages.orderTable.columns.routeAndMaterial}>
      <label className="cell-editor__field" htmlFor={`${id}-material`}>
        <span>{text.material}</span>
        <input
          id={`${id}-material`}
          ref={searchRef}
          type="text"
          className="field__input field__input--small"
          placeholder={text.materialSearch}
          autoComplete="off"
          role="combobox"
          aria-expanded={hits.length > 0}
          aria-controls={`${id}-list`}
          value={term}
          onChange={(event) => {
            setTerm(event.target.value);
            setListOpen(true);
            setHighlight(0);
          }}
        />
      </label>
      {hits.length > 0 && (
        <ul id={`${id}-list`} role="listbox" className="cell-editor__list" aria-label={text.material}>
          {hits.map((material, index) => (
            <ListboxOption
              key={material.id}
              className="cell-editor__option"
              active={index === highlight}
              onHighlight={() => setHighlight(index)}
              onPick={() => pick(material)}
            >
              <span>{material.name}</span>
              {material.category && <span className="cell-editor__muted">{material.category}</span>}
            </ListboxOption>
          ))}
        </ul>
      )}
      {listOpen && term.trim().length >= MATERIAL_SEARCH_MIN_CHARS && hits.length === 0 && materials.isSuccess && (
        <span className="cell-editor__hint">{messages.empty.materials}</span>
      )}
      <label className="cell-editor__field" htmlFor={`${id}-quantity`}>
        <span>{text.quantity}</span>
        <input
          id={`${id}-quantity`}
          ref={quantityRef}
          type="number"
          min={0}
          step={0.1}
          inputMode="decimal"
          className="field__input field__input--small"
          value={value.quantity}
          aria-invalid={quantityInvalid}
          onChange={(event) => change({ ...value, quantity: event.target.value })}
        />
      </label>
      {quantityInvalid && <span className="cell-editor__error">{messages.validation.wizard.quantityPositive}</span>}
      <EditorButtons onCancel={() => stopEditing(true)} onApply={() => stopEditing()} disabled={quantityInvalid || !value.materialId} />
    </div>
  );
}

export function StatusEditor(props: CustomCellEditorProps<Order, string, GridContext>) {
  const { initialValue, onValueChange, stopEditing } = props;
  const current = initialValue ?? '';
  const options: string[] = INLINE_STATUSES.includes(current as (typeof INLINE_STATUSES)[number])
    ? [...INLINE_STATUSES]
    : [current, ...INLINE_STATUSES];
  const listRef = useRef<HTMLDivElement>(null);

  useAfterAttach(() => listRef.current?.querySelector<HTMLButtonElement>('[aria-checked="true"]')?.focus());

  return (
    <div
      ref={listRef}
      className="cell-editor cell-editor--status"
      role="radiogroup"
      aria-label={messages.orderTable.columns.status}
      onKeyDown={(event) => {
        if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
        event.preventDefault();
        const buttons = [...(listRef.current?.querySelectorAll<HTMLButtonElement>('button') ?? [])];
        const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
        const next = buttons[(index + (event.key === 'ArrowDown' ? 1 : -1) + buttons.length) % buttons.length];
        next?.focus();
      }}
    >
      {options.map((status) => (
        <button
          key={status}
          type="button"
          role="radio"
          aria-checked={status === current}
          className="cell-editor__status"
          // Focus marks the choice, so Enter (which the grid handles) commits the focused status.
          onFocus={() => onValueChange(status)}
          onClick={() => {
            onValueChange(status);
            stopEditing();
          }}
        >
          <span className={statusClass(status)}>{statusLabel(status)}</span>
        </button>
      ))}
    </div>
  );
}

/**
 * The Abrechnung column (§2.2, §4.3): slip number and actual weight (step 0.01). The values are
 * taken when the editor loses focus or on Übernehmen; the page then asks for confirmation (§2.11)
 * and saves only what is filled in and changed.
 */
export function DeliveryDataEditor(props: CustomCellEditorProps<Order, DeliveryDataValue, GridContext>) {
  const { initialValue, onValueChange, stopEditing } = props;
  const id = useId();
  const [slip, setSlip] = useState(initialValue?.slip ?? '');
  const [weight, setWeight] = useState(initialValue?.weight ?? '');
  const slipRef = useRef<HTMLInputElement>(null);
  useAfterAttach(() => slipRef.current?.focus());
  const change = (next: DeliveryDataValue) => {
    setSlip(next.slip);
    setWeight(next.weight);
    onValueChange(next);
  };
  return (
    <div
      className="cell-editor cell-editor--delivery"
      role="group"
      aria-label={text.deliveryDataEditor}
      onBlur={(event) => {
        // Leaving the editor (not moving between its fields) takes the values.
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) stopEditing();
      }}
    >
      <label className="cell-editor__label" htmlFor={`${id}-slip`}>
        {text.deliverySlipNumber}
      </label>
      <input
        ref={slipRef}
        id={`${id}-slip`}
        className="field__input field__input--small"
        value={slip}
        maxLength={100}
        onChange={(e) => change({ slip: e.target.value, weight })}
      />
      <label className="cell-editor__label" htmlFor={`${id}-weight`}>
        {text.actualWeight}
      </label>
      <input
        id={`${id}-weight`}
        className="field__input field__input--small"
        type="number"
        inputMode="decimal"
        step={0.01}
        min={0}
        value={weight}
        onChange={(e) => change({ slip, weight: e.target.value })}
      />
      <EditorButtons onCancel={() => stopEditing(true)} onApply={() => stopEditing()} />
    </div>
  );
}
