import { randomUUID } from 'node:crypto';
import { DomainError } from '@dispo/domain/decider';
import { dispoDayDecider } from '@dispo/domain/dispo-day/index';
import { messages } from '@dispo/domain/messages';
import { orderDecider } from '@dispo/domain/order/index';
import { type DispatchVehicle, tourDecider } from '@dispo/domain/tour/index';
import { vehicleDecider } from '@dispo/domain/vehicle/index';
import { streamIds, type TourStatus } from '@dispo/events/catalog/index';
import type { EventRegistry } from '@dispo/events/registry';
import type { EventStore } from '@dispo/events/store/port';
import { type CommandMeta, commandTime, type Decision, decideOn, executeCommand, loadAggregate } from '../command-handler';
import { slotTourId, tourNumberFor } from './tour-ids';

type Meta = CommandMeta & { userId: string };

/** How many moved-away or dissolved tours one slot may have had before a new id is drawn at random. */
const SLOT_GENERATIONS = 50;

/** Facts of the day that the read side knows and the dispo-day decider needs. */
export interface DayFacts {
  openOrderCount: number;
  tourCount: number;
  vehicleCount: number;
}

export function dispatchCommands(ctx: { store: EventStore; registry: EventRegistry }) {
  async function vehicle(id: string): Promise<DispatchVehicle | null> {
    const { state } = await loadAggregate(ctx.store, vehicleDecider, streamIds.vehicle(id));
    return state.exists ? { id, enabledForDispatch: state.entity.enabledForDispatch } : null;
  }

  /** The live tour at this slot, or the id a new one gets. */
  async function tourAtSlot(vehicleId: string, date: string, startTime: string): Promise<string> {
    for (let generation = 0; generation < SLOT_GENERATIONS; generation++) {
      const tourId = slotTourId(vehicleId, date, startTime, generation);
      const { state } = await loadAggregate(ctx.store, tourDecider, streamIds.tour(tourId));
      if (!state.exists) return tourId;
      const t = state.entity;
      if (!t.dissolved && t.vehicleId === vehicleId && t.date === date && t.startTime === startTime) return tourId;
    }
    return randomUUID();
  }

  /** The decisions that give each order of a dissolved or moved tour its new state. */
  async function orderDecisions(orderIds: readonly string[], decide: (orderId: string) => Parameters<typeof orderDecider.decide>[0]): Promise<Decision[]> {
    return Promise.all(
      orderIds.map(async (orderId) => {
        const streamId = streamIds.order(orderId);
        const { state, version } = await loadAggregate(ctx.store, orderDecider, streamId);
        return { streamId, expectedVersion: version, events: orderDecider.decide(decide(orderId), state) };
      }),
    );
  }

  return {
    /**
     * dispatch.md §4: the order joins the tour at this vehicle and time (created by the first
     * assignment); order and tour change in one atomic append, so the order leaves offen exactly
     * when it is in a tour.
     */
    async assign(input: { orderId: string; vehicleId: string; date: string; startTime: string }, meta: Meta) {
      const at = commandTime(meta);
      const result = await executeCommand(ctx.store, ctx.registry, meta, async () => {
        const tourId = await tourAtSlot(input.vehicleId, input.date, input.startTime);
        const tourStream = streamIds.tour(tourId);
        const [tour, orderLoaded, v] = await Promise.all([
          loadAggregate(ctx.store, tourDecider, tourStream),
          loadAggregate(ctx.store, orderDecider, streamIds.order(input.orderId)),
          vehicle(input.vehicleId),
        ]);
        const tourEvents = tourDecider.decide(
          { type: 'AssignToTour', tourId, tourNumber: tourNumberFor(input.date), vehicle: v, orderId: input.orderId, date: input.date, startTime: input.startTime, userId: meta.userId, now: at },
          tour.state,
        );
        const added = tourEvents.find((e) => e.type === 'TourOrderAdded');
        if (!added) throw new DomainError('conflict', messages.dispatch.orderNotOpen(orderLoaded.state.exists ? orderLoaded.state.entity.orderNumber : input.orderId));
        const orderEvents = orderDecider.decide(
          {
            type: 'AssignOrderToTour',
            orderId: input.orderId,
            tourId,
            vehicleId: input.vehicleId,
            date: input.date,
            startTime: input.startTime,
            sequenceNumber: added.data.sequenceNumber,
            userId: meta.userId,
            now: at,
          },
          orderLoaded.state,
        );
        return [
          { streamId: tourStream, expectedVersion: tour.version, events: tourEvents },
          { streamId: streamIds.order(input.orderId), expectedVersion: orderLoaded.version, events: orderEvents },
        ];
      });
      const tourId = result.decisions[0]?.streamId.slice('tour-'.length) ?? null;
      return { ...result, tourId };
    },

    /** PUT /tours/:id/move: the tour and the arrival times of its orders move together. */
    async move(tourId: string, input: { vehicleId: string; date: string; startTime: string }, meta: Meta) {
      const at = commandTime(meta);
      return executeCommand(ctx.store, ctx.registry, meta, async () => {
        const tourStream = streamIds.tour(tourId);
        const [tour, v] = await Promise.all([loadAggregate(ctx.store, tourDecider, tourStream), vehicle(input.vehicleId)]);
        const events = tourDecider.decide({ type: 'MoveTour', tourId, vehicle: v, date: input.date, startTime: input.startTime, userId: meta.userId, now: at }, tour.state);
        if (events.length === 0 || !tour.state.exists) return [];
        const orders = await orderDecisions(tour.state.entity.orderIds, (orderId) => ({
          type: 'RescheduleOrderTour',
          orderId,
          tourId,
          vehicleId: input.vehicleId,
          date: input.date,
          startTime: input.startTime,
          now: at,
        }));
        return [{ streamId: tourStream, expectedVersion: tour.version, events }, ...orders];
      });
    },

    changeStatus(tourId: string, status: TourStatus, meta: Meta) {
      return decideOn(ctx, meta, streamIds.tour(tourId), tourDecider, { type: 'ChangeTourStatus', tourId, status, userId: meta.userId, now: commandTime(meta) });
    },

    /** Reset to open or delete: the tour is dissolved and its orders return to offen, atomically. */
    async dissolve(tourId: string, reason: 'reset' | 'deleted', meta: Meta) {
      const at = commandTime(meta);
      return executeCommand(ctx.store, ctx.registry, meta, async () => {
        const tourStream = streamIds.tour(tourId);
        const tour = await loadAggregate(ctx.store, tourDecider, tourStream);
        const events = tourDecider.decide({ type: 'DissolveTour', tourId, reason, userId: meta.userId, now: at }, tour.state);
        const orderIds = tour.state.exists ? tour.state.entity.orderIds : [];
        const orders = await orderDecisions(orderIds, (orderId) => ({ type: 'ReleaseOrderFromTour', orderId, tourId, userId: meta.userId, now: at }));
        return [{ streamId: tourStream, expectedVersion: tour.version, events }, ...orders];
      });
    },

    /** POST /disposition/complete (dispatch.md §4 "Disposition day"). */
    async completeDay(date: string, facts: DayFacts, tourPlan: { send: boolean; recipients: string[] }, meta: Meta) {
      const mailId = randomUUID();
      const result = await decideOn(ctx, meta, streamIds.dispoDay(date), dispoDayDecider, {
        type: 'CompleteDispoDay',
        date,
        ...facts,
        sendTourPlan: tourPlan.send,
        recipients: tourPlan.recipients,
        mailId,
        userId: meta.userId,
        now: commandTime(meta),
      });
      const requested = result.decisions.some((d) => d.events.some((e) => e.type === 'TourPlanMailRequested'));
      return { ...result, mailId: requested ? mailId : null };
    },

    /** A tour-plan mail on request (`manual`) or for a scheduled slot (`15:00`, `17:00`): once per slot. */
    async requestTourPlanMail(date: string, recipients: string[], trigger: string, meta: CommandMeta) {
      const mailId = randomUUID();
      const result = await decideOn(ctx, meta, streamIds.dispoDay(date), dispoDayDecider, {
        type: 'RequestTourPlanMail',
        date,
        recipients,
        trigger,
        mailId,
        userId: meta.userId,
        now: commandTime(meta),
      });
      return { ...result, mailId: result.decisions.length > 0 ? mailId : null };
    },

    /** The mail worker's report: sent (with the SMTP message id) or failed (with the reason). */
    recordTourPlanMailOutcome(
      date: string,
      mailId: string,
      outcome: { sent: true; messageId: string | null; tourCount: number } | { sent: false; error: string },
      meta: CommandMeta,
    ) {
      return decideOn(ctx, meta, streamIds.dispoDay(date), dispoDayDecider, { type: 'RecordTourPlanMailOutcome', date, mailId, outcome, now: commandTime(meta) });
    },
  };
}
export type DispatchCommands = ReturnType<typeof dispatchCommands>;
