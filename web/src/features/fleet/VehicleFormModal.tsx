import { useId } from 'react';
import { messages } from '@dispo/domain/messages';
import { useCreateVehicle, useUpdateVehicle } from '../../api/fleet';
import type { Vehicle } from '../../api/fleetTypes';
import { useMaterials, usePlants } from '../../api/reference';
import { DriverPicker } from './DriverPicker';
import { emissionClassLabel, fuelTypeLabel, vehicleStatusLabel, vehicleTypeLabel } from './fleetLogic';
import { CheckField, InputField, NotesField, NumberField, SelectField, TextAreaField } from './FormField';
import { FormModal } from './FormModal';
import { type FormProblems, useFleetForm } from './useFleetForm';
import {
  checkVehicleForm,
  emptyVehicleForm,
  FORM_EMISSION_CLASSES,
  FORM_FUEL_TYPES,
  FORM_STATUSES,
  FORM_VEHICLE_TYPES,
  FUEL_CONSUMPTION_STEP,
  NUMBER_LIMITS,
  POSTAL_CODE_MAX_LENGTH,
  REQUIRED_VEHICLE_FIELDS,
  vehicleBodyOf,
  type NumericVehicleField,
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

/** §5 vehicle check in the terms of the form dialog: every problem is marked at once. */
function checkProblems(values: VehicleFormValues): FormProblems<VehicleFormField> {
  const problems = checkVehicleForm(values);
  return { missing: problems.missing, invalid: problems.invalidNumbers };
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
  const materials = useMaterials();
  const plants = usePlants();
  const { values, set, field, fieldError, frame } = useFleetForm({
    editedId: vehicle?.id,
    initial: () => (vehicle ? vehicleFormValuesOf(vehicle) : emptyVehicleForm()),
    check: checkProblems,
    bodyOf: vehicleBodyOf,
    create: useCreateVehicle(),
    update: useUpdateVehicle(),
    onSaved: (answer, updated) => onSaved(answer.vehicle, updated ? messages.fleet.vehicleUpdated : messages.fleet.vehicleCreated),
  });
  const required = new Set<VehicleFormField>(REQUIRED_VEHICLE_FIELDS);

  /** Id, value, error, change and the aria marks of a text field of the form. */
  const control = (key: Exclude<VehicleFormField, 'suitable_material_ids' | 'has_silo_equipment' | 'enabled_for_dispatch' | 'driver'>) => ({
    id: `${id}-${key}`,
    ...field(key),
    'aria-invalid': fieldError(key) ? true : undefined,
    'aria-describedby': fieldError(key) ? `${id}-${key}-error` : undefined,
    'aria-required': required.has(key) ? true : undefined,
  });

  const toggleMaterial = (materialId: string, on: boolean) =>
    set(
      'suitable_material_ids',
      on ? [...values.suitable_material_ids, materialId] : values.suitable_material_ids.filter((m) => m !== materialId),
    );
  const activeMaterials = (materials.data ?? []).filter(
    (material) => material.status === 'active' || values.suitable_material_ids.includes(material.id),
  );

  const numberField = (key: NumericVehicleField, label: string, step = 1) => (
    <NumberField {...control(key)} {...NUMBER_LIMITS[key]} label={label} step={step} />
  );

  return (
    <FormModal
      frame={frame}
      size="large"
      className="fleet-form-modal"
      formId={`${id}-form`}
      onClose={onClose}
      title={vehicle ? messages.fleet.editVehicle : messages.fleet.newVehicle}
    >
      <fieldset className="fleet-form__section">
        <legend className="fleet-form__legend">{text.sections.vehicle}</legend>
        <div className="fleet-form__grid">
          <InputField
            {...control('license_plate')}
            label={f.licensePlate}
            required
            maxLength={20}
            autoComplete="off"
            data-autofocus
            className="field__input field__input--plate"
          />
          <SelectField
            {...control('vehicle_type')}
            label={f.vehicleType}
            required
            options={optionsWith(FORM_VEHICLE_TYPES, values.vehicle_type)}
            optionLabel={vehicleTypeLabel}
          />
          <InputField
            {...control('make_model')}
            label={f.makeModel}
            required
            wide
            maxLength={200}
            placeholder={text.makeModelPlaceholder}
          />
          <InputField {...control('brand')} label={f.brand} maxLength={100} />
          <InputField {...control('model')} label={f.model} maxLength={100} />
          {numberField('year', f.year)}
          <SelectField
            {...control('status')}
            label={f.status}
            options={optionsWith(FORM_STATUSES, values.status)}
            optionLabel={vehicleStatusLabel}
          />
        </div>
      </fieldset>

      <fieldset className="fleet-form__section">
        <legend className="fleet-form__legend">{text.sections.technical}</legend>
        <div className="fleet-form__grid">
          {numberField('payload_kg', f.payloadKg)}
          {numberField('total_weight_kg', f.totalWeightKg)}
          {numberField('axles', f.axles)}
          <InputField
            {...control('loading_capacity')}
            label={f.loadingCapacity}
            maxLength={200}
            placeholder={text.loadingCapacityPlaceholder}
          />
          <SelectField
            {...control('fuel_type')}
            label={f.fuelType}
            options={optionsWith(FORM_FUEL_TYPES, values.fuel_type)}
            optionLabel={fuelTypeLabel}
          />
          <SelectField
            {...control('emission_class')}
            label={f.emissionClass}
            options={optionsWith(FORM_EMISSION_CLASSES, values.emission_class)}
            optionLabel={emissionClassLabel}
          />
          {numberField('fuel_consumption', f.fuelConsumption, FUEL_CONSUMPTION_STEP)}
          {numberField('odometer_km', f.odometerKm)}
          <CheckField label={f.hasSiloEquipment} checked={values.has_silo_equipment} onChange={(on) => set('has_silo_equipment', on)} />
        </div>
      </fieldset>

      <fieldset className="fleet-form__section">
        <legend className="fleet-form__legend">{text.sections.operation}</legend>
        <div className="fleet-form__grid">
          <div className="fleet-form__field--wide">
            <DriverPicker label={f.driver} value={values.driver} onChange={(driver) => set('driver', driver)} />
          </div>
          <CheckField
            label={f.enabledForDispatch}
            wide
            checked={values.enabled_for_dispatch}
            onChange={(on) => set('enabled_for_dispatch', on)}
          />
          <InputField
            {...control('home_location_postal_code')}
            // The server takes German postal codes only: five digits.
            onChange={(value) => set('home_location_postal_code', value.replace(/\D/g, ''))}
            label={f.postalCode}
            maxLength={POSTAL_CODE_MAX_LENGTH}
            inputMode="numeric"
            pattern="[0-9]{5}"
            autoComplete="postal-code"
          />
          <InputField {...control('home_location_city')} label={f.city} maxLength={200} />
          <InputField {...control('home_plant_name')} label={f.homePlant} maxLength={200} list={`${id}-plants`} />
          <datalist id={`${id}-plants`}>
            {(plants.data ?? []).map((plant) => (
              <option key={plant.id} value={plant.name} />
            ))}
          </datalist>
          <InputField {...control('cost_center')} label={f.costCenter} maxLength={100} />
          <fieldset className="fleet-form__materials fleet-form__field--full">
            <legend className="field__label">{f.suitableMaterials}</legend>
            {materials.isPending && <span className="field__hint">{text.loadingList}</span>}
            {materials.isError && <span className="field__error">{materials.error.message}</span>}
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
          <TextAreaField {...control('special_equipment')} label={f.specialEquipment} wide rows={2} maxLength={2000} />
          <TextAreaField {...control('restrictions')} label={f.restrictions} wide rows={2} maxLength={2000} />
        </div>
      </fieldset>

      <fieldset className="fleet-form__section">
        <legend className="fleet-form__legend">{text.sections.deadlines}</legend>
        <div className="fleet-form__grid">
          <InputField {...control('tuv_until')} label={f.tuvUntil} type="date" />
          <InputField {...control('inspection_until')} label={f.inspectionUntil} type="date" />
          <InputField {...control('insurance_until')} label={f.insuranceUntil} type="date" />
          <span />
          <InputField {...control('last_service_date')} label={f.lastServiceDate} type="date" />
          <InputField {...control('next_service_due')} label={f.nextServiceDue} type="date" />
        </div>
      </fieldset>

      <NotesField {...control('notes')} />
    </FormModal>
  );
}
