import type { DispoDayEvent } from '@dispo/events/catalog/index';
import { describe, expect, it } from 'vitest';
import { messages } from '../messages';
import { givenWhenThen } from '../testing/given-when-then';
import { type CompleteDispoDay, dispoDayDecider, type RequestTourPlanMail } from './dispo-day-decider';

const day = givenWhenThen(dispoDayDecider);
const now = '2026-11-23T16:00:00.000Z';
const complete = (rest: Partial<CompleteDispoDay> = {}): CompleteDispoDay => ({
  type: 'CompleteDispoDay',
  date: '2026-11-23',
  openOrderCount: 0,
  tourCount: 3,
  vehicleCount: 2,
  sendTourPlan: true,
  recipients: ['f.berger@dispo.example'],
  mailId: 'm-1',
  userId: 'u-dispo',
  now,
  ...rest,
});
const requested: DispoDayEvent = {
  type: 'TourPlanMailRequested',
  data: { mailId: 'm-1', date: '2026-11-23', recipients: ['f.berger@dispo.example'], trigger: 'completion', requestedBy: 'u-dispo', requestedAt: now },
};

describe('completing the day (dispatch.md §4)', () => {
  it('is refused while open orders exist for the date', () => {
    day.given([]).when(complete({ openOrderCount: 2 })).thenThrows(messages.dispatch.openOrdersRemain(2), 'conflict');
  });

  it('completes and requests the tour-plan mail', () => {
    day
      .given([])
      .when(complete())
      .thenEmits([
        { type: 'DispoDayCompleted', data: { date: '2026-11-23', tourCount: 3, vehicleCount: 2, completedBy: 'u-dispo', completedAt: now } },
        requested,
      ]);
  });

  it('completes without mail when sendTourPlan is false, and needs valid recipients when true', () => {
    day
      .given([])
      .when(complete({ sendTourPlan: false, recipients: [] }))
      .thenEmits([{ type: 'DispoDayCompleted', data: { date: '2026-11-23', tourCount: 3, vehicleCount: 2, completedBy: 'u-dispo', completedAt: now } }]);
    day.given([]).when(complete({ recipients: [] })).thenThrows(messages.dispatch.noRecipients);
    day.given([]).when(complete({ recipients: ['kein-mail'] })).thenThrows(messages.dispatch.invalidRecipient('kein-mail'));
  });
});

describe('tour-plan mails', () => {
  const scheduled = (mailId: string): RequestTourPlanMail => ({
    type: 'RequestTourPlanMail',
    date: '2026-11-24',
    recipients: ['a@b.de'],
    trigger: '15:00',
    mailId,
    userId: null,
    now,
  });

  it('requests a scheduled slot once, however many instances ask', () => {
    const first = {
      type: 'TourPlanMailRequested' as const,
      data: { mailId: 'm-a', date: '2026-11-24', recipients: ['a@b.de'], trigger: '15:00', requestedBy: null, requestedAt: now },
    };
    day.given([]).when(scheduled('m-a')).thenEmits([first]);
    day.given([first]).when(scheduled('m-b')).thenEmits([]);
    day.given([first]).when({ ...scheduled('m-c'), trigger: '17:00' }).thenEmits([{ ...first, data: { ...first.data, mailId: 'm-c', trigger: '17:00' } }]);
  });

  it('records the outcome once', () => {
    const sent: DispoDayEvent = { type: 'TourPlanMailSent', data: { mailId: 'm-1', date: '2026-11-23', messageId: '<x@y>', tourCount: 3, sentAt: now } };
    day
      .given([requested])
      .when({ type: 'RecordTourPlanMailOutcome', date: '2026-11-23', mailId: 'm-1', outcome: { sent: true, messageId: '<x@y>', tourCount: 3 }, now })
      .thenEmits([sent]);
    day
      .given([requested, sent])
      .when({ type: 'RecordTourPlanMailOutcome', date: '2026-11-23', mailId: 'm-1', outcome: { sent: false, error: 'weg' }, now })
      .thenEmits([]);
    day
      .given([requested])
      .when({ type: 'RecordTourPlanMailOutcome', date: '2026-11-23', mailId: 'm-1', outcome: { sent: false, error: '550 abgelehnt' }, now })
      .thenEmits([{ type: 'TourPlanMailFailed', data: { mailId: 'm-1', date: '2026-11-23', error: '550 abgelehnt', failedAt: now } }]);
  });
});

describe('questionable plans are not completed (issue 31, docs/invariants.md)', () => {
  const tour = (tourNumber: string, startTime: string, endTime: string | null, vehicleId = 'v-1') => ({ tourNumber, vehicleId, vehicleName: 'HH-MS 204', startTime, endTime });
  it('refuses a day with overlapping tours of one vehicle or a tour in a workshop window, listing every problem', () => {
    const tours = [tour('T-1', '07:00', '10:00'), tour('T-2', '09:00', '11:00'), tour('T-3', '14:00', null), tour('T-4', '09:30', '10:30', 'v-2')];
    const windows = [{ vehicleId: 'v-1', appointmentType: 'Reparatur', from: 14 * 60 + 30, to: 16 * 60 }];
    const problems = [
      messages.dispatch.toursOverlap('HH-MS 204', 'T-1', 'T-2'),
      messages.dispatch.tourInWorkshopWindow('HH-MS 204', 'T-3', 'Reparatur', '14:30', '16:00'),
    ];
    const refusal = day.given([]).when(complete({ tours, workshopWindows: windows })).thenThrows(messages.dispatch.planHasProblems(2), 'conflict');
    expect(refusal.details).toEqual({ problems });
    expect(problems).toEqual([
      'HH-MS 204: Die Touren T-1 und T-2 überschneiden sich.',
      'HH-MS 204: Die Tour T-3 liegt im Werkstatttermin (Reparatur, 14:30–16:00 Uhr).',
    ]);
  });

  it('completes a plan whose tours follow one another and miss the workshop window', () => {
    const tours = [tour('T-1', '07:00', '09:00'), tour('T-2', '09:00', '11:00')];
    const windows = [{ vehicleId: 'v-1', appointmentType: 'Inspektion', from: 12 * 60, to: 13 * 60 }];
    expect(day.given([]).when(complete({ tours, workshopWindows: windows, sendTourPlan: false })).emitted()).toHaveLength(1);
  });
});

describe('a completed day that changes is marked changed (issue 31, docs/invariants.md)', () => {
  const completed: DispoDayEvent = { type: 'DispoDayCompleted', data: { date: '2026-11-23', tourCount: 3, vehicleCount: 2, completedBy: 'u-dispo', completedAt: now } };
  const change = { type: 'RecordPlanChange', date: '2026-11-23', tourId: 't-1', tourNumber: 'T-1', change: 'moved', userId: 'u-dispo', now } as const;
  const changed: DispoDayEvent = {
    type: 'DispoDayPlanChanged',
    data: { date: '2026-11-23', tourId: 't-1', tourNumber: 'T-1', change: 'moved', changedBy: 'u-dispo', changedAt: now },
  };
  it('records the first change after completion once; before completion nothing', () => {
    day.given([]).when(change).thenEmits([]);
    day.given([completed]).when(change).thenEmits([changed]);
    day.given([completed, changed]).when(change).thenEmits([]);
  });

  it('records again after the day was completed again or its tour plan sent again', () => {
    day.given([completed, changed, completed]).when(change).thenEmits([changed]);
    const sent: DispoDayEvent = { type: 'TourPlanMailSent', data: { mailId: 'm-1', date: '2026-11-23', messageId: null, tourCount: 3, sentAt: now } };
    day.given([completed, changed, requested, sent]).when(change).thenEmits([changed]);
  });
});
