import { messages } from '@dispo/domain/messages';
import { berlinDate } from '@dispo/domain/shared/berlin-date';

/** Formats of every area: German dates and numbers, business dates in Europe/Berlin. */

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})/;

/** 'YYYY-MM-DD' (a local date of Europe/Berlin) → 'dd.mm.yyyy'; no time zone arithmetic involved. */
export function formatDate(isoDate: string | null | undefined): string {
  if (!isoDate) return messages.orderTable.notSet;
  const match = ISO_DATE.exec(isoDate);
  if (!match) return isoDate;
  return `${match[3]}.${match[2]}.${match[1]}`;
}

const numberFormat = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 2 });

export function formatNumber(value: number): string {
  return numberFormat.format(value);
}

const euroFormat = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' });

/** EUR in de-DE ('1.234,50 €'). */
export function formatEuro(value: number): string {
  return euroFormat.format(value);
}

/** Today's date in Europe/Berlin as 'YYYY-MM-DD' (business dates are Berlin dates, never the browser's zone). */
export function todayInBerlin(now: Date = new Date()): string {
  return berlinDate(now);
}

const dateTimeFormat = new Intl.DateTimeFormat('de-DE', {
  timeZone: 'Europe/Berlin',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** ISO timestamp → '21.11.2025, 09:00' in Europe/Berlin. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return messages.orderTable.notSet;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTimeFormat.format(date);
}
