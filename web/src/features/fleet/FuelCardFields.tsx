import type { InputHTMLAttributes } from 'react';
import { messages } from '@dispo/domain/messages';
import { FUEL_CARD_PROVIDERS } from './fleetLogic';
import { type ControlFieldProps, InputField } from './FormField';

/**
 * The fields of a fuel card that every card form shows alike (the form dialog, the documents area's
 * add dialog and the side edit panel): card number, PIN and the provider with its suggestions.
 */

type FuelCardFieldProps = Omit<ControlFieldProps<InputHTMLAttributes<HTMLInputElement>>, 'label'>;

/** §3 card number, at most 40 characters, in a monospace input. */
export function CardNumberField(props: FuelCardFieldProps) {
  return (
    <InputField label={messages.fleetScreen.fields.cardNumber} className="field__input field__input--mono" maxLength={40} {...props} />
  );
}

/** §3 PIN, a password input of at most 8 digits. */
export function PinField(props: FuelCardFieldProps) {
  return (
    <InputField
      label={messages.fleetScreen.fields.pin}
      type="password"
      inputMode="numeric"
      autoComplete="new-password"
      maxLength={8}
      {...props}
    />
  );
}

/** The provider as free text with the known providers offered (the suggestions' id is the field's id plus 's'). */
export function ProviderField(props: FuelCardFieldProps) {
  return (
    <>
      <InputField label={messages.fleetScreen.fields.provider} maxLength={100} list={`${props.id}s`} {...props} />
      <datalist id={`${props.id}s`}>
        {FUEL_CARD_PROVIDERS.map((provider) => (
          <option key={provider} value={provider} />
        ))}
      </datalist>
    </>
  );
}
