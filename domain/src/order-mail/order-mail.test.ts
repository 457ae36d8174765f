import type { OrderMailEvent } from '@dispo/events/catalog/index';
import { describe, it } from 'vitest';
import { messages } from '../messages';
import { givenWhenThen } from '../testing/given-when-then';
import { orderMailDecider, type RequestOrderMail } from './order-mail-decider';

const mail = givenWhenThen(orderMailDecider);
const now = '2026-11-26T09:00:00.000Z';
const request = (rest: Partial<RequestOrderMail> = {}): RequestOrderMail => ({
  type: 'RequestOrderMail',
  mailId: 'm-1',
  orderIds: ['o-1', 'o-2'],
  recipient: 'bau@kunde.example',
  cc: [],
  fixedCopy: 'disposition@dispo.example',
  subject: 'Transportaufträge S261126-0001, S261126-0002',
  message: 'Sehr geehrte Damen und Herren,',
  includeAttachments: true,
  userId: 'u-dispo',
  now,
  ...rest,
});
const requested: OrderMailEvent = {
  type: 'OrderMailRequested',
  data: {
    mailId: 'm-1',
    orderIds: ['o-1', 'o-2'],
    recipient: 'bau@kunde.example',
    cc: ['disposition@dispo.example'],
    subject: 'Transportaufträge S261126-0001, S261126-0002',
    message: 'Sehr geehrte Damen und Herren,',
    includeAttachments: true,
    requestedBy: 'u-dispo',
    requestedAt: now,
  },
};

describe('requesting an order mail (orders.md §2.10)', () => {
  it('queues the mail with the fixed copy address always in CC', () => {
    mail.given([]).when(request()).thenEmits([requested]);
  });

  it('keeps the user’s copies, drops blanks and repeats, and does not copy the recipient to itself', () => {
    const cc = mail
      .given([])
      .when(request({ cc: [' lager@kunde.example ', '', 'LAGER@kunde.example', 'bau@kunde.example', 'disposition@dispo.example'] }))
      .emitted()[0];
    if (cc?.type !== 'OrderMailRequested') throw new Error('expected a request');
    if (JSON.stringify(cc.data.cc) !== JSON.stringify(['lager@kunde.example', 'disposition@dispo.example']))
      throw new Error(JSON.stringify(cc.data.cc));
  });

  it('names each bad address in German', () => {
    mail
      .given([])
      .when(request({ recipient: 'bau-at-kunde' }))
      .thenThrows(messages.dispatch.invalidRecipient('bau-at-kunde'), 'validation');
    mail
      .given([])
      .when(request({ cc: ['ok@kunde.example', 'kaputt@'] }))
      .thenThrows(messages.dispatch.invalidRecipient('kaputt@'), 'validation');
  });

  it('asks for a recipient, a subject and a message', () => {
    mail
      .given([])
      .when(request({ recipient: '  ' }))
      .thenThrows(messages.orderMail.recipientRequired, 'validation');
    mail
      .given([])
      .when(request({ subject: ' ' }))
      .thenThrows(messages.orderMail.subjectRequired, 'validation');
    mail
      .given([])
      .when(request({ message: '\n' }))
      .thenThrows(messages.orderMail.messageRequired, 'validation');
  });

  it('takes one to 50 orders', () => {
    mail
      .given([])
      .when(request({ orderIds: [] }))
      .thenThrows(messages.validation.selection.noValidForEmail, 'validation');
    const many = Array.from({ length: 51 }, (_, i) => `o-${i}`);
    mail
      .given([])
      .when(request({ orderIds: many }))
      .thenThrows(messages.orderMail.tooManyOrders(50), 'validation');
    mail
      .given([])
      .when(request({ orderIds: many.slice(0, 50) }))
      .emitted();
  });

  it('refuses more than ten copies', () => {
    const cc = Array.from({ length: 11 }, (_, i) => `k${i}@kunde.example`);
    mail.given([]).when(request({ cc })).thenThrows(messages.orderMail.tooManyCc, 'validation');
  });

  it('is requested once: the same mail id again adds nothing', () => {
    mail.given([requested]).when(request()).thenEmits([]);
  });
});

describe('recording the outcome', () => {
  const sent = {
    type: 'RecordOrderMailOutcome',
    mailId: 'm-1',
    outcome: { sent: true, messageId: '<x@smtp>', attachmentCount: 2 },
    now,
  } as const;
  it('records sent with the attachments', () => {
    mail
      .given([requested])
      .when(sent)
      .thenEmits([{ type: 'OrderMailSent', data: { mailId: 'm-1', messageId: '<x@smtp>', attachmentCount: 2, sentAt: now } }]);
  });
  it('records a failure with its reason', () => {
    mail
      .given([requested])
      .when({ type: 'RecordOrderMailOutcome', mailId: 'm-1', outcome: { sent: false, error: '550 mailbox unavailable' }, now })
      .thenEmits([{ type: 'OrderMailFailed', data: { mailId: 'm-1', error: '550 mailbox unavailable', failedAt: now } }]);
  });
  it('records the first outcome only', () => {
    mail
      .given([requested, { type: 'OrderMailSent', data: { mailId: 'm-1', messageId: null, attachmentCount: 0, sentAt: now } }])
      .when(sent)
      .thenEmits([]);
  });
  it('knows no outcome of a mail never requested', () => {
    mail.given([]).when(sent).thenThrows(messages.orderMail.mailNotFound, 'not_found');
  });
});
