import { type ReactNode, useId, useState } from 'react';
import { messages } from '@dispo/domain/messages';
import { useCreateOrder, useUpdateOrder } from '../../api/orders';
import { useLoadingPoints, useMaterials, usePlants } from '../../api/reference';
import type { Order } from '../../api/types';
import { materialsForPlant } from './materialSearch';
import { Modal } from '../../components/Modal';
import {
  checkForm,
  deliveryPlants,
  emptyFormValues,
  type FormField,
  formValuesOf,
  loadingPlants,
  loadingPointsOf,
  type OrderFormValues,
  orderBodyOf,
  PRIORITIES,
  plantLabel,
  requiredFields,
  TRANSPORT_TYPES,
  UNITS,
} from './orderForm';
import { generateOrderNumber } from './orderNumber';
import { CustomerPicker, MaterialPicker, RequiredMark } from './Pickers';

export interface OrderFormModalProps {
  /** The order to edit; absent for a new order. */
  order?: Order;
  onClose(): void;
  /** After the server accepted: the saved order and the success text. */
  onSaved(order: Order | null, message: string): void;
}

const text = messages.orderScreen;

/** The full order form (§2.7): new order, or `Auftrag bearbeiten`. F11 saves, Escape closes. */
export function OrderFormModal({ order, onClose, onSaved }: OrderFormModalProps) {
  const mode = order ? 'edit' : 'new';
  const id = useId();
  const [values, setValues] = useState<OrderFormValues>(() => (order ? formValuesOf(order) : emptyFormValues(generateOrderNumber())));
  const [invalid, setInvalid] = useState<Set<FormField>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const plants = usePlants();
  const loadingPoints = useLoadingPoints();
  const materials = useMaterials();
  const create = useCreateOrder();
  const update = useUpdateOrder();
  const saving = create.isPending || update.isPending;
  const required = new Set(requiredFields(mode));

  const set = <K extends FormField>(key: K, value: OrderFormValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    if (invalid.has(key)) {
      const next = new Set(invalid);
      next.delete(key);
      setInvalid(next);
    }
  };

  const points = loadingPointsOf(loadingPoints.data ?? [], values.plantId);
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
    const body = orderBodyOf(values, mode);
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
  const inv = (field: FormField) => invalid.has(field) || undefined;
  const req = (field: FormField) => required.has(field);

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
          <Field id={`${id}-number`} label={text.orderNumber} hint={order ? undefined : text.orderNumberHint}>
            <input id={`${id}-number`} className="field__input field__input--mono" value={values.orderNumber} readOnly />
          </Field>
          <Field id={`${id}-plant`} label={text.loadingPlant} required={req('plantId')}>
            <select
              id={`${id}-plant`}
              className="field__input"
              value={values.plantId}
              aria-invalid={inv('plantId')}
              data-autofocus
              onChange={(event) => chooseLoadingPlant(event.target.value)}
            >
              <option value="">{loadingList.length === 0 && plants.isSuccess ? messages.empty.loadingPlants : text.choose}</option>
              {withCurrent(loadingList, values.plantId, order?.plant).map((plant) => (
                <option key={plant.id} value={plant.id}>
                  {plantLabel(plant)}
                </option>
              ))}
            </select>
          </Field>
          <Field id={`${id}-point`} label={text.loadingPoint} required={req('loadingPointId')}>
            <select
              id={`${id}-point`}
              className="field__input"
              value={values.loadingPointId}
              aria-invalid={inv('loadingPointId')}
              disabled={!values.plantId}
              onChange={(event) => set('loadingPointId', event.target.value)}
            >
              <option value="">{values.plantId ? text.choose : text.chooseLoadingPlantFirst}</option>
              {points.map((point) => (
                <option key={point.id} value={point.id}>
                  {point.name}
                </option>
              ))}
              {values.loadingPointId && !points.some((point) => point.id === values.loadingPointId) && (
                <option value={values.loadingPointId}>{order?.loadingPoint?.name ?? values.loadingPointId}</option>
              )}
            </select>
          </Field>
          <Field id={`${id}-delivery`} label={text.deliveryPlant} required={req('deliveryPlantId')}>
            <select
              id={`${id}-delivery`}
              className="field__input"
              value={values.deliveryPlantId}
              aria-invalid={inv('deliveryPlantId')}
              onChange={(event) => set('deliveryPlantId', event.target.value)}
            >
              <option value="">{deliveryList.length === 0 && plants.isSuccess ? messages.empty.deliveryPlants : text.choose}</option>
              {withCurrent(deliveryList, values.deliveryPlantId, order?.deliveryPlant).map((plant) => (
                <option key={plant.id} value={plant.id}>
                  {plantLabel(plant)}
                </option>
              ))}
            </select>
          </Field>
          <div className="order-form__wide">
            <CustomerPicker
              customerId={values.customerId}
              customerName={values.customerName}
              onChange={(customerId, customerName) => setValues((current) => ({ ...current, customerId, customerName }))}
            />
          </div>
        </Section>

        <Section title={messages.orderDetail.sectionMaterial}>
          <div className="order-form__wide">
            <MaterialPicker
              materials={materialList}
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
          <Field id={`${id}-spec`} label={text.materialSpecification}>
            <input
              id={`${id}-spec`}
              className="field__input"
              value={values.materialSpecification}
              onChange={(event) => set('materialSpecification', event.target.value)}
            />
          </Field>
          <Field id={`${id}-quantity`} label={text.quantity} required={req('quantity')}>
            <input
              id={`${id}-quantity`}
              type="number"
              min={0}
              step={0.1}
              inputMode="decimal"
              className="field__input"
              value={values.quantity}
              aria-invalid={inv('quantity')}
              onChange={(event) => set('quantity', event.target.value)}
            />
          </Field>
          <Field id={`${id}-unit`} label={text.unit}>
            <select
              id={`${id}-unit`}
              className="field__input"
              value={values.unit}
              onChange={(event) => set('unit', event.target.value as OrderFormValues['unit'])}
            >
              {UNITS.map((unit) => (
                <option key={unit} value={unit}>
                  {messages.labels.unit[unit]}
                </option>
              ))}
            </select>
          </Field>
          <Field id={`${id}-weight`} label={text.weightTons}>
            <input
              id={`${id}-weight`}
              type="number"
              min={0}
              step={0.01}
              inputMode="decimal"
              className="field__input"
              value={values.weightTons}
              aria-invalid={inv('weightTons')}
              onChange={(event) => set('weightTons', event.target.value)}
            />
          </Field>
        </Section>

        <Section title={messages.orderDetail.sectionDelivery}>
          <Field id={`${id}-date`} label={text.deliveryDate} required={req('deliveryDate')}>
            <input
              id={`${id}-date`}
              type="date"
              className="field__input"
              value={values.deliveryDate}
              aria-invalid={inv('deliveryDate')}
              onChange={(event) => set('deliveryDate', event.target.value)}
            />
          </Field>
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
            <Field id={`${id}-fixed`} label={text.timeFixed}>
              <input
                id={`${id}-fixed`}
                type="time"
                className="field__input"
                value={values.deliveryTimeFixed}
                aria-invalid={inv('deliveryTimeFixed')}
                onChange={(event) => set('deliveryTimeFixed', event.target.value)}
              />
            </Field>
          ) : (
            <div className="order-form__range">
              <Field id={`${id}-from`} label={text.timeFrom}>
                <input
                  id={`${id}-from`}
                  type="time"
                  className="field__input"
                  value={values.deliveryTimeFrom}
                  aria-invalid={inv('deliveryTimeFrom')}
                  onChange={(event) => set('deliveryTimeFrom', event.target.value)}
                />
              </Field>
              <Field id={`${id}-to`} label={text.timeTo}>
                <input
                  id={`${id}-to`}
                  type="time"
                  className="field__input"
                  value={values.deliveryTimeTo}
                  aria-invalid={inv('deliveryTimeTo')}
                  onChange={(event) => set('deliveryTimeTo', event.target.value)}
                />
              </Field>
            </div>
          )}
          <Field id={`${id}-address`} label={text.deliveryAddress} wide>
            <input
              id={`${id}-address`}
              className="field__input"
              value={values.deliveryAddress}
              onChange={(event) => set('deliveryAddress', event.target.value)}
            />
          </Field>
          <Field id={`${id}-contact`} label={text.contactPerson}>
            <input
              id={`${id}-contact`}
              className="field__input"
              value={values.deliveryContactPerson}
              onChange={(event) => set('deliveryContactPerson', event.target.value)}
            />
          </Field>
          <Field id={`${id}-phone`} label={text.phone}>
            <input
              id={`${id}-phone`}
              type="tel"
              className="field__input"
              value={values.deliveryPhone}
              onChange={(event) => set('deliveryPhone', event.target.value)}
            />
          </Field>
        </Section>

        <Section title={messages.orderDetail.sectionTransport}>
          <Field id={`${id}-priority`} label={text.priority}>
            <select
              id={`${id}-priority`}
              className="field__input"
              value={values.priority}
              onChange={(event) => set('priority', event.target.value as OrderFormValues['priority'])}
            >
              {PRIORITIES.map((priority) => (
                <option key={priority} value={priority}>
                  {messages.labels.priority[priority]}
                </option>
              ))}
            </select>
          </Field>
          <Field id={`${id}-transport`} label={text.transportType}>
            <select
              id={`${id}-transport`}
              className="field__input"
              value={values.transportType}
              onChange={(event) => set('transportType', event.target.value as OrderFormValues['transportType'])}
            >
              {TRANSPORT_TYPES.map((type) => (
                <option key={type} value={type}>
                  {messages.labels.transportType[type]}
                </option>
              ))}
            </select>
          </Field>
          <div className="field order-form__checks">
            <label className="checkbox">
              <input type="checkbox" checked={values.pumpAvailable} onChange={(event) => set('pumpAvailable', event.target.checked)} />
              {text.pumpAvailable}
            </label>
            <label className="checkbox">
              <input type="checkbox" checked={values.craneAvailable} onChange={(event) => set('craneAvailable', event.target.checked)} />
              {text.craneAvailable}
            </label>
          </div>
          <Field id={`${id}-vehicle`} label={text.vehicleRequirements} wide>
            <input
              id={`${id}-vehicle`}
              className="field__input"
              value={values.vehicleRequirements}
              onChange={(event) => set('vehicleRequirements', event.target.value)}
            />
          </Field>
          <Field id={`${id}-access`} label={text.accessConditions} wide>
            <input
              id={`${id}-access`}
              className="field__input"
              value={values.accessConditions}
              onChange={(event) => set('accessConditions', event.target.value)}
            />
          </Field>
        </Section>

        <Section title={messages.orderDetail.sectionNotes}>
          <Field id={`${id}-notes`} label={text.notes} wide>
            <textarea
              id={`${id}-notes`}
              className="field__input"
              rows={3}
              value={values.notes}
              onChange={(event) => set('notes', event.target.value)}
            />
          </Field>
          <Field id={`${id}-internal`} label={text.internalNotes} wide hint={order ? text.internalNotesReadOnly : undefined}>
            <textarea
              id={`${id}-internal`}
              className="field__input"
              rows={2}
              value={values.internalNotes}
              readOnly={Boolean(order)}
              onChange={(event) => set('internalNotes', event.target.value)}
            />
          </Field>
        </Section>
      </form>
    </Modal>
  );
}

/** Keeps the order's current plant selectable even when the lists would not offer it (inactive, other role). */
function withCurrent<T extends { id: string; name: string; city: string | null }>(
  list: T[],
  currentId: string,
  joined?: { name: string; city: string | null } | null,
): { id: string; name: string; city: string | null }[] {
  if (!currentId || list.some((plant) => plant.id === currentId)) return list;
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

function Field({
  id,
  label,
  required,
  hint,
  wide,
  children,
}: {
  id: string;
  label: string;
  required?: boolean;
  hint?: string;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={`field${wide ? ' order-form__wide' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
        {required && <RequiredMark />}
      </label>
      {children}
      {hint && <span className="field__hint">{hint}</span>}
    </div>
  );
}
