import { type ReactNode, useId, useState } from 'react';
import { messages } from '@dispo/domain/messages';
import { useCreateOrder, useUpdateOrder } from '../../api/orders';
import { useOrderSettings } from '../../api/orderSettings';
import { useLoadingPoints, useMaterials, usePlants } from '../../api/reference';
import type { Order } from '../../api/types';
import { materialsForPlant } from './materialSearch';
import { CheckField, type FieldLook, FormField, InputField, NumberField, SelectField, TextAreaField } from '../../components/FormField';
import { Modal } from '../../components/Modal';
import {
  checkForm,
  deliveryPlants,
  emptyFormValues,
  type FormField as FieldKey,
  formValuesOf,
  loadingPlants,
  loadingPointsOf,
  type OrderFormValues,
  derivedWeightOf,
  orderBodyOf,
  PRIORITIES,
  plantLabel,
  requiredFields,
  TRANSPORT_TYPES,
  UNITS,
} from './orderForm';
import { generateOrderNumber } from './orderNumber';
import { CustomerPicker, MaterialPicker } from './Pickers';

export interface OrderFormModalProps {
  /** The order to edit; absent for a new order. */
  order?: Order;
  onClose(): void;
  /** After the server accepted: the saved order and the success text. */
  onSaved(order: Order | null, message: string): void;
}

const text = messages.orderScreen;

/** A wide field spans two columns of the form's grid (orders.css). */
const FORM_LOOK: FieldLook = { wide: 'order-form__wide' };

/** The fields of the form whose value is text. */
type TextFieldKey = { [K in FieldKey]: OrderFormValues[K] extends string ? K : never }[FieldKey];

/** The full order form (§2.7): new order, or `Auftrag bearbeiten`. F11 saves, Escape closes. */
export function OrderFormModal({ order, onClose, onSaved }: OrderFormModalProps) {
  const mode = order ? 'edit' : 'new';
  const id = useId();
  const [values, setValues] = useState<OrderFormValues>(() => (order ? formValuesOf(order) : emptyFormValues(generateOrderNumber())));
  const [invalid, setInvalid] = useState<Set<FieldKey>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const plants = usePlants();
  const loadingPoints = useLoadingPoints();
  const materials = useMaterials();
  const { favoriteCustomers, favoriteProducts } = useOrderSettings().settings;
  const create = useCreateOrder();
  const update = useUpdateOrder();
  const saving = create.isPending || update.isPending;
  const required = new Set(requiredFields(mode));

  const set = <K extends FieldKey>(key: K, value: OrderFormValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    if (invalid.has(key)) {
      const next = new Set(invalid);
      next.delete(key);
      setInvalid(next);
    }
  };

  const points = loadingPointsOf(loadingPoints.data ?? [], values.plantId);
  // A loading plant without loading points: say so rather than show an empty list.
  const pointless = values.plantId !== '' && loadingPoints.isSuccess && points.length === 0;
  const chooseLoadingPlant = (plantId: string) => {
    // The loading point belongs to the loading plant: a point of another plant is dropped.
    const keep = loadingPointsOf(loadingPoints.data ?? [], plantId).some((point) => point.id === values.loadingPointId);
    setValues((current) => ({ ...current, plantId, loadingPointId: keep ? current.loadingPointId : '' }));
    setInvalid((current) => {
      const next = new Set(current);
      next.delete('plantId');
      return next;
    });
  };
  // A plant with exactly one loading point gets it at once, once per chosen plant (also when the
  // points arrive after the choice); with several the user picks.
  const [autoFilledFor, setAutoFilledFor] = useState(values.plantId);
  const onlyPoint = points.length === 1 ? points[0] : undefined;
  if (values.plantId && values.plantId !== autoFilledFor && onlyPoint) {
    setAutoFilledFor(values.plantId);
    if (!values.loadingPointId) {
      setValues((current) => ({ ...current, loadingPointId: onlyPoint.id }));
      if (invalid.has('loadingPointId')) {
        const next = new Set(invalid);
        next.delete('loadingPointId');
        setInvalid(next);
      }
    }
  }

  const submit = () => {
    if (saving) return;
    const check = checkForm(values, mode);
    setInvalid(check.invalid);
    if (check.error) {
      setError(check.error);
      return;
    }
    setError(null);
    const body = orderBodyOf(values, mode, derivedWeight);
    if (order) {
      update.mutate(
        { id: order.id, body },
        {
          onSuccess: (answer) => onSaved(answer.order, messages.success.orderUpdated),
          onError: (failure) => setError(failure.message),
        },
      );
    } else {
      create.mutate(body, {
        onSuccess: (answer) => onSaved(answer.order ?? null, messages.success.orderCreated),
        onError: (failure) => setError(failure.message),
      });
    }
  };

  const loadError = plants.error ?? loadingPoints.error ?? materials.error;
  const loadingList = loadingPlants(plants.data ?? []);
  const deliveryList = deliveryPlants(plants.data ?? []);
  const materialList = materialsForPlant(materials.data ?? [], values.plantId || null);
  const derivedWeight = derivedWeightOf(values, materials.data ?? []);
  const inv = (key: FieldKey) => invalid.has(key) || undefined;
  const req = (key: FieldKey) => required.has(key);
  /** Value, change and invalid mark of a text field. */
  const field = (key: TextFieldKey) => ({ value: values[key], onChange: (value: string) => set(key, value), 'aria-invalid': inv(key) });

  return (
    <Modal
      title={order ? messages.orderForm.editTitle : text.newTitle}
      onClose={onClose}
      onSave={submit}
      size="large"
      closeOnBackdrop={false}
      footer={
        <>
          <button type="button" className="button" onClick={onClose}>
            {text.cancel}
          </button>
          <button type="submit" form={`${id}-form`} className="button button--primary" disabled={saving}>
            {saving ? text.saving : text.save}
          </button>
        </>
      }
    >
      <form
        id={`${id}-form`}
        className="order-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        {error && (
          <div className="alert alert--error order-form__error" role="alert">
            {error}
          </div>
        )}
        {loadError && (
          <div className="alert alert--error order-form__error" role="alert">
            {plants.error
              ? messages.errors.loadPlants
              : loadingPoints.error
                ? messages.errors.loadLoadingPoints
                : messages.errors.loadMaterials}
            : {loadError.message}
          </div>
        )}

        <Section title={text.sectionRoute}>
          <FormField id={`${id}-number`} label={text.orderNumber} hint={order ? undefined : text.orderNumberHint}>
            <input id={`${id}-number`} className="field__input field__input--mono" value={values.orderNumber} readOnly />
          </FormField>
          <SelectField
            id={`${id}-plant`}
            label={text.loadingPlant}
            required={req('plantId')}
            aria-invalid={inv('plantId')}
            data-autofocus
            value={values.plantId}
            none={loadingList.length === 0 && plants.isSuccess ? messages.empty.loadingPlants : text.choose}
            options={withCurrent(loadingList, values.plantId, order?.plant)}
            optionLabel={plantLabel}
            onChange={chooseLoadingPlant}
          />
          <SelectField
            id={`${id}-point`}
            label={text.loadingPoint}
            required={req('loadingPointId')}
            aria-invalid={inv('loadingPointId')}
            disabled={!values.plantId}
            value={values.loadingPointId}
            none={!values.plantId ? text.chooseLoadingPlantFirst : pointless ? text.noLoadingPoint : text.choose}
            hint={pointless ? text.noLoadingPointHint : undefined}
            options={withCurrent(points, values.loadingPointId, order?.loadingPoint)}
            optionLabel={(point) => point.name}
            onChange={(pointId) => set('loadingPointId', pointId)}
          />
          <SelectField
            id={`${id}-delivery`}
            label={text.deliveryPlant}
            required={req('deliveryPlantId')}
            aria-invalid={inv('deliveryPlantId')}
            value={values.deliveryPlantId}
            none={deliveryList.length === 0 && plants.isSuccess ? messages.empty.deliveryPlants : text.choose}
            options={withCurrent(deliveryList, values.deliveryPlantId, order?.deliveryPlant)}
            optionLabel={plantLabel}
            onChange={(plantId) => set('deliveryPlantId', plantId)}
          />
          <div className="order-form__wide">
            <CustomerPicker
              customerId={values.customerId}
              customerName={values.customerName}
              onChange={(customerId, customerName) => setValues((current) => ({ ...current, customerId, customerName }))}
              favorites={favoriteCustomers}
            />
          </div>
        </Section>

        <Section title={messages.orderDetail.sectionMaterial}>
          <div className="order-form__wide">
            <MaterialPicker
              materials={materialList}
              favorites={favoriteProducts}
              materialId={values.materialId}
              materialName={values.materialName}
              required={req('materialId')}
              invalid={inv('materialId')}
              onChange={(materialId, materialName) => {
                setValues((current) => ({ ...current, materialId, materialName }));
                if (materialId && invalid.has('materialId')) {
                  const next = new Set(invalid);
                  next.delete('materialId');
                  setInvalid(next);
                }
              }}
            />
          </div>
          <InputField id={`${id}-spec`} label={text.materialSpecification} {...field('materialSpecification')} />
          <NumberField id={`${id}-quantity`} label={text.quantity} required={req('quantity')} step={0.1} {...field('quantity')} />
          <SelectField
            id={`${id}-unit`}
            label={text.unit}
            options={UNITS}
            optionLabel={(unit) => messages.labels.unit[unit]}
            value={values.unit}
            onChange={(unit) => set('unit', unit as OrderFormValues['unit'])}
          />
          {derivedWeight === null ? (
            <NumberField id={`${id}-weight`} label={text.weightTons} step={0.01} {...field('weightTons')} />
          ) : (
            <NumberField
              id={`${id}-weight`}
              label={text.weightTons}
              step={0.01}
              readOnly
              hint={text.weightDerived}
              value={String(derivedWeight)}
              onChange={() => undefined}
            />
          )}
        </Section>

        <Section title={messages.orderDetail.sectionDelivery}>
          <InputField id={`${id}-date`} label={text.deliveryDate} required={req('deliveryDate')} type="date" {...field('deliveryDate')} />
          <fieldset className="field order-form__time-type">
            <legend className="field__label">{text.timeType}</legend>
            <div className="segmented">
              {(['fixed', 'range'] as const).map((type) => (
                <label key={type} className={`segmented__option${values.deliveryTimeType === type ? ' segmented__option--active' : ''}`}>
                  <input
                    type="radio"
                    name={`${id}-time-type`}
                    value={type}
                    checked={values.deliveryTimeType === type}
                    onChange={() => set('deliveryTimeType', type)}
                  />
                  {messages.labels.deliveryTimeType[type]}
                </label>
              ))}
            </div>
          </fieldset>
          {values.deliveryTimeType === 'fixed' ? (
            <InputField id={`${id}-fixed`} label={text.timeFixed} type="time" {...field('deliveryTimeFixed')} />
          ) : (
            <div className="order-form__range">
              <InputField id={`${id}-from`} label={text.timeFrom} type="time" {...field('deliveryTimeFrom')} />
              <InputField id={`${id}-to`} label={text.timeTo} type="time" {...field('deliveryTimeTo')} />
            </div>
          )}
          <InputField id={`${id}-address`} label={text.deliveryAddress} wide look={FORM_LOOK} {...field('deliveryAddress')} />
          <InputField id={`${id}-contact`} label={text.contactPerson} {...field('deliveryContactPerson')} />
          <InputField id={`${id}-phone`} label={text.phone} type="tel" {...field('deliveryPhone')} />
        </Section>

        <Section title={messages.orderDetail.sectionTransport}>
          <SelectField
            id={`${id}-priority`}
            label={text.priority}
            options={PRIORITIES}
            optionLabel={(priority) => messages.labels.priority[priority]}
            value={values.priority}
            onChange={(priority) => set('priority', priority as OrderFormValues['priority'])}
          />
          <SelectField
            id={`${id}-transport`}
            label={text.transportType}
            options={TRANSPORT_TYPES}
            optionLabel={(type) => messages.labels.transportType[type]}
            value={values.transportType}
            onChange={(type) => set('transportType', type as OrderFormValues['transportType'])}
          />
          <div className="field order-form__checks">
            <CheckField label={text.pumpAvailable} checked={values.pumpAvailable} onChange={(on) => set('pumpAvailable', on)} />
            <CheckField label={text.craneAvailable} checked={values.craneAvailable} onChange={(on) => set('craneAvailable', on)} />
          </div>
          <InputField id={`${id}-vehicle`} label={text.vehicleRequirements} wide look={FORM_LOOK} {...field('vehicleRequirements')} />
          <InputField id={`${id}-access`} label={text.accessConditions} wide look={FORM_LOOK} {...field('accessConditions')} />
        </Section>

        <Section title={messages.orderDetail.sectionNotes}>
          <TextAreaField id={`${id}-notes`} label={text.notes} wide look={FORM_LOOK} rows={3} {...field('notes')} />
          <TextAreaField
            id={`${id}-internal`}
            label={text.internalNotes}
            wide
            look={FORM_LOOK}
            hint={order ? text.internalNotesReadOnly : undefined}
            rows={2}
            readOnly={Boolean(order)}
            {...field('internalNotes')}
          />
        </Section>
      </form>
    </Modal>
  );
}

/** A plant or loading point as a select offers it. */
type Place = { id: string; name: string; city?: string | null };

/**
 * Keeps the order's current place selectable even when the list would not offer it (inactive,
 * other role): under the name the order joined, else under its id.
 */
function withCurrent(list: readonly Place[], currentId: string, joined?: Omit<Place, 'id'> | null): readonly Place[] {
  if (!currentId || list.some((place) => place.id === currentId)) return list;
  return [...list, { id: currentId, name: joined?.name ?? currentId, city: joined?.city ?? null }];
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="order-form__section">
      <legend className="order-form__legend">{title}</legend>
      <div className="order-form__grid">{children}</div>
    </fieldset>
  );
}
