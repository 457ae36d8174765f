import { useId, useState } from 'react';
import { messages } from '@dispo/domain/messages';
import { useCreateFuelCard, useUpdateFuelCard } from '../../api/fleet';
import type { FuelCard, FuelCardBody, FuelCardStatus, FuelCardType, Vehicle } from '../../api/fleetTypes';
import { Modal } from '../../components/Modal';
import { byPlate, FUEL_CARD_PROVIDERS, fuelCardStatusLabel, fuelCardTypeLabel } from './fleetLogic';
import { FormError, FormField } from './FormField';
import { parseNumber } from './vehicleForm';

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

const amountText = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));

function valuesOf(card: FuelCard | undefined): FuelCardFormValues {
  return {
    card_number: card?.card_number ?? '',
    // §9: a new card is diesel and active.
    card_type: card?.card_type ?? 'diesel',
    provider: card?.provider ?? '',
    assigned_vehicle_id: card?.assigned_vehicle_id ?? '',
    status: card?.status ?? 'active',
    daily_limit: amountText(card?.daily_limit),
    monthly_limit: amountText(card?.monthly_limit),
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
    provider: values.provider.trim() === '' ? null : values.provider.trim(),
    assigned_vehicle_id: values.assigned_vehicle_id === '' ? null : values.assigned_vehicle_id,
    status: values.status as FuelCardStatus,
    daily_limit: parseNumber(values.daily_limit),
    monthly_limit: parseNumber(values.monthly_limit),
    valid_until: values.valid_until === '' ? null : values.valid_until,
    notes: values.notes.trim() === '' ? null : values.notes.trim(),
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

/** §2 fuel card form dialog ('Neue Tankkarte' / 'Tankkarte bearbeiten'). */
export function FuelCardFormModal({ card, vehicles, onClose, onSaved }: FuelCardFormModalProps) {
  const id = useId();
  const text = messages.fleetScreen;
  const f = text.fields;
  const [values, setValues] = useState<FuelCardFormValues>(() => valuesOf(card));
  const [missing, setMissing] = useState<Set<string>>(new Set());
  const [badAmounts, setBadAmounts] = useState<Set<string>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const create = useCreateFuelCard();
  const update = useUpdateFuelCard();
  const saving = create.isPending || update.isPending;
  const sorted = [...vehicles].sort(byPlate);

  const set = <K extends keyof FuelCardFormValues>(key: K, value: FuelCardFormValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setMissing((current) => (current.has(key) ? new Set([...current].filter((field) => field !== key)) : current));
    setBadAmounts((current) => (current.has(key) ? new Set([...current].filter((field) => field !== key)) : current));
  };

  const save = async () => {
    if (saving) return;
    // §5: card_number and card_type are required.
    const absent = (['card_number', 'card_type'] as const).filter((field) => values[field].trim() === '');
    setMissing(new Set(absent));
    if (absent.length > 0) {
      setError(messages.validation.requiredFields);
      return;
    }
    const bad = (['daily_limit', 'monthly_limit'] as const).filter((field) => {
      const amount = parseNumber(values[field]);
      return amount !== null && (Number.isNaN(amount) || amount < 0);
    });
    setBadAmounts(new Set(bad));
    if (bad.length > 0) {
      setError(messages.fleetCommands.invalidNumber);
      return;
    }
    setError(null);
    try {
      const body = bodyOf(values);
      if (card) {
        const answer = await update.mutateAsync({ id: card.id, body });
        onSaved(answer.fuel_card, messages.fleet.fuelCardUpdated);
      } else {
        const answer = await create.mutateAsync(body);
        onSaved(answer.fuel_card, messages.fleet.fuelCardCreated);
      }
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    }
  };

  const amountField = (field: 'daily_limit' | 'monthly_limit', label: string) => (
    <FormField id={`${id}-${field}`} label={label} error={badAmounts.has(field) ? messages.fleetCommands.invalidNumber : null}>
      <input
        id={`${id}-${field}`}
        className="field__input"
        type="number"
        inputMode="decimal"
        min={0}
        step={EURO_STEP}
        value={values[field]}
        aria-invalid={badAmounts.has(field) || undefined}
        onChange={(event) => set(field, event.target.value)}
      />
    </FormField>
  );

  return (
    <Modal
      title={card ? messages.fleet.editFuelCard : messages.fleet.newFuelCard}
      onClose={onClose}
      onSave={() => void save()}
      size="medium"
      closeOnBackdrop={false}
      footer={
        <>
          <button type="button" className="button" onClick={onClose} disabled={saving}>
            {messages.fleet.cancel}
          </button>
          <button type="button" className="button button--primary" onClick={() => void save()} disabled={saving}>
            {saving ? text.working : card ? messages.fleet.update : messages.fleet.create}
          </button>
        </>
      }
    >
      <form
        className="fleet-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <FormError text={error} />
        <div className="fleet-form__grid fleet-form__grid--two">
          <FormField id={`${id}-number`} label={f.cardNumber} required error={missing.has('card_number') ? text.requiredField : null}>
            <input
              id={`${id}-number`}
              className="field__input field__input--mono"
              value={values.card_number}
              maxLength={40}
              autoComplete="off"
              data-autofocus
              aria-required
              aria-invalid={missing.has('card_number') || undefined}
              onChange={(event) => set('card_number', event.target.value)}
            />
          </FormField>
          <FormField id={`${id}-type`} label={f.cardType} required error={missing.has('card_type') ? text.requiredField : null}>
            <select
              id={`${id}-type`}
              className="field__input"
              value={values.card_type}
              aria-required
              onChange={(event) => set('card_type', event.target.value)}
            >
              {FUEL_CARD_TYPES.map((type) => (
                <option key={type} value={type}>
                  {fuelCardTypeLabel(type)}
                </option>
              ))}
            </select>
          </FormField>
          <FormField id={`${id}-provider`} label={f.provider}>
            <input
              id={`${id}-provider`}
              className="field__input"
              value={values.provider}
              maxLength={100}
              list={`${id}-providers`}
              onChange={(event) => set('provider', event.target.value)}
            />
          </FormField>
          <datalist id={`${id}-providers`}>
            {FUEL_CARD_PROVIDERS.map((provider) => (
              <option key={provider} value={provider} />
            ))}
          </datalist>
          <FormField id={`${id}-vehicle`} label={f.assignedVehicle}>
            <select
              id={`${id}-vehicle`}
              className="field__input"
              value={values.assigned_vehicle_id}
              onChange={(event) => set('assigned_vehicle_id', event.target.value)}
            >
              <option value="">{messages.fleet.notAssigned}</option>
              {sorted.map((vehicle) => (
                <option key={vehicle.id} value={vehicle.id}>
                  {vehicle.license_plate}
                </option>
              ))}
            </select>
          </FormField>
          <FormField id={`${id}-status`} label={f.status}>
            <select
              id={`${id}-status`}
              className="field__input"
              value={values.status}
              onChange={(event) => set('status', event.target.value)}
            >
              {FUEL_CARD_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {fuelCardStatusLabel(status)}
                </option>
              ))}
            </select>
          </FormField>
          <FormField id={`${id}-valid`} label={f.validUntil}>
            <input
              id={`${id}-valid`}
              className="field__input"
              type="date"
              value={values.valid_until}
              onChange={(event) => set('valid_until', event.target.value)}
            />
          </FormField>
          {amountField('daily_limit', f.dailyLimit)}
          {amountField('monthly_limit', f.monthlyLimit)}
          <FormField id={`${id}-pin`} label={f.pin} hint={card?.has_pin ? text.pinKeepHint : text.pinHint}>
            <input
              id={`${id}-pin`}
              className="field__input"
              type="password"
              inputMode="numeric"
              autoComplete="new-password"
              maxLength={8}
              value={values.pin_code}
              disabled={values.removePin}
              onChange={(event) => set('pin_code', event.target.value)}
            />
          </FormField>
          {card?.has_pin && (
            <label className="checkbox fleet-form__check">
              <input type="checkbox" checked={values.removePin} onChange={(event) => set('removePin', event.target.checked)} />
              {text.removePin}
            </label>
          )}
        </div>
        <FormField id={`${id}-notes`} label={f.notes} full>
          <textarea
            id={`${id}-notes`}
            className="field__input"
            rows={3}
            maxLength={4000}
            value={values.notes}
            onChange={(event) => set('notes', event.target.value)}
          />
        </FormField>
      </form>
    </Modal>
  );
}
