import { useId } from 'react';
import { messages } from '@dispo/domain/messages';
import { useCreateTrailer, useUpdateTrailer } from '../../api/fleet';
import type { MaintenanceKind, Trailer, TrailerBody, TrailerType, Vehicle, VehicleStatus } from '../../api/fleetTypes';
import { SelectOptions } from '../../components/FormField';
import { Icon } from '../../components/icons';
import { byPlate, maintenanceKindLabel, trailerTypeLabel, vehicleStatusLabel } from './fleetLogic';
import { InputField, NotesField, NumberField, SelectField } from './FormField';
import { FormModal } from './FormModal';
import { type FormProblems, useFleetForm } from './useFleetForm';
import { blankToNull, FORM_STATUSES, isInvalidNumber, numberText, parseNumber } from './vehicleForm';

export const TRAILER_TYPES: readonly TrailerType[] = ['kippsilo', 'liegendsilo', 'grossraumsilo', 'anhaenger'];
export const MAINTENANCE_KINDS: readonly MaintenanceKind[] = ['tuv', 'hu', 'service', 'reparatur'];
/** §9: a new trailer is a kippsilo. */
export const DEFAULT_TRAILER_TYPE: TrailerType = 'kippsilo';

interface TrailerFormValues {
  kennzeichen: string;
  typ: string;
  zugmaschine_id: string;
  maxWeight: string;
  status: string;
  notizen: string;
  wartungstermine: { art: string; datum: string }[];
}

function valuesOf(trailer: Trailer | undefined): TrailerFormValues {
  return {
    kennzeichen: trailer?.kennzeichen ?? '',
    typ: trailer?.typ ?? DEFAULT_TRAILER_TYPE,
    zugmaschine_id: trailer?.zugmaschineId ?? '',
    maxWeight: numberText(trailer?.maxWeight),
    status: trailer?.status ?? 'available',
    notizen: trailer?.notizen ?? '',
    wartungstermine: (trailer?.wartungstermine ?? []).map((entry) => ({ art: entry.art, datum: entry.datum })),
  };
}

function bodyOf(values: TrailerFormValues): TrailerBody {
  return {
    kennzeichen: values.kennzeichen.trim(),
    typ: values.typ as TrailerType,
    zugmaschine_id: values.zugmaschine_id === '' ? null : values.zugmaschine_id,
    maxWeight: parseNumber(values.maxWeight),
    status: values.status as VehicleStatus,
    notizen: blankToNull(values.notizen),
    wartungstermine: values.wartungstermine
      .filter((entry) => entry.datum !== '')
      .map((entry) => ({ art: entry.art as MaintenanceKind, datum: entry.datum })),
  };
}

export interface TrailerFormModalProps {
  trailer?: Trailer;
  vehicles: readonly Vehicle[];
  onClose(): void;
  onSaved(trailer: Trailer, message: string): void;
}

/** §5: kennzeichen and typ are required; the weight is checked once both are there. */
function checkTrailerForm(values: TrailerFormValues): FormProblems<keyof TrailerFormValues> {
  const missing = (['kennzeichen', 'typ'] as const).filter((field) => values[field].trim() === '');
  if (missing.length > 0) return { missing };
  return { missing, invalid: isInvalidNumber(values.maxWeight) ? ['maxWeight'] : [] };
}

/** §2 trailer form (Neuer Auflieger / Auflieger bearbeiten); the tractor choice is limited to vehicles of type zugmaschine. */
export function TrailerFormModal({ trailer, vehicles, onClose, onSaved }: TrailerFormModalProps) {
  const id = useId();
  const text = messages.fleetScreen;
  const f = text.fields;
  const { values, set, field, fieldError, frame } = useFleetForm({
    editedId: trailer?.id,
    initial: () => valuesOf(trailer),
    check: checkTrailerForm,
    bodyOf,
    create: useCreateTrailer(),
    update: useUpdateTrailer(),
    onSaved: (answer, updated) => onSaved(answer.auflieger, updated ? messages.fleet.trailerUpdated : messages.fleet.trailerCreated),
  });
  const tractors = vehicles.filter((vehicle) => vehicle.vehicle_type === 'zugmaschine').sort(byPlate);
  // A tractor that is no zugmaschine (any more) stays offered under its plate.
  const tractorNames = new Map(tractors.map((vehicle) => [vehicle.id, `${vehicle.license_plate} – ${vehicle.make_model}`]));
  const tractorKnown = values.zugmaschine_id === '' || tractorNames.has(values.zugmaschine_id);
  const tractorOptions = tractorKnown ? [...tractorNames.keys()] : [values.zugmaschine_id, ...tractorNames.keys()];
  const tractorName = (tractorId: string) => tractorNames.get(tractorId) ?? trailer?.zugmaschine?.licensePlate ?? tractorId;
  const statuses = FORM_STATUSES.includes(values.status as VehicleStatus) ? FORM_STATUSES : [...FORM_STATUSES, values.status];

  const setDate = (index: number, change: Partial<{ art: string; datum: string }>) =>
    set(
      'wartungstermine',
      values.wartungstermine.map((entry, i) => (i === index ? { ...entry, ...change } : entry)),
    );

  return (
    <FormModal frame={frame} size="medium" onClose={onClose} title={trailer ? messages.fleet.editTrailer : messages.fleet.newTrailer}>
      <div className="fleet-form__grid fleet-form__grid--two">
        <InputField
          id={`${id}-plate`}
          label={f.licensePlate}
          required
          {...field('kennzeichen')}
          className="field__input field__input--plate"
          maxLength={20}
          autoComplete="off"
          data-autofocus
          aria-required
          aria-invalid={fieldError('kennzeichen') ? true : undefined}
        />
        <SelectField
          id={`${id}-type`}
          label={f.trailerType}
          required
          aria-required
          options={TRAILER_TYPES}
          optionLabel={trailerTypeLabel}
          {...field('typ')}
        />
        <SelectField
          id={`${id}-tractor`}
          label={f.tractor}
          hint={text.tractorHint}
          none={messages.fleet.notAssigned}
          options={tractorOptions}
          optionLabel={tractorName}
          {...field('zugmaschine_id')}
        />
        <NumberField id={`${id}-weight`} label={f.maxWeightKg} step={1} {...field('maxWeight')} />
        <SelectField id={`${id}-status`} label={f.status} options={statuses} optionLabel={vehicleStatusLabel} {...field('status')} />
      </div>

      <fieldset className="fleet-form__section">
        <legend className="fleet-form__legend">{f.maintenanceDates}</legend>
        {values.wartungstermine.length === 0 && <p className="field__hint">{text.noMaintenanceDates}</p>}
        {values.wartungstermine.map((entry, index) => (
          <div key={index} className="fleet-form__row">
            <select
              className="field__input"
              aria-label={text.maintenanceKindOf(index + 1)}
              value={entry.art}
              onChange={(event) => setDate(index, { art: event.target.value })}
            >
              <SelectOptions options={MAINTENANCE_KINDS} optionLabel={maintenanceKindLabel} />
            </select>
            <input
              className="field__input"
              type="date"
              aria-label={text.maintenanceDateOf(index + 1)}
              value={entry.datum}
              onChange={(event) => setDate(index, { datum: event.target.value })}
            />
            <button
              type="button"
              className="icon-button icon-button--small icon-button--danger"
              aria-label={text.removeMaintenanceDate(index + 1)}
              title={text.delete}
              onClick={() =>
                set(
                  'wartungstermine',
                  values.wartungstermine.filter((_, i) => i !== index),
                )
              }
            >
              <Icon name="delete" size={16} />
            </button>
          </div>
        ))}
        <button
          type="button"
          className="button button--small"
          onClick={() => set('wartungstermine', [...values.wartungstermine, { art: 'tuv', datum: '' }])}
        >
          <Icon name="plus" size={14} />
          {text.addMaintenanceDate}
        </button>
      </fieldset>

      <NotesField id={`${id}-notes`} {...field('notizen')} />
    </FormModal>
  );
}
