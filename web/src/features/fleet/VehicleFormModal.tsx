import { useId, useState } from 'react';
import { messages } from '@dispo/domain/messages';
import { useCreateVehicle, useUpdateVehicle } from '../../api/fleet';
import type { Vehicle } from '../../api/fleetTypes';
import { useMaterials, usePlants } from '../../api/reference';
import { Modal } from '../../components/Modal';
import { DriverPicker } from './DriverPicker';
import { emissionClassLabel, fuelTypeLabel, vehicleStatusLabel, vehicleTypeLabel } from './fleetLogic';
import { FormError, FormField } from './FormField';
import {
  checkVehicleForm,
  emptyVehicleForm,
  FORM_EMISSION_CLASSES,
  FORM_FUEL_TYPES,
  FORM_STATUSES,
  FORM_VEHICLE_TYPES,
  FUEL_CONSUMPTION_STEP,
  POSTAL_CODE_MAX_LENGTH,
  REQUIRED_VEHICLE_FIELDS,
  vehicleBodyOf,
  type VehicleFormField,
  vehicleFormValuesOf,
  type VehicleFormValues,
} from './vehicleForm';

export interface VehicleFormModalProps {
  /** The vehicle to edit; absent for a new one. */
  vehicle?: Vehicle;
  onClose(): void;
  /** After the server accepted, with the success text of §8. */
  onSaved(vehicle: Vehicle, message: string): void;
}

/** The options of a select, with the current value kept even when the form would not offer it. */
function optionsWith<T extends string>(offered: readonly T[], current: string): string[] {
  return offered.includes(current as T) || current === '' ? [...offered] : [...offered, current];
}

/** §2 vehicle form modal (Neues Fahrzeug / Fahrzeug bearbeiten) with every field of §3 Vehicle. F11 saves, Escape closes. */
export function VehicleFormModal({ vehicle, onClose, onSaved }: VehicleFormModalProps) {
  const id = useId();
  const text = messages.fleetScreen;
  const f = text.fields;
  const [values, setValues] = useState<VehicleFormValues>(() => (vehicle ? vehicleFormValuesOf(vehicle) : emptyVehicleForm()));
  const [missing, setMissing] = useState<Set<VehicleFormField>>(new Set());
  const [badNumbers, setBadNumbers] = useState<Set<VehicleFormField>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const materials = useMaterials();
  const plants = usePlants();
  const create = useCreateVehicle();
  const update = useUpdateVehicle();
  const saving = create.isPending || update.isPending;
  const required = new Set<VehicleFormField>(REQUIRED_VEHICLE_FIELDS);

  const set = <K extends VehicleFormField>(key: K, value: VehicleFormValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    if (missing.has(key) || badNumbers.has(key)) {
      setMissing((current) => new Set([...current].filter((field) => field !== key)));
      setBadNumbers((current) => new Set([...current].filter((field) => field !== key)));
    }
  };

  const fieldError = (field: VehicleFormField) =>
    missing.has(field) ? text.requiredField : badNumbers.has(field) ? messages.fleetCommands.invalidNumber : null;
  const inputProps = (
    field: Exclude<VehicleFormField, 'suitable_material_ids' | 'has_silo_equipment' | 'enabled_for_dispatch' | 'driver'>,
  ) => ({
    id: `${id}-${field}`,
    className: 'field__input',
    value: values[field],
    onChange: (event: { target: { value: string } }) => set(field, event.target.value),
    'aria-invalid': fieldError(field) ? true : undefined,
    'aria-describedby': fieldError(field) ? `${id}-${field}-error` : undefined,
    'aria-required': required.has(field) ? true : undefined,
  });

  const save = async () => {
    if (saving) return;
    const problems = checkVehicleForm(values);
    setMissing(new Set(problems.missing));
    setBadNumbers(new Set(problems.invalidNumbers));
    if (problems.missing.length > 0) {
      setError(messages.validation.requiredFields);
      return;
    }
    if (problems.invalidNumbers.length > 0) {
      setError(messages.fleetCommands.invalidNumber);
      return;
    }
    setError(null);
    try {
      const body = vehicleBodyOf(values);
      if (vehicle) {
        const answer = await update.mutateAsync({ id: vehicle.id, body });
        onSaved(answer.vehicle, messages.fleet.vehicleUpdated);
      } else {
        const answer = await create.mutateAsync(body);
        onSaved(answer.vehicle, messages.fleet.vehicleCreated);
      }
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    }
  };

  const toggleMaterial = (materialId: string, on: boolean) =>
    set(
      'suitable_material_ids',
      on ? [...values.suitable_material_ids, materialId] : values.suitable_material_ids.filter((m) => m !== materialId),
    );
  const activeMaterials = (materials.data ?? []).filter(
    (material) => material.status === 'active' || values.suitable_material_ids.includes(material.id),
  );

  const numberInput = (field: 'year' | 'payload_kg' | 'total_weight_kg' | 'axles' | 'odometer_km' | 'fuel_consumption', step = 1) => (
    <input {...inputProps(field)} type="number" inputMode={step === 1 ? 'numeric' : 'decimal'} min={0} step={step} />
  );

  return (
    <Modal
      title={vehicle ? messages.fleet.editVehicle : messages.fleet.newVehicle}
      onClose={onClose}
      onSave={() => void save()}
      size="large"
      closeOnBackdrop={false}
      className="fleet-form-modal"
      footer={
        <>
          <button type="button" className="button" onClick={onClose} disabled={saving}>
            {messages.fleet.cancel}
          </button>
          <button type="button" className="button button--primary" onClick={() => void save()} disabled={saving}>
            {saving ? text.working : vehicle ? messages.fleet.update : messages.fleet.create}
          </button>
        </>
      }
    >
      <form
        id={`${id}-form`}
        className="fleet-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <FormError text={error} />

        <fieldset className="fleet-form__section">
          <legend className="fleet-form__legend">{text.sections.vehicle}</legend>
          <div className="fleet-form__grid">
            <FormField id={`${id}-license_plate`} label={f.licensePlate} required error={fieldError('license_plate')}>
              <input
                {...inputProps('license_plate')}
                maxLength={20}
                autoComplete="off"
                data-autofocus
                className="field__input field__input--plate"
              />
            </FormField>
            <FormField id={`${id}-vehicle_type`} label={f.vehicleType} required error={fieldError('vehicle_type')}>
              <select {...inputProps('vehicle_type')}>
                {optionsWith(FORM_VEHICLE_TYPES, values.vehicle_type).map((type) => (
                  <option key={type} value={type}>
                    {vehicleTypeLabel(type)}
                  </option>
                ))}
              </select>
            </FormField>
            <FormField id={`${id}-make_model`} label={f.makeModel} required error={fieldError('make_model')} wide>
              <input {...inputProps('make_model')} maxLength={200} placeholder={text.makeModelPlaceholder} />
            </FormField>
            <FormField id={`${id}-brand`} label={f.brand}>
              <input {...inputProps('brand')} maxLength={100} />
            </FormField>
            <FormField id={`${id}-model`} label={f.model}>
              <input {...inputProps('model')} maxLength={100} />
            </FormField>
            <FormField id={`${id}-year`} label={f.year} error={fieldError('year')}>
              {numberInput('year')}
            </FormField>
            <FormField id={`${id}-status`} label={f.status}>
              <select {...inputProps('status')}>
                {optionsWith(FORM_STATUSES, values.status).map((status) => (
                  <option key={status} value={status}>
                    {vehicleStatusLabel(status)}
                  </option>
                ))}
              </select>
            </FormField>
          </div>
        </fieldset>

        <fieldset className="fleet-form__section">
          <legend className="fleet-form__legend">{text.sections.technical}</legend>
          <div className="fleet-form__grid">
            <FormField id={`${id}-payload_kg`} label={f.payloadKg} error={fieldError('payload_kg')}>
              {numberInput('payload_kg')}
            </FormField>
            <FormField id={`${id}-total_weight_kg`} label={f.totalWeightKg} error={fieldError('total_weight_kg')}>
              {numberInput('total_weight_kg')}
            </FormField>
            <FormField id={`${id}-axles`} label={f.axles} error={fieldError('axles')}>
              {numberInput('axles')}
            </FormField>
            <FormField id={`${id}-loading_capacity`} label={f.loadingCapacity}>
              <input {...inputProps('loading_capacity')} maxLength={200} placeholder={text.loadingCapacityPlaceholder} />
            </FormField>
            <FormField id={`${id}-fuel_type`} label={f.fuelType}>
              <select {...inputProps('fuel_type')}>
                {optionsWith(FORM_FUEL_TYPES, values.fuel_type).map((type) => (
                  <option key={type} value={type}>
                    {fuelTypeLabel(type)}
                  </option>
                ))}
              </select>
            </FormField>
            <FormField id={`${id}-emission_class`} label={f.emissionClass}>
              <select {...inputProps('emission_class')}>
                {optionsWith(FORM_EMISSION_CLASSES, values.emission_class).map((value) => (
                  <option key={value} value={value}>
                    {emissionClassLabel(value)}
                  </option>
                ))}
              </select>
            </FormField>
            <FormField id={`${id}-fuel_consumption`} label={f.fuelConsumption} error={fieldError('fuel_consumption')}>
              {numberInput('fuel_consumption', FUEL_CONSUMPTION_STEP)}
            </FormField>
            <FormField id={`${id}-odometer_km`} label={f.odometerKm} error={fieldError('odometer_km')}>
              {numberInput('odometer_km')}
            </FormField>
            <label className="checkbox fleet-form__check">
              <input
                type="checkbox"
                checked={values.has_silo_equipment}
                onChange={(event) => set('has_silo_equipment', event.target.checked)}
              />
              {f.hasSiloEquipment}
            </label>
          </div>
        </fieldset>

        <fieldset className="fleet-form__section">
          <legend className="fleet-form__legend">{text.sections.operation}</legend>
          <div className="fleet-form__grid">
            <div className="fleet-form__field--wide">
              <DriverPicker label={f.driver} value={values.driver} onChange={(driver) => set('driver', driver)} />
            </div>
            <label className="checkbox fleet-form__check fleet-form__field--wide">
              <input
                type="checkbox"
                checked={values.enabled_for_dispatch}
                onChange={(event) => set('enabled_for_dispatch', event.target.checked)}
              />
              {f.enabledForDispatch}
            </label>
            <FormField id={`${id}-home_location_postal_code`} label={f.postalCode}>
              <input
                {...inputProps('home_location_postal_code')}
                maxLength={POSTAL_CODE_MAX_LENGTH}
                inputMode="numeric"
                autoComplete="postal-code"
              />
            </FormField>
            <FormField id={`${id}-home_location_city`} label={f.city}>
              <input {...inputProps('home_location_city')} maxLength={200} />
            </FormField>
            <FormField id={`${id}-home_plant_name`} label={f.homePlant}>
              <input {...inputProps('home_plant_name')} maxLength={200} list={`${id}-plants`} />
            </FormField>
            <datalist id={`${id}-plants`}>
              {(plants.data ?? []).map((plant) => (
                <option key={plant.id} value={plant.name} />
              ))}
            </datalist>
            <FormField id={`${id}-cost_center`} label={f.costCenter}>
              <input {...inputProps('cost_center')} maxLength={100} />
            </FormField>
            <fieldset className="fleet-form__materials fleet-form__field--full">
              <legend className="field__label">{f.suitableMaterials}</legend>
              {materials.isPending && <span className="field__hint">{text.loadingList}</span>}
              {materials.isError && <span className="fleet-form__error">{materials.error.message}</span>}
              <div className="fleet-form__material-list">
                {activeMaterials.map((material) => (
                  <label key={material.id} className="checkbox">
                    <input
                      type="checkbox"
                      checked={values.suitable_material_ids.includes(material.id)}
                      onChange={(event) => toggleMaterial(material.id, event.target.checked)}
                    />
                    {material.name}
                  </label>
                ))}
              </div>
            </fieldset>
            <FormField id={`${id}-special_equipment`} label={f.specialEquipment} wide>
              <textarea {...inputProps('special_equipment')} rows={2} maxLength={2000} />
            </FormField>
            <FormField id={`${id}-restrictions`} label={f.restrictions} wide>
              <textarea {...inputProps('restrictions')} rows={2} maxLength={2000} />
            </FormField>
          </div>
        </fieldset>

        <fieldset className="fleet-form__section">
          <legend className="fleet-form__legend">{text.sections.deadlines}</legend>
          <div className="fleet-form__grid">
            <FormField id={`${id}-tuv_until`} label={f.tuvUntil}>
              <input {...inputProps('tuv_until')} type="date" />
            </FormField>
            <FormField id={`${id}-inspection_until`} label={f.inspectionUntil}>
              <input {...inputProps('inspection_until')} type="date" />
            </FormField>
            <FormField id={`${id}-insurance_until`} label={f.insuranceUntil}>
              <input {...inputProps('insurance_until')} type="date" />
            </FormField>
            <span />
            <FormField id={`${id}-last_service_date`} label={f.lastServiceDate}>
              <input {...inputProps('last_service_date')} type="date" />
            </FormField>
            <FormField id={`${id}-next_service_due`} label={f.nextServiceDue}>
              <input {...inputProps('next_service_due')} type="date" />
            </FormField>
          </div>
        </fieldset>

        <FormField id={`${id}-notes`} label={f.notes} full>
          <textarea {...inputProps('notes')} rows={3} maxLength={4000} />
        </FormField>
      </form>
    </Modal>
  );
}
