import type { DeadlineWarningAction, VehicleDeadline } from '@dispo/events/catalog/index';
import { messages } from '../messages';

/** fleet.md §4 Deadlines: warnings from 30 days ahead; below 0 days overdue. */
export const DEADLINE_WARNING_WINDOW_DAYS = 30;

const ACTIONS: Record<VehicleDeadline, { warning: DeadlineWarningAction; overdue: DeadlineWarningAction }> = {
  tuv: { warning: 'TUV_WARNING', overdue: 'TUV_OVERDUE' },
  inspection: { warning: 'INSPECTION_WARNING', overdue: 'INSPECTION_OVERDUE' },
  insurance: { warning: 'INSURANCE_WARNING', overdue: 'INSURANCE_OVERDUE' },
};

export interface VehicleDeadlines {
  id: string;
  licensePlate: string;
  deadlines: Partial<Record<VehicleDeadline, string | null>>;
  /** Released for dispatch: an overdue deadline then is a SYSTEM_WARNING as well. */
  enabledForDispatch?: boolean;
}

export interface DeadlineWarning {
  vehicleId: string;
  licensePlate: string;
  actionType: DeadlineWarningAction;
  /** Null for the SYSTEM_WARNING, which may name several. */
  deadline: VehicleDeadline | null;
  dueDate: string | null;
  daysUntil: number | null;
  message: string;
}

const dayNumber = (date: string) => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d) / 86_400_000;
};

/** §4 wording: heute fällig, morgen fällig, in N Tagen fällig, N Tage überfällig. */
export function dueText(days: number): string {
  if (days === 0) return messages.fleet.dueToday;
  if (days === 1) return messages.fleet.dueTomorrow;
  if (days > 1) return messages.fleet.dueInDays(days);
  return messages.fleet.overdueDays(-days);
}

/** The warnings a vehicle's statutory deadlines call for on `today`: overdue, or due within 30 days. */
export function deadlineWarnings(vehicle: VehicleDeadlines, today: string): DeadlineWarning[] {
  const warnings: DeadlineWarning[] = [];
  for (const deadline of Object.keys(ACTIONS) as VehicleDeadline[]) {
    const dueDate = vehicle.deadlines[deadline];
    if (!dueDate) continue;
    const daysUntil = Math.round(dayNumber(dueDate) - dayNumber(today));
    if (daysUntil > DEADLINE_WARNING_WINDOW_DAYS) continue;
    warnings.push({
      vehicleId: vehicle.id,
      licensePlate: vehicle.licensePlate,
      actionType: daysUntil < 0 ? ACTIONS[deadline].overdue : ACTIONS[deadline].warning,
      deadline,
      dueDate,
      daysUntil,
      message: messages.workshopScreen.deadlineWarning(messages.labels.vehicleDeadline[deadline], dueText(daysUntil)),
    });
  }
  // A vehicle the Disposition may plan although a statutory deadline has passed: one SYSTEM_WARNING
  // naming every overdue deadline, so the fleet manager either renews it or takes the vehicle out.
  const overdue = warnings.filter((w) => w.daysUntil !== null && w.daysUntil < 0);
  if (vehicle.enabledForDispatch && overdue.length > 0) {
    warnings.push({
      vehicleId: vehicle.id,
      licensePlate: vehicle.licensePlate,
      actionType: 'SYSTEM_WARNING',
      deadline: null,
      dueDate: null,
      daysUntil: null,
      message: messages.workshopScreen.releasedDespiteOverdue(
        overdue.map((w) => `${messages.labels.vehicleDeadline[w.deadline!]} ${dueText(w.daysUntil!)}`).join(', '),
      ),
    });
  }
  return warnings;
}
