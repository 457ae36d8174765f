import { isIsoDate } from './time';

/** The URL parameter naming the date the Disposition shows: `/disposition?datum=YYYY-MM-DD`. */
export const DATE_PARAM = 'datum';

/** The date `?datum=` names, or null when it is missing or no valid date (the page then shows today). */
export function namedDispatchDate(params: URLSearchParams): string | null {
  const datum = params.get(DATE_PARAM);
  return datum !== null && isIsoDate(datum) ? datum : null;
}
