import { z } from 'zod';
import { defineEvent, type EventOf } from '../registry';
import { countSchema, idSchema, timestampSchema } from './fields';
import { MAX_ORDERS_PER_MAIL } from './order-mail-limits';

export { MAX_ORDERS_PER_MAIL };

const address = z.string().min(3).max(254);

/**
 * An e-mail about orders (orders.md §2.10) waits in the mail outbox (stream `mail-<mailId>`);
 * the mail worker renders each order's PDF as it stands when sending and records the outcome.
 */
export const orderMailRequested = defineEvent({
  type: 'OrderMailRequested',
  schemaVersion: 1,
  schema: z.strictObject({
    mailId: idSchema,
    orderIds: z.array(idSchema).min(1).max(MAX_ORDERS_PER_MAIL),
    recipient: address,
    /** The addresses the user entered plus the fixed copy address of the draft. */
    cc: z.array(address).max(20),
    subject: z.string().min(1).max(300),
    message: z.string().min(1).max(20_000),
    includeAttachments: z.boolean(),
    requestedBy: idSchema,
    requestedAt: timestampSchema,
  }),
});

export const orderMailSent = defineEvent({
  type: 'OrderMailSent',
  schemaVersion: 1,
  schema: z.strictObject({
    mailId: idSchema,
    messageId: z.string().nullable(),
    attachmentCount: countSchema,
    sentAt: timestampSchema,
  }),
});

export const orderMailFailed = defineEvent({
  type: 'OrderMailFailed',
  schemaVersion: 1,
  schema: z.strictObject({ mailId: idSchema, error: z.string(), failedAt: timestampSchema }),
});

export const orderMailEventDefinitions = [orderMailRequested, orderMailSent, orderMailFailed] as const;
export type OrderMailEvent = EventOf<(typeof orderMailEventDefinitions)[number]>;
