import type { DispoDayEvent, EventData } from '@dispo/events/catalog/index';
import { type Decider, DomainError } from '../decider';
import { messages } from '../messages';
import { isEmail, refuse } from '../shared';
import { type DayTour, type DayWorkshopWindow, planProblems } from './plan-problems';

/** The disposition of one business day: completions and the tour-plan mails of that day. */
export interface DispoDayState {
  completions: number;
  /** mailId → where the mail stands. */
  mails: Record<string, 'requested' | 'sent' | 'failed'>;
  /** Scheduled slots (e.g. `15:00`) whose mail was requested already. */
  scheduledSlots: string[];
  /** The plan changed after the day was completed, and no tour plan went out since. */
  changedSinceCompletion: boolean;
}

export const initialDispoDay: DispoDayState = { completions: 0, mails: {}, scheduledSlots: [], changedSinceCompletion: false };

/** Facts the handler gathers from the read side before deciding (dispatch.md §4 "Disposition day"). */
export interface CompleteDispoDay {
  type: 'CompleteDispoDay';
  date: string;
  openOrderCount: number;
  tourCount: number;
  vehicleCount: number;
  /** The day's live tours, read from their streams: overlapping ones of a vehicle refuse the completion. */
  tours?: readonly DayTour[];
  /** The vehicles' pending workshop appointments of the day: a tour inside one refuses the completion. */
  workshopWindows?: readonly DayWorkshopWindow[];
  /** The send-tour-overview flag, default true. */
  sendTourPlan: boolean;
  recipients: string[];
  mailId: string;
  userId: string;
  now: string;
}

export interface RequestTourPlanMail {
  type: 'RequestTourPlanMail';
  date: string;
  recipients: string[];
  /** `manual`, or a scheduled slot such as `15:00` (sent once per slot, whatever the instances). */
  trigger: string;
  mailId: string;
  userId: string | null;
  now: string;
}

export interface RecordTourPlanMailOutcome {
  type: 'RecordTourPlanMailOutcome';
  date: string;
  mailId: string;
  outcome: { sent: true; messageId: string | null; tourCount: number } | { sent: false; error: string };
  now: string;
}

/** A tour of the day was assigned to, moved, changed in status, reset or deleted. */
export interface RecordPlanChange {
  type: 'RecordPlanChange';
  date: string;
  tourId: string;
  tourNumber: string;
  change: EventData<'DispoDayPlanChanged'>['change'];
  userId: string;
  now: string;
}

export type DispoDayCommand = CompleteDispoDay | RequestTourPlanMail | RecordTourPlanMailOutcome | RecordPlanChange;

export const SCHEDULED_TOUR_PLAN_SLOTS = ['15:00', '17:00'] as const;

function checkRecipients(recipients: readonly string[]): void {
  if (recipients.length === 0) refuse('validation', messages.dispatch.noRecipients, ['recipients']);
  const invalid = recipients.find((r) => !isEmail(r));
  if (invalid !== undefined) refuse('validation', messages.dispatch.invalidRecipient(invalid), ['recipients']);
}

function mailRequested(command: { date: string; recipients: string[]; mailId: string; now: string }, trigger: string, requestedBy: string | null): DispoDayEvent {
  return {
    type: 'TourPlanMailRequested',
    data: { mailId: command.mailId, date: command.date, recipients: command.recipients, trigger, requestedBy, requestedAt: command.now },
  };
}

export const dispoDayDecider: Decider<DispoDayCommand, DispoDayState, DispoDayEvent> = {
  initialState: initialDispoDay,
  evolve(state, event) {
    switch (event.type) {
      case 'DispoDayCompleted':
        return { ...state, completions: state.completions + 1, changedSinceCompletion: false };
      case 'DispoDayPlanChanged':
        return { ...state, changedSinceCompletion: true };
      case 'TourPlanMailRequested': {
        const slot = SCHEDULED_TOUR_PLAN_SLOTS.find((s) => s === event.data.trigger);
        return {
          ...state,
          mails: { ...state.mails, [event.data.mailId]: 'requested' },
          scheduledSlots: slot ? [...state.scheduledSlots, slot] : state.scheduledSlots,
        };
      }
      case 'TourPlanMailSent':
        // The plan that went out is the plan as it stands now.
        return { ...state, mails: { ...state.mails, [event.data.mailId]: 'sent' }, changedSinceCompletion: false };
      case 'TourPlanMailFailed':
        return { ...state, mails: { ...state.mails, [event.data.mailId]: 'failed' } };
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'CompleteDispoDay': {
        // §4/§5: blocked while open orders exist for the day.
        if (command.openOrderCount > 0) refuse('conflict', messages.dispatch.openOrdersRemain(command.openOrderCount));
        // Issue 31: a plan no truck can drive is not completed; the refusal lists every problem.
        const problems = planProblems(command.tours ?? [], command.workshopWindows ?? []);
        if (problems.length > 0) throw new DomainError('conflict', messages.dispatch.planHasProblems(problems.length), { problems });
        const completed: DispoDayEvent = {
          type: 'DispoDayCompleted',
          data: { date: command.date, tourCount: command.tourCount, vehicleCount: command.vehicleCount, completedBy: command.userId, completedAt: command.now },
        };
        if (!command.sendTourPlan) return [completed];
        checkRecipients(command.recipients);
        return [completed, mailRequested(command, 'completion', command.userId)];
      }
      case 'RequestTourPlanMail': {
        checkRecipients(command.recipients);
        if (state.scheduledSlots.includes(command.trigger)) return [];
        return [mailRequested(command, command.trigger, command.userId)];
      }
      case 'RecordPlanChange': {
        // docs/invariants.md: a completed day that changes is marked changed (once until sent again).
        if (state.completions === 0 || state.changedSinceCompletion) return [];
        const { date, tourId, tourNumber, change, userId, now } = command;
        return [{ type: 'DispoDayPlanChanged', data: { date, tourId, tourNumber, change, changedBy: userId, changedAt: now } }];
      }
      case 'RecordTourPlanMailOutcome': {
        // Recorded once: a second worker that sent the same mail adds nothing.
        if (state.mails[command.mailId] !== 'requested') return [];
        return command.outcome.sent
          ? [
              {
                type: 'TourPlanMailSent',
                data: { mailId: command.mailId, date: command.date, messageId: command.outcome.messageId, tourCount: command.outcome.tourCount, sentAt: command.now },
              },
            ]
          : [{ type: 'TourPlanMailFailed', data: { mailId: command.mailId, date: command.date, error: command.outcome.error, failedAt: command.now } }];
      }
    }
  },
};
