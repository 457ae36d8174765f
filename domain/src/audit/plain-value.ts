import { messages } from '../messages';

const LOCAL_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

const berlinDateTime = new Intl.DateTimeFormat('de-DE', {
  timeZone: 'Europe/Berlin',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** An instant as Berlin wall time, de-DE: 26.11.2026, 09:14:03. */
export function germanInstant(iso: string): string {
  return berlinDateTime.format(new Date(iso));
}

/**
 * One plain value as people read it: the enum's label when there is one, Ja/Nein, de-DE numbers
 * (`plain`: without thousands separators, a year), dates as DD.MM.YYYY, instants as Berlin time.
 */
export function plainValueText(value: unknown, valueLabels?: Readonly<Record<string, string>>, plain = false): string {
  if (value === null || value === undefined || value === '') return messages.audit.empty;
  const label = valueLabels?.[String(value)];
  if (label) return label;
  if (typeof value === 'boolean') return value ? messages.audit.yes : messages.audit.no;
  if (typeof value === 'number') return plain ? String(value) : value.toLocaleString('de-DE');
  if (typeof value === 'string') {
    const date = LOCAL_DATE.exec(value);
    if (date) return `${date[3]}.${date[2]}.${date[1]}`;
    if (INSTANT.test(value) && !Number.isNaN(Date.parse(value))) return germanInstant(value);
    return value;
  }
  return JSON.stringify(value);
}
