import type {
  AppointmentBooking,
  AppointmentDetails,
  AppointmentSubject,
  AppointmentType,
  CompletionResult,
  EstimationKey,
  WorkshopAppointmentEvent,
} from '@dispo/events/catalog/index';
import type { Decider } from '../decider';
import { messages } from '../messages';
import { assertNotCreated, cleanText, type EntityState, existingEntity, noEntity, refuse } from '../shared';
import { appointmentFieldErrors, dateError, firstFieldError } from './appointment-fields';
import { clockOf } from '../tour/clock';
import { DEFAULT_APPOINTMENT_TIME, ESTIMATION_KEY_OF_TYPE, OTHER_WORKSHOP, workshopWindow } from './appointment-rules';
import { type VehicleFactsInput, vehicleFactsOfCompletion } from './completion-vehicle-facts';

const w = messages.workshop;
const ws = messages.workshopScreen;

/** What the wizards and the edit dialog send; anything may be missing, the rules say what is required. */
export interface AppointmentInput {
  appointmentType?: string | null;
  date?: string | null;
  time?: string | null;
  workshop?: string | null;
  customWorkshop?: string | null;
  location?: string | null;
  notes?: string | null;
  estimatedCost?: number | null;
  responsible?: string | null;
}

/** The vehicle or trailer as the handler loaded it; `tractorId` for trailers. Null: not found. */
export interface SubjectFacts {
  exists: boolean;
  tractorId?: string | null;
}

export interface PlanAppointment {
  type: 'PlanAppointment';
  appointmentId: string;
  subject: AppointmentSubject;
  subjectFacts: SubjectFacts;
  input: AppointmentInput;
  /** Set when the trailer suggestion moved a vehicle's appointment to its coupled trailer. */
  originalVehicleId?: string | null;
  detectedKeywords?: readonly string[];
  followUpOf?: string | null;
  /** A Smart Service booking: its reference, workshop and duration, and the service's estimation key. */
  booking?: (AppointmentBooking & { estimationKey: EstimationKey }) | null;
  /**
   * The other open appointments of the subject on that day, confirmed from their streams: the new one
   * may overlap none (docs/invariants.md: at most one open appointment per vehicle and time window).
   */
  sameDayOpen?: readonly Pick<AppointmentRecord, 'estimationKey' | 'bookedMinutes' | 'details'>[];
  /** The Berlin business day of the command: no appointment before it. */
  today: string;
  userId: string | null;
  now: string;
}

/** Undefined keeps a field, null clears it. */
export interface UpdateAppointment {
  type: 'UpdateAppointment';
  appointmentId: string;
  changes: AppointmentInput;
  today: string;
  userId: string | null;
  now: string;
}

export interface CancelAppointment {
  type: 'CancelAppointment';
  appointmentId: string;
  userId: string | null;
  now: string;
}

export type CompletionInput =
  | ({
      kind: 'vehicle';
      completed: boolean | null;
      hasInvoice?: boolean | null;
      invoiceAmount?: number | null;
      followUpNeeded?: boolean | null;
      followUpDate?: string | null;
      notes?: string | null;
    } & VehicleFactsInput)
  | {
      kind: 'trailer';
      wasSuccessful: boolean | null;
      actualCost: number | null;
      completionNotes?: string | null;
      followUpRequired: boolean | null;
      followUpDate?: string | null;
      followUpNotes?: string | null;
    };

export interface CompleteAppointment {
  type: 'CompleteAppointment';
  appointmentId: string;
  result: CompletionInput;
  /** The id the follow-up appointment gets, if the result asks for one. */
  followUpId: string;
  today: string;
  userId: string | null;
  now: string;
}

/** fleet.md §4: the invoice amount of a completed vehicle appointment, entered or corrected later. */
export interface SetAppointmentInvoiceAmount {
  type: 'SetAppointmentInvoiceAmount';
  appointmentId: string;
  invoiceAmount: number | null;
  userId: string | null;
  now: string;
}

export type AppointmentCommand = PlanAppointment | UpdateAppointment | CancelAppointment | CompleteAppointment | SetAppointmentInvoiceAmount;

export type AppointmentStatus = 'pending' | 'completed' | 'not_completed' | 'cancelled';

export interface AppointmentRecord {
  id: string;
  subject: AppointmentSubject;
  details: AppointmentDetails;
  estimationKey: EstimationKey;
  status: AppointmentStatus;
  completionTracked: boolean;
  result: CompletionResult | null;
  /** A Smart Service booking's own duration, minutes (else the estimation key's). */
  bookedMinutes?: number;
}
export type AppointmentState = EntityState<AppointmentRecord>;

/** A date the user must give, not before `today` when given. */
function checkDate(value: string | null, field: string, today: string | null, missing: string = w.dateRequired): string {
  const error = dateError(value, today, missing);
  if (error !== null) refuse('validation', error, [field]);
  return value!;
}

/**
 * fleet.md §5 "Edit maintenance dialog" (`appointmentFieldErrors`), refused with the first error in
 * the order of the form. Returns the details as stored.
 */
function validDetails(input: AppointmentInput, kind: AppointmentSubject['kind'], today: string | null): AppointmentDetails {
  const first = firstFieldError(appointmentFieldErrors(input, kind, today));
  if (first !== null) refuse('validation', first.message, [first.field]);
  const workshop = cleanText(input.workshop);
  return {
    appointmentType: cleanText(input.appointmentType) as AppointmentType,
    date: cleanText(input.date)!,
    time: cleanText(input.time)!,
    workshop,
    customWorkshop: workshop === OTHER_WORKSHOP ? cleanText(input.customWorkshop) : null,
    location: cleanText(input.location),
    notes: cleanText(input.notes),
    estimatedCost: kind === 'trailer' ? (input.estimatedCost ?? null) : null,
    responsible: cleanText(input.responsible),
  };
}

function planAppointment(command: PlanAppointment, state: AppointmentState): WorkshopAppointmentEvent[] {
  assertNotCreated(state, ws.appointmentExists);
  const { subject } = command;
  if (!command.subjectFacts.exists) {
    refuse('not_found', subject.kind === 'vehicle' ? messages.fleetCommands.vehicleNotFound : messages.fleetCommands.trailerNotFound);
  }
  const originalVehicleId = command.originalVehicleId ?? null;
  if (originalVehicleId !== null && (subject.kind !== 'trailer' || command.subjectFacts.tractorId !== originalVehicleId)) {
    refuse('validation', ws.trailerNotCoupled, ['aufliegerId']);
  }
  const details = validDetails({ time: DEFAULT_APPOINTMENT_TIME, ...withoutUndefined(command.input) }, subject.kind, command.today);
  const { estimationKey: bookedKey, ...booking } = command.booking ?? { estimationKey: null };
  const mine = workshopWindow({ time: details.time, estimationKey: bookedKey ?? ESTIMATION_KEY_OF_TYPE[details.appointmentType], bookedMinutes: command.booking?.durationMinutes });
  const taken = command.sameDayOpen
    ?.filter((o) => o.details.date === details.date)
    .map((o) => workshopWindow({ time: o.details.time, estimationKey: o.estimationKey, bookedMinutes: o.bookedMinutes }))
    .find((w) => mine.from < w.to && w.from < mine.to);
  if (taken) refuse('conflict', messages.smartServiceScreen.slotTaken(details.date, clockOf(taken.from), clockOf(taken.to)), ['time']);
  return [
    {
      type: 'WorkshopAppointmentPlanned',
      data: {
        id: command.appointmentId,
        subject,
        ...details,
        estimationKey: bookedKey ?? ESTIMATION_KEY_OF_TYPE[details.appointmentType],
        originalVehicleId,
        detectedKeywords: originalVehicleId === null ? [] : [...(command.detectedKeywords ?? [])],
        followUpOf: command.followUpOf ?? null,
        ...(command.booking ? { booking: booking as AppointmentBooking } : {}),
        plannedBy: command.userId,
        plannedAt: command.now,
      },
    },
  ];
}

function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** An appointment that may still change: not completed, not deleted. */
function openAppointment(state: AppointmentState): AppointmentRecord {
  const record = existingEntity(state, ws.appointmentNotFound);
  if (record.status === 'cancelled' || record.completionTracked) refuse('conflict', ws.appointmentClosed);
  return record;
}

function updateAppointment(command: UpdateAppointment, state: AppointmentState): WorkshopAppointmentEvent[] {
  const record = openAppointment(state);
  const merged: AppointmentInput = { ...record.details, ...withoutUndefined(command.changes) };
  // A date kept as it was may lie in the past (the edit fixes notes of a due appointment).
  const dateChanged = cleanText(merged.date) !== record.details.date;
  const after = validDetails(merged, record.subject.kind, dateChanged ? command.today : null);
  const before = { ...record.details, estimationKey: record.estimationKey };
  const next = { ...after, estimationKey: ESTIMATION_KEY_OF_TYPE[after.appointmentType] };
  const changes: Record<string, unknown> = {};
  const previous: Record<string, unknown> = {};
  for (const key of Object.keys(next) as (keyof typeof next)[]) {
    if (next[key] !== before[key]) {
      changes[key] = next[key];
      previous[key] = before[key];
    }
  }
  if (Object.keys(changes).length === 0) return [];
  return [
    {
      type: 'WorkshopAppointmentUpdated',
      data: { id: record.id, subject: record.subject, changes, previous, changedBy: command.userId, changedAt: command.now },
    },
  ];
}

function cancelAppointment(command: CancelAppointment, state: AppointmentState): WorkshopAppointmentEvent[] {
  const record = openAppointment(state);
  return [
    {
      type: 'WorkshopAppointmentCancelled',
      data: { id: record.id, subject: record.subject, cancelledBy: command.userId, cancelledAt: command.now },
    },
  ];
}

function amount(value: number | null | undefined, message: string, field: string): number {
  if (value === null || value === undefined || Number.isNaN(value)) refuse('validation', message, [field]);
  if (!Number.isFinite(value) || value < 0) refuse('validation', ws.costNotNegative, [field]);
  return Math.round(value * 100) / 100;
}

/** fleet.md §4 the completion wizards' rules, as the server checks them. */
function completionResult(input: CompletionInput, today: string, record: AppointmentRecord): { result: CompletionResult; followUpDate: string | null } {
  if (input.kind === 'vehicle') {
    if (input.completed === null) refuse('validation', ws.tookPlaceRequired, ['completed']);
    if (!input.completed) {
      return {
        result: { kind: 'vehicle', completed: false, hasInvoice: false, invoiceAmount: null, followUpNeeded: false, followUpDate: null, notes: cleanText(input.notes) },
        followUpDate: null,
      };
    }
    const hasInvoice = input.hasInvoice === true;
    // No invoice yet: the amount can be entered later (step 3 skipped).
    const invoiceAmount = hasInvoice ? amount(input.invoiceAmount, ws.invoiceAmountRequired, 'invoiceAmount') : null;
    if (input.followUpNeeded === null || input.followUpNeeded === undefined) refuse('validation', ws.followUpAnswerRequired, ['followUpNeeded']);
    const followUpDate = input.followUpNeeded ? checkDate(cleanText(input.followUpDate), 'followUpDate', today, ws.followUpDateRequired) : null;
    const vehicleFacts = vehicleFactsOfCompletion(input, record.details.appointmentType, record.details.date);
    return {
      result: { kind: 'vehicle', completed: true, hasInvoice, invoiceAmount, followUpNeeded: input.followUpNeeded, followUpDate, notes: cleanText(input.notes), ...vehicleFacts },
      followUpDate,
    };
  }
  if (input.wasSuccessful === null) refuse('validation', ws.successRequired, ['wasSuccessful']);
  const actualCost = amount(input.actualCost, ws.actualCostRequired, 'actualCost');
  if (input.followUpRequired === null) refuse('validation', ws.followUpAnswerRequired, ['followUpRequired']);
  const followUpDate = input.followUpRequired ? checkDate(cleanText(input.followUpDate), 'followUpDate', today, ws.followUpDateRequired) : null;
  return {
    result: {
      kind: 'trailer',
      wasSuccessful: input.wasSuccessful,
      actualCost,
      completionNotes: cleanText(input.completionNotes),
      followUpRequired: input.followUpRequired,
      followUpDate,
      followUpNotes: input.followUpRequired ? cleanText(input.followUpNotes) : null,
    },
    followUpDate,
  };
}

function completeAppointment(command: CompleteAppointment, state: AppointmentState): WorkshopAppointmentEvent[] {
  const record = openAppointment(state);
  if (record.details.date > command.today) refuse('validation', ws.notYetDue, ['appointmentId']);
  if (command.result.kind !== record.subject.kind) refuse('validation', ws.wrongSubject, ['appointmentId']);
  const { result, followUpDate } = completionResult(command.result, command.today, record);
  return [
    {
      type: 'WorkshopAppointmentCompleted',
      data: {
        id: record.id,
        subject: record.subject,
        result,
        followUpAppointmentId: followUpDate === null ? null : command.followUpId,
        completedBy: command.userId,
        completedAt: command.now,
      },
    },
  ];
}

function setInvoiceAmount(command: SetAppointmentInvoiceAmount, state: AppointmentState): WorkshopAppointmentEvent[] {
  const record = existingEntity(state, ws.appointmentNotFound);
  const result = record.result;
  if (record.status !== 'completed' || result?.kind !== 'vehicle') refuse('conflict', ws.invoiceOnlyAfterCompletion);
  const invoiceAmount = amount(command.invoiceAmount, ws.invoiceAmountRequired, 'invoiceAmount');
  if (result.hasInvoice && result.invoiceAmount === invoiceAmount) return [];
  return [
    {
      type: 'AppointmentInvoiceAmountSet',
      data: { id: record.id, subject: record.subject, invoiceAmount, previousInvoiceAmount: result.invoiceAmount, setBy: command.userId, setAt: command.now },
    },
  ];
}

/**
 * The follow-up a completion asks for, as a plan of its own stream: the same subject, type, time and
 * workshop on the follow-up day, with the follow-up notes. Null when none is needed.
 */
export function followUpPlan(record: AppointmentRecord, completed: CompletionResult, command: CompleteAppointment): PlanAppointment | null {
  const date = completed.followUpDate;
  if (date === null) return null;
  const notes = completed.kind === 'trailer' ? completed.followUpNotes : completed.notes;
  return {
    type: 'PlanAppointment',
    appointmentId: command.followUpId,
    subject: record.subject,
    subjectFacts: { exists: true },
    input: { ...record.details, date, notes },
    followUpOf: record.id,
    today: command.today,
    userId: command.userId,
    now: command.now,
  };
}

function patch(state: AppointmentState, change: (a: AppointmentRecord) => Partial<AppointmentRecord>): AppointmentState {
  return state.exists ? { exists: true, entity: { ...state.entity, ...change(state.entity) } } : state;
}

/** The workshop appointment aggregate (`appointment-<id>`) of a vehicle or a trailer. */
export const appointmentDecider: Decider<AppointmentCommand, AppointmentState, WorkshopAppointmentEvent> = {
  initialState: noEntity,
  evolve(state, event) {
    switch (event.type) {
      case 'WorkshopAppointmentPlanned': {
        const { id, subject, estimationKey, originalVehicleId: _o, detectedKeywords: _k, followUpOf: _f, booking: _bk, plannedBy: _b, plannedAt: _a, ...details } =
          event.data;
        const booked = _bk ? { bookedMinutes: _bk.durationMinutes } : {};
        return { exists: true, entity: { id, subject, details, estimationKey, status: 'pending', completionTracked: false, result: null, ...booked } };
      }
      case 'WorkshopAppointmentUpdated': {
        const { estimationKey, ...changes } = event.data.changes;
        return patch(state, (a) => ({ details: { ...a.details, ...changes }, estimationKey: estimationKey ?? a.estimationKey }));
      }
      case 'WorkshopAppointmentCancelled':
        return patch(state, () => ({ status: 'cancelled' }));
      case 'WorkshopAppointmentCompleted': {
        const r = event.data.result;
        const done = r.kind === 'vehicle' ? r.completed : r.wasSuccessful;
        return patch(state, () => ({ status: done ? 'completed' : 'not_completed', completionTracked: true, result: r }));
      }
      case 'AppointmentInvoiceAmountSet': {
        const amount = event.data.invoiceAmount;
        return patch(state, (a) => ({ result: a.result?.kind === 'vehicle' ? { ...a.result, hasInvoice: true, invoiceAmount: amount } : a.result }));
      }
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'PlanAppointment':
        return planAppointment(command, state);
      case 'UpdateAppointment':
        return updateAppointment(command, state);
      case 'CancelAppointment':
        return cancelAppointment(command, state);
      case 'CompleteAppointment':
        return completeAppointment(command, state);
      case 'SetAppointmentInvoiceAmount':
        return setInvoiceAmount(command, state);
    }
  },
};
