import { messages } from '../messages';
import { berlinInstant } from '../shared/berlin-date';
import { isOpenAt, parseOpeningHours } from './opening-hours';

/** An emergency booked "now" reaches the server a little later: its start may lie this far back. */
export const EMERGENCY_GRACE_MINUTES = 30;

export interface BookingSlot {
  date: string;
  time: string;
  isEmergency: boolean;
  workshop: { name: string; openingHours: string; mobile: boolean };
}

/**
 * Why the Smart Service books no appointment at this slot (issue 31), or null: it lies in the past
 * (an emergency may start up to half an hour back), or the workshop is closed at its start (the
 * mobile service comes round the clock; opening hours that cannot be read are not held against it).
 */
export function bookingSlotRefusal(slot: BookingSlot, now: Date): string | null {
  const t = messages.smartServiceScreen;
  const grace = slot.isEmergency ? EMERGENCY_GRACE_MINUTES * 60_000 : 0;
  if (berlinInstant(slot.date, slot.time).getTime() < now.getTime() - grace) return t.bookingInPast;
  if (slot.workshop.mobile) return null;
  const hours = parseOpeningHours(slot.workshop.openingHours);
  if (hours && !isOpenAt(hours, slot.date, slot.time)) return t.workshopClosedAt(slot.workshop.name, slot.date, slot.time);
  return null;
}
