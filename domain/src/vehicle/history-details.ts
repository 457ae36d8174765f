import { plainValueText } from '../audit/plain-value';
import { messages } from '../messages';

/** One line of a history entry's expanded details: a German label and the value as people read it. */
export interface HistoryDetailItem {
  label: string;
  text: string;
}

const LABELS: Readonly<Record<string, string>> = { ...messages.vehicleHistory.fields, ...messages.historyDetails };
const l = messages.labels;
/** Stored values of enum fields → their German labels. */
const VALUE_LABELS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  deadline: l.vehicleDeadline,
  vehicleType: l.vehicleType,
  trailerType: l.trailerType,
  fuelType: l.fuelType,
  emissionClass: l.emissionClass,
  status: l.vehicleStatus,
  category: l.documentCategory,
  type: messages.workshopScreen.types,
  appointmentType: messages.workshopScreen.types,
};
/** Keys that hold what people do not read: ids of records, and what the entry's own text already says. */
const HIDDEN = /(^id$|Id$|Ids$|^followUpOf$|^kind$|^estimationKey$|^subject$)/;
const MONEY = new Set(['invoiceAmount', 'actualCost', 'estimatedCost', 'revenueAmount', 'costAmount']);
function valueText(key: string, value: unknown): string {
  if (Array.isArray(value)) return value.length === 0 ? messages.audit.empty : value.map((v) => valueText(key, v)).join(', ');
  if (typeof value === 'number' && MONEY.has(key)) return value.toLocaleString('de-DE', { style: 'currency', currency: 'EUR' });
  // Details hold plain values only: an object is nothing people read.
  if (typeof value === 'object' && value !== null) return messages.audit.empty;
  return plainValueText(value, VALUE_LABELS[key], key === 'year');
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A history entry's details (fleet.md §3 Vehicle and Trailer history entry) as labelled German
 * lines: changes as "old → new", `from`/`to` as one change, ids left out.
 */
export function historyDetailItems(details: Readonly<Record<string, unknown>>): HistoryDetailItem[] {
  const items: HistoryDetailItem[] = [];
  const fieldOf = typeof details.deadline === 'string' ? 'deadline' : null;
  for (const [key, value] of Object.entries(details)) {
    if (HIDDEN.test(key) || key === 'previous' || key === 'from' || key === 'to') continue;
    if (key === 'changes' && isRecord(value)) {
      const previous = isRecord(details.previous) ? details.previous : {};
      for (const [field, next] of Object.entries(value)) {
        const label = LABELS[field];
        if (label && !HIDDEN.test(field)) items.push({ label, text: `${valueText(field, previous[field])} → ${valueText(field, next)}` });
      }
      continue;
    }
    const label = LABELS[key];
    if (label) items.push({ label, text: valueText(key, value) });
  }
  if ('from' in details || 'to' in details) {
    // A deadline's dates, or a trailer's status or tractor (then the plates say it).
    const kind = fieldOf === null && typeof details.fromPlate !== 'string' ? 'status' : 'date';
    if (!('fromPlate' in details)) items.push({ label: messages.historyDetails.change, text: `${valueText(kind, details.from)} → ${valueText(kind, details.to)}` });
  }
  return items;
}

/** The keys of details that `historyDetailItems` neither shows nor deliberately hides (tests keep this empty). */
export function unlabelledDetailKeys(details: Readonly<Record<string, unknown>>): string[] {
  const known = (key: string) => HIDDEN.test(key) || key in LABELS || ['changes', 'previous', 'from', 'to'].includes(key);
  const nested = isRecord(details.changes) ? Object.keys(details.changes) : [];
  return [...Object.keys(details), ...nested].filter((key) => !known(key));
}
