import type { DispoDayEvent } from '@dispo/events/catalog/index';
import { describe, it } from 'vitest';
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
