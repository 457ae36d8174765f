import { randomInt, randomUUID } from 'node:crypto';
import { DomainError } from '@dispo/domain/decider';
import { messages } from '@dispo/domain/messages';
import {
  type CreateOrder,
  ORDER_NUMBER_SUFFIXES,
  type OrderCommand,
  type OrderInput,
  type OrderRecord,
  orderDecider,
  orderNumberFor,
} from '@dispo/domain/order/index';
import type { Changes } from '@dispo/domain/shared/index';
import type { OrderEvent, OrderStatus } from '@dispo/events/catalog/index';
import { reservationKinds, streamIds } from '@dispo/events/catalog/index';
import type { EventRegistry } from '@dispo/events/registry';
import { WrongExpectedVersionError } from '@dispo/events/store/errors';
import type { EventStore } from '@dispo/events/store/port';
import { HttpError } from '@dispo/platform/http/errors';
import { appendDecisions, type CommandMeta, commandTime, type Decision, decideOn, loadAggregate } from '../command-handler';
import { referenceLoader } from '../reference-loader';
import { newReservationDecision } from '../reserve';
import { StreamStateCache } from '../stream-state-cache';
import { eachOrder } from './each-order';
import { berlinDate } from '@dispo/domain/shared/berlin-date';

/** Random draws of an order number before the free numbers are gone through in order. */
const RANDOM_DRAWS = 5;

/**
 * The order numbers of a day this process knows to be taken (numbers are never given back): after
 * the random draws, the next number not known taken is tried, so a busy day costs few tries and a
 * full day is recognised after each number was tried once. Only the latest days are kept.
 */
class TakenSuffixes {
  private readonly days = new Map<string, Set<number>>();
  constructor(readonly suffixes: number) {}

  of(day: string): Set<number> {
    let taken = this.days.get(day);
    if (!taken) {
      taken = new Set();
      this.days.set(day, taken);
      if (this.days.size > 3) this.days.delete(this.days.keys().next().value!);
    }
    return taken;
  }

  /** The first suffix from `start` on (wrapping) not known taken, or null when the day is full. */
  next(day: string, start: number): number | null {
    const taken = this.of(day);
    for (let i = 0; i < this.suffixes; i++) {
      const suffix = (start + i) % this.suffixes;
      if (!taken.has(suffix)) return suffix;
    }
    return null;
  }
}

export interface OrderNumberOptions {
  /** How many suffixes a day has (tests use fewer than the 10,000 of orders.md §3). */
  suffixes?: number;
  /** Draws a suffix from 0 to suffixes - 1 (tests make it collide). */
  draw?: (suffixes: number) => number;
}

/** What a PUT or PATCH asks to change (undefined keeps a value, null clears it). */
export interface OrderChange {
  changes: Changes<OrderInput>;
  status?: OrderStatus;
  deliverySlipNumber?: string | null;
  actualWeight?: number | null;
}

/** The fields of a stored order as an entry form would send them again. */
function detailsOf(order: OrderRecord): OrderInput {
  const { id: _id, orderNumber: _n, status: _s, createdBy: _c, createdAt: _a, updatedAt: _u, deliverySlipNumber: _d, actualWeight: _w, billingPending: _p, billingConfirmed: _b, ...details } =
    order;
  return details;
}

export function orderCommands(ctx: { store: EventStore; registry: EventRegistry; orderNumbers?: OrderNumberOptions }) {
  const refs = referenceLoader(ctx.store);
  const taken = new TakenSuffixes(ctx.orderNumbers?.suffixes ?? ORDER_NUMBER_SUFFIXES);
  const draw = ctx.orderNumbers?.draw ?? ((suffixes: number) => randomInt(0, suffixes));
  /** A random suffix first; after RANDOM_DRAWS taken ones, the next free one after the last draw. */
  const pickSuffix = (day: string, tries: number, last: number): number => {
    const suffix = tries < RANDOM_DRAWS ? draw(taken.suffixes) : taken.next(day, Math.max(0, last));
    if (suffix === null) throw new HttpError(409, messages.order.dayFull(taken.suffixes.toLocaleString('de-DE')));
    return suffix;
  };
  const references = new StreamStateCache();
  const currentOrder = async (orderId: string): Promise<OrderRecord | null> => {
    const { state } = await loadAggregate(ctx.store, orderDecider, streamIds.order(orderId));
    return state.exists ? state.entity : null;
  };
  return {
    /**
     * Creates an order under a fresh number S+YYMMDD-NNNN of today's date (Europe/Berlin). The number
     * is reserved in its own stream in the same atomic append as the order, so it is never given twice.
     * Nothing is read in the common case: the order's id is new (its stream is expected not to exist),
     * the number's reservation stream likewise (a conflict: the number is taken, draw another), and the
     * records the order names come from the cache, checked by version in the same append. A day has
     * 10,000 numbers: when random draws keep meeting taken ones, the free ones are tried in order,
     * and only a day whose every number is taken is refused (docs/api/orders.md).
     */
    async createOrder(orderId: string, details: OrderInput, meta: CommandMeta & { userId: string }, duplicatedFrom?: string) {
      const correlationId = meta.correlationId ?? randomUUID();
      const streamId = streamIds.order(orderId);
      let refresh = false;
      let draws = 0;
      let suffix = -1;
      for (;;) {
        const checks: Decision[] = [];
        const cached = referenceLoader(ctx.store, { cache: references, refresh, checks });
        const [loadingPlant, deliveryPlant, loadingPoint, material, customer] = await Promise.all([
          cached.plant(details.plantId),
          cached.plant(details.deliveryPlantId),
          cached.loadingPoint(details.loadingPointId),
          cached.material(details.materialId),
          cached.customer(details.customerId),
        ]);
        const now = meta.at ?? new Date();
        const day = berlinDate(now);
        suffix = pickSuffix(day, draws, suffix);
        const command: CreateOrder = {
          type: 'CreateOrder',
          orderId,
          orderNumber: orderNumberFor(day, suffix),
          userId: meta.userId,
          now: now.toISOString(),
          details,
          loadingPlant,
          deliveryPlant,
          loadingPoint,
          material,
          customer,
          ...(duplicatedFrom === undefined ? {} : { duplicatedFrom }),
        };
        let events: OrderEvent[];
        try {
          events = orderDecider.decide(command, orderDecider.initialState);
        } catch (error) {
          // A refusal must not rest on cached records: it is decided once more on fresh ones.
          if (error instanceof DomainError && !refresh && checks.length > 0) {
            refresh = true;
            continue;
          }
          throw error;
        }
        const reservation = newReservationDecision(reservationKinds.orderNumber, command.orderNumber, orderId, messages.order.orderNumberTaken);
        const decisions: Decision[] = [{ streamId, expectedVersion: 'no_stream', events }, reservation];
        try {
          const position = await appendDecisions(ctx.store, ctx.registry, { ...meta, correlationId }, decisions, checks);
          taken.of(day).add(suffix);
          return { position, decisions, orderNumber: command.orderNumber };
        } catch (error) {
          if (!(error instanceof WrongExpectedVersionError)) throw error;
          if (error.streamId === reservation.streamId) {
            taken.of(day).add(suffix);
            draws++;
          } else if (error.streamId === streamId) {
            // The id is not new after all: the decider answers on what the stream holds.
            orderDecider.decide(command, (await loadAggregate(ctx.store, orderDecider, streamId)).state);
            throw new HttpError(409, messages.http.conflict);
          } else {
            // A record the order names changed since it was cached: once more on fresh ones.
            if (refresh) throw new HttpError(409, messages.http.conflict);
            refresh = true;
          }
        }
      }
    },

    /** PUT/PATCH: the records the merged order names are loaded from their streams before deciding. */
    updateOrder(orderId: string, change: OrderChange, meta: CommandMeta & { userId: string }) {
      return decideOn(ctx, meta, streamIds.order(orderId), orderDecider, async () => {
        const current = await currentOrder(orderId);
        const pick = <K extends keyof OrderInput>(key: K) => (change.changes[key] === undefined ? current?.[key as keyof OrderRecord] : change.changes[key]) as string | null | undefined;
        const [loadingPlant, deliveryPlant, loadingPoint, material, customer] = await Promise.all([
          refs.plant(pick('plantId')),
          refs.plant(pick('deliveryPlantId')),
          refs.loadingPoint(pick('loadingPointId')),
          refs.material(pick('materialId')),
          refs.customer(pick('customerId')),
        ]);
        return {
          type: 'UpdateOrder',
          orderId,
          userId: meta.userId,
          now: commandTime(meta),
          ...change,
          loadingPlant,
          deliveryPlant,
          loadingPoint,
          material,
          customer,
        } satisfies OrderCommand;
      });
    },

    changeStatus(orderId: string, status: OrderStatus, meta: CommandMeta & { userId: string }) {
      return decideOn(ctx, meta, streamIds.order(orderId), orderDecider, {
        type: 'ChangeOrderStatus',
        orderId,
        status,
        userId: meta.userId,
        now: commandTime(meta),
      });
    },

    deleteOrder(orderId: string, meta: CommandMeta & { userId: string }) {
      return decideOn(ctx, meta, streamIds.order(orderId), orderDecider, {
        type: 'DeleteOrder',
        orderId,
        userId: meta.userId,
        now: commandTime(meta),
      });
    },

    issueStorno(orderId: string, meta: CommandMeta & { userId: string }) {
      return decideOn(ctx, meta, streamIds.order(orderId), orderDecider, {
        type: 'IssueStorno',
        orderId,
        userId: meta.userId,
        now: commandTime(meta),
      });
    },

    /** §4.5: a new order (new id and number, status offen) with the details of an existing one. */
    async duplicateOrder(sourceId: string, newId: string, meta: CommandMeta & { userId: string }) {
      const source = await currentOrder(sourceId);
      if (!source) throw new DomainError('not_found', messages.order.notFound);
      return this.createOrder(newId, detailsOf(source), meta, sourceId);
    },

    /**
     * POST /orders/bulk-status: each order is its own decision under the same rules as a single
     * change; one refusal does not stop the others, and each is reported with its German reason.
     */
    async bulkStatus(orderIds: readonly string[], status: OrderStatus, meta: CommandMeta & { userId: string }) {
      const { position, done, failed } = await eachOrder(
        orderIds,
        (orderId) => this.changeStatus(orderId, status, meta),
        async (orderId) => (await currentOrder(orderId))?.orderNumber ?? null,
      );
      return { position, updated: done, failed };
    },
  };
}
