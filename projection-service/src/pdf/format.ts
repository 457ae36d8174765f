import { messages } from '@dispo/domain/messages';
import type { OrderDocument, PlantAddress } from './order-document';

const t = messages.orderPdf;

/** Business dates are Berlin dates, whatever zone the server runs in. */
const berlinDay = new Intl.DateTimeFormat('de-DE', { timeZone: 'Europe/Berlin', day: '2-digit', month: '2-digit', year: 'numeric' });

/** An instant as its Berlin calendar day, dd.mm.yyyy. */
export function formatDateDe(at: Date): string {
  return berlinDay.format(at);
}

/** A calendar date 'YYYY-MM-DD' as dd.mm.yyyy; anything else unchanged (no time-zone shift possible). */
export function formatIsoDateDe(date: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  return m ? `${m[3]}.${m[2]}.${m[1]}` : date;
}

/** '08:00 Uhr' or '08:00 – 17:00 Uhr'; the empty mark when the order lacks the time. */
export function formatDeliveryTime(
  o: Pick<OrderDocument, 'deliveryTimeType' | 'deliveryTimeFixed' | 'deliveryTimeFrom' | 'deliveryTimeTo'>,
): string {
  if (o.deliveryTimeType === 'range') {
    return o.deliveryTimeFrom && o.deliveryTimeTo ? t.timeRange(o.deliveryTimeFrom, o.deliveryTimeTo) : messages.orderTable.notSet;
  }
  return o.deliveryTimeFixed ? t.timeFixed(o.deliveryTimeFixed) : messages.orderTable.notSet;
}

const longDay = new Intl.DateTimeFormat('de-DE', { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });

/** A calendar date 'YYYY-MM-DD' written out: 'Montag, 23. November 2026'; anything else unchanged. */
export function formatLongDateDe(date: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  // Noon UTC of that day, formatted in UTC: the weekday cannot shift whatever zone the server runs in.
  return m ? longDay.format(new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 12))) : date;
}

const berlinDateTime = new Intl.DateTimeFormat('de-DE', {
  timeZone: 'Europe/Berlin',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** An instant as Berlin date and time: '22.11.2026, 15:00 Uhr'. */
export function formatDateTimeDe(at: Date): string {
  return `${berlinDateTime.format(at)} Uhr`;
}

const numberDe = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 2 });

/** 27 → '27', 12.5 → '12,5', 1234.567 → '1.234,57'. */
export function formatNumberDe(n: number): string {
  return numberDe.format(n);
}

const euroDe = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' });

/** 1234.5 → '1.234,50 €' (fleet.md §9: EUR, de-DE). */
export function formatEuroDe(n: number): string {
  return euroDe.format(n);
}

/** 123.456 → '123,5' (km with one decimal). */
export function formatKm(n: number): string {
  return new Intl.NumberFormat('de-DE', { maximumFractionDigits: 1 }).format(n);
}

/** '27 Tonnen', '12,5 Kubikmeter'; an unknown unit is shown as stored. */
export function formatQuantity(quantity: number, unit: string): string {
  const label = (messages.labels.unit as Record<string, string>)[unit] ?? unit;
  return `${formatNumberDe(quantity)} ${label}`;
}

/** '27,5 t', or null when no weight is recorded. */
export function formatWeight(tons: number | null): string | null {
  return tons === null || !Number.isFinite(tons) ? null : `${formatNumberDe(tons)} ${messages.labels.unitShort.to}`;
}

/** The display name of a stored value, or the value itself when the catalogue lacks it. */
export function labelOf(labels: Readonly<Record<string, string>>, value: string): string {
  return labels[value] ?? value;
}

/** The address lines of a plant: street, then postal code and city (or the combined address). */
export function plantAddressLines(p: PlantAddress): string[] {
  const place = [p.postalCode, p.city].filter(Boolean).join(' ');
  if (p.street) return place ? [p.street, place] : [p.street];
  if (p.address) return [p.address];
  return place ? [place] : [];
}

/** What the site needs beyond a standard delivery: pump, crane. */
export function specialNeeds(o: Pick<OrderDocument, 'pumpAvailable' | 'craneAvailable'>): string[] {
  const needs: string[] = [];
  if (o.pumpAvailable) needs.push(t.pumpRequired);
  if (o.craneAvailable) needs.push(t.craneRequired);
  return needs;
}

/** 'Frank Berger'; null when both parts are blank. */
export function fullName(firstName: string | null | undefined, lastName: string | null | undefined): string | null {
  const name = [firstName, lastName]
    .map((s) => s?.trim())
    .filter(Boolean)
    .join(' ');
  return name || null;
}

/**
 * `Auftrag_S261121-4711.pdf` / `Storno_…`. Order numbers are plain, but the name ends up in a
 * header, so anything outside a safe file-name set is replaced.
 */
export function pdfFileName(kind: 'order' | 'storno', orderNumber: string): string {
  const prefix = kind === 'storno' ? t.fileStorno : t.fileOrder;
  return `${prefix}_${orderNumber.replace(/[^A-Za-z0-9._-]/g, '_')}.pdf`;
}
