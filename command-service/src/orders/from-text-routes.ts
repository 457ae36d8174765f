import { randomUUID } from 'node:crypto';
import { messages } from '@dispo/domain/messages';
import { checkOrderDraft, type OrderDraftInput, orderInputFromDraft, parseOrderText } from '@dispo/domain/order-text/index';
import { deliveryTimeTypeSchema, orderPrioritySchema, unitSchema } from '@dispo/events/catalog/index';
import type { LogPosition } from '@dispo/events/envelope';
import type { EventRegistry } from '@dispo/events/registry';
import type { SqlExecutor } from '@dispo/events/sql/client';
import type { EventStore } from '@dispo/events/store/port';
import { requireRoles } from '@dispo/platform/http/auth';
import { HttpError } from '@dispo/platform/http/errors';
import { localDateText, requestText, selectedId } from '@dispo/platform/http/text-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { berlinDate } from '@dispo/domain/shared/berlin-date';
import { createdAnswer, createEach } from './create-each';
import { orderCommands } from './order-commands';
import { orderTextCatalogueLoader } from './order-text-catalogue';

export interface FromTextRouteOptions {
  store: EventStore;
  registry: EventRegistry;
  /** The read models the parser's catalogue comes from. */
  sql: SqlExecutor;
  /** Read-your-writes: resolves when the read models have passed `position`. */
  waitForProjections(position: LogPosition): Promise<boolean>;
  /** A just-created order as GET /api/orders/:id shows it. */
  readNewOrder(id: string): Promise<unknown>;
}

/** A phone note, not a document. */
export const MAX_TEXT_LENGTH = 2000;
/** As many as one text may give (MAX_ORDERS_PER_TEXT). */
export const MAX_DRAFTS = 50;

const referenceDate = localDateText();
const id = selectedId().optional();
const name = requestText().max(500).nullable().optional();
const time = requestText().max(5).nullable().optional();

const parseBody = z.strictObject({ text: requestText().max(MAX_TEXT_LENGTH), referenceDate: referenceDate.optional() });

/** A draft as POST /api/orders/parse answered it, possibly corrected by the user; the names are ignored. */
const draftSchema = z.strictObject({
  materialId: id,
  materialName: name,
  customerId: id,
  customerName: name,
  loadingPlantId: id,
  loadingPlantName: name,
  deliveryPlantId: id,
  deliveryPlantName: name,
  loadingPointId: id,
  loadingPointName: name,
  quantity: z.number().finite().nullable().optional(),
  unit: unitSchema.nullable().optional(),
  deliveryDate: requestText().max(10).nullable().optional(),
  deliveryTimeType: deliveryTimeTypeSchema.nullable().optional(),
  deliveryTimeFixed: time,
  deliveryTimeFrom: time,
  deliveryTimeTo: time,
  priority: orderPrioritySchema.nullable().optional(),
  notes: requestText().max(4000).nullable().optional(),
});

const fromTextBody = z.strictObject({
  text: requestText().max(MAX_TEXT_LENGTH).optional(),
  referenceDate: referenceDate.optional(),
  drafts: z.array(draftSchema).min(1).max(MAX_DRAFTS).optional(),
});

/** Why a text gave no order, as the parser's hints say it (a question, a cancellation, nothing recognised). */
function refusalOf(hints: readonly string[]): string {
  const t = messages.orderText;
  const reasons: readonly string[] = [t.nothingRecognised, t.nothingToDeliver, t.enquiry, t.callback, t.cancellation, t.deliveryReport];
  return hints.find((hint) => reasons.includes(hint)) ?? t.nothingRecognised;
}

/**
 * Natural-language entry (orders.md §2.4, §4.9, §5.4): POST /api/orders/parse reads a German text
 * into order drafts; POST /api/orders/from-text creates them (from the text, or from the drafts the
 * user reviewed) through the same order command as the forms, one order per draft.
 */
export const fromTextRoutes: FastifyPluginAsyncZod<FromTextRouteOptions> = async (app, opts) => {
  const commands = orderCommands(opts);
  const loadCatalogue = orderTextCatalogueLoader(opts.sql);
  const writers = requireRoles('order_taker', 'dispatcher');
  const parse = async (text: string, date: string | undefined) =>
    parseOrderText(text, await loadCatalogue(), date ?? berlinDate(new Date()));

  app.post('/api/orders/parse', { onRequest: writers, schema: { tags: ['Aufträge'], body: parseBody } }, async (req) => {
    const { confidence, hints, orders } = await parse(req.body.text, req.body.referenceDate);
    return { confidence, hints, orders };
  });

  app.post('/api/orders/from-text', { onRequest: writers, schema: { tags: ['Aufträge'], body: fromTextBody } }, async (req, reply) => {
    const { text, drafts: reviewed, referenceDate: date } = req.body;
    if ((text === undefined) === (reviewed === undefined)) throw new HttpError(400, messages.orderText.textOrDrafts);
    const parsed = reviewed === undefined ? await parse(text!, date) : null;
    const drafts: OrderDraftInput[] = reviewed ?? parsed!.orders;
    if (drafts.length === 0) throw new HttpError(400, refusalOf(parsed?.hints ?? []));

    const result = await createEach(drafts, async (draft) => {
      checkOrderDraft(draft);
      const orderId = randomUUID();
      const result = await commands.createOrder(orderId, orderInputFromDraft(draft), {
        userId: req.user.sub,
        commandName: 'CreateOrderFromText',
      });
      return { orderId, position: result.position };
    });
    reply.code(201);
    return createdAnswer(opts, result, messages.orderText.created(result.created.length));
  });
};
