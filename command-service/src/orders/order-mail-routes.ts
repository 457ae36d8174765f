import { type MailDeliveryState, orderMailDeliveryText } from '@dispo/domain/order-mail/delivery';
import type { LogPosition } from '@dispo/events/envelope';
import { MAX_ORDERS_PER_MAIL } from '@dispo/events/catalog/index';
import type { EventRegistry } from '@dispo/events/registry';
import type { EventStore } from '@dispo/events/store/port';
import { requireRoles } from '@dispo/platform/http/auth';
import { requestText } from '@dispo/platform/http/text-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { orderMailCommands } from './order-mail-commands';

export interface OrderMailRouteOptions {
  store: EventStore;
  registry: EventRegistry;
  waitForProjections(position: LogPosition): Promise<boolean>;
  /** The fixed copy address of every order mail (ORDER_MAIL_CC). */
  copyAddress: string;
  /** Whether a mail worker sends (SMTP_URL is set); without, the mail waits in the outbox. */
  mailSending: boolean;
  /** Where a mail queued now stands; answers at once (no request waits for the SMTP server). */
  mailDeliveryState(): Promise<MailDeliveryState>;
}

const address = requestText().max(254);
/** A comma (or semicolon) list as the modal's single field sends it, or an array. */
const addressList = z
  .union([z.array(address).max(50), requestText().max(2000)])
  .transform((value) => (Array.isArray(value) ? value : value.split(/[,;]/)).map((a) => a.trim()).filter((a) => a !== ''));
const id = requestText().trim().min(1).max(100);
const body = z.strictObject({
  // One more than allowed reaches the decider, which answers in German; a flood is cut off here.
  order_ids: z.array(id).max(MAX_ORDERS_PER_MAIL * 4),
  recipient_email: address,
  cc_emails: addressList.optional(),
  subject: requestText().max(300),
  message: requestText().max(20_000),
  include_attachments: z.boolean().default(true),
});

/**
 * POST /api/orders/send-email (orders.md §2.10, §7.2): queues one mail in the outbox and answers at
 * once with its id and state (202); GET /api/orders/emails/:mailId tells when it is sent or failed.
 */
export const orderMailRoutes: FastifyPluginAsyncZod<OrderMailRouteOptions> = async (app, opts) => {
  const commands = orderMailCommands(opts);
  app.post(
    '/api/orders/send-email',
    {
      onRequest: requireRoles('order_taker', 'dispatcher', 'billing'),
      schema: { tags: ['Aufträge'], summary: 'Aufträge per E-Mail senden', body },
    },
    async (req, reply) => {
      const b = req.body;
      const result = await commands.request(
        {
          orderIds: b.order_ids,
          recipient: b.recipient_email,
          cc: b.cc_emails ?? [],
          fixedCopy: opts.copyAddress,
          subject: b.subject,
          message: b.message,
          includeAttachments: b.include_attachments,
        },
        { userId: req.user.sub, commandName: 'SendOrderMail' },
      );
      await opts.waitForProjections(result.position);
      const delivery = await opts.mailDeliveryState();
      const message = orderMailDeliveryText(delivery);
      return reply
        .code(202)
        .send({ success: true, mailId: result.mailId, status: 'requested', sending: opts.mailSending, delivery, ...(message ? { message } : {}) });
    },
  );
};
