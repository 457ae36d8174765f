import { describe, expect, it } from 'vitest';
import { FreshOrderViews } from './fresh-order-views';
import type { OrderView } from './order-view';

const order = (id: string) => ({ id, orderNumber: `S261124-${id}` }) as unknown as OrderView;
const created = (id: string) => ({ subject: 'dispo.orders.new_order', payload: { order: order(id) } });

describe('FreshOrderViews', () => {
  it('gives the created order out once, and nothing for other notices', () => {
    const views = new FreshOrderViews();
    views.remember([created('1'), { subject: 'dispo.orders.order_updated', payload: { order: order('2') } }]);
    expect(views.take('1')).toEqual(order('1'));
    expect(views.take('1')).toBeNull();
    expect(views.take('2')).toBeNull();
  });

  it('keeps at most 2,000 orders, forgetting the oldest first', () => {
    const views = new FreshOrderViews();
    views.remember(Array.from({ length: 2001 }, (_, i) => created(String(i))));
    expect(views.take('0')).toBeNull();
    expect(views.take('1')).toEqual(order('1'));
    expect(views.take('2000')).toEqual(order('2000'));
  });
});
