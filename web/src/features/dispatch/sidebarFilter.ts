import { messages } from '@dispo/domain/messages';
import type { OpenOrder } from '../../api/dispositionTypes';
import { minutesOf, clockOf } from './time';

/** Filters and grouping of the sidebar Offene Aufträge (dispatch.md §2, §5). */

export type OrderTypeFilter = 'all' | 'simple' | 'standard' | 'transport';
export type Grouping = 'type' | 'plant' | 'time' | 'none';

export const ORDER_TYPES = ['simple', 'standard', 'transport'] as const;
export const GROUPINGS: readonly Grouping[] = ['type', 'plant', 'time', 'none'];

export interface SidebarFilter {
  search: string;
  type: OrderTypeFilter;
  /** Loading plant id, or '' for all. */
  plantId: string;
}

/** `simple`, `standard` or `transport`; the contract's `type` (transport_order/order) when order_type is missing. */
export function orderTypeOf(order: Pick<OpenOrder, 'order_type' | 'type'>): string {
  if (order.order_type) return order.order_type;
  return order.type === 'transport_order' ? 'transport' : 'standard';
}

/** The time the order wants: its fixed time or the start of its range, in minutes. */
export function preferredMinutes(order: OpenOrder): number | null {
  if (order.delivery_time_type === 'range') return minutesOf(order.delivery_time_from) ?? minutesOf(order.delivery_time_to);
  return minutesOf(order.delivery_time_fixed) ?? minutesOf(order.delivery_time_from);
}

/** 'HH:MM' or 'HH:MM–HH:MM'; '' without a time. */
export function deliveryTimeLabel(order: OpenOrder): string {
  if (order.delivery_time_type === 'range') {
    const from = minutesOf(order.delivery_time_from);
    const to = minutesOf(order.delivery_time_to);
    if (from !== null && to !== null) return `${clockOf(from)}–${clockOf(to)}`;
    const one = from ?? to;
    return one === null ? '' : clockOf(one);
  }
  const fixed = minutesOf(order.delivery_time_fixed);
  return fixed === null ? '' : clockOf(fixed);
}

function loadingPlantName(order: OpenOrder): string {
  return order.loading_plant_name ?? order.plant_name ?? '';
}

/** §5: only the selected date; the search matches number, customer, material, loading and delivery plant. */
export function filterOrders(orders: readonly OpenOrder[], date: string, filter: SidebarFilter): OpenOrder[] {
  const terms = filter.search.trim().toLocaleLowerCase('de-DE').split(/\s+/).filter(Boolean);
  return orders.filter((order) => {
    if (order.delivery_date.slice(0, 10) !== date) return false;
    if (filter.type !== 'all' && orderTypeOf(order) !== filter.type) return false;
    if (filter.plantId && order.loading_plant_id !== filter.plantId) return false;
    if (terms.length === 0) return true;
    const haystack = [order.order_number, order.customer_name, order.material_name, ...(order.materials ?? []), loadingPlantName(order), order.delivery_plant_name]
      .filter(Boolean)
      .join(' ')
      .toLocaleLowerCase('de-DE');
    return terms.every((term) => haystack.includes(term));
  });
}

export interface OrderGroup {
  key: string;
  label: string;
  orders: OpenOrder[];
}

function byTime(a: OpenOrder, b: OpenOrder): number {
  return (preferredMinutes(a) ?? 24 * 60) - (preferredMinutes(b) ?? 24 * 60) || a.order_number.localeCompare(b.order_number);
}

export function groupOrders(orders: readonly OpenOrder[], grouping: Grouping): OrderGroup[] {
  const text = messages.dispatchScreen.sidebar;
  const sorted = [...orders].sort(byTime);
  if (grouping === 'none') return sorted.length ? [{ key: 'all', label: text.allOrders, orders: sorted }] : [];
  const groups = new Map<string, OrderGroup & { rank: number | string }>();
  for (const order of sorted) {
    let key: string;
    let label: string;
    let rank: number | string;
    if (grouping === 'type') {
      key = orderTypeOf(order);
      label = text.types[key] ?? key;
      rank = ORDER_TYPES.indexOf(key as (typeof ORDER_TYPES)[number]);
      if (rank === -1) rank = ORDER_TYPES.length;
    } else if (grouping === 'plant') {
      label = loadingPlantName(order) || text.noPlant;
      key = order.loading_plant_id ?? `name:${label}`;
      rank = loadingPlantName(order) ? label : '\uffff';
    } else {
      const minutes = preferredMinutes(order);
      const hour = minutes === null ? null : Math.floor(minutes / 60);
      key = hour === null ? 'none' : String(hour);
      label = hour === null ? text.noTime : `${clockOf(hour * 60)}–${clockOf((hour + 1) * 60)}`;
      rank = hour ?? 99;
    }
    const group = groups.get(key) ?? { key, label, orders: [], rank };
    group.orders.push(order);
    groups.set(key, group);
  }
  return [...groups.values()]
    .sort((a, b) => (typeof a.rank === 'number' && typeof b.rank === 'number' ? a.rank - b.rank : String(a.rank).localeCompare(String(b.rank), 'de-DE')))
    .map(({ key, label, orders: members }) => ({ key, label, orders: members }));
}

/** Footer: orders per type. */
export function countByType(orders: readonly OpenOrder[]): Record<string, number> {
  const counts: Record<string, number> = { simple: 0, standard: 0, transport: 0 };
  for (const order of orders) {
    const type = orderTypeOf(order);
    counts[type] = (counts[type] ?? 0) + 1;
  }
  return counts;
}

/** Loading plants of the orders, for the filter select. */
export function loadingPlantsOf(orders: readonly OpenOrder[]): { id: string; name: string }[] {
  const plants = new Map<string, string>();
  for (const order of orders) {
    if (order.loading_plant_id) plants.set(order.loading_plant_id, loadingPlantName(order) || order.loading_plant_id);
  }
  return [...plants].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name, 'de-DE'));
}
