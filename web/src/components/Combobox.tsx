import { type ReactNode, useEffect, useRef, useState } from 'react';
import { classNames } from './classNames';
import { type FieldLook, FormField } from './FormField';

/** §2.3: the list closes 200 ms after the field loses focus (a click on a hit lands first). */
const CLOSE_DELAY_MS = 200;

/** The classes of a combobox's parts; the screen's CSS gives their look. */
export interface ComboboxClasses {
  /** The field's wrapper, besides field. */
  field: string;
  /** The row of the input and what stands beside it. */
  row: string;
  list: string;
  /** An option; the highlighted one also has it with `--active`. */
  option: string;
}

export interface ComboboxProps<T> {
  id: string;
  label: string;
  required?: boolean;
  invalid?: boolean;
  text: string;
  onTextChange(text: string): void;
  items: readonly T[];
  itemKey(item: T): string;
  renderItem(item: T): ReactNode;
  onPick(item: T): void;
  /** The list closed without a pick: the focus left the field or Escape was pressed. */
  onDismiss?(): void;
  placeholder?: string;
  /** Shown under the open field when there are no items. */
  emptyText?: string | null;
  /** Beside the input, e.g. a ClearButton. */
  extra?: ReactNode;
  classes: ComboboxClasses;
  look?: FieldLook;
}

/**
 * A labelled text input with a list of hits (WAI-ARIA combobox): typing opens the list, the arrows
 * move the highlight round it, Enter or a click picks, Escape closes it (and only it, not a dialog).
 */
export function Combobox<T>({
  id,
  label,
  required,
  invalid,
  text,
  onTextChange,
  items,
  itemKey,
  renderItem,
  onPick,
  onDismiss,
  placeholder,
  emptyText,
  extra,
  classes,
  look,
}: ComboboxProps<T>) {
  const [open, setOpen] = useState(false);
  const [highlight, setHighlight] = useState(0);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (closeTimer.current) clearTimeout(closeTimer.current);
    },
    [],
  );
  const showList = open && items.length > 0;
  const pick = (item: T) => {
    onPick(item);
    setOpen(false);
  };
  const dismiss = () => {
    setOpen(false);
    onDismiss?.();
  };
  return (
    <FormField id={id} label={label} required={required} look={look} className={classes.field}>
      <div className={classes.row}>
        <input
          id={id}
          type="text"
          className="field__input"
          role="combobox"
          autoComplete="off"
          aria-expanded={showList}
          aria-controls={`${id}-list`}
          aria-invalid={invalid || undefined}
          aria-required={required || undefined}
          placeholder={placeholder}
          value={text}
          onChange={(event) => {
            onTextChange(event.target.value);
            setOpen(true);
            setHighlight(0);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => {
            closeTimer.current = setTimeout(dismiss, CLOSE_DELAY_MS);
          }}
          onKeyDown={(event) => {
            if (!showList) return;
            if (event.key === 'ArrowDown') {
              event.preventDefault();
              setHighlight((index) => (index + 1) % items.length);
            } else if (event.key === 'ArrowUp') {
              event.preventDefault();
              setHighlight((index) => (index - 1 + items.length) % items.length);
            } else if (event.key === 'Enter') {
              event.preventDefault();
              const chosen = items[highlight];
              if (chosen) pick(chosen);
            } else if (event.key === 'Escape') {
              event.preventDefault();
              event.stopPropagation();
              dismiss();
            }
          }}
        />
        {extra}
      </div>
      {showList && (
        <ul id={`${id}-list`} role="listbox" className={classes.list} aria-label={label}>
          {items.map((item, index) => (
            <ListboxOption
              key={itemKey(item)}
              className={classes.option}
              active={index === highlight}
              onHighlight={() => setHighlight(index)}
              onPick={() => pick(item)}
            >
              {renderItem(item)}
            </ListboxOption>
          ))}
        </ul>
      )}
      {open && items.length === 0 && emptyText && <span className="field__hint">{emptyText}</span>}
    </FormField>
  );
}

/** The × beside a combobox that takes its choice away; `label` names what it removes. */
export function ClearButton({ label, onClick }: { label: string; onClick(): void }) {
  return (
    <button type="button" className="icon-button icon-button--small" aria-label={label} title={label} onClick={onClick}>
      ×
    </button>
  );
}

export interface ListboxOptionProps {
  /** For aria-activedescendant, where the input points at the highlighted option. */
  id?: string;
  /** The option's class; the highlighted option also has it with `--active`. */
  className: string;
  active: boolean;
  onHighlight(): void;
  onPick(): void;
  children: ReactNode;
}

/** A hit in the list under a search input: the mouse highlights it, a click picks it. */
export function ListboxOption({ id, className, active, onHighlight, onPick, children }: ListboxOptionProps) {
  return (
    <li
      id={id}
      role="option"
      aria-selected={active}
      className={classNames(className, active && `${className}--active`)}
      // The input keeps the focus, so its blur does not close the list before the click lands.
      onMouseDown={(event) => event.preventDefault()}
      onMouseEnter={onHighlight}
      onClick={onPick}
    >
      {children}
    </li>
  );
}
