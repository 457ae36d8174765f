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
 * Validates and normalises the delivery time. No time at all is allowed (the full form does not
 * require one, §5.2); half a range is not, and a range must run forwards. Without a type, a given
 * bound means range, else fixed.
 */
export function normalizeDeliveryTime(input: DeliveryTimeInput): DeliveryTime {
  const fixed = clockTimeOrNull(input.deliveryTimeFixed, 'deliveryTimeFixed');
  const from = clockTimeOrNull(input.deliveryTimeFrom, 'deliveryTimeFrom');
  const to = clockTimeOrNull(input.deliveryTimeTo, 'deliveryTimeTo');
  const type = input.deliveryTimeType ?? (from !== null || to !== null ? 'range' : 'fixed');

  if (type === 'fixed') {
    return { deliveryTimeType: type, deliveryTimeFixed: fixed, deliveryTimeFrom: null, deliveryTimeTo: null };
  }
  if ((from === null) !== (to === null)) {
    refuse('validation', messages.validation.quickOrder.completeTimeRange, [from === null ? 'deliveryTimeFrom' : 'deliveryTimeTo']);
  }
  if (from !== null && to !== null && !isBefore(from, to)) {
    refuse('validation', messages.validation.timeRangeOrder, ['deliveryTimeFrom', 'deliveryTimeTo']);
  }
  return { deliveryTimeType: type, deliveryTimeFixed: null, deliveryTimeFrom: from, deliveryTimeTo: to };
}
