import { MAX_ORDERS_PER_MAIL, type OrderMailEvent } from '@dispo/events/catalog/index';
import type { Decider } from '../decider';
import { messages } from '../messages';
import { isEmail, refuse } from '../shared';

/** More copies than this look like a mailing list, not an order mail. */
export const MAX_CC_ADDRESSES = 10;

export interface RequestOrderMail {
  type: 'RequestOrderMail';
  mailId: string;
  /** The orders the mail is about, in the user's order; the route has checked that they exist. */
  orderIds: string[];
  recipient: string;
  cc: string[];
  /** The draft's fixed copy address (ORDER_MAIL_CC): always in CC, whatever the user typed. */
  fixedCopy: string;
  subject: string;
  message: string;
  includeAttachments: boolean;
  userId: string;
  now: string;
}

export interface RecordOrderMailOutcome {
  type: 'RecordOrderMailOutcome';
  mailId: string;
  outcome: { sent: true; messageId: string | null; attachmentCount: number } | { sent: false; error: string };
  now: string;
}

export type OrderMailCommand = RequestOrderMail | RecordOrderMailOutcome;
export type OrderMailState = { status: 'none' | 'requested' | 'sent' | 'failed' };

function checkAddress(address: string, field: string): void {
  if (!isEmail(address)) refuse('validation', messages.dispatch.invalidRecipient(address), [field]);
}

/** Unique addresses, the fixed copy last; the recipient is not copied to itself. */
function copies(command: RequestOrderMail): string[] {
  const seen = new Set([command.recipient.toLowerCase()]);
  const result: string[] = [];
  for (const address of [...command.cc, command.fixedCopy]) {
    const key = address.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    result.push(address);
  }
  return result;
}

export const orderMailDecider: Decider<OrderMailCommand, OrderMailState, OrderMailEvent> = {
  initialState: { status: 'none' },
  evolve(_state, event) {
    switch (event.type) {
      case 'OrderMailRequested':
        return { status: 'requested' };
      case 'OrderMailSent':
        return { status: 'sent' };
      case 'OrderMailFailed':
        return { status: 'failed' };
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'RequestOrderMail': {
        if (state.status !== 'none') return [];
        const orderIds = [...new Set(command.orderIds)];
        if (orderIds.length === 0) refuse('validation', messages.validation.selection.noValidForEmail, ['order_ids']);
        if (orderIds.length > MAX_ORDERS_PER_MAIL)
          refuse('validation', messages.orderMail.tooManyOrders(MAX_ORDERS_PER_MAIL), ['order_ids']);
        const recipient = command.recipient.trim();
        if (recipient === '') refuse('validation', messages.orderMail.recipientRequired, ['recipient_email']);
        checkAddress(recipient, 'recipient_email');
        const cc = command.cc.map((address) => address.trim()).filter((address) => address !== '');
        if (cc.length > MAX_CC_ADDRESSES) refuse('validation', messages.orderMail.tooManyCc, ['cc_emails']);
        for (const address of cc) checkAddress(address, 'cc_emails');
        const subject = command.subject.trim();
        if (subject === '') refuse('validation', messages.orderMail.subjectRequired, ['subject']);
        if (command.message.trim() === '') refuse('validation', messages.orderMail.messageRequired, ['message']);
        return [
          {
            type: 'OrderMailRequested',
            data: {
              mailId: command.mailId,
              orderIds,
              recipient,
              cc: copies({ ...command, recipient, cc }),
              subject,
              message: command.message,
              includeAttachments: command.includeAttachments,
              requestedBy: command.userId,
              requestedAt: command.now,
            },
          },
        ];
      }
      case 'RecordOrderMailOutcome': {
        if (state.status === 'none') refuse('not_found', messages.orderMail.mailNotFound);
        // Recorded once: a second worker that sent the same mail adds nothing.
        if (state.status !== 'requested') return [];
        return command.outcome.sent
          ? [
              {
                type: 'OrderMailSent',
                data: {
                  mailId: command.mailId,
                  messageId: command.outcome.messageId,
                  attachmentCount: command.outcome.attachmentCount,
                  sentAt: command.now,
                },
              },
            ]
          : [{ type: 'OrderMailFailed', data: { mailId: command.mailId, error: command.outcome.error, failedAt: command.now } }];
      }
    }
  },
};
