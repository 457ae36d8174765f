import { randomUUID } from 'node:crypto';
import { messages } from '@dispo/domain/messages';
import type { LogPosition } from '@dispo/events/envelope';
import type { EventRegistry } from '@dispo/events/registry';
import type { EventStore } from '@dispo/events/store/port';
import { requireRoles } from '@dispo/platform/http/auth';
import { HttpError } from '@dispo/platform/http/errors';
import { requestText } from '@dispo/platform/http/text-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { unitSchema } from '@dispo/events/catalog/index';
import { createdAnswer, createEach } from './create-each';
import { orderBodySchema, orderInputFromBody } from './order-body';
import { orderCommands } from './order-commands';

export interface QuickOrderRouteOptions {
  store: EventStore;
  registry: EventRegistry;
  waitForProjections(position: LogPosition): Promise<boolean>;
  readNewOrder(id: string): Promise<unknown>;
}

/** The wizard toggles materials by click; more than ten on one delivery is not a quick order. */
export const QUICK_ORDER_MATERIALS_MAX = 10;

/**
 * Where the orders come from: the wizard (`quick_order`, the command `CreateQuickOrder` that
 * GET /api/orders/last-quick-order looks for) or a template (`template`, `CreateOrderFromTemplate`).
 */
export const ORDER_SOURCES = { quick_order: 'CreateQuickOrder', template: 'CreateOrderFromTemplate' } as const;

const quickOrderBody = orderBodySchema.omit({ material_id: true }).extend({
  material_ids: z.array(requestText().trim().min(1).max(100)).max(QUICK_ORDER_MATERIALS_MAX),
  /** One quantity per material (same order as material_ids); absent: `quantity` for each. */
  quantities: z.array(z.number().finite().nullable()).max(QUICK_ORDER_MATERIALS_MAX).optional(),
  /** One unit per material (a template's materials may differ); absent: `unit` for each. */
  units: z.array(unitSchema.nullable()).max(QUICK_ORDER_MATERIALS_MAX).optional(),
  source: z.enum(['quick_order', 'template']).default('quick_order'),
});

/**
 * POST /api/orders/quick (docs/api/order-intake-tools.md): one order per chosen material in one
 * request (orders.md §2.5). Each order is written whole or not at all through the same command as
 * POST /api/orders; a refused one does not stop the others, and the answer names each failure's reason.
 */
export const quickOrderRoutes: FastifyPluginAsyncZod<QuickOrderRouteOptions> = async (app, opts) => {
  const commands = orderCommands(opts);
  const writers = requireRoles('order_taker', 'dispatcher');

  app.post('/api/orders/quick', { onRequest: writers, schema: { tags: ['Aufträge'], body: quickOrderBody } }, async (req, reply) => {
    const { material_ids, quantities, units, source, ...common } = req.body;
    if (material_ids.length === 0) throw new HttpError(400, messages.validation.wizard.materialRequired);
    const result = await createEach(
      material_ids,
      async (materialId, index) => {
        const orderId = randomUUID();
        const quantity = quantities?.[index] ?? common.quantity;
        const unit = units?.[index] ?? common.unit;
        const input = orderInputFromBody({ ...common, material_id: materialId, quantity, unit });
        const result = await commands.createOrder(orderId, input, { userId: req.user.sub, commandName: ORDER_SOURCES[source] });
        return { orderId, position: result.position };
      },
      (materialId, index, error) => ({ index, materialId, error }),
    );
    reply.code(201);
    return createdAnswer(opts, result, messages.success.quickOrderCreated);
  });
};
