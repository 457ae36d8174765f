/**
 * The slot a dispatcher dropped onto, as the business day and local time of Europe/Berlin. The client
 * sends a local `YYYY-MM-DDTHH:MM` (seconds allowed); an instant with `Z` or an offset is converted to
 * Berlin time. Minutes are kept as given. Null when it is not a time at all.
 */
export function berlinSlot(scheduledTime: string): { date: string; startTime: string } | null {
  const local = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(?::\d{2}(?:\.\d+)?)?$/.exec(scheduledTime);
  if (local) return { date: local[1]!, startTime: local[2]! };
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})$/.test(scheduledTime)) return null;
  const instant = new Date(scheduledTime);
  if (Number.isNaN(instant.getTime())) return null;
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, startTime: `${parts.hour}:${parts.minute}` };
}
