import { berlinInstant } from '@dispo/domain/shared/berlin-date';

const wallClock = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Berlin',
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** An instant as the value of a datetime-local field showing Berlin time: `2026-11-26T09:14:03`. */
export function berlinInputValue(iso: string): string {
  const p = Object.fromEntries(wallClock.formatToParts(new Date(iso)).map((part) => [part.type, part.value]));
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}`;
}

/** A datetime-local value read as Berlin wall time → ISO instant; null when incomplete. */
export function instantOfBerlinInput(value: string): string | null {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(?::(\d{2}))?/.exec(value);
  if (!match) return null;
  const instant = berlinInstant(match[1]!, match[2]!);
  return new Date(instant.getTime() + Number(match[3] ?? 0) * 1000).toISOString();
}
