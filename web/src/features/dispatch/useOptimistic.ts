import { useCallback } from 'react';
import { useExpiringList } from '../../components/useExpiringList';
import type { OpenOrder, Tour, TourStop } from '../../api/dispositionTypes';
import { clockOf, minutesOf } from './time';

/**
 * Optimistic updates of dispatch.md §4: moving a tour, assigning an order and removing a tour show
 * at once, marked 'Synchronisiert...' while the server works. An update is dropped on completion,
 * on failure, or after 10 seconds, whichever comes first.
 */

export const OPTIMISTIC_TIMEOUT_MS = 10_000;

export type OptimisticChange =
  | { kind: 'assign'; order: OpenOrder; vehicleId: string; date: string; minutes: number }
  | { kind: 'move'; tourId: string; vehicleId: string; minutes: number }
  | { kind: 'remove'; tourIds: readonly string[] };

export type OptimisticOp = OptimisticChange & { id: number };

/** A tour as the timeline draws it. */
export interface DisplayTour extends Tour {
  /** An optimistic change is waiting for the server. */
  pending?: boolean;
  /** Drawn for an assignment the server has not answered yet: no id on the server. */
  temporary?: boolean;
}

export interface OptimisticStore {
  ops: OptimisticOp[];
  begin(change: OptimisticChange): number;
  end(id: number): void;
}

export function useOptimistic(): OptimisticStore {
  const { items: ops, add, remove: end } = useExpiringList<OptimisticChange>();
  const begin = useCallback((change: OptimisticChange) => add(change, OPTIMISTIC_TIMEOUT_MS), [add]);
  return { ops, begin, end };
}

function stopOf(order: OpenOrder, date: string, minutes: number, sequenceNumber: number): TourStop {
  return {
    id: order.id,
    sequenceNumber,
    estimatedArrival: `${date}T${clockOf(minutes + 30 * (sequenceNumber - 1))}`,
    transportOrder: {
      id: order.id,
      orderNumber: order.order_number,
      status: 'disponiert',
      customerName: order.customer_name,
      loadingPlantName: order.loading_plant_name,
      loadingPointName: order.loading_point_name ?? null,
      deliveryPlantName: order.delivery_plant_name,
      materialName: order.material_name,
      quantity: order.quantity,
      unit: order.unit,
    },
  };
}

function startMinutes(tour: Tour): number | null {
  return minutesOf(tour.start_time) ?? minutesOf(tour.startTime);
}

/** The server's tours and open orders with the pending changes applied. */
export function applyOptimistic(tours: readonly Tour[], openOrders: readonly OpenOrder[], ops: readonly OptimisticOp[]): { tours: DisplayTour[]; openOrders: OpenOrder[] } {
  // Nothing pending: the server's arrays themselves, so that the timeline's memos hold when, say, only
  // the open orders arrive.
  if (ops.length === 0) return { tours: tours as DisplayTour[], openOrders: openOrders as OpenOrder[] };
  let shown: DisplayTour[] = [...tours];
  let orders = [...openOrders];
  for (const op of ops) {
    if (op.kind === 'assign') {
      // The order leaves the sidebar until the op ends, even when the tours arrived before the open
      // orders (else its card would flicker back for the time between the two refetches).
      orders = orders.filter((order) => order.id !== op.order.id);
      // The server may already have answered the refetch: then the order sits in a tour.
      if (shown.some((tour) => !tour.temporary && tour.orders.some((stop) => stop.id === op.order.id))) continue;
      const target = shown.find((tour) => tour.vehicle_id === op.vehicleId && tour.date === op.date && startMinutes(tour) === op.minutes);
      if (target) {
        const stop = stopOf(op.order, op.date, op.minutes, target.orders.length + 1);
        shown = shown.map((tour) => (tour === target ? { ...tour, orders: [...tour.orders, stop], pending: true } : tour));
      } else {
        const start = clockOf(op.minutes);
        shown.push({
          id: `optimistic-${op.id}`,
          tour_number: '',
          vehicle_id: op.vehicleId,
          vehicle: null,
          date: op.date,
          start_time: start,
          startTime: `${op.date}T${start}`,
          end_time: null,
          endTime: null,
          status: 'planned',
          orders: [stopOf(op.order, op.date, op.minutes, 1)],
          hasConflict: false,
          pending: true,
          temporary: true,
        });
      }
    } else if (op.kind === 'move') {
      shown = shown.map((tour) => {
        if (tour.id !== op.tourId) return tour;
        const oldStart = startMinutes(tour) ?? op.minutes;
        const oldEnd = minutesOf(tour.end_time);
        const start = clockOf(op.minutes);
        const end = oldEnd === null ? null : clockOf(op.minutes + (oldEnd - oldStart));
        return {
          ...tour,
          vehicle_id: op.vehicleId,
          start_time: start,
          startTime: `${tour.date}T${start}`,
          end_time: end,
          endTime: end === null ? null : `${tour.date}T${end}`,
          pending: true,
        };
      });
    } else {
      shown = shown.filter((tour) => !op.tourIds.includes(tour.id));
    }
  }
  return { tours: shown, openOrders: orders };
}
