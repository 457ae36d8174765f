import type { InputHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { messages } from '@dispo/domain/messages';
import * as Field from '../../components/FormField';
import type { Choice, ControlFieldProps, FieldLook, FormFieldProps, SelectFieldProps } from '../../components/FormField';

export type { ControlFieldProps } from '../../components/FormField';

/**
 * The fields of the fleet dialogs stand in fleet-form__grid; a required label is marked by CSS, so
 * its text stays the field's name (the controls carry aria-required).
 */
const FLEET_LOOK: FieldLook = {
  field: 'fleet-form__field',
  wide: 'fleet-form__field--wide',
  full: 'fleet-form__field--full',
  required: 'fleet-form__label--required',
};

type InputProps = ControlFieldProps<InputHTMLAttributes<HTMLInputElement>>;

/** The components' fields in the fleet's look. */
export const FormField = (props: FormFieldProps) => <Field.FormField look={FLEET_LOOK} {...props} />;
export const InputField = (props: InputProps) => <Field.InputField look={FLEET_LOOK} {...props} />;
export const NumberField = (props: InputProps & { step: number }) => <Field.NumberField look={FLEET_LOOK} {...props} />;
export const TextAreaField = (props: ControlFieldProps<TextareaHTMLAttributes<HTMLTextAreaElement>>) => (
  <Field.TextAreaField look={FLEET_LOOK} {...props} />
);
export const SelectField = <T extends Choice>(props: SelectFieldProps<T>) => <Field.SelectField look={FLEET_LOOK} {...props} />;

/** A checkbox with its label to the right, at the foot of its grid cell. */
export function CheckField({ wide = false, ...props }: Pick<Field.CheckFieldProps, 'label' | 'checked' | 'onChange'> & { wide?: boolean }) {
  return <Field.CheckField className={wide ? 'fleet-form__check fleet-form__field--wide' : 'fleet-form__check'} {...props} />;
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
