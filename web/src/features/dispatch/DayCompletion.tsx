import { useEffect, useRef } from 'react';
import { messages } from '@dispo/domain/messages';
import type { DispoDay } from '../../api/utilization';
import { useSocket } from '../../socket/SocketProvider';
import { longGermanDate } from './time';

const text = messages.dispatchInsights;
const when = new Intl.DateTimeFormat('de-DE', { timeZone: 'Europe/Berlin', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });

/** `23.11.2026, 16:05` of a completion instant, Berlin time. */
export function completionTime(at: string): string {
  return when.format(new Date(at));
}

/** A completed day shows as completed: by whom and when (dispatch.md §4 "Disposition day"). */
export function CompletionTrace({ day }: { day: DispoDay | undefined }) {
  if (!day?.completed || !day.completedAt || !day.completedBy) return null;
  const changed = day.changedSinceTourPlan;
  return (
    <span className="completion-trace" role="status" data-testid="completion-trace">
      {text.completedBy(day.completedBy.full_name, completionTime(day.completedAt))}
      {changed && (
        <strong className="completion-trace__changed" data-testid="plan-changed">
          {' · '}
          {text.changedSinceTourPlan(changed.tourNumber, completionTime(changed.changedAt))}
        </strong>
      )}
    </span>
  );
}

/**
 * A tour-plan mail that fails after the completion answered (the worker gave up) still reaches the
 * dispatcher: the outbox's `tour_plan_mail_failed` notice becomes the spec's error line.
 */
export function useTourPlanMailFailures(onError: (message: string) => void): void {
  const socket = useSocket();
  const latest = useRef(onError);
  useEffect(() => {
    latest.current = onError;
  });
  useEffect(() => {
    if (!socket) return;
    const failed = (payload: { date: string }) => latest.current(text.tourPlanMailFailedFor(longGermanDate(payload.date)));
    socket.on('tour_plan_mail_failed', failed);
    return () => {
      socket.off('tour_plan_mail_failed', failed);
    };
  }, [socket]);
}
