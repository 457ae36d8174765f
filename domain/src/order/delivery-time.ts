import type { DeliveryTimeType } from '@dispo/events/catalog/index';
import { messages } from '../messages';
import { cleanText, isBefore, isClockTime, refuse } from '../shared';

export interface DeliveryTimeInput {
  deliveryTimeType?: DeliveryTimeType | null;
  deliveryTimeFixed?: string | null;
  deliveryTimeFrom?: string | null;
  deliveryTimeTo?: string | null;
}

/** The delivery time as stored: only the fields of its type are set, the others are null. */
export interface DeliveryTime {
  deliveryTimeType: DeliveryTimeType;
  deliveryTimeFixed: string | null;
  deliveryTimeFrom: string | null;
  deliveryTimeTo: string | null;
}

function clockTimeOrNull(value: string | null | undefined, field: string): string | null {
  const time = cleanText(value);
  if (time !== null && !isClockTime(time)) refuse('validation', messages.validation.invalidTime, [field]);
  return time;
}

/**
 * Validates and normalises the delivery time. A fixed time needs its time and a range both bounds
 * (§5.1: "Bitte geben Sie eine Uhrzeit an." / "Bitte geben Sie einen vollständigen Zeitbereich an."),
 * and a range must run forwards. Without a type, a given bound means range, else fixed.
 */
export function normalizeDeliveryTime(input: DeliveryTimeInput): DeliveryTime {
  const fixed = clockTimeOrNull(input.deliveryTimeFixed, 'deliveryTimeFixed');
  const from = clockTimeOrNull(input.deliveryTimeFrom, 'deliveryTimeFrom');
  const to = clockTimeOrNull(input.deliveryTimeTo, 'deliveryTimeTo');
  const type = input.deliveryTimeType ?? (from !== null || to !== null ? 'range' : 'fixed');

  // A time type without its time is no delivery time (the list would show "–"): §5.1's second set.
  if (type === 'fixed') {
    if (fixed === null) refuse('validation', messages.validation.quickOrder.enterTime, ['deliveryTimeFixed']);
    return { deliveryTimeType: type, deliveryTimeFixed: fixed, deliveryTimeFrom: null, deliveryTimeTo: null };
  }
  if (from === null || to === null) {
    refuse('validation', messages.validation.quickOrder.completeTimeRange, [from === null ? 'deliveryTimeFrom' : 'deliveryTimeTo']);
  }
  if (from !== null && to !== null && !isBefore(from, to)) {
    refuse('validation', messages.validation.timeRangeOrder, ['deliveryTimeFrom', 'deliveryTimeTo']);
  }
  return { deliveryTimeType: type, deliveryTimeFixed: null, deliveryTimeFrom: from, deliveryTimeTo: to };
}
