import { messages } from '@dispo/domain/messages';
import { DEFAULT_APPOINTMENT_TIME, OTHER_WORKSHOP } from '@dispo/domain/workshop-appointment/appointment-rules';
import { assign, fromPromise, setup } from 'xstate';
import { refusedFields, serverFieldErrors } from '../../../api/errors';

/**
 * The planning wizard 'Werkstatttermin planen' (fleet.md §2, §4): three steps (type; date, time and
 * notes; workshop), Next only once the step is filled, reset on open, and the trailer suggestion
 * that moves the appointment to the coupled trailer (and back). The component renders and sends events.
 */

export interface PlanForm {
  type: string;
  date: string;
  time: string;
  notes: string;
  workshop: string;
  customWorkshop: string;
  cost: string;
  responsible: string;
}

export type PlanField = keyof PlanForm;
export type PlanErrors = Partial<Record<PlanField, string>>;

/** The trailer the appointment was moved to by the suggestion (§3: keeps the vehicle and the keywords). */
export interface TrailerTarget {
  id: string;
  plate: string;
  keywords: string[];
}

export interface PlanContext {
  today: string;
  form: PlanForm;
  errors: PlanErrors;
  submitError: string | null;
  trailer: TrailerTarget | null;
  /** Answered once (yes, no, timeout or undo): the suggestion does not come back for this appointment. */
  suggestionAnswered: boolean;
}

export type PlanEvent =
  | { type: 'OPEN'; today: string }
  | { type: 'SET_FIELD'; field: PlanField; value: string }
  | { type: 'ACCEPT_TRAILER'; trailer: TrailerTarget }
  | { type: 'DECLINE_TRAILER' }
  | { type: 'UNDO_TRAILER' }
  | { type: 'NEXT' }
  | { type: 'BACK' }
  | { type: 'SUBMIT' };

export const emptyPlanForm = (today: string): PlanForm => ({
  type: '',
  date: today,
  time: DEFAULT_APPOINTMENT_TIME,
  notes: '',
  workshop: '',
  customWorkshop: '',
  cost: '',
  responsible: '',
});

const w = messages.workshop;

/** §4: step 1 needs the type, step 2 date (not before today) and time, the last button the workshop. */
export const typeFilled = (f: PlanForm) => f.type !== '';
export const dateFilled = (f: PlanForm, today: string) => f.date !== '' && f.date >= today && f.time !== '';
export const workshopFilled = (f: PlanForm) => f.workshop !== '' && (f.workshop !== OTHER_WORKSHOP || f.customWorkshop.trim() !== '');

function workshopErrors(f: PlanForm): PlanErrors {
  if (f.workshop === '') return { workshop: w.workshopRequired };
  if (f.workshop === OTHER_WORKSHOP && f.customWorkshop.trim() === '') return { customWorkshop: w.customWorkshopRequired };
  return {};
}

const FIELD_OF_SERVER: Record<string, PlanField> = {
  appointmentType: 'type',
  date: 'date',
  time: 'time',
  workshop: 'workshop',
  customWorkshop: 'customWorkshop',
  estimatedCost: 'cost',
};

const showServerError = assign<PlanContext, { type: string; error?: unknown }, undefined, PlanEvent, never>(({ context, event }) => {
  const { errors, general } = serverFieldErrors(event.error, (name) => FIELD_OF_SERVER[name] ?? null);
  return { errors: { ...context.errors, ...errors }, submitError: general };
});

export const planAppointmentMachine = setup({
  types: {
    context: {} as PlanContext,
    events: {} as PlanEvent,
    input: {} as { today: string },
  },
  actors: {
    /** Sends the appointment; the component provides the real call. */
    submitPlan: fromPromise<unknown, { form: PlanForm; trailer: TrailerTarget | null }>(async () => {
      throw new Error('submitPlan is provided by the component');
    }),
  },
  guards: {
    typeFilled: ({ context }) => typeFilled(context.form),
    dateFilled: ({ context }) => dateFilled(context.form, context.today),
    workshopFilled: ({ context }) => workshopFilled(context.form),
  },
}).createMachine({
  id: 'planAppointment',
  context: ({ input }) => ({ today: input.today, form: emptyPlanForm(input.today), errors: {}, submitError: null, trailer: null, suggestionAnswered: false }),
  initial: 'type',
  on: {
    // §2: all fields reset on open.
    OPEN: {
      target: '.type',
      actions: assign(({ event }) => ({ today: event.today, form: emptyPlanForm(event.today), errors: {}, submitError: null, trailer: null, suggestionAnswered: false })),
    },
    SET_FIELD: {
      actions: assign(({ context, event }) => {
        const errors = { ...context.errors };
        delete errors[event.field];
        return { form: { ...context.form, [event.field]: event.value }, errors };
      }),
    },
    ACCEPT_TRAILER: { actions: assign({ trailer: ({ event }) => event.trailer, suggestionAnswered: true }) },
    DECLINE_TRAILER: { actions: assign({ suggestionAnswered: true }) },
    UNDO_TRAILER: { actions: assign({ trailer: null, suggestionAnswered: true }) },
  },
  states: {
    type: { on: { NEXT: { guard: 'typeFilled', target: 'schedule' } } },
    schedule: {
      on: {
        NEXT: [
          { guard: 'dateFilled', target: 'workshop' },
          {
            actions: assign({
              errors: ({ context }) => ({
                ...context.errors,
                ...(context.form.date === '' ? { date: w.dateRequired } : context.form.date < context.today ? { date: w.dateInPast } : {}),
                ...(context.form.time === '' ? { time: w.timeRequired } : {}),
              }),
            }),
          },
        ],
        BACK: 'type',
      },
    },
    workshop: {
      on: {
        SUBMIT: [{ guard: 'workshopFilled', target: 'submitting' }, { actions: assign({ errors: ({ context }) => ({ ...context.errors, ...workshopErrors(context.form) }) }) }],
        BACK: 'schedule',
      },
    },
    submitting: {
      entry: assign({ submitError: null }),
      invoke: {
        src: 'submitPlan',
        input: ({ context }) => ({ form: context.form, trailer: context.trailer }),
        onDone: 'done',
        onError: [
          {
            // A refused type or date goes back to its step with the message under the field.
            guard: ({ event }) => ['type'].includes(serverField(event.error) ?? ''),
            target: 'type',
            actions: showServerError,
          },
          { guard: ({ event }) => ['date', 'time'].includes(serverField(event.error) ?? ''), target: 'schedule', actions: showServerError },
          { target: 'workshop', actions: showServerError },
        ],
      },
    },
    done: { type: 'final' },
  },
});

function serverField(error: unknown): PlanField | null {
  return refusedFields(error).map((f) => FIELD_OF_SERVER[f]).find((f) => f !== undefined) ?? null;
}
