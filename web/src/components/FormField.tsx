import type { InputHTMLAttributes, ReactNode, Ref, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { messages } from '@dispo/domain/messages';
import { classNames } from './classNames';
import './components.css';

/**
 * A screen's own classes for its fields, on top of the base classes `field` and `field__label` every
 * field has: where the screen's grid puts a field and how its CSS marks a required one.
 */
export interface FieldLook {
  /** Every field's wrapper. */
  field?: string;
  /** The wrapper of a `wide` field. */
  wide?: string;
  /** The wrapper of a `full` field. */
  full?: string;
  /** The label of a required field, when the screen's CSS draws the mark; without it the label holds RequiredMark. */
  required?: string;
}

const NO_LOOK: FieldLook = {};

export interface FormFieldProps {
  id: string;
  label: string;
  required?: boolean;
  /** The red text under the field; it stands in for the hint. */
  error?: string | null;
  hint?: string;
  wide?: boolean;
  full?: boolean;
  look?: FieldLook;
  /** More classes of this one field's wrapper. */
  className?: string;
  children: ReactNode;
}

/** The red star after the label of a required field; the title says what it means. */
export function RequiredMark() {
  return (
    <span className="field__required" title={messages.orderScreen.required} aria-hidden="true">
      {' *'}
    </span>
  );
}

/** Label, control and the field's error or hint under it; the control itself is the child (its id is `id`). */
export function FormField({
  id,
  label,
  required = false,
  error,
  hint,
  wide = false,
  full = false,
  look = NO_LOOK,
  className,
  children,
}: FormFieldProps) {
  return (
    <div className={classNames('field', look.field, wide && look.wide, full && look.full, className)}>
      <label className={classNames('field__label', required && look.required)} htmlFor={id}>
        {label}
        {required && !look.required && <RequiredMark />}
      </label>
      {children}
      {error ? (
        <span className="field__error" id={`${id}-error`}>
          {error}
        </span>
      ) : (
        hint && <span className="field__hint">{hint}</span>
      )}
    </div>
  );
}

/**
 * The props of a field with its control: the label, marks and texts of FormField, the value as text
 * and its change; everything else is the control's own (aria-required, maxLength, className, …) and passes on.
 */
export type ControlFieldProps<Attributes> = Omit<FormFieldProps, 'children' | 'className'> &
  Omit<Attributes, 'id' | 'value' | 'onChange' | 'required'> & {
    value: string;
    onChange(value: string): void;
    'data-autofocus'?: boolean;
  };

/** The attributes a field hands to its control: its own, the class field__input (unless given another), value and change. */
type ControlAttributes<P> = Omit<P, 'label' | 'required' | 'error' | 'hint' | 'wide' | 'full' | 'look' | 'value' | 'onChange'> & {
  className: string;
  value: string;
  onChange(event: { target: { value: string } }): void;
};

/** A FormField around the control `draw` makes of the field's control attributes. */
function withFormField<P extends ControlFieldProps<object>>(props: P, draw: (control: ControlAttributes<P>) => ReactNode) {
  const { label, required, error, hint, wide, full, look, value, onChange, ...rest } = props;
  const control = {
    className: 'field__input',
    ...rest,
    value,
    onChange: (event: { target: { value: string } }) => onChange(event.target.value),
  };
  return (
    <FormField id={rest.id} label={label} required={required} error={error} hint={hint} wide={wide} full={full} look={look}>
      {draw(control)}
    </FormField>
  );
}

/** A labelled input. */
export const InputField = (props: ControlFieldProps<InputHTMLAttributes<HTMLInputElement>>) =>
  withFormField(props, (control) => <input {...control} />);

/** A labelled textarea. */
export const TextAreaField = (props: ControlFieldProps<TextareaHTMLAttributes<HTMLTextAreaElement>>) =>
  withFormField(props, (control) => <textarea {...control} />);

/** A number ≥ 0 in steps of `step`: a whole-number step brings the numeric keyboard, any other the decimal one. */
export function NumberField({ step, ...props }: ControlFieldProps<InputHTMLAttributes<HTMLInputElement>> & { step: number }) {
  return (
    <InputField
      type="number"
      inputMode={step === 1 ? 'numeric' : 'decimal'}
      min={0}
      step={step}
      aria-invalid={props.error ? true : undefined}
      {...props}
    />
  );
}

/** An option of a select: a value of its own, or a record that is chosen by its id. */
export type Choice = string | { id: string };

const choiceValue = (choice: Choice) => (typeof choice === 'string' ? choice : choice.id);

export interface SelectOptionsProps<T extends Choice> {
  options: readonly T[];
  /** The text of an option (the options alone tell what T is). */
  optionLabel(option: NoInfer<T>): ReactNode;
  /** The text of a leading '' option (no choice), when there is one. */
  none?: string;
}

/** The options of a select: the 'no choice' one when asked for, then one per value or record. */
export function SelectOptions<T extends Choice>({ options, optionLabel, none }: SelectOptionsProps<T>) {
  return (
    <>
      {none !== undefined && <option value="">{none}</option>}
      {options.map((option) => (
        <option key={choiceValue(option)} value={choiceValue(option)}>
          {optionLabel(option)}
        </option>
      ))}
    </>
  );
}

export type SelectFieldProps<T extends Choice> = ControlFieldProps<SelectHTMLAttributes<HTMLSelectElement>> & SelectOptionsProps<T>;

/** A labelled select; its value is the chosen value or record id ('' for none). */
export function SelectField<T extends Choice>({ options, optionLabel, none, ...props }: SelectFieldProps<T>) {
  return withFormField(props, (control) => (
    <select {...control}>
      <SelectOptions options={options} optionLabel={optionLabel} none={none} />
    </select>
  ));
}

export type CheckFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'checked' | 'onChange' | 'className'> & {
  label: ReactNode;
  checked: boolean;
  onChange(checked: boolean): void;
  /** The label's classes besides checkbox. */
  className?: string;
  ref?: Ref<HTMLInputElement>;
};

/** A checkbox with its label to the right; other input attributes (disabled, ref, …) go to the checkbox. */
export function CheckField({ label, checked, onChange, className, ...input }: CheckFieldProps) {
  return (
    <label className={classNames('checkbox', className)}>
      <input type="checkbox" {...input} checked={checked} onChange={(event) => onChange(event.target.checked)} />
      {label}
    </label>
  );
}
