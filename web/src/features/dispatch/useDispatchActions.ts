import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { messages } from '@dispo/domain/messages';
import { tourPlanDeliveryText } from '@dispo/domain/order-mail/delivery';
import { clearDispatchCaches, resetTour, useAssignOrder, useChangeTourStatus, useCompleteDay, useMoveTour } from '../../api/disposition';
import type { OpenOrder, Tour, TourStatus } from '../../api/dispositionTypes';
import { isApiError } from '../../api/errors';
import { celebrate } from './confetti';
import { tourNumberOf, tourStatusLabel } from './format';
import { tourSpan } from './grid';
import type { MessageLine } from './useMessageLine';
import type { OptimisticStore } from './useOptimistic';
import { scheduledTime } from './time';

const text = messages.dispatch;

/** The spec's message, followed by the server's own reason when it gave one. */
export function withReason(base: string, error: unknown): string {
  if (isApiError(error) && error.fromServer && error.message && error.message !== base) return `${base}: ${error.message}`;
  return base;
}

export interface DispatchActionsOptions {
  date: string;
  confettiEnabled: boolean;
  optimistic: OptimisticStore;
  line: MessageLine;
  /** Asks the dispatcher to confirm a warning of the server (a vehicle in the workshop); true: go on. */
  confirmWarning(message: string): Promise<boolean>;
  /** Completing the day was refused for problems of the plan (issue 31): show them all. */
  showPlanProblems?(message: string, problems: string[]): void;
}

/** The problems of the plan a refused completion names (409 with `problems`), or null. */
export function planProblemsOf(error: unknown): string[] | null {
  if (!isApiError(error) || error.status !== 409) return null;
  const problems = (error.details as { problems?: unknown } | undefined)?.problems;
  return Array.isArray(problems) && problems.length > 0 ? problems.map(String) : null;
}

/** The server's answer that warnings need a confirmation (409 with `requiresConfirmation`). */
export function warningsOf(error: unknown): string | null {
  if (!isApiError(error) || error.status !== 409) return null;
  const details = error.details as { requiresConfirmation?: boolean; warnings?: string[] } | undefined;
  return details?.requiresConfirmation ? (details.warnings ?? [error.message]).join(' ') : null;
}

/** Assign, move, reset, status and day completion with their messages of dispatch.md §8. */
export function useDispatchActions({ date, confettiEnabled, optimistic, line, confirmWarning, showPlanProblems }: DispatchActionsOptions) {
  const queryClient = useQueryClient();
  const assignMutation = useAssignOrder();
  const moveMutation = useMoveTour();
  const statusMutation = useChangeTourStatus();
  const completeMutation = useCompleteDay();
  const { mutateAsync: assignAsync } = assignMutation;
  const { mutateAsync: moveAsync } = moveMutation;
  const { mutateAsync: statusAsync } = statusMutation;
  const { mutateAsync: completeAsync } = completeMutation;
  const { begin, end } = optimistic;
  const { success, error } = line;

  const assign = useCallback(
    async (order: OpenOrder | undefined, vehicleId: string | undefined, minutes: number | null) => {
      if (!order || !vehicleId || minutes === null) {
        error(text.incompleteAssignment);
        return;
      }
      const op = begin({ kind: 'assign', order, vehicleId, date, minutes });
      const body = { orderId: order.id, orderType: order.type || 'transport_order', vehicleId, scheduledTime: scheduledTime(date, minutes) };
      try {
        try {
          await assignAsync(body);
        } catch (failure) {
          const warning = warningsOf(failure);
          if (!warning) throw failure;
          if (!(await confirmWarning(warning))) return;
          await assignAsync({ ...body, confirmWarnings: true });
        }
        success(text.success.assigned);
      } catch (failure) {
        error(withReason(text.errors.assignOrder, failure));
      } finally {
        end(op);
      }
    },
    [assignAsync, begin, end, date, success, error, confirmWarning],
  );

  const move = useCallback(
    async (tour: Tour | undefined, vehicleId: string, minutes: number) => {
      if (!tour) {
        error(text.errors.assignOrMove);
        return;
      }
      if (tour.vehicle_id === vehicleId && tourSpan(tour)[0] === minutes) return;
      const op = begin({ kind: 'move', tourId: tour.id, vehicleId, minutes });
      try {
        await moveAsync({ id: tour.id, body: { vehicleId, scheduledTime: scheduledTime(tour.date || date, minutes), fromVehicleId: tour.vehicle_id } });
        success(text.success.moved(tourNumberOf(tour)));
      } catch (failure) {
        error(withReason(text.errors.assignOrMove, failure));
      } finally {
        end(op);
      }
    },
    [moveAsync, begin, end, date, success, error],
  );

  /** Resets tours to open (after the confirmation); their orders return to the sidebar. */
  const reset = useCallback(
    async (tours: readonly Tour[]) => {
      if (tours.length === 0) return;
      const op = begin({ kind: 'remove', tourIds: tours.map((tour) => tour.id) });
      try {
        const results = await Promise.allSettled(tours.map((tour) => resetTour(tour.id)));
        await clearDispatchCaches(queryClient);
        const failed = results.filter((result) => result.status === 'rejected');
        const succeeded = results.length - failed.length;
        if (succeeded > 0) success(succeeded === 1 ? text.success.reset : messages.dispatchScreen.resetManySuccess(succeeded));
        if (failed.length > 0) {
          const reason = failed.length === 1 ? (failed[0] as PromiseRejectedResult).reason : null;
          error(failed.length === 1 ? withReason(text.errors.resetTour, reason) : messages.dispatchScreen.resetManyError(failed.length));
        }
      } finally {
        end(op);
      }
    },
    [begin, end, queryClient, success, error],
  );

  const changeStatus = useCallback(
    async (tour: Tour, status: TourStatus) => {
      if (tour.status === status) return;
      try {
        await statusAsync({ id: tour.id, status });
        success(messages.dispatchScreen.details.statusChanged(tourNumberOf(tour), tourStatusLabel(status)));
      } catch (failure) {
        error(withReason(text.errors.action, failure));
      }
    },
    [statusAsync, success, error],
  );

  const complete = useCallback(async () => {
    try {
      const answer = await completeAsync({ targetDate: date, sendTourPlan: true });
      // The line holds one success: the mail's line goes with the completion's.
      const delivery = answer.tourPlanQueued ? (answer.tourPlanDelivery ?? 'no_server') : null;
      success(delivery === 'queued' ? `${text.success.completed} ${tourPlanDeliveryText(delivery)}` : text.success.completed);
      if (answer.tourPlanError) error(text.errors.tourPlanMail);
      else if (delivery === 'retrying') error(tourPlanDeliveryText(delivery));
      else if (delivery === 'no_server') success(tourPlanDeliveryText(delivery));
      else if (answer.tourPlanInfo?.tourCount === 0) success(messages.dispatchInsights.noToursNoPlan);
      if (confettiEnabled) void celebrate();
    } catch (failure) {
      const problems = planProblemsOf(failure);
      if (problems && showPlanProblems) showPlanProblems((failure as Error).message, problems);
      else error(text.errors.completeDay(failure instanceof Error ? failure.message : String(failure)));
    }
  }, [completeAsync, date, confettiEnabled, success, error, showPlanProblems]);

  return { assign, move, reset, changeStatus, complete, completing: completeMutation.isPending };
}
