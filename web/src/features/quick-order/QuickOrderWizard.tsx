import { messages } from '@dispo/domain/messages';
import { suggestionStars, topSuggestions } from '@dispo/domain/quick-order/route-history';
import { useQueryClient } from '@tanstack/react-query';
import { useMachine } from '@xstate/react';
import { useEffect, useId, useMemo, useState } from 'react';
import { fromPromise } from 'xstate';
import { fetchLastQuickOrder, type CapacityRequest, useCapacityAnalysis, useMaterialHistory } from '../../api/quickOrder';
import { queryKeys } from '../../api/queryKeys';
import { useLoadingPoints, useMaterials, usePlants } from '../../api/reference';
import type { Material, OrderUnit, Plant } from '../../api/types';
import { InputField, SelectField, TextAreaField } from '../../components/FormField';
import { Modal } from '../../components/Modal';
import { todayInBerlin } from '../orders/format';
import { materialsAtPlant } from '../orders/materialSearch';
import { DeliveryTimeFields } from '../orders/DeliveryTimeFields';
import { deliveryPlants, loadingPlants, loadingPointsOf, plantLabel } from '../orders/orderForm';
import { CapacityWarning } from './CapacityWarning';
import {
  canLeaveMaterial,
  canLeavePlants,
  canSubmit,
  quickOrderMachine,
  type QuickOrderResult,
  stepIndex,
  WIZARD_STEPS,
} from './quickOrderMachine';
import { submitQuickOrder } from './submitQuickOrder';
import './quick-order.css';

const t = messages.intakeTools;
const UNITS: OrderUnit[] = ['to', 'm3', 'kg', 'stueck'];
const PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
const STEP_TITLES = [messages.quickOrder.stepPlants, messages.quickOrder.stepMaterial, messages.quickOrder.stepDelivery];

export interface QuickOrderWizardProps {
  onClose(): void;
  onCreated(result: QuickOrderResult): void;
  /** The user settings: favourite materials first; templates on offers "save as template". */
  favoriteProducts: readonly string[];
  templatesEnabled: boolean;
}

/** The capacity window of the chosen time: a fixed time counts one hour. */
function capacityWindow(f: { deliveryTimeType: string; deliveryTimeFixed: string; deliveryTimeFrom: string; deliveryTimeTo: string }) {
  if (f.deliveryTimeType === 'range')
    return f.deliveryTimeFrom && f.deliveryTimeTo && f.deliveryTimeFrom < f.deliveryTimeTo
      ? { from: f.deliveryTimeFrom, to: f.deliveryTimeTo }
      : null;
  if (!/^\d{2}:\d{2}$/.test(f.deliveryTimeFixed)) return null;
  const hour = Number(f.deliveryTimeFixed.slice(0, 2));
  return {
    from: f.deliveryTimeFixed,
    to: `${String(Math.min(hour + 1, 23)).padStart(2, '0')}:${hour + 1 > 23 ? '59' : f.deliveryTimeFixed.slice(3)}`,
  };
}

/** Schnellauftrag (orders.md §2.5, §2.6): the three-step wizard, driven by quickOrderMachine. */
export function QuickOrderWizard({ onClose, onCreated, favoriteProducts, templatesEnabled }: QuickOrderWizardProps) {
  const id = useId();
  const queryClient = useQueryClient();
  const plants = usePlants();
  const points = useLoadingPoints();
  const materials = useMaterials();
  // The names of the chosen records (for the template) come from the reference data the wizard shows.
  const machine = useMemo(
    () =>
      quickOrderMachine.provide({
        actors: {
          submitOrder: fromPromise(({ input }) =>
            submitQuickOrder(input, {
              plants: queryClient.getQueryData<Plant[]>(queryKeys.reference.plants()) ?? [],
              materials: queryClient.getQueryData<Material[]>(queryKeys.reference.materials()) ?? [],
            }),
          ),
        },
      }),
    [queryClient],
  );
  const [state, send] = useMachine(machine, { input: { today: todayInBerlin() } });
  const { form, errors, submitError, result } = state.context;
  const step = stepIndex(String(state.value));
  const submitting = state.matches('submitting');
  const [lastInfo, setLastInfo] = useState<string | null>(null);

  // Every open starts empty at step 1 with today's date.
  useEffect(() => {
    send({ type: 'OPEN', today: todayInBerlin() });
  }, [send]);

  useEffect(() => {
    if (state.matches('done') && result) onCreated(result);
  }, [state, result, onCreated]);

  // The loading points may arrive after the plant was chosen: its only point is then taken as well.
  const inPlants = state.matches('plants');
  useEffect(() => {
    if (inPlants && form.plantId && !form.loadingPointId && points.data)
      send({ type: 'SET_LOADING_PLANT', plantId: form.plantId, points: points.data });
  }, [inPlants, form.plantId, form.loadingPointId, points.data, send]);

  const history = useMaterialHistory(form.plantId, form.deliveryPlantId);
  const suggestions = useMemo(() => topSuggestions(history.data ?? []), [history.data]);
  const inMaterial = state.matches('material');
  const historySettled = history.isSuccess || history.isError;
  useEffect(() => {
    if (inMaterial && historySettled) send({ type: 'SUGGESTIONS', averageQuantity: suggestions[0]?.averageQuantity ?? null });
  }, [inMaterial, historySettled, suggestions, send]);

  const window = capacityWindow(form);
  const capacityRequest: CapacityRequest | null =
    state.matches('delivery') && form.deliveryDate && window
      ? { date: form.deliveryDate, timeFrom: window.from, timeTo: window.to, plantId: form.plantId || null }
      : null;
  const capacity = useCapacityAnalysis(capacityRequest);

  const pointList = loadingPointsOf(points.data ?? [], form.plantId);
  const offered = materialsAtPlant(
    (materials.data ?? []).filter((m) => m.status !== 'inactive'),
    form.plantId,
    favoriteProducts,
  );
  const setField = (
    field:
      | 'quantity'
      | 'unit'
      | 'deliveryDate'
      | 'deliveryTimeType'
      | 'deliveryTimeFixed'
      | 'deliveryTimeFrom'
      | 'deliveryTimeTo'
      | 'priority'
      | 'notes'
      | 'templateName',
    value: string,
  ) => send({ type: 'SET_FIELD', field, value });

  const startFromLast = async () => {
    const plantId = form.deliveryPlantId;
    try {
      const order = await queryClient.fetchQuery({
        queryKey: [...queryKeys.orders.all, 'last-quick-order', plantId],
        queryFn: () => fetchLastQuickOrder(plantId),
        staleTime: 0,
      });
      if (!order) setLastInfo(t.noLastQuickOrder);
      else {
        send({ type: 'APPLY_LAST', order, points: points.data ?? [] });
        setLastInfo(t.lastQuickOrderFound(order.orderNumber));
      }
    } catch (error) {
      setLastInfo(error instanceof Error ? error.message : messages.errors.loadLastQuickOrder);
    }
  };

  // §2.5 keys, wherever the focus is in the wizard: Alt+Left back, Alt+Right next, Ctrl+Enter create.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.altKey && event.key === 'ArrowLeft') {
        event.preventDefault();
        send({ type: 'BACK' });
      } else if (event.altKey && event.key === 'ArrowRight') {
        event.preventDefault();
        send({ type: 'NEXT' });
      } else if ((event.ctrlKey || event.metaKey) && event.key === 'Enter') {
        event.preventDefault();
        send({ type: 'SUBMIT' });
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [send]);

  const nextEnabled = step === 0 ? canLeavePlants(form) : step === 1 ? canLeaveMaterial(form) : canSubmit(form) && !submitting;
  const error = (field: keyof typeof errors) => errors[field] ?? null;

  return (
    <Modal
      title={messages.orderScreen.quickOrderTitle}
      onClose={onClose}
      onSave={() => send({ type: 'SUBMIT' })}
      size="medium"
      closeOnBackdrop={false}
      className="quick-order-modal"
      footer={
        <>
          <span className="quick-order__keys">{t.keyHints}</span>
          <span className="modal__footer-spacer" />
          <button type="button" className="button" onClick={() => send({ type: 'BACK' })} disabled={step === 0 || submitting}>
            {t.back}
          </button>
          {step < 2 ? (
            <button type="button" className="button button--primary" onClick={() => send({ type: 'NEXT' })} disabled={!nextEnabled}>
              {t.next}
            </button>
          ) : (
            <button type="button" className="button button--primary" onClick={() => send({ type: 'SUBMIT' })} disabled={!nextEnabled}>
              {submitting ? t.creating : messages.quickOrder.submit}
            </button>
          )}
        </>
      }
    >
      <div className="quick-order">
        <div className="quick-order__progress" aria-label={t.wizardProgress(step + 1, WIZARD_STEPS.length)}>
          <div className="quick-order__bar" role="progressbar" aria-valuemin={1} aria-valuemax={3} aria-valuenow={step + 1}>
            <div className="quick-order__bar-fill" style={{ width: `${((step + 1) / WIZARD_STEPS.length) * 100}%` }} />
          </div>
          <ol className="quick-order__dots">
            {STEP_TITLES.map((title, i) => (
              <li
                key={title}
                className={`quick-order__dot${i === step ? ' quick-order__dot--current' : ''}${i < step ? ' quick-order__dot--done' : ''}`}
                aria-current={i === step ? 'step' : undefined}
              >
                <span className="quick-order__dot-mark">{i + 1}</span>
                <span className="quick-order__dot-title">{title}</span>
              </li>
            ))}
          </ol>
        </div>

        {step === 0 && (
          <div className="quick-order__step">
            <SelectField
              id={`${id}-delivery`}
              label={t.deliveryPlant}
              required
              value={form.deliveryPlantId}
              onChange={(plantId) => send({ type: 'SET_DELIVERY_PLANT', plantId })}
              none={t.choose}
              options={deliveryPlants(plants.data ?? [])}
              optionLabel={plantLabel}
              data-autofocus
            />
            <SelectField
              id={`${id}-loading`}
              label={t.loadingPlant}
              required
              value={form.plantId}
              onChange={(plantId) => send({ type: 'SET_LOADING_PLANT', plantId, points: points.data ?? [] })}
              none={form.deliveryPlantId ? t.choose : t.chooseDeliveryFirst}
              options={loadingPlants(plants.data ?? [])}
              optionLabel={plantLabel}
              disabled={!form.deliveryPlantId}
            />
            <SelectField
              id={`${id}-point`}
              label={t.loadingPoint}
              required
              value={form.loadingPointId}
              onChange={(loadingPointId) => send({ type: 'SET_LOADING_POINT', loadingPointId })}
              none={t.choose}
              options={pointList}
              optionLabel={(p) => p.name}
              disabled={!form.plantId}
              error={error('loadingPointId')}
            />
            {form.deliveryPlantId && (
              <div className="quick-order__last">
                <button type="button" className="link-button" onClick={() => void startFromLast()}>
                  {t.startFromLast}
                </button>
                {lastInfo && <span className="field__hint">{lastInfo}</span>}
              </div>
            )}
          </div>
        )}

        {step === 1 && (
          <div className="quick-order__step">
            {suggestions.length > 0 && (
              <section className="quick-order__suggestions" aria-label={t.suggestions}>
                <span className="field__label">{t.suggestions}</span>
                <div className="quick-order__suggestion-list">
                  {suggestions.map((s) => {
                    const stars = suggestionStars(s.frequencyScore);
                    const chosen = form.materialIds.includes(s.material.id);
                    return (
                      <button
                        key={s.material.id}
                        type="button"
                        className={`quick-order__suggestion${chosen ? ' quick-order__suggestion--chosen' : ''}`}
                        aria-pressed={chosen}
                        onClick={() => send({ type: 'TOGGLE_MATERIAL', materialId: s.material.id })}
                      >
                        <span className="quick-order__stars" aria-label={t.stars(stars)} title={t.stars(stars)}>
                          {'★'.repeat(stars)}
                          {'☆'.repeat(3 - stars)}
                        </span>
                        <span className="quick-order__suggestion-name">{s.material.name}</span>
                        <span className="quick-order__suggestion-detail">
                          {t.suggestionDetail(
                            s.usageCount,
                            `${s.averageQuantity.toLocaleString('de-DE')} ${messages.labels.unitShort[(s.material.unit as OrderUnit) ?? 'to'] ?? s.material.unit}`,
                          )}
                        </span>
                      </button>
                    );
                  })}
                </div>
              </section>
            )}
            <fieldset className="quick-order__materials" aria-invalid={error('materialIds') ? true : undefined}>
              <legend className="field__label">{t.materials}</legend>
              {offered.length === 0 && <span className="field__hint">{messages.empty.materials}</span>}
              <div className="quick-order__material-list">
                {offered.map((m) => {
                  const chosen = form.materialIds.includes(m.id);
                  return (
                    <button
                      key={m.id}
                      type="button"
                      className={`quick-order__material${chosen ? ' quick-order__material--chosen' : ''}`}
                      aria-pressed={chosen}
                      onClick={() => send({ type: 'TOGGLE_MATERIAL', materialId: m.id })}
                    >
                      {favoriteProducts.includes(m.id) && <span title={t.favoriteMark}>♥ </span>}
                      {m.name}
                    </button>
                  );
                })}
              </div>
              {error('materialIds') && <span className="field__error">{error('materialIds')}</span>}
            </fieldset>
            <div className="quick-order__row">
              <InputField
                id={`${id}-quantity`}
                type="number"
                inputMode="decimal"
                min={0}
                step={0.01}
                label={t.quantity}
                required
                value={form.quantity}
                onChange={(value) => setField('quantity', value)}
                error={error('quantity')}
              />
              <SelectField
                id={`${id}-unit`}
                label={t.unit}
                value={form.unit}
                onChange={(value) => setField('unit', value)}
                options={UNITS}
                optionLabel={(u) => messages.labels.unitShort[u]}
              />
            </div>
          </div>
        )}

        {step === 2 && (
          <div className="quick-order__step">
            <div className="quick-order__row">
              <InputField
                id={`${id}-date`}
                type="date"
                label={t.deliveryDate}
                required
                value={form.deliveryDate}
                onChange={(value) => setField('deliveryDate', value)}
                error={error('deliveryDate')}
                data-autofocus
              />
              <DeliveryTimeFields
                id={id}
                type={form.deliveryTimeType}
                fixed={form.deliveryTimeFixed}
                from={form.deliveryTimeFrom}
                to={form.deliveryTimeTo}
                onChange={setField}
                errors={errors}
              />
              <SelectField
                id={`${id}-priority`}
                label={t.priority}
                value={form.priority}
                onChange={(v) => setField('priority', v)}
                options={PRIORITIES}
                optionLabel={(p) => messages.labels.priority[p]}
              />
            </div>
            {capacity.data && capacity.data.riskLevel !== 'normal' && (
              <CapacityWarning analysis={capacity.data} onChoose={(time) => send({ type: 'CHOOSE_ALTERNATIVE', time })} />
            )}
            <TextAreaField id={`${id}-notes`} label={t.notes} value={form.notes} onChange={(v) => setField('notes', v)} rows={2} />
            {templatesEnabled && (
              <div className="quick-order__template">
                <label className="checkbox">
                  <input
                    type="checkbox"
                    checked={form.saveAsTemplate}
                    onChange={(e) => send({ type: 'SET_SAVE_AS_TEMPLATE', value: e.target.checked })}
                  />
                  {t.saveAsTemplate}
                </label>
                {form.saveAsTemplate && (
                  <InputField
                    id={`${id}-template`}
                    label={t.templateName}
                    required
                    value={form.templateName}
                    onChange={(v) => setField('templateName', v)}
                    error={error('templateName')}
                    maxLength={100}
                  />
                )}
              </div>
            )}
            {submitError && (
              <p className="alert alert--error" role="alert">
                {submitError}
              </p>
            )}
          </div>
        )}
      </div>
    </Modal>
  );
}
