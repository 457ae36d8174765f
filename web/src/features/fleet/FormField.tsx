import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { messages } from '@dispo/domain/messages';

export interface FormFieldProps {
  id: string;
  label: string;
  required?: boolean;
  /** The red text under the field (§8 "Field errors are red under each field"). */
  error?: string | null;
  hint?: string;
  wide?: boolean;
  full?: boolean;
  children: ReactNode;
}

/** Label, input and the field's error under it; the input itself is the child (its id is `id`). */
export function FormField({ id, label, required = false, error, hint, wide = false, full = false, children }: FormFieldProps) {
  return (
    <div className={`field fleet-form__field${wide ? ' fleet-form__field--wide' : ''}${full ? ' fleet-form__field--full' : ''}`}>
      <label className={`field__label${required ? ' fleet-form__label--required' : ''}`} htmlFor={id}>
        {label}
      </label>
      {children}
      {error ? (
        <span className="fleet-form__error" id={`${id}-error`}>
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
 * and its change; everything else is the control's own (aria-required, maxLength, …) and passes on.
 */
export type ControlFieldProps<Attributes> = Omit<FormFieldProps, 'children'> &
  Omit<Attributes, 'id' | 'value' | 'onChange' | 'required'> & {
    value: string;
    onChange(value: string): void;
    'data-autofocus'?: boolean;
  };

/** The attributes a field hands to its control: its own, the class field__input (unless given another), value and change. */
type ControlAttributes<P> = Omit<P, 'label' | 'required' | 'error' | 'hint' | 'wide' | 'full' | 'value' | 'onChange'> & {
  className: string;
  value: string;
  onChange(event: { target: { value: string } }): void;
};

/** A FormField around the control `draw` makes of the field's control attributes. */
function withFormField<P extends ControlFieldProps<object>>(props: P, draw: (control: ControlAttributes<P>) => ReactNode) {
  const { label, required, error, hint, wide, full, value, onChange, ...rest } = props;
  const control = {
    className: 'field__input',
    ...rest,
    value,
    onChange: (event: { target: { value: string } }) => onChange(event.target.value),
  };
  return (
    <FormField id={rest.id} label={label} required={required} error={error} hint={hint} wide={wide} full={full}>
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

export type SelectFieldProps<T extends string> = ControlFieldProps<SelectHTMLAttributes<HTMLSelectElement>> & {
  options: readonly T[];
  /** The text of an option. */
  optionLabel(option: T): ReactNode;
  /** The text of a leading '' option (no choice), when there is one. */
  none?: string;
};

/** A labelled select of fixed options. */
export function SelectField<T extends string>({ options, optionLabel, none, ...props }: SelectFieldProps<T>) {
  return withFormField(props, (control) => (
    <select {...control}>
      {none !== undefined && <option value="">{none}</option>}
      {options.map((option) => (
        <option key={option} value={option}>
          {optionLabel(option)}
        </option>
      ))}
    </select>
  ));
}

/** A checkbox with its label to the right. */
export function CheckField({
  label,
  checked,
  onChange,
  wide = false,
}: {
  label: string;
  checked: boolean;
  onChange(checked: boolean): void;
  wide?: boolean;
}) {
  return (
    <label className={`checkbox fleet-form__check${wide ? ' fleet-form__field--wide' : ''}`}>
      <input type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      {label}
    </label>
  );
}

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

/** §3 notes of a vehicle, trailer or fuel card: up to 4000 characters over the dialog's full width. */
export function NotesField(props: Omit<ControlFieldProps<TextareaHTMLAttributes<HTMLTextAreaElement>>, 'label'>) {
  return <TextAreaField label={messages.fleetScreen.fields.notes} full rows={3} maxLength={4000} {...props} />;
}

/** The error box of a dialog: the server's message or the required-fields message. */
export function FormError({ text }: { text: string | null }) {
  if (!text) return null;
  return (
    <div className="alert alert--error fleet-form__alert" role="alert">
      <strong className="flash__title">{messages.fleet.error}</strong>
      {text}
    </div>
  );
}
