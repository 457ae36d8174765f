import type { TourStatus } from '@dispo/events/catalog/index';

/**
 * Tour status changes a dispatcher expects (dispatch.md §4 names the values only): a planned tour
 * starts, finishes or is cancelled; a running one finishes, is cancelled or set back to planned; a
 * finished or cancelled one can be reopened.
 */
export const TOUR_STATUS_TRANSITIONS: Readonly<Record<TourStatus, readonly TourStatus[]>> = {
  planned: ['in_progress', 'completed', 'cancelled'],
  in_progress: ['planned', 'completed', 'cancelled'],
  completed: ['in_progress'],
  cancelled: ['planned'],
};

/** Tours in these states carry no further orders. */
export function isClosed(status: TourStatus): boolean {
  return status === 'completed' || status === 'cancelled';
}
