import { messages } from '@dispo/domain/messages';
import { assign, fromPromise, setup } from 'xstate';
import type { DeliveryTimeType, LoadingPoint, Order, OrderPriority, OrderUnit } from '../../api/types';

/**
 * The quick-order wizard of orders.md §2.5 as a state machine: three steps, their guards, the
 * validation of §5.1 (first set) and the submit. The component only renders and sends events.
 */

export interface QuickOrderForm {
  deliveryPlantId: string;
  plantId: string;
  loadingPointId: string;
  materialIds: string[];
  /** As typed (the field is text so that it can be empty). */
  quantity: string;
  unit: OrderUnit;
  deliveryDate: string;
  deliveryTimeType: DeliveryTimeType;
  deliveryTimeFixed: string;
  deliveryTimeFrom: string;
  deliveryTimeTo: string;
  priority: OrderPriority;
  notes: string;
  saveAsTemplate: boolean;
  templateName: string;
}

export type FormField = keyof QuickOrderForm;
export type FieldErrors = Partial<Record<FormField, string>>;

/** §9: quick order quantity 27; times 08:00 and 17:00; unit to, priority normal. */
export const QUICK_ORDER_DEFAULT_QUANTITY = '27';

export function emptyForm(today: string): QuickOrderForm {
  return {
    deliveryPlantId: '',
    plantId: '',
    loadingPointId: '',
    materialIds: [],
    quantity: '',
    unit: 'to',
    deliveryDate: today,
    deliveryTimeType: 'fixed',
    deliveryTimeFixed: '08:00',
    deliveryTimeFrom: '08:00',
    deliveryTimeTo: '17:00',
    priority: 'normal',
    notes: '',
    saveAsTemplate: false,
    templateName: '',
  };
}

export interface QuickOrderResult {
  message: string;
  orders: Order[];
  /** Reasons of the orders that were not created (partial success). */
  failures: string[];
}

export interface QuickOrderContext {
  form: QuickOrderForm;
  errors: FieldErrors;
  submitError: string | null;
  result: QuickOrderResult | null;
}

export type QuickOrderEvent =
  | { type: 'OPEN'; today: string }
  | { type: 'SET_DELIVERY_PLANT'; plantId: string }
  | { type: 'SET_LOADING_PLANT'; plantId: string; points: readonly LoadingPoint[] }
  | { type: 'SET_LOADING_POINT'; loadingPointId: string }
  | { type: 'TOGGLE_MATERIAL'; materialId: string }
  | { type: 'SET_FIELD'; field: Exclude<FormField, 'materialIds' | 'saveAsTemplate'>; value: string }
  | { type: 'SET_SAVE_AS_TEMPLATE'; value: boolean }
  /** The route's suggestions arrived: the first average quantity, or null when there are none. */
  | { type: 'SUGGESTIONS'; averageQuantity: number | null }
  /** Start from the last quick order of a plant. */
  | { type: 'APPLY_LAST'; order: Order; points: readonly LoadingPoint[] }
  | { type: 'CHOOSE_ALTERNATIVE'; time: string }
  | { type: 'NEXT' }
  | { type: 'BACK' }
  | { type: 'SUBMIT' };

const quantityValue = (text: string) => Number(text.replace(',', '.'));

const step1Errors = (f: QuickOrderForm): FieldErrors => (f.loadingPointId ? {} : { loadingPointId: messages.validation.wizard.loadingPointRequired });

function step2Errors(f: QuickOrderForm): FieldErrors {
  const errors: FieldErrors = {};
  if (f.materialIds.length === 0) errors.materialIds = messages.validation.wizard.materialRequired;
  if (f.quantity.trim() === '' || !(quantityValue(f.quantity) > 0)) errors.quantity = messages.validation.wizard.quantityPositive;
  return errors;
}

function step3Errors(f: QuickOrderForm): FieldErrors {
  const w = messages.validation.wizard;
  const errors: FieldErrors = {};
  if (!f.deliveryDate) errors.deliveryDate = w.deliveryDateRequired;
  if (f.deliveryTimeType === 'fixed' && !f.deliveryTimeFixed) errors.deliveryTimeFixed = w.timeRequired;
  if (f.deliveryTimeType === 'range' && !f.deliveryTimeFrom) errors.deliveryTimeFrom = w.timeFromRequired;
  if (f.deliveryTimeType === 'range' && !f.deliveryTimeTo) errors.deliveryTimeTo = w.timeToRequired;
  if (f.saveAsTemplate && f.templateName.trim() === '') errors.templateName = w.templateNameRequired;
  return errors;
}

/** Every message of §5.1 (first set) for the whole form, as the submit checks it. */
export function validateQuickOrder(f: QuickOrderForm): FieldErrors {
  return { ...step1Errors(f), ...step2Errors(f), ...step3Errors(f) };
}

const none = (errors: FieldErrors) => Object.keys(errors).length === 0;

/** §2.5: Next on step 1 once delivery plant, loading plant and loading point are chosen. */
export const canLeavePlants = (f: QuickOrderForm) => Boolean(f.deliveryPlantId && f.plantId && f.loadingPointId);
/** Next on step 2 once at least one material and a quantity are set. */
export const canLeaveMaterial = (f: QuickOrderForm) => f.materialIds.length > 0 && f.quantity.trim() !== '';
/** Submit on step 3 once a delivery date is set. */
export const canSubmit = (f: QuickOrderForm) => f.deliveryDate !== '';

/** §2.6: an alternative time becomes a one-hour slot (end = start hour + 1, minutes 00). */
export function oneHourSlot(time: string): { from: string; to: string } {
  const hour = Number(time.slice(0, 2));
  const pad = (h: number) => `${String(h).padStart(2, '0')}:00`;
  return { from: pad(hour), to: pad(Math.min(hour + 1, 24)) };
}

const withoutErrors = (errors: FieldErrors, ...fields: FormField[]) => {
  const next = { ...errors };
  for (const field of fields) delete next[field];
  return next;
};

/** The loading point that follows a loading plant: its only one, or none to choose yet (§2.5). */
function pointFor(plantId: string, points: readonly LoadingPoint[], current: string): string {
  const own = points.filter((p) => p.plant_id === plantId);
  if (own.some((p) => p.id === current)) return current;
  return own.length === 1 ? own[0]!.id : '';
}

export const quickOrderMachine = setup({
  types: {
    context: {} as QuickOrderContext,
    events: {} as QuickOrderEvent,
    input: {} as { today: string },
  },
  actors: {
    /** Creates the orders (and the template); the component provides the real calls. */
    submitOrder: fromPromise<QuickOrderResult, QuickOrderForm>(async () => {
      throw new Error('submitOrder is provided by the component');
    }),
  },
  guards: {
    plantsComplete: ({ context }) => canLeavePlants(context.form),
    materialComplete: ({ context }) => canLeaveMaterial(context.form) && none(step2Errors(context.form)),
    formValid: ({ context }) => canSubmit(context.form) && none(validateQuickOrder(context.form)),
  },
  actions: {
    reset: assign(({ event }) => ({
      form: emptyForm(event.type === 'OPEN' ? event.today : ''),
      errors: {},
      submitError: null,
      result: null,
    })),
    showStep1Errors: assign({ errors: ({ context }) => ({ ...context.errors, ...step1Errors(context.form) }) }),
    showStep2Errors: assign({ errors: ({ context }) => ({ ...context.errors, ...step2Errors(context.form) }) }),
    showAllErrors: assign({ errors: ({ context }) => validateQuickOrder(context.form) }),
  },
}).createMachine({
  id: 'quickOrder',
  context: ({ input }) => ({ form: emptyForm(input.today), errors: {}, submitError: null, result: null }),
  initial: 'plants',
  on: {
    // §2.5: every open starts at step 1 with nothing chosen (and the date reset to today, §9).
    OPEN: { target: '.plants', actions: 'reset' },
    SET_FIELD: {
      actions: assign(({ context, event }) => ({
        form: { ...context.form, [event.field]: event.value },
        errors: withoutErrors(context.errors, event.field),
      })),
    },
    SET_SAVE_AS_TEMPLATE: {
      actions: assign(({ context, event }) => ({
        form: { ...context.form, saveAsTemplate: event.value },
        errors: withoutErrors(context.errors, 'templateName'),
      })),
    },
  },
  states: {
    plants: {
      on: {
        SET_DELIVERY_PLANT: {
          actions: assign(({ context, event }) => ({ form: { ...context.form, deliveryPlantId: event.plantId }, errors: withoutErrors(context.errors, 'deliveryPlantId') })),
        },
        SET_LOADING_PLANT: {
          // The loading-plant selector is disabled until a delivery plant is chosen.
          guard: ({ context }) => context.form.deliveryPlantId !== '',
          actions: assign(({ context, event }) => {
            const loadingPointId = pointFor(event.plantId, event.points, context.form.loadingPointId);
            // Materials of another plant may not be offered at this one: choose again.
            const materialIds = event.plantId === context.form.plantId ? context.form.materialIds : [];
            return { form: { ...context.form, plantId: event.plantId, loadingPointId, materialIds }, errors: withoutErrors(context.errors, 'plantId', 'loadingPointId') };
          }),
        },
        SET_LOADING_POINT: {
          actions: assign(({ context, event }) => ({ form: { ...context.form, loadingPointId: event.loadingPointId }, errors: withoutErrors(context.errors, 'loadingPointId') })),
        },
        APPLY_LAST: {
          actions: assign(({ context, event }) => {
            const o = event.order;
            return {
              form: {
                ...context.form,
                deliveryPlantId: o.deliveryPlantId ?? context.form.deliveryPlantId,
                plantId: o.plantId ?? '',
                loadingPointId: o.loadingPointId && o.plantId ? pointFor(o.plantId, event.points, o.loadingPointId) : '',
                materialIds: o.materialId ? [o.materialId] : [],
                quantity: String(o.quantity),
                unit: o.unit,
                deliveryTimeType: o.deliveryTimeType,
                deliveryTimeFixed: o.deliveryTimeFixed ?? context.form.deliveryTimeFixed,
                deliveryTimeFrom: o.deliveryTimeFrom ?? context.form.deliveryTimeFrom,
                deliveryTimeTo: o.deliveryTimeTo ?? context.form.deliveryTimeTo,
                priority: o.priority,
                notes: o.notes ?? '',
              },
              errors: {},
            };
          }),
        },
        NEXT: [{ guard: 'plantsComplete', target: 'material' }, { actions: 'showStep1Errors' }],
      },
    },
    material: {
      on: {
        TOGGLE_MATERIAL: {
          actions: assign(({ context, event }) => {
            const ids = context.form.materialIds;
            const materialIds = ids.includes(event.materialId) ? ids.filter((id) => id !== event.materialId) : [...ids, event.materialId];
            return { form: { ...context.form, materialIds }, errors: withoutErrors(context.errors, 'materialIds') };
          }),
        },
        // §2.5: the first suggested quantity fills the field only if it is empty; without suggestions the default 27 (§9).
        SUGGESTIONS: {
          guard: ({ context }) => context.form.quantity.trim() === '',
          actions: assign(({ context, event }) => ({
            form: { ...context.form, quantity: event.averageQuantity !== null ? String(event.averageQuantity) : QUICK_ORDER_DEFAULT_QUANTITY },
          })),
        },
        BACK: { target: 'plants' },
        NEXT: [{ guard: 'materialComplete', target: 'delivery' }, { actions: 'showStep2Errors' }],
      },
    },
    delivery: {
      on: {
        CHOOSE_ALTERNATIVE: {
          actions: assign(({ context, event }) => {
            const slot = oneHourSlot(event.time);
            return {
              form: { ...context.form, deliveryTimeType: 'range' as const, deliveryTimeFrom: slot.from, deliveryTimeTo: slot.to },
              errors: withoutErrors(context.errors, 'deliveryTimeFrom', 'deliveryTimeTo', 'deliveryTimeFixed'),
            };
          }),
        },
        BACK: { target: 'material' },
        SUBMIT: [{ guard: 'formValid', target: 'submitting' }, { actions: 'showAllErrors' }],
        NEXT: [{ guard: 'formValid', target: 'submitting' }, { actions: 'showAllErrors' }],
      },
    },
    submitting: {
      entry: assign({ submitError: null }),
      invoke: {
        src: 'submitOrder',
        input: ({ context }) => context.form,
        onDone: { target: 'done', actions: assign({ result: ({ event }) => event.output }) },
        onError: {
          target: 'delivery',
          actions: assign({ submitError: ({ event }) => (event.error instanceof Error ? event.error.message : messages.errors.createAllOrders) }),
        },
      },
    },
    done: { type: 'final' },
  },
});

/** The three steps in order, for the progress bar and dots. */
export const WIZARD_STEPS = ['plants', 'material', 'delivery'] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

export function stepIndex(state: string): number {
  const i = WIZARD_STEPS.indexOf(state as WizardStep);
  return i < 0 ? WIZARD_STEPS.length - 1 : i;
}
