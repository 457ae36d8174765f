import { messages } from '@dispo/domain/messages';
import { orderDecider } from '@dispo/domain/order/index';
import { clockOf, tourSpan } from '@dispo/domain/tour/clock';
import { tourDecider } from '@dispo/domain/tour/index';
import { roundUpToHalfHour } from '@dispo/domain/utilization/bands';
import { streamIds } from '@dispo/events/catalog/index';
import { requireRoles } from '@dispo/platform/http/auth';
import { HttpError } from '@dispo/platform/http/errors';
import { requestText } from '@dispo/platform/http/text-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loadAggregate } from '../command-handler';
import { dispatchCommands } from './dispatch-commands';
import type { DispatchRouteOptions } from './dispatch-routes';

const text = requestText().trim().max(100);
const body = z.strictObject({ tourId: text.optional(), orderId: text.optional(), confirmWarnings: z.boolean().optional(), moveDeliveryDate: z.boolean().optional() });

/**
 * MOSI Disponent (dispatch.md §2, §4): assigning a suggested connection. The order joins the tour
 * through the assign command; a tour that takes no more orders (completed, cancelled) gets a new
 * tour of the same vehicle right after it, starting where it ended.
 */
export const mosiRoutes: FastifyPluginAsyncZod<DispatchRouteOptions> = async (app, opts) => {
  const commands = dispatchCommands(opts);
  const planners = requireRoles('dispatcher', 'fleet_manager');

  app.post('/api/mosi-ai/assign-connection', { onRequest: planners, schema: { tags: ['MOSI'], body } }, async (req, reply) => {
    const { tourId, orderId, confirmWarnings, moveDeliveryDate } = req.body;
    if (!tourId || !orderId) throw new HttpError(400, messages.dispatch.missingAssignmentData);
    const [order, tour] = await Promise.all([
      loadAggregate(opts.store, orderDecider, streamIds.order(orderId)),
      loadAggregate(opts.store, tourDecider, streamIds.tour(tourId)),
    ]);
    if (!order.state.exists) throw new HttpError(404, messages.dispatch.orderNotFound);
    if (!tour.state.exists || tour.state.entity.dissolved) throw new HttpError(404, messages.dispatch.tourNotFound);
    const t = tour.state.entity;
    const joins = t.status === 'planned' || t.status === 'in_progress';
    let startTime = t.startTime;
    let startPlantId: string | null | undefined;
    if (!joins) {
      startTime = clockOf(roundUpToHalfHour(tourSpan(t.startTime, t.endTime)[1]));
      const lastOrderId = t.orderIds[t.orderIds.length - 1];
      const last = lastOrderId ? await loadAggregate(opts.store, orderDecider, streamIds.order(lastOrderId)) : null;
      startPlantId = last?.state.exists ? last.state.entity.deliveryPlantId : undefined;
    }
    const result = await commands.assign(
      { orderId, vehicleId: t.vehicleId, date: t.date, startTime, confirmWarnings, moveDeliveryDate, ...(startPlantId !== undefined ? { startPlantId } : {}) },
      { userId: req.user.sub, commandName: 'AssignConnection' },
    );
    await opts.waitForProjections(result.position);
    reply.code(201);
    return { success: true, tourId: result.tourId, joined: result.tourId === tourId, tour: await opts.readTour(result.tourId ?? ''), message: messages.dispatch.success.assigned };
  });
};
