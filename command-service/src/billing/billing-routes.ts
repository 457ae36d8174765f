import { messages } from '@dispo/domain/messages';
import { UNDO_REASON_MAX } from '@dispo/domain/order/index';
import type { LogPosition } from '@dispo/events/envelope';
import type { EventRegistry } from '@dispo/events/registry';
import type { EventStore } from '@dispo/events/store/port';
import { requireRoles, requireRolesSaying } from '@dispo/platform/http/auth';
import { HttpError } from '@dispo/platform/http/errors';
import { requestText } from '@dispo/platform/http/text-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { billingCommands } from './billing-commands';

export interface BillingRouteOptions {
  store: EventStore;
  registry: EventRegistry;
  waitForProjections(position: LogPosition): Promise<boolean>;
  /** The order as GET /api/orders/:id shows it. */
  readOrder(id: string): Promise<unknown>;
}

const idParams = z.strictObject({ id: requestText().trim().min(1).max(100) });
/** A page of the pending list ten times over is not a selection but a mistake. */
const SELECTION_MAX = 500;
const selectionBody = z.strictObject({ order_ids: z.array(requestText().trim().min(1).max(100)).max(SELECTION_MAX) });
/** The reason is checked by the decider, so a blank one gets its German message. */
const undoBody = z.strictObject({ reason: requestText().max(UNDO_REASON_MAX * 2).optional() });

/**
 * Billing commands (docs/api/orders.md "Billing"): confirm, undo with a reason, remove from billing,
 * for billing staff and admins only (§6: "billing staff alone can release an order bound to billing").
 * Also the storno unlock of slip number and weight (§2.2) and the disposition pipeline (§4.7).
 */
export const billingRoutes: FastifyPluginAsyncZod<BillingRouteOptions> = async (app, opts) => {
  const commands = billingCommands(opts);
  const billingStaff = requireRolesSaying(messages.billing.onlyBillingStaff, 'billing');
  const meta = (userId: string, commandName: string) => ({ userId, commandName });
  const answer = async (orderId: string, position: LogPosition) => {
    await opts.waitForProjections(position);
    const order = await opts.readOrder(orderId);
    if (!order) throw new HttpError(404, messages.order.notFound);
    return { success: true as const, order };
  };
  const tags = ['Abrechnung'];

  app.post('/api/billing/confirm/:id', { onRequest: billingStaff, schema: { tags, params: idParams } }, async (req) => {
    const { position } = await commands.confirm(req.params.id, meta(req.user.sub, 'ConfirmBilling'));
    return answer(req.params.id, position);
  });

  app.post('/api/billing/confirm', { onRequest: billingStaff, schema: { tags, body: selectionBody } }, async (req) => {
    if (req.body.order_ids.length === 0) throw new HttpError(400, messages.validation.selection.selectAtLeastOne);
    const { position, done, failed } = await commands.confirmMany(req.body.order_ids, meta(req.user.sub, 'ConfirmBilling'));
    await opts.waitForProjections(position);
    return { success: true, confirmed: done, failed };
  });

  app.post('/api/billing/undo/:id', { onRequest: billingStaff, schema: { tags, params: idParams, body: undoBody } }, async (req) => {
    const { position } = await commands.undo(req.params.id, req.body.reason ?? '', meta(req.user.sub, 'UndoBilling'));
    return answer(req.params.id, position);
  });

  app.delete('/api/billing/remove/:id', { onRequest: billingStaff, schema: { tags, params: idParams } }, async (req) => {
    const { position } = await commands.remove(req.params.id, meta(req.user.sub, 'RemoveFromBilling'));
    return answer(req.params.id, position);
  });

  app.post(
    '/api/orders/:id/unlock-delivery-data',
    { onRequest: requireRoles('order_taker', 'dispatcher', 'billing'), schema: { tags: ['Aufträge'], params: idParams } },
    async (req) => {
      const { position } = await commands.unlockDeliveryData(req.params.id, meta(req.user.sub, 'UnlockDeliveryData'));
      return answer(req.params.id, position);
    },
  );

  app.post(
    '/api/orders/transfer-to-disposition',
    { onRequest: requireRoles('order_taker', 'dispatcher'), schema: { tags: ['Aufträge'], body: selectionBody } },
    async (req) => {
      if (req.body.order_ids.length === 0) throw new HttpError(400, messages.validation.selection.selectAtLeastOne);
      const { position, done, failed } = await commands.transferManyToDisposition(req.body.order_ids, meta(req.user.sub, 'TransferToDisposition'));
      await opts.waitForProjections(position);
      return { success: true, transferred: done, failed, message: messages.dispositionPipeline.transferred(done) };
    },
  );
};
