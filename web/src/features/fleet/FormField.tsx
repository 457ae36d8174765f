import type { ReactNode } from 'react';
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
