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
}

export interface DeadlineWarning {
  vehicleId: string;
  licensePlate: string;
  actionType: DeadlineWarningAction;
  deadline: VehicleDeadline;
  dueDate: string;
  daysUntil: number;
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
  return warnings;
}
