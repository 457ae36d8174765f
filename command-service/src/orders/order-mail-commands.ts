import { randomUUID } from 'node:crypto';
import { DomainError } from '@dispo/domain/decider';
import { messages } from '@dispo/domain/messages';
import { orderDecider } from '@dispo/domain/order/index';
import { orderMailDecider, type RecordOrderMailOutcome, type RequestOrderMail } from '@dispo/domain/order-mail/index';
import { streamIds } from '@dispo/events/catalog/index';
import type { EventRegistry } from '@dispo/events/registry';
import type { EventStore } from '@dispo/events/store/port';
import { type CommandMeta, commandTime, decideOn, loadAggregate } from '../command-handler';

type Meta = CommandMeta & { userId: string };

export type OrderMailInput = Omit<RequestOrderMail, 'type' | 'mailId' | 'userId' | 'now'>;

/** E-mails about orders (orders.md §2.10): queued in the mail outbox, sent by the mail worker. */
export function orderMailCommands(ctx: { store: EventStore; registry: EventRegistry }) {
  return {
    /** Every order must exist (a deleted one is gone): the mail names and attaches what it finds. */
    async request(input: OrderMailInput, meta: Meta) {
      const orderIds = [...new Set(input.orderIds)];
      if (orderIds.length === 0)
        throw new DomainError('validation', messages.validation.selection.noValidForEmail, { fields: ['order_ids'] });
      // The decider refuses more than 50; checking them all first would load them for nothing.
      if (orderIds.length <= 50) {
        const states = await Promise.all(orderIds.map((id) => loadAggregate(ctx.store, orderDecider, streamIds.order(id))));
        if (states.some(({ state }) => !state.exists)) throw new DomainError('not_found', messages.order.notFound);
      }
      const mailId = randomUUID();
      const result = await decideOn(ctx, meta, streamIds.orderMail(mailId), orderMailDecider, {
        type: 'RequestOrderMail',
        ...input,
        orderIds,
        mailId,
        userId: meta.userId,
        now: commandTime(meta),
      });
      return { ...result, mailId };
    },

    /** The mail worker's report: sent (with the SMTP message id) or failed (with the reason). */
    recordOutcome(mailId: string, outcome: RecordOrderMailOutcome['outcome'], meta: CommandMeta) {
      return decideOn(ctx, meta, streamIds.orderMail(mailId), orderMailDecider, {
        type: 'RecordOrderMailOutcome',
        mailId,
        outcome,
        now: commandTime(meta),
      });
    },
  };
}
export type OrderMailCommands = ReturnType<typeof orderMailCommands>;
