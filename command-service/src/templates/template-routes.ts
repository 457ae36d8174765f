import { randomUUID } from 'node:crypto';
import { messages } from '@dispo/domain/messages';
import type { TemplateInput } from '@dispo/domain/order-template/index';
import { amountSchema, deliveryTimeTypeSchema, orderPrioritySchema, unitSchema } from '@dispo/events/catalog/index';
import type { LogPosition } from '@dispo/events/envelope';
import type { EventRegistry } from '@dispo/events/registry';
import type { EventStore } from '@dispo/events/store/port';
import { requireRoles } from '@dispo/platform/http/auth';
import { HttpError } from '@dispo/platform/http/errors';
import { requestText } from '@dispo/platform/http/text-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { templateCommands } from './template-commands';

export interface TemplateRouteOptions {
  store: EventStore;
  registry: EventRegistry;
  waitForProjections(position: LogPosition): Promise<boolean>;
  /** The template as GET /api/user/order-templates lists it, only for its owner. */
  readTemplate(ownerId: string, id: string): Promise<unknown>;
}

const idParams = z.strictObject({ id: requestText().trim().min(1).max(100) });
const id = requestText().trim().min(1).max(100);
const text = (max: number) => requestText().max(max).nullable().optional();
const plant = z.strictObject({ id, name: text(200) }).nullable().optional();

/** §7.4 body: name and templateData (the template's own field names, as the spec shows them). */
const templateBody = z.strictObject({
  name: requestText().max(500),
  templateData: z.strictObject({
    loadingPlant: plant,
    deliveryPlant: plant,
    loadingPointId: id.nullable().optional(),
    materials: z
      .array(
        z.strictObject({
          // Checked by the domain, so that a blank id answers "Template enthält ungültige Material-Daten".
          id: requestText().max(100),
          name: text(200),
          // The event's bound (amountSchema); zero and below are the domain's, which names them.
          quantity: amountSchema.nullable().optional(),
          unit: unitSchema.nullable().optional(),
        }),
      )
      .max(100)
      .optional(),
    deliveryTimeType: deliveryTimeTypeSchema.nullable().optional(),
    deliveryTimeFixed: text(5),
    deliveryTimeFrom: text(5),
    deliveryTimeTo: text(5),
    priority: orderPrioritySchema.nullable().optional(),
    notes: text(4000),
  }),
});

/**
 * Personal order templates (orders.md §2.13, §4.8, §7.4; docs/api/orders.md). Those who create
 * orders keep templates; auditors and billing staff create no orders and so keep none. A template is
 * its owner's alone: another user's id answers 404.
 */
export const templateRoutes: FastifyPluginAsyncZod<TemplateRouteOptions> = async (app, opts) => {
  const writers = requireRoles('order_taker', 'dispatcher');
  const tags = ['Templates'];
  const answer = async (ownerId: string, templateId: string, position: LogPosition) => {
    await opts.waitForProjections(position);
    const data = await opts.readTemplate(ownerId, templateId);
    if (!data) throw new HttpError(404, messages.intakeTools.templateNotFound);
    return { success: true as const, data };
  };
  const commands = templateCommands(opts);

  app.post('/api/user/order-templates', { onRequest: writers, schema: { tags, body: templateBody } }, async (req, reply) => {
    const templateId = randomUUID();
    const userId = req.user.sub;
    const template = req.body as TemplateInput;
    const { position } = await commands.createTemplate(templateId, userId, template, { userId, commandName: 'CreateOrderTemplate' });
    reply.code(201);
    return answer(userId, templateId, position);
  });

  app.put('/api/user/order-templates/:id', { onRequest: writers, schema: { tags, params: idParams, body: templateBody } }, async (req) => {
    const userId = req.user.sub;
    const templateId = req.params.id;
    const template = req.body as TemplateInput;
    const { position } = await commands.updateTemplate(templateId, userId, template, { userId, commandName: 'UpdateOrderTemplate' });
    return answer(userId, templateId, position);
  });

  app.delete('/api/user/order-templates/:id', { onRequest: writers, schema: { tags, params: idParams } }, async (req) => {
    const userId = req.user.sub;
    const templateId = req.params.id;
    const { position } = await commands.deleteTemplate(templateId, userId, { userId, commandName: 'DeleteOrderTemplate' });
    await opts.waitForProjections(position);
    return { success: true };
  });

  app.post('/api/user/order-templates/:id/use', { onRequest: writers, schema: { tags, params: idParams } }, async (req) => {
    const userId = req.user.sub;
    const templateId = req.params.id;
    const { position } = await commands.useTemplate(templateId, userId, { userId, commandName: 'UseOrderTemplate' });
    return answer(userId, templateId, position);
  });
};
