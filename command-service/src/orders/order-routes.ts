import { randomUUID } from 'node:crypto';
import { messages } from '@dispo/domain/messages';
import { orderStatusSchema } from '@dispo/events/catalog/index';
import type { LogPosition } from '@dispo/events/envelope';
import type { EventRegistry } from '@dispo/events/registry';
import type { EventStore } from '@dispo/events/store/port';
import { requireRoles } from '@dispo/platform/http/auth';
import { HttpError } from '@dispo/platform/http/errors';
import { requestText } from '@dispo/platform/http/text-schemas';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BILLING_KEYS, orderBodySchema, orderChangeBodySchema, orderChangeFromBody, orderInputFromBody } from './order-body';
import { orderCommands } from './order-commands';

export interface OrderRouteOptions {
  store: EventStore;
  registry: EventRegistry;
  /** Read-your-writes: resolves when the read models have passed `position`. */
  waitForProjections(position: LogPosition): Promise<boolean>;
  /** The order as GET /api/orders/:id shows it. */
  readOrder(id: string): Promise<unknown>;
  /** The same, for an order this request has just created (may come from the runner that projected it). */
  readNewOrder(id: string): Promise<unknown>;
}

const idParams = z.strictObject({ id: requestText().trim().min(1).max(100) });
/** More ids than a page holds ten times over is not a selection but a mistake. */
const BULK_MAX = 500;
const bulkBody = z.strictObject({ order_ids: z.array(requestText().trim().min(1).max(100)).max(BULK_MAX), status: orderStatusSchema });

/** Order commands (docs/api/orders.md). Order takers and dispatchers write orders; auditors only read. */
export const orderRoutes: FastifyPluginAsyncZod<OrderRouteOptions> = async (app, opts) => {
  const commands = orderCommands(opts);
  const writers = requireRoles('order_taker', 'dispatcher');
  const meta = (userId: string, commandName: string) => ({ userId, commandName });
  /** Answers the order as the list shows it, once the projections have it. */
  const answer = async (orderId: string, position: LogPosition) => {
    await opts.waitForProjections(position);
    const order = await opts.readOrder(orderId);
    if (!order) throw new HttpError(404, messages.order.notFound);
    return { success: true as const, order };
  };

  /**
   * A create answers 201 with the order as the list shows it; if the read side has not caught up in
   * time, 202 with the order as the command recorded it (the write is committed, ADR 0015): never 404.
   */
  const answerCreated = async (reply: FastifyReply, created: { position: LogPosition; decisions: readonly { events: readonly { type: string; data: unknown }[] }[] }, orderId: string) => {
    const caughtUp = await opts.waitForProjections(created.position);
    const order = caughtUp ? await opts.readNewOrder(orderId) : null;
    if (order) {
      reply.code(201);
      return { success: true as const, order };
    }
    const event = created.decisions.flatMap((d) => d.events).find((e) => e.type === 'OrderCreated');
    const data = (event?.data ?? {}) as { orderNumber?: string; status?: string; createdAt?: string };
    reply.code(202);
    return {
      success: true as const,
      pending: true as const,
      order: { id: orderId, order_number: data.orderNumber ?? null, status: data.status ?? null, created_at: data.createdAt ?? null },
    };
  };

  app.post('/api/orders', { onRequest: writers, schema: { tags: ['Aufträge'], body: orderBodySchema } }, async (req, reply) => {
    const orderId = randomUUID();
    const created = await commands.createOrder(orderId, orderInputFromBody(req.body), meta(req.user.sub, 'CreateOrder'));
    return answerCreated(reply, created, orderId);
  });

  app.put(
    '/api/orders/:id',
    { onRequest: writers, schema: { tags: ['Aufträge'], params: idParams, body: orderChangeBodySchema } },
    async (req) => {
      const { position } = await commands.updateOrder(req.params.id, orderChangeFromBody(req.body), meta(req.user.sub, 'UpdateOrder'));
      return answer(req.params.id, position);
    },
  );

  // Billing staff may record slip number and weight; every other change needs an order role.
  app.patch(
    '/api/orders/:id',
    {
      onRequest: requireRoles('order_taker', 'dispatcher', 'billing'),
      schema: { tags: ['Aufträge'], params: idParams, body: orderChangeBodySchema },
    },
    async (req) => {
      const roles = req.user.roles;
      const mayEditOrders = roles.some((r) => r === 'order_taker' || r === 'dispatcher' || r === 'admin');
      const keys = Object.keys(req.body) as (keyof typeof req.body)[];
      if (!mayEditOrders && keys.some((k) => !BILLING_KEYS.includes(k))) throw new HttpError(403, messages.auth.forbidden);
      if (keys.length === 0) throw new HttpError(400, messages.order.noChanges);
      const { position } = await commands.updateOrder(req.params.id, orderChangeFromBody(req.body), meta(req.user.sub, 'PatchOrder'));
      return answer(req.params.id, position);
    },
  );

  app.delete('/api/orders/:id', { onRequest: writers, schema: { tags: ['Aufträge'], params: idParams } }, async (req) => {
    const { position } = await commands.deleteOrder(req.params.id, meta(req.user.sub, 'DeleteOrder'));
    await opts.waitForProjections(position);
    return { success: true };
  });

  app.post('/api/orders/:id/storno', { onRequest: writers, schema: { tags: ['Aufträge'], params: idParams } }, async (req) => {
    const { position } = await commands.issueStorno(req.params.id, meta(req.user.sub, 'IssueStorno'));
    await opts.waitForProjections(position);
    return { success: true };
  });

  app.post('/api/orders/:id/duplicate', { onRequest: writers, schema: { tags: ['Aufträge'], params: idParams } }, async (req, reply) => {
    const orderId = randomUUID();
    const created = await commands.duplicateOrder(req.params.id, orderId, meta(req.user.sub, 'DuplicateOrder'));
    return answerCreated(reply, created, orderId);
  });

  app.post('/api/orders/bulk-status', { onRequest: writers, schema: { tags: ['Aufträge'], body: bulkBody } }, async (req) => {
    if (req.body.order_ids.length === 0) throw new HttpError(400, messages.validation.selection.selectAtLeastOne);
    const { position, updated, failed } = await commands.bulkStatus(req.body.order_ids, req.body.status, meta(req.user.sub, 'BulkStatus'));
    await opts.waitForProjections(position);
    return { success: true, updated, failed };
  });
};
