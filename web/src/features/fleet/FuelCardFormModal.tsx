import { useId } from 'react';
import { messages } from '@dispo/domain/messages';
import { useCreateFuelCard, useUpdateFuelCard } from '../../api/fleet';
import type { FuelCard, FuelCardBody, FuelCardStatus, FuelCardType, Vehicle } from '../../api/fleetTypes';
import { byPlate, fuelCardStatusLabel, fuelCardTypeLabel } from './fleetLogic';
import { CheckField, InputField, NotesField, NumberField, SelectField } from './FormField';
import { FormModal } from './FormModal';
import { CardNumberField, PinField, ProviderField } from './FuelCardFields';
import { type FormProblems, useFleetForm } from './useFleetForm';
import { blankToNull, isInvalidNumber, numberText, parseNumber } from './vehicleForm';

export const FUEL_CARD_TYPES: readonly FuelCardType[] = ['diesel', 'adblue', 'universal'];
export const FUEL_CARD_STATUSES: readonly FuelCardStatus[] = ['active', 'blocked', 'lost'];
/** §2: the limits are euros in steps of 0.01. */
export const EURO_STEP = 0.01;

interface FuelCardFormValues {
  card_number: string;
  card_type: string;
  provider: string;
  assigned_vehicle_id: string;
  status: string;
  daily_limit: string;
  monthly_limit: string;
  valid_until: string;
  pin_code: string;
  removePin: boolean;
  notes: string;
}

function valuesOf(card: FuelCard | undefined): FuelCardFormValues {
  return {
    card_number: card?.card_number ?? '',
    // §9: a new card is diesel and active.
    card_type: card?.card_type ?? 'diesel',
    provider: card?.provider ?? '',
    assigned_vehicle_id: card?.assigned_vehicle_id ?? '',
    status: card?.status ?? 'active',
    daily_limit: numberText(card?.daily_limit),
    monthly_limit: numberText(card?.monthly_limit),
    valid_until: card?.valid_until ?? '',
    pin_code: '',
    removePin: false,
    notes: card?.notes ?? '',
  };
}

/** The body; an empty PIN field keeps the stored PIN (left out), 'PIN entfernen' sends ''. */
function bodyOf(values: FuelCardFormValues): FuelCardBody {
  const body: FuelCardBody = {
    card_number: values.card_number.trim(),
    card_type: values.card_type as FuelCardType,
    provider: blankToNull(values.provider),
    assigned_vehicle_id: values.assigned_vehicle_id === '' ? null : values.assigned_vehicle_id,
    status: values.status as FuelCardStatus,
    daily_limit: parseNumber(values.daily_limit),
    monthly_limit: parseNumber(values.monthly_limit),
    valid_until: values.valid_until === '' ? null : values.valid_until,
    notes: blankToNull(values.notes),
  };
  if (values.removePin) body.pin_code = '';
  else if (values.pin_code.trim() !== '') body.pin_code = values.pin_code.trim();
  return body;
}

export interface FuelCardFormModalProps {
  card?: FuelCard;
  vehicles: readonly Vehicle[];
  onClose(): void;
  onSaved(card: FuelCard, message: string): void;
}

/** §5: card_number and card_type are required; the limits are checked once both are there. */
function checkFuelCardForm(values: FuelCardFormValues): FormProblems<keyof FuelCardFormValues> {
  const missing = (['card_number', 'card_type'] as const).filter((field) => values[field].trim() === '');
  if (missing.length > 0) return { missing };
  const invalid = (['daily_limit', 'monthly_limit'] as const).filter((field) => isInvalidNumber(values[field]));
  return { missing, invalid };
}

/** §2 fuel card form dialog ('Neue Tankkarte' / 'Tankkarte bearbeiten'). */
export function FuelCardFormModal({ card, vehicles, onClose, onSaved }: FuelCardFormModalProps) {
  const id = useId();
  const text = messages.fleetScreen;
  const f = text.fields;
  const { values, set, field, fieldError, frame } = useFleetForm({
    editedId: card?.id,
    initial: () => valuesOf(card),
    check: checkFuelCardForm,
    bodyOf,
    create: useCreateFuelCard(),
    update: useUpdateFuelCard(),
    onSaved: (answer, updated) => onSaved(answer.fuel_card, updated ? messages.fleet.fuelCardUpdated : messages.fleet.fuelCardCreated),
  });
  const sorted = [...vehicles].sort(byPlate);
  const plates = new Map(sorted.map((vehicle) => [vehicle.id, vehicle.license_plate]));

  return (
    <FormModal frame={frame} size="medium" onClose={onClose} title={card ? messages.fleet.editFuelCard : messages.fleet.newFuelCard}>
      <div className="fleet-form__grid fleet-form__grid--two">
        <CardNumberField
          id={`${id}-number`}
          required
          {...field('card_number')}
          autoComplete="off"
          data-autofocus
          aria-required
          aria-invalid={fieldError('card_number') ? true : undefined}
        />
        <SelectField
          id={`${id}-type`}
          label={f.cardType}
          required
          aria-required
          options={FUEL_CARD_TYPES}
          optionLabel={fuelCardTypeLabel}
          {...field('card_type')}
        />
        <ProviderField id={`${id}-provider`} {...field('provider')} />
        <SelectField
          id={`${id}-vehicle`}
          label={f.assignedVehicle}
          none={messages.fleet.notAssigned}
          options={[...plates.keys()]}
          optionLabel={(vehicleId) => plates.get(vehicleId)}
          {...field('assigned_vehicle_id')}
        />
        <SelectField
          id={`${id}-status`}
          label={f.status}
          options={FUEL_CARD_STATUSES}
          optionLabel={fuelCardStatusLabel}
          {...field('status')}
        />
        <InputField id={`${id}-valid`} label={f.validUntil} type="date" {...field('valid_until')} />
        <NumberField id={`${id}-daily_limit`} label={f.dailyLimit} step={EURO_STEP} {...field('daily_limit')} />
        <NumberField id={`${id}-monthly_limit`} label={f.monthlyLimit} step={EURO_STEP} {...field('monthly_limit')} />
        <PinField
          id={`${id}-pin`}
          hint={card?.has_pin ? text.pinKeepHint : text.pinHint}
          disabled={values.removePin}
          {...field('pin_code')}
        />
        {card?.has_pin && <CheckField label={text.removePin} checked={values.removePin} onChange={(on) => set('removePin', on)} />}
      </div>
      <NotesField id={`${id}-notes`} {...field('notes')} />
    </FormModal>
  );
}
