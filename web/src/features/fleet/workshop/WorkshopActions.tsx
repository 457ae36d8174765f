import type { MouseEvent } from 'react';
import { messages } from '@dispo/domain/messages';
import type { WorkshopAppointment } from '../../../api/fleetTypes';
import { formatDate } from '../../../components/format';
import { ActionButton } from '../RowActions';

const ws = messages.workshopScreen;

/** fleet.md §4: pending completion = today or earlier and not yet completion-tracked. */
export const hasPendingCompletion = (appointments: readonly WorkshopAppointment[], today: string) =>
  appointments.some((a) => a.status === 'pending' && !a.completionTracked && a.scheduledDate <= today);

/**
 * fleet.md §4 maintenance badge: the next appointment from today on, orange within 7 days; an
 * appointment past its day and not completed is red 'Überfällig'.
 */
export function MaintenanceBadge({ appointments, today }: { appointments: readonly WorkshopAppointment[]; today: string }) {
  const pending = appointments.filter((a) => a.status === 'pending').sort((a, b) => `${a.scheduledDate}${a.time}`.localeCompare(`${b.scheduledDate}${b.time}`));
  if (pending.some((a) => a.scheduledDate < today)) return <span className="workshop-badge workshop-badge--overdue">{messages.workshop.overdue}</span>;
  const next = pending.find((a) => a.scheduledDate >= today);
  if (!next) return null;
  const soon = Date.parse(next.scheduledDate) - Date.parse(today) <= 7 * 86_400_000;
  return (
    <span className={`workshop-badge${soon ? ' workshop-badge--soon' : ''}`} title={next.appointment_type}>
      {ws.nextAppointment(formatDate(next.scheduledDate))}
    </span>
  );
}

export interface WorkshopActionHandlers {
  onPlan(): void;
  onComplete(): void;
  onHistory(): void;
}

/** The per-vehicle (and per-trailer) actions of §2: history, plan, and complete only while one is pending. */
export function WorkshopActions({
  target,
  appointments,
  today,
  canPlan,
  handlers,
}: {
  target: string;
  appointments: readonly WorkshopAppointment[];
  today: string;
  canPlan: boolean;
  handlers: WorkshopActionHandlers;
}) {
  const run = (action: () => void) => (event: MouseEvent<HTMLButtonElement>) => {
    event.stopPropagation();
    action();
  };
  return (
    <>
      <ActionButton action={ws.historyAction} target={target} icon="history" onClick={run(handlers.onHistory)} />
      {canPlan && <ActionButton action={ws.planAction} target={target} icon="wrench" onClick={run(handlers.onPlan)} />}
      {canPlan && hasPendingCompletion(appointments, today) && (
        <ActionButton action={ws.completeAction} target={target} icon="check" onClick={run(handlers.onComplete)} />
      )}
    </>
  );
}
