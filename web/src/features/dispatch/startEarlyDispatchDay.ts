import { getToken } from '../../api/session';
import { namedDispatchDate } from './dateParam';
import { DAY_CALLS, dayCallUrls, type EarlyDispatchDay } from './earlyDispatchDay';
import { todayInBerlin } from './time';

/**
 * Runs inline in index.html on /disposition (vite.config.ts), before the app's code is even fetched:
 * starts the calls of the day the page will show, with the session's token, about 150 ms before the
 * route could. Without a token nothing starts (the app sends the user to the login). Keep the
 * imports tiny: all of it is inlined into every load of the page.
 */
export function startEarlyDispatchDay(): void {
  const token = getToken();
  if (!token) return;
  const date = namedDispatchDate(new URLSearchParams(location.search)) ?? todayInBerlin();
  const urls = dayCallUrls(date);
  const day: EarlyDispatchDay = { date, token, answers: {} as EarlyDispatchDay['answers'], arrived: {} };
  for (const call of DAY_CALLS) {
    day.answers[call] = fetch(urls[call], { headers: { Accept: 'application/json', Authorization: `Bearer ${token}` } })
      .then((response) => (response.ok ? (response.json() as Promise<unknown>) : null))
      .catch(() => null)
      .then((body) => (day.arrived[call] = { body, receivedAt: Date.now() }));
  }
  window.dispoEarlyDispatchDay = day;
  // The page formats German dates and numbers from its first render, and a page's first Intl format
  // loads the browser's locale data (10–20 ms). Done now, while the browser still compiles the app's
  // code, it no longer delays the app.
  todayInBerlin();
}
