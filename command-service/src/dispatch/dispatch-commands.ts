import { randomUUID } from 'node:crypto';
import { DomainError } from '@dispo/domain/decider';
import { type DayTour, type DayWorkshopWindow, dispoDayDecider } from '@dispo/domain/dispo-day/index';
import { messages } from '@dispo/domain/messages';
import { isDelivered, orderDecider } from '@dispo/domain/order/index';
import { type DispatchVehicle, type TourState, tourDecider, type WorkshopWindow } from '@dispo/domain/tour/index';
import { vehicleDecider } from '@dispo/domain/vehicle/index';
import { type EventData, streamIds, type TourEvent, type TourStatus } from '@dispo/events/catalog/index';
import type { EventRegistry } from '@dispo/events/registry';
import type { EventStore } from '@dispo/events/store/port';
import { type CommandMeta, commandTime, type Decision, decideOn, executeCommand, loadAggregate } from '../command-handler';
import { slotTourId, tourNumberFor } from './tour-ids';
import { tourRevenueDecision } from '../analytics/tour-revenue';
import { type TourTravel, tourTimesEvents } from './tour-travel';

type Meta = CommandMeta & { userId: string };

/** How many moved-away or dissolved tours one slot may have had before a new id is drawn at random. */
const SLOT_GENERATIONS = 50;

type OrderCommand = Parameters<typeof orderDecider.decide>[0];

/** What a tour's new status asks of its orders (a status change only from the statuses named). */
const ORDERS_FOLLOW: Partial<Record<TourStatus, (orderId: string, userId: string, now: string) => OrderCommand>> = {
  in_progress: (orderId, userId, now) => ({ type: 'ChangeOrderStatus', orderId, userId, now, status: 'unterwegs', onlyFrom: ['disponiert'] }),
  completed: (orderId, userId, now) => ({ type: 'ChangeOrderStatus', orderId, userId, now, status: 'geliefert', onlyFrom: ['disponiert', 'unterwegs'] }),
};

/** What an assignment asks besides the slot. */
export interface AssignOptions {
  /** Move the order's delivery date to the tour's day (else a differing date is refused). */
  moveDeliveryDate?: boolean;
  /** The dispatcher confirmed the warnings (vehicle in the workshop). */
  confirmWarnings?: boolean;
  /** Where the vehicle starts a new tour; default its home plant (the seed names where it stands). */
  startPlantId?: string | null;
}

/** Facts of the day that the read side knows and the dispo-day decider needs. */
export interface DayFacts {
  openOrderCount: number;
  tourCount: number;
  vehicleCount: number;
  /** The day's tours as the read side lists them; each is checked against its stream. */
  tourIds?: readonly string[];
}

type PlanChange = EventData<'DispoDayPlanChanged'>['change'];

/** Where a tour moves; `expected`: where the mover saw it (refused if it moved meanwhile). */
export interface TourMoveInput {
  vehicleId: string;
  date: string;
  startTime: string;
  expected?: { vehicleId: string; date?: string; startTime?: string } | null;
  /** The Smart Service's redistribution: no running tour, no vehicle in the workshop (docs/invariants.md). */
  redistribution?: boolean;
}

/** The read side's pending workshop appointments of a vehicle on a day (issue 13), for the assignment warning. */
export type WorkshopWindowsOf = (vehicleId: string, date: string) => Promise<WorkshopWindow[]>;

export function dispatchCommands(ctx: { store: EventStore; registry: EventRegistry; travel?: TourTravel; workshopWindows?: WorkshopWindowsOf }) {
  async function vehicle(id: string): Promise<(DispatchVehicle & { homePlantName: string | null }) | null> {
    const { state } = await loadAggregate(ctx.store, vehicleDecider, streamIds.vehicle(id));
    if (!state.exists) return null;
    const v = state.entity;
    return {
      id,
      enabledForDispatch: v.enabledForDispatch,
      payloadKg: v.details.payloadKg,
      licensePlate: v.details.licensePlate,
      status: v.status,
      homePlantName: v.details.homePlantName ?? null,
    };
  }

  /** The vehicle's home plant: where a tour starts unless told otherwise. */
  async function homePlantId(v: { homePlantName: string | null } | null): Promise<string | null> {
    if (!v?.homePlantName || !ctx.travel?.homePlantId) return null;
    return ctx.travel.homePlantId(v.homePlantName);
  }

  /** The tour's times after these events (docs/order-status.md "Tour times"); none without a travel model. */
  async function withTimes(state: TourState, events: TourEvent[], startPlantId: string | null, now: string): Promise<TourEvent[]> {
    if (events.length === 0 || !ctx.travel) return events;
    return [...events, ...(await tourTimesEvents(ctx.store, ctx.travel, state, events, startPlantId, now))];
  }

  /** The live tour at this slot, or the id a new one gets. */
  async function tourAtSlot(vehicleId: string, date: string, startTime: string): Promise<string> {
    for (let generation = 0; generation < SLOT_GENERATIONS; generation++) {
      const tourId = slotTourId(vehicleId, date, startTime, generation);
      const { state } = await loadAggregate(ctx.store, tourDecider, streamIds.tour(tourId));
      if (!state.exists) return tourId;
      const t = state.entity;
      // A cancelled tour blocks nothing (docs/invariants.md): the slot takes a new tour.
      if (!t.dissolved && t.status !== 'cancelled' && t.vehicleId === vehicleId && t.date === date && t.startTime === startTime) return tourId;
    }
    return randomUUID();
  }

  /**
   * The decisions that give each order of a tour its new state. With `bestEffort`, an order whose
   * decider refuses (bound to billing, a status the rule does not fit) is left as it is.
   */
  async function orderDecisions(
    orderIds: readonly string[],
    decide: (orderId: string) => Parameters<typeof orderDecider.decide>[0] | null,
    bestEffort = false,
  ): Promise<Decision[]> {
    return Promise.all(
      orderIds.map(async (orderId) => {
        const streamId = streamIds.order(orderId);
        const { state, version } = await loadAggregate(ctx.store, orderDecider, streamId);
        const command = decide(orderId);
        if (command === null) return { streamId, expectedVersion: version, events: [] };
        try {
          return { streamId, expectedVersion: version, events: orderDecider.decide(command, state) };
        } catch (error) {
          if (bestEffort && error instanceof DomainError) return { streamId, expectedVersion: version, events: [] };
          throw error;
        }
      }),
    );
  }

  /**
   * Order numbers of the tour's orders that were delivered or are bound to billing, read from their
   * streams (not a read table that may lag): such a tour is neither cancelled nor dissolved.
   */
  async function deliveredOrders(orderIds: readonly string[]): Promise<string[]> {
    const loaded = await Promise.all(orderIds.map((id) => loadAggregate(ctx.store, orderDecider, streamIds.order(id))));
    return loaded.flatMap(({ state }) => (state.exists && isDelivered(state.entity) ? [state.entity.orderNumber] : []));
  }

  /**
   * docs/invariants.md: a completed day whose plan changes is marked changed, in the same append as
   * the change (the dispo-day decider records it once until the plan is sent again).
   */
  async function dayChanged(dates: readonly string[], tour: { id: string; tourNumber: string }, change: PlanChange, userId: string, at: string): Promise<Decision[]> {
    return Promise.all(
      [...new Set(dates)].map(async (date) => {
        const streamId = streamIds.dispoDay(date);
        const { state, version } = await loadAggregate(ctx.store, dispoDayDecider, streamId);
        const events = dispoDayDecider.decide({ type: 'RecordPlanChange', date, tourId: tour.id, tourNumber: tour.tourNumber, change, userId, now: at }, state);
        return { streamId, expectedVersion: version, events };
      }),
    );
  }

  /** The live tours of a day from their streams (the read side names the candidates), with the vehicles' plates. */
  async function dayTours(date: string, tourIds: readonly string[]): Promise<DayTour[]> {
    const loaded = await Promise.all(tourIds.map((id) => loadAggregate(ctx.store, tourDecider, streamIds.tour(id))));
    const live = loaded.flatMap(({ state }) =>
      state.exists && !state.entity.dissolved && state.entity.status !== 'cancelled' && state.entity.date === date ? [state.entity] : [],
    );
    const plates = new Map(
      await Promise.all([...new Set(live.map((t) => t.vehicleId))].map(async (id) => [id, (await vehicle(id))?.licensePlate ?? id] as const)),
    );
    return live.map((t) => ({ tourNumber: t.tourNumber, vehicleId: t.vehicleId, vehicleName: plates.get(t.vehicleId) ?? t.vehicleId, startTime: t.startTime, endTime: t.endTime }));
  }

  /** The tour's move and its orders' new slots, as decisions of one append. */
  async function moveDecisions(tourId: string, input: TourMoveInput, meta: Meta, at: string): Promise<Decision[]> {
    const tourStream = streamIds.tour(tourId);
    const [tour, found, workshopWindows] = await Promise.all([
      loadAggregate(ctx.store, tourDecider, tourStream),
      vehicle(input.vehicleId),
      // A redistribution is refused into a workshop window of the receiving vehicle.
      input.redistribution ? (ctx.workshopWindows?.(input.vehicleId, input.date) ?? Promise.resolve([])) : Promise.resolve(undefined),
    ]);
    const v = found && (workshopWindows ? { ...found, workshopWindows } : found);
    const moved = tourDecider.decide(
      {
        type: 'MoveTour',
        tourId,
        vehicle: v,
        date: input.date,
        startTime: input.startTime,
        expected: input.expected,
        redistribution: input.redistribution,
        userId: meta.userId,
        now: at,
      },
      tour.state,
    );
    if (moved.length === 0 || !tour.state.exists) return [];
    // Same vehicle: it starts where it did; another vehicle starts at its own home plant.
    const startPlantId = input.vehicleId === tour.state.entity.vehicleId ? tour.state.entity.startPlantId : await homePlantId(v);
    const events = await withTimes(tour.state, moved, startPlantId, at);
    const orders = await orderDecisions(tour.state.entity.orderIds, (orderId) => ({
      type: 'RescheduleOrderTour',
      orderId,
      tourId,
      vehicleId: input.vehicleId,
      date: input.date,
      startTime: input.startTime,
      now: at,
    }));
    const day = await dayChanged([tour.state.entity.date, input.date], tour.state.entity, 'moved', meta.userId, at);
    return [{ streamId: tourStream, expectedVersion: tour.version, events }, ...orders, ...day];
  }

  return {
    /**
     * dispatch.md §4: the order joins the tour at this vehicle and time (created by the first
     * assignment); order and tour change in one atomic append, so the order leaves offen exactly
     * when it is in a tour.
     */
    async assign(input: { orderId: string; vehicleId: string; date: string; startTime: string } & AssignOptions, meta: Meta) {
      const at = commandTime(meta);
      let orderNumber: string | null = null;
      const result = await executeCommand(ctx.store, ctx.registry, meta, async () => {
        const tourId = await tourAtSlot(input.vehicleId, input.date, input.startTime);
        const tourStream = streamIds.tour(tourId);
        const [tour, orderLoaded, found, workshopWindows] = await Promise.all([
          loadAggregate(ctx.store, tourDecider, tourStream),
          loadAggregate(ctx.store, orderDecider, streamIds.order(input.orderId)),
          vehicle(input.vehicleId),
          ctx.workshopWindows?.(input.vehicleId, input.date) ?? Promise.resolve([]),
        ]);
        const v = found && { ...found, workshopWindows };
        const order = orderLoaded.state.exists ? orderLoaded.state.entity : null;
        orderNumber = order?.orderNumber ?? null;
        const decided = tourDecider.decide(
          {
            type: 'AssignToTour',
            tourId,
            tourNumber: tourNumberFor(input.date),
            vehicle: v,
            orderId: input.orderId,
            order: order && { orderNumber: order.orderNumber, weightTons: order.weightTons, deliveryDate: order.deliveryDate },
            moveDeliveryDate: input.moveDeliveryDate,
            confirmWarnings: input.confirmWarnings,
            date: input.date,
            startTime: input.startTime,
            userId: meta.userId,
            now: at,
          },
          tour.state,
        );
        const startPlantId = tour.state.exists ? tour.state.entity.startPlantId : input.startPlantId !== undefined ? input.startPlantId : await homePlantId(v);
        const tourEvents = await withTimes(tour.state, decided, startPlantId, at);
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
            moveDeliveryDate: input.moveDeliveryDate,
            userId: meta.userId,
            now: at,
          },
          orderLoaded.state,
        );
        const tourNumber = tour.state.exists ? tour.state.entity.tourNumber : (tourEvents.find((e) => e.type === 'TourCreated')?.data.tourNumber ?? tourId);
        return [
          { streamId: tourStream, expectedVersion: tour.version, events: tourEvents },
          { streamId: streamIds.order(input.orderId), expectedVersion: orderLoaded.version, events: orderEvents },
          ...(await dayChanged([input.date], { id: tourId, tourNumber }, 'assigned', meta.userId, at)),
        ];
      });
      const tourId = result.decisions[0]?.streamId.slice('tour-'.length) ?? null;
      return { ...result, tourId, orderNumber };
    },

    /** PUT /tours/:id/move: the tour and the arrival times of its orders move together. */
    async move(tourId: string, input: TourMoveInput, meta: Meta) {
      const at = commandTime(meta);
      return executeCommand(ctx.store, ctx.registry, meta, () => moveDecisions(tourId, input, meta, at));
    },

    /** Several tours moved at once (the Smart Service's redistribution): all of them in one atomic append, or none. */
    async moveAll(moves: readonly (TourMoveInput & { tourId: string })[], meta: Meta) {
      const at = commandTime(meta);
      return executeCommand(ctx.store, ctx.registry, meta, async () => (await Promise.all(moves.map((m) => moveDecisions(m.tourId, m, meta, at)))).flat());
    },

    /**
     * The orders follow their tour, in the same atomic append (docs/order-status.md "Tours"):
     * started → its dispatched orders unterwegs; completed → its dispatched or travelling orders
     * geliefert; cancelled → every order back to offen (refused while one is delivered). An order
     * the first two rules do not fit (bound to billing, with a problem, already further) keeps its
     * status. Only an admin reopens a completed or cancelled tour.
     */
    async changeStatus(tourId: string, status: TourStatus, meta: Meta & { admin?: boolean }) {
      const at = commandTime(meta);
      return executeCommand(ctx.store, ctx.registry, meta, async () => {
        const tourStream = streamIds.tour(tourId);
        const tour = await loadAggregate(ctx.store, tourDecider, tourStream);
        const orderIds = tour.state.exists ? tour.state.entity.orderIds : [];
        const delivered = status === 'cancelled' ? await deliveredOrders(orderIds) : [];
        const events = tourDecider.decide(
          { type: 'ChangeTourStatus', tourId, status, admin: meta.admin, deliveredOrders: delivered, userId: meta.userId, now: at },
          tour.state,
        );
        if (events.length === 0 || !tour.state.exists) return [{ streamId: tourStream, expectedVersion: tour.version, events }];
        const orders =
          status === 'cancelled'
            ? await orderDecisions(orderIds, (orderId) => ({ type: 'ReleaseOrderFromTour', orderId, tourId, userId: meta.userId, now: at }))
            : ORDERS_FOLLOW[status]
              ? await orderDecisions(orderIds, (orderId) => ORDERS_FOLLOW[status]!(orderId, meta.userId, at), true)
              : [];
        // Issue 14: a completed tour's revenue and km, priced with the tariff of its day.
        const revenue = status === 'completed' && ctx.travel ? [await tourRevenueDecision(ctx.store, ctx.travel, tour.state.entity, at)] : [];
        const day = await dayChanged([tour.state.entity.date], tour.state.entity, 'status_changed', meta.userId, at);
        return [{ streamId: tourStream, expectedVersion: tour.version, events }, ...orders, ...revenue, ...day];
      });
    },

    /** Reset to open or delete: the tour is dissolved and its orders return to offen, atomically. */
    async dissolve(tourId: string, reason: 'reset' | 'deleted', meta: Meta) {
      const at = commandTime(meta);
      return executeCommand(ctx.store, ctx.registry, meta, async () => {
        const tourStream = streamIds.tour(tourId);
        const tour = await loadAggregate(ctx.store, tourDecider, tourStream);
        const orderIds = tour.state.exists ? tour.state.entity.orderIds : [];
        const events = tourDecider.decide(
          { type: 'DissolveTour', tourId, reason, deliveredOrders: await deliveredOrders(orderIds), userId: meta.userId, now: at },
          tour.state,
        );
        const orders = await orderDecisions(orderIds, (orderId) => ({ type: 'ReleaseOrderFromTour', orderId, tourId, userId: meta.userId, now: at }));
        const day = tour.state.exists ? await dayChanged([tour.state.entity.date], tour.state.entity, reason, meta.userId, at) : [];
        return [{ streamId: tourStream, expectedVersion: tour.version, events }, ...orders, ...day];
      });
    },

    /** POST /disposition/complete (dispatch.md §4 "Disposition day"). */
    async completeDay(date: string, facts: DayFacts, tourPlan: { send: boolean; recipients: string[] }, meta: Meta) {
      const mailId = randomUUID();
      const { tourIds = [], ...counts } = facts;
      const tours = await dayTours(date, tourIds);
      const windows: DayWorkshopWindow[] = (
        await Promise.all([...new Set(tours.map((t) => t.vehicleId))].map(async (vehicleId) => ((await ctx.workshopWindows?.(vehicleId, date)) ?? []).map((w) => ({ ...w, vehicleId }))))
      ).flat();
      const result = await decideOn(ctx, meta, streamIds.dispoDay(date), dispoDayDecider, {
        type: 'CompleteDispoDay',
        date,
        ...counts,
        tours,
        workshopWindows: windows,
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
