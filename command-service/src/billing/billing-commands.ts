import { type OrderCommand, orderDecider } from '@dispo/domain/order/index';
import { streamIds } from '@dispo/events/catalog/index';
import type { EventRegistry } from '@dispo/events/registry';
import type { EventStore } from '@dispo/events/store/port';
import { type CommandMeta, commandTime, decideOn, loadAggregate } from '../command-handler';
import { eachOrder } from '../orders/each-order';

type Meta = CommandMeta & { userId: string };

/** Billing of orders (orders.md §4.2, §7.3) and the disposition pipeline (§4.7): commands on the order's stream. */
export function billingCommands(ctx: { store: EventStore; registry: EventRegistry }) {
  const on = (orderId: string, meta: Meta, command: (base: { orderId: string; userId: string; now: string }) => OrderCommand) =>
    decideOn(ctx, meta, streamIds.order(orderId), orderDecider, command({ orderId, userId: meta.userId, now: commandTime(meta) }));
  const orderNumberOf = async (orderId: string) => {
    const { state } = await loadAggregate(ctx.store, orderDecider, streamIds.order(orderId));
    return state.exists ? state.entity.orderNumber : null;
  };

  const commands = {
    confirm: (orderId: string, meta: Meta) => on(orderId, meta, (base) => ({ type: 'ConfirmBilling', ...base })),
    undo: (orderId: string, reason: string, meta: Meta) => on(orderId, meta, (base) => ({ type: 'UndoBilling', ...base, reason })),
    remove: (orderId: string, meta: Meta) => on(orderId, meta, (base) => ({ type: 'RemoveFromBilling', ...base })),
    unlockDeliveryData: (orderId: string, meta: Meta) => on(orderId, meta, (base) => ({ type: 'UnlockDeliveryData', ...base })),
    transferToDisposition: (orderId: string, meta: Meta) => on(orderId, meta, (base) => ({ type: 'TransferToDisposition', ...base })),
    /** Bulk confirm of a selection: each order on its own; refusals are reported, the rest is confirmed. */
    confirmMany: (orderIds: readonly string[], meta: Meta) => eachOrder(orderIds, (id) => commands.confirm(id, meta), orderNumberOf),
    transferManyToDisposition: (orderIds: readonly string[], meta: Meta) =>
      eachOrder(orderIds, (id) => commands.transferToDisposition(id, meta), orderNumberOf),
  };
  return commands;
}
export type BillingCommands = ReturnType<typeof billingCommands>;
