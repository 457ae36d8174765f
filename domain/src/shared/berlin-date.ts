/** Built once: constructing an Intl.DateTimeFormat costs far more than formatting with it. */
const berlinDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin', year: 'numeric', month: '2-digit', day: '2-digit' });

/** The business date (YYYY-MM-DD) of an instant in Europe/Berlin, whatever the server's zone. */
export function berlinDate(at: Date): string {
  return berlinDay.format(at);
}
