import { messages } from '@dispo/domain/messages';
import { type MailDeliveryState, tourPlanDeliveryText } from '@dispo/domain/order-mail/delivery';
import { isLocalDate } from '@dispo/domain/shared/index';
import { tourStatusSchema } from '@dispo/events/catalog/index';
import type { LogPosition } from '@dispo/events/envelope';
import type { EventRegistry } from '@dispo/events/registry';
import type { EventStore } from '@dispo/events/store/port';
import { requireRoles } from '@dispo/platform/http/auth';
import { HttpError } from '@dispo/platform/http/errors';
import { localDateText, requestText } from '@dispo/platform/http/text-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type DayFacts, dispatchCommands, type WorkshopWindowsOf } from './dispatch-commands';
import { berlinSlot } from './scheduled-time';
import type { TourTravel } from './tour-travel';

export interface DispatchRouteOptions {
  store: EventStore;
  registry: EventRegistry;
  /** The travel model of tour times; without it tours keep the assumed hour. */
  travel?: TourTravel;
  /** A vehicle's workshop appointments of a day: one in the assigned slot is a warning to confirm. */
  workshopWindows?: WorkshopWindowsOf;
  waitForProjections(position: LogPosition): Promise<boolean>;
  /** A tour as GET /api/disposition/tours/details/:id shows it. */
  readTour(id: string): Promise<unknown>;
  /** Open orders, tours and vehicles of a day, from the read side. */
  dayFacts(date: string): Promise<DayFacts>;
  /** Who gets the tour plan when the request names nobody. */
  tourPlanRecipients(): Promise<string[]>;
  /** Where a mail queued now stands; answers at once (no request waits for the SMTP server). */
  mailDeliveryState(): Promise<MailDeliveryState>;
}

const text = requestText().trim().max(100);
const idParams = z.strictObject({ id: text.min(1) });
const date = localDateText();

/** Every field optional: a missing one gets the spec's message, not a generic validation error. */
const assignBody = z.strictObject({
  orderId: text.optional(),
  orderType: requestText().max(40).optional(),
  vehicleId: text.optional(),
  scheduledTime: requestText().max(40).optional(),
  /** The order is for another day: move its delivery date to the tour's (refused without). */
  moveDeliveryDate: z.boolean().optional(),
  /** The dispatcher confirmed the warnings of a first answer (409 with `requiresConfirmation`). */
  confirmWarnings: z.boolean().optional(),
});
const moveBody = z.strictObject({
  vehicleId: text.optional(),
  scheduledTime: requestText().max(40).optional(),
  /** The vehicle the tour was dragged from: moved elsewhere meanwhile, the move answers 409. */
  fromVehicleId: text.optional(),
});
const completeBody = z.strictObject({ targetDate: date.optional(), date: date.optional(), sendTourPlan: z.boolean().default(true) });
const sendPlanBody = z.strictObject({ targetDate: date, recipients: z.array(requestText().trim().max(200)).max(50).optional() });

function slotOf(scheduledTime: string) {
  const slot = berlinSlot(scheduledTime);
  if (!slot || !isLocalDate(slot.date)) throw new HttpError(400, messages.dispatch.invalidScheduledTime);
  return slot;
}

/** Disposition commands (docs/api/disposition.md). Dispatchers and fleet managers plan tours. */
export const dispatchRoutes: FastifyPluginAsyncZod<DispatchRouteOptions> = async (app, opts) => {
  const commands = dispatchCommands(opts);
  const planners = requireRoles('dispatcher', 'fleet_manager');
  const meta = (userId: string, commandName: string) => ({ userId, commandName });
  /** A queued tour-plan mail: the answer says so at once; sent or failed arrives later (live notice, outbox). */
  const queuedPlan = async (mailId: string | null) => {
    if (!mailId) return { tourPlanSent: false, tourPlanQueued: false };
    const delivery = await opts.mailDeliveryState();
    return { tourPlanSent: false, tourPlanQueued: true, tourPlanDelivery: delivery, tourPlanMessage: tourPlanDeliveryText(delivery) };
  };
  const answerTour = async (tourId: string, position: LogPosition) => {
    await opts.waitForProjections(position);
    return { success: true as const, tour: await opts.readTour(tourId) };
  };

  app.post('/api/disposition/assign', { onRequest: planners, schema: { tags: ['Disposition'], body: assignBody } }, async (req, reply) => {
    const { orderId, vehicleId, scheduledTime, moveDeliveryDate, confirmWarnings } = req.body;
    if (!orderId || !vehicleId || !scheduledTime) throw new HttpError(400, messages.dispatch.incompleteAssignment);
    const slot = slotOf(scheduledTime);
    const result = await commands.assign({ orderId, vehicleId, ...slot, moveDeliveryDate, confirmWarnings }, meta(req.user.sub, 'AssignOrder'));
    const moved = result.decisions.some((d) => d.events.some((e) => e.type === 'OrderDetailsChanged'));
    reply.code(201);
    return {
      ...(await answerTour(result.tourId ?? '', result.position)),
      tourId: result.tourId,
      message: moved ? messages.dispatch.dateMoved(result.orderNumber ?? orderId, slot.date) : messages.dispatch.success.assigned,
      deliveryDateMoved: moved,
    };
  });

  app.put('/api/disposition/tours/:id/move', { onRequest: planners, schema: { tags: ['Disposition'], params: idParams, body: moveBody } }, async (req) => {
    const { vehicleId, scheduledTime, fromVehicleId } = req.body;
    if (!vehicleId || !scheduledTime) throw new HttpError(400, messages.dispatch.incompleteAssignment);
    const expected = fromVehicleId ? { vehicleId: fromVehicleId } : null;
    const { position } = await commands.move(req.params.id, { vehicleId, ...slotOf(scheduledTime), expected }, meta(req.user.sub, 'MoveTour'));
    return answerTour(req.params.id, position);
  });

  app.patch(
    '/api/disposition/tours/:id/status',
    { onRequest: planners, schema: { tags: ['Disposition'], params: idParams, body: z.strictObject({ status: tourStatusSchema }) } },
    async (req) => {
      const admin = req.user.roles.includes('admin');
      const { position } = await commands.changeStatus(req.params.id, req.body.status, { ...meta(req.user.sub, 'ChangeTourStatus'), admin });
      return answerTour(req.params.id, position);
    },
  );

  app.post('/api/disposition/tours/:id/reset', { onRequest: planners, schema: { tags: ['Disposition'], params: idParams } }, async (req) => {
    const { position } = await commands.dissolve(req.params.id, 'reset', meta(req.user.sub, 'ResetTour'));
    await opts.waitForProjections(position);
    return { success: true };
  });

  app.delete('/api/disposition/tours/:id', { onRequest: planners, schema: { tags: ['Disposition'], params: idParams } }, async (req) => {
    const { position } = await commands.dissolve(req.params.id, 'deleted', meta(req.user.sub, 'DeleteTour'));
    await opts.waitForProjections(position);
    return { success: true };
  });

  app.post('/api/disposition/complete', { onRequest: planners, schema: { tags: ['Disposition'], body: completeBody } }, async (req) => {
    const targetDate = req.body.targetDate ?? req.body.date;
    if (!targetDate || !isLocalDate(targetDate)) throw new HttpError(400, messages.validation.invalidDate);
    const facts = await opts.dayFacts(targetDate);
    // A day without tours sends no (empty) tour plan.
    const send = req.body.sendTourPlan && facts.tourCount > 0;
    const recipients = send ? await opts.tourPlanRecipients() : [];
    const result = await commands.completeDay(targetDate, facts, { send, recipients }, meta(req.user.sub, 'CompleteDispoDay'));
    await opts.waitForProjections(result.position);
    return {
      success: true,
      message: messages.dispatch.success.completed,
      ...(await queuedPlan(result.mailId)),
      tourPlanInfo: { tourCount: facts.tourCount, vehicleCount: facts.vehicleCount },
    };
  });

  app.post('/api/disposition/send-tour-plan', { onRequest: planners, schema: { tags: ['Disposition'], body: sendPlanBody } }, async (req) => {
    const recipients = req.body.recipients?.length ? req.body.recipients : await opts.tourPlanRecipients();
    const result = await commands.requestTourPlanMail(req.body.targetDate, recipients, 'manual', meta(req.user.sub, 'SendTourPlan'));
    await opts.waitForProjections(result.position);
    return {
      success: true,
      ...(await queuedPlan(result.mailId)),
      recipients,
    };
  });
};
