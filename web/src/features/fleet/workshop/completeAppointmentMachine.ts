import { assign, fromPromise, setup } from 'xstate';
import type { TrailerCompletionBody, VehicleCompletionBody } from '../../../api/workshop';
import { parseAmount } from './amount';

/**
 * 'Werkstatttermin abschließen' for vehicles (fleet.md §4 Vehicle completion wizard):
 *   1 did it take place? — no → 2 notes (2 steps in all);
 *   yes → 2 invoice? — yes → 3 amount (Next needs it) → 4 follow-up and closing notes;
 *                     — no → 4 follow-up and closing notes (step 3 skipped).
 * Finishing needs the follow-up answer (and its date when one is needed).
 */

export type YesNo = 'yes' | 'no' | '';

export interface VehicleCompletionForm {
  appointmentId: string;
  tookPlace: YesNo;
  hasInvoice: YesNo;
  invoiceAmount: string;
  followUp: YesNo;
  followUpDate: string;
  notes: string;
  /** Issue 31: taken into the vehicle's data (odometer; next service; the new HU date of an HU). */
  odometerKm: string;
  nextServiceDue: string;
  inspectionUntil: string;
}

export type VehicleCompletionEvent =
  | { type: 'OPEN'; appointmentId: string }
  | { type: 'SET'; field: keyof VehicleCompletionForm; value: string }
  | { type: 'NEXT' }
  | { type: 'BACK' }
  | { type: 'SUBMIT' };

export const emptyVehicleCompletion = (appointmentId: string): VehicleCompletionForm => ({
  appointmentId,
  tookPlace: '',
  hasInvoice: '',
  invoiceAmount: '',
  followUp: '',
  followUpDate: '',
  notes: '',
  odometerKm: '',
  nextServiceDue: '',
  inspectionUntil: '',
});

/** The body of the completion call from what the wizard holds. */
export function vehicleCompletionBody(f: VehicleCompletionForm): VehicleCompletionBody {
  if (f.tookPlace === 'no') return { completed: false, notes: f.notes };
  return {
    completed: true,
    hasInvoice: f.hasInvoice === 'yes',
    invoiceAmount: f.hasInvoice === 'yes' ? parseAmount(f.invoiceAmount) : null,
    followUpNeeded: f.followUp === 'yes',
    followUpDate: f.followUp === 'yes' ? f.followUpDate : null,
    notes: f.notes,
    odometerKm: parseAmount(f.odometerKm),
    nextServiceDue: f.nextServiceDue || null,
    inspectionUntil: f.inspectionUntil || null,
  };
}

export const finishable = (f: VehicleCompletionForm) =>
  f.tookPlace === 'no' || (f.followUp === 'no' || (f.followUp === 'yes' && f.followUpDate !== ''));

export const vehicleCompletionMachine = setup({
  types: {
    context: {} as { form: VehicleCompletionForm; submitError: string | null },
    events: {} as VehicleCompletionEvent,
    input: {} as { appointmentId: string },
  },
  actors: {
    submitCompletion: fromPromise<unknown, VehicleCompletionForm>(async () => {
      throw new Error('submitCompletion is provided by the component');
    }),
  },
  guards: {
    answered: ({ context }) => context.form.tookPlace !== '',
    tookPlace: ({ context }) => context.form.tookPlace === 'yes',
    invoiceAnswered: ({ context }) => context.form.hasInvoice !== '',
    withInvoice: ({ context }) => context.form.hasInvoice === 'yes',
    amountGiven: ({ context }) => parseAmount(context.form.invoiceAmount) !== null,
    finishable: ({ context }) => finishable(context.form),
    withAppointment: ({ context }) => context.form.appointmentId !== '',
  },
}).createMachine({
  id: 'vehicleCompletion',
  context: ({ input }) => ({ form: emptyVehicleCompletion(input.appointmentId), submitError: null }),
  initial: 'tookPlace',
  on: {
    OPEN: { target: '.tookPlace', actions: assign(({ event }) => ({ form: emptyVehicleCompletion(event.appointmentId), submitError: null })) },
    SET: { actions: assign({ form: ({ context, event }) => ({ ...context.form, [event.field]: event.value }) }) },
  },
  states: {
    tookPlace: {
      on: {
        NEXT: [
          { guard: ({ context }) => context.form.tookPlace === 'yes', target: 'invoice' },
          { guard: ({ context }) => context.form.tookPlace === 'no', target: 'notTakenPlace' },
        ],
      },
    },
    notTakenPlace: { on: { BACK: 'tookPlace', SUBMIT: { guard: 'withAppointment', target: 'submitting' } } },
    invoice: {
      on: {
        NEXT: [
          { guard: ({ context }) => context.form.hasInvoice === 'yes', target: 'amount' },
          { guard: ({ context }) => context.form.hasInvoice === 'no', target: 'followUp' },
        ],
        BACK: 'tookPlace',
      },
    },
    amount: { on: { NEXT: { guard: 'amountGiven', target: 'followUp' }, BACK: 'invoice' } },
    followUp: {
      on: {
        SUBMIT: { guard: 'finishable', target: 'submitting' },
        BACK: [{ guard: 'withInvoice', target: 'amount' }, { target: 'invoice' }],
      },
    },
    submitting: {
      entry: assign({ submitError: null }),
      invoke: {
        src: 'submitCompletion',
        input: ({ context }) => context.form,
        onDone: 'done',
        onError: [
          {
            guard: ({ context }) => context.form.tookPlace === 'no',
            target: 'notTakenPlace',
            actions: assign({ submitError: ({ event }) => (event.error instanceof Error ? event.error.message : String(event.error)) }),
          },
          { target: 'followUp', actions: assign({ submitError: ({ event }) => (event.error instanceof Error ? event.error.message : String(event.error)) }) },
        ],
      },
    },
    done: { type: 'final' },
  },
});

/** Step number and total as the wizard shows them (§4: 2 steps when it did not take place, else 4). */
export function vehicleCompletionStep(state: string): { step: number; total: number } {
  switch (state) {
    case 'tookPlace':
      return { step: 1, total: 4 };
    case 'notTakenPlace':
      return { step: 2, total: 2 };
    case 'invoice':
      return { step: 2, total: 4 };
    case 'amount':
      return { step: 3, total: 4 };
    default:
      return { step: 4, total: 4 };
  }
}

/**
 * The trailer completion wizard (fleet.md §2, §4, §5): 1 pick the appointment, 2 success yes/no,
 * 3 actual cost and remarks, 4 follow-up with date and notes. Steps 1 and 2 need a selection; the
 * submit needs the actual cost and the follow-up choice.
 */
export interface TrailerCompletionForm {
  appointmentId: string;
  wasSuccessful: YesNo;
  actualCost: string;
  completionNotes: string;
  followUp: YesNo;
  followUpDate: string;
  followUpNotes: string;
}

export type TrailerCompletionEvent =
  | { type: 'OPEN' }
  | { type: 'SET'; field: keyof TrailerCompletionForm; value: string }
  | { type: 'NEXT' }
  | { type: 'BACK' }
  | { type: 'SUBMIT' };

export const emptyTrailerCompletion = (): TrailerCompletionForm => ({
  appointmentId: '',
  wasSuccessful: '',
  actualCost: '',
  completionNotes: '',
  followUp: '',
  followUpDate: '',
  followUpNotes: '',
});

/** §5: actual cost with two decimals, parsed as a number, 0 if unparseable. */
export function trailerCompletionBody(f: TrailerCompletionForm): TrailerCompletionBody {
  return {
    wasSuccessful: f.wasSuccessful === 'yes',
    actualCost: parseAmount(f.actualCost) ?? 0,
    completionNotes: f.completionNotes,
    followUpRequired: f.followUp === 'yes',
    followUpDate: f.followUp === 'yes' ? f.followUpDate : null,
    followUpNotes: f.followUp === 'yes' ? f.followUpNotes : null,
  };
}

export const trailerFinishable = (f: TrailerCompletionForm) =>
  f.actualCost.trim() !== '' && (f.followUp === 'no' || (f.followUp === 'yes' && f.followUpDate !== ''));

export const trailerCompletionMachine = setup({
  types: {
    context: {} as { form: TrailerCompletionForm; submitError: string | null },
    events: {} as TrailerCompletionEvent,
  },
  actors: {
    submitCompletion: fromPromise<unknown, TrailerCompletionForm>(async () => {
      throw new Error('submitCompletion is provided by the component');
    }),
  },
}).createMachine({
  id: 'trailerCompletion',
  context: { form: emptyTrailerCompletion(), submitError: null },
  initial: 'pick',
  on: {
    OPEN: { target: '.pick', actions: assign({ form: emptyTrailerCompletion(), submitError: null }) },
    SET: { actions: assign({ form: ({ context, event }) => ({ ...context.form, [event.field]: event.value }) }) },
  },
  states: {
    pick: { on: { NEXT: { guard: ({ context }) => context.form.appointmentId !== '', target: 'success' } } },
    success: { on: { NEXT: { guard: ({ context }) => context.form.wasSuccessful !== '', target: 'cost' }, BACK: 'pick' } },
    cost: { on: { NEXT: { guard: ({ context }) => context.form.actualCost.trim() !== '', target: 'followUp' }, BACK: 'success' } },
    followUp: { on: { SUBMIT: { guard: ({ context }) => trailerFinishable(context.form), target: 'submitting' }, BACK: 'cost' } },
    submitting: {
      entry: assign({ submitError: null }),
      invoke: {
        src: 'submitCompletion',
        input: ({ context }) => context.form,
        onDone: 'done',
        onError: { target: 'followUp', actions: assign({ submitError: ({ event }) => (event.error instanceof Error ? event.error.message : String(event.error)) }) },
      },
    },
    done: { type: 'final' },
  },
});

export const TRAILER_COMPLETION_STEPS = ['pick', 'success', 'cost', 'followUp'] as const;
