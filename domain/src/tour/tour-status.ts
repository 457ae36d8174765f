import type { TourStatus } from '@dispo/events/catalog/index';

/**
 * Tour status changes (docs/order-status.md "Tour status"): a planned tour starts, finishes or is
 * cancelled; a running one finishes, is cancelled or set back to planned. Nothing leaves completed
 * or cancelled except an admin's reopen (REOPEN).
 */
export const TOUR_STATUS_TRANSITIONS: Readonly<Record<TourStatus, readonly TourStatus[]>> = {
  planned: ['in_progress', 'completed', 'cancelled'],
  in_progress: ['planned', 'completed', 'cancelled'],
  completed: [],
  cancelled: [],
};

/** An admin reopens a finished tour as running, a cancelled one as planned (it has no orders left). */
export const REOPEN: Readonly<Partial<Record<TourStatus, TourStatus>>> = {
  completed: 'in_progress',
  cancelled: 'planned',
};

/** Tours in these states carry no further orders. */
export function isClosed(status: TourStatus): boolean {
  return status === 'completed' || status === 'cancelled';
}
