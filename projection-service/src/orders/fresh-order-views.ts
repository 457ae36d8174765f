import type { Notice } from '@dispo/platform/bus/notice-bus';
import type { OrderView } from './order-view';

/** More than a few seconds of creations at full load; orders nobody here asked about fall out first. */
const CAPACITY = 2000;

/**
 * The orders that this process's runner has just created in read.orders, as its `new_order` notices
 * show them (the row the INSERT returned, the same view GET /api/orders/:id answers). The create
 * command that waited for that batch takes its order from here instead of reading it back: one round
 * trip less on the busiest write. Taken once; a newer change always comes from the table.
 */
export class FreshOrderViews {
  private readonly views = new Map<string, OrderView>();

  remember(notices: readonly Notice[]): void {
    for (const notice of notices) {
      if (notice.subject !== 'dispo.orders.new_order') continue;
      const order = (notice.payload as { order?: OrderView }).order;
      if (!order) continue;
      this.views.set(order.id, order);
      if (this.views.size > CAPACITY) this.views.delete(this.views.keys().next().value!);
    }
  }

  /** The order as created, once; null when this process did not see it created (or gave it out). */
  take(id: string): OrderView | null {
    const view = this.views.get(id);
    if (!view) return null;
    this.views.delete(id);
    return view;
  }
}
