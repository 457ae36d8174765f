import { useId, useState } from 'react';
import { messages } from '@dispo/domain/messages';
import { useCreateTrailer, useUpdateTrailer } from '../../api/fleet';
import type { MaintenanceKind, Trailer, TrailerBody, TrailerType, Vehicle, VehicleStatus } from '../../api/fleetTypes';
import { Icon } from '../../components/icons';
import { Modal } from '../../components/Modal';
import { byPlate, maintenanceKindLabel, trailerTypeLabel, vehicleStatusLabel } from './fleetLogic';
import { FormError, FormField } from './FormField';
import { FORM_STATUSES, parseNumber } from './vehicleForm';

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
    maxWeight: trailer?.maxWeight === null || trailer?.maxWeight === undefined ? '' : String(trailer.maxWeight),
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
    notizen: values.notizen.trim() === '' ? null : values.notizen.trim(),
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

/** §2 trailer form (Neuer Auflieger / Auflieger bearbeiten); the tractor choice is limited to vehicles of type zugmaschine. */
export function TrailerFormModal({ trailer, vehicles, onClose, onSaved }: TrailerFormModalProps) {
  const id = useId();
  const text = messages.fleetScreen;
  const f = text.fields;
  const [values, setValues] = useState<TrailerFormValues>(() => valuesOf(trailer));
  const [missing, setMissing] = useState<Set<string>>(new Set());
  const [badWeight, setBadWeight] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const create = useCreateTrailer();
  const update = useUpdateTrailer();
  const saving = create.isPending || update.isPending;
  const tractors = vehicles.filter((vehicle) => vehicle.vehicle_type === 'zugmaschine').sort(byPlate);

  const set = <K extends keyof TrailerFormValues>(key: K, value: TrailerFormValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    if (missing.has(key)) setMissing((current) => new Set([...current].filter((field) => field !== key)));
    if (key === 'maxWeight') setBadWeight(false);
  };
  const setDate = (index: number, change: Partial<{ art: string; datum: string }>) =>
    set(
      'wartungstermine',
      values.wartungstermine.map((entry, i) => (i === index ? { ...entry, ...change } : entry)),
    );

  const save = async () => {
    if (saving) return;
    // §5: kennzeichen and typ are required.
    const absent = (['kennzeichen', 'typ'] as const).filter((field) => values[field].trim() === '');
    setMissing(new Set(absent));
    if (absent.length > 0) {
      setError(messages.validation.requiredFields);
      return;
    }
    const weight = parseNumber(values.maxWeight);
    if (weight !== null && (Number.isNaN(weight) || weight < 0)) {
      setBadWeight(true);
      setError(messages.fleetCommands.invalidNumber);
      return;
    }
    setError(null);
    try {
      if (trailer) {
        const answer = await update.mutateAsync({ id: trailer.id, body: bodyOf(values) });
        onSaved(answer.auflieger, messages.fleet.trailerUpdated);
      } else {
        const answer = await create.mutateAsync(bodyOf(values));
        onSaved(answer.auflieger, messages.fleet.trailerCreated);
      }
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    }
  };

  const tractorKnown = values.zugmaschine_id === '' || tractors.some((vehicle) => vehicle.id === values.zugmaschine_id);
  const statuses = FORM_STATUSES.includes(values.status as VehicleStatus) ? FORM_STATUSES : [...FORM_STATUSES, values.status];

  return (
    <Modal
      title={trailer ? messages.fleet.editTrailer : messages.fleet.newTrailer}
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
            {saving ? text.working : trailer ? messages.fleet.update : messages.fleet.create}
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
          <FormField id={`${id}-plate`} label={f.licensePlate} required error={missing.has('kennzeichen') ? text.requiredField : null}>
            <input
              id={`${id}-plate`}
              className="field__input field__input--plate"
              value={values.kennzeichen}
              maxLength={20}
              autoComplete="off"
              data-autofocus
              aria-required
              aria-invalid={missing.has('kennzeichen') || undefined}
              onChange={(event) => set('kennzeichen', event.target.value)}
            />
          </FormField>
          <FormField id={`${id}-type`} label={f.trailerType} required error={missing.has('typ') ? text.requiredField : null}>
            <select
              id={`${id}-type`}
              className="field__input"
              value={values.typ}
              aria-required
              onChange={(event) => set('typ', event.target.value)}
            >
              {TRAILER_TYPES.map((type) => (
                <option key={type} value={type}>
                  {trailerTypeLabel(type)}
                </option>
              ))}
            </select>
          </FormField>
          <FormField id={`${id}-tractor`} label={f.tractor} hint={text.tractorHint}>
            <select
              id={`${id}-tractor`}
              className="field__input"
              value={values.zugmaschine_id}
              onChange={(event) => set('zugmaschine_id', event.target.value)}
            >
              <option value="">{messages.fleet.notAssigned}</option>
              {!tractorKnown && (
                <option value={values.zugmaschine_id}>{trailer?.zugmaschine?.licensePlate ?? values.zugmaschine_id}</option>
              )}
              {tractors.map((vehicle) => (
                <option key={vehicle.id} value={vehicle.id}>
                  {vehicle.license_plate} – {vehicle.make_model}
                </option>
              ))}
            </select>
          </FormField>
          <FormField id={`${id}-weight`} label={f.maxWeightKg} error={badWeight ? messages.fleetCommands.invalidNumber : null}>
            <input
              id={`${id}-weight`}
              className="field__input"
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              value={values.maxWeight}
              aria-invalid={badWeight || undefined}
              onChange={(event) => set('maxWeight', event.target.value)}
            />
          </FormField>
          <FormField id={`${id}-status`} label={f.status}>
            <select
              id={`${id}-status`}
              className="field__input"
              value={values.status}
              onChange={(event) => set('status', event.target.value)}
            >
              {statuses.map((status) => (
                <option key={status} value={status}>
                  {vehicleStatusLabel(status)}
                </option>
              ))}
            </select>
          </FormField>
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
                {MAINTENANCE_KINDS.map((kind) => (
                  <option key={kind} value={kind}>
                    {maintenanceKindLabel(kind)}
                  </option>
                ))}
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

        <FormField id={`${id}-notes`} label={f.notes} full>
          <textarea
            id={`${id}-notes`}
            className="field__input"
            rows={3}
            maxLength={4000}
            value={values.notizen}
            onChange={(event) => set('notizen', event.target.value)}
          />
        </FormField>
      </form>
    </Modal>
  );
}
