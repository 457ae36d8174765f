import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { namedDispatchDate } from './dateParam';
import { todayInBerlin } from './time';

/**
 * The date the Disposition shows: `?datum=YYYY-MM-DD` when valid, else today in Berlin as of the
 * first render that needed it. Today is asked for only without a date in the URL: the first look at
 * the Berlin clock costs milliseconds at start.
 */
export function useDispatchDate(): string {
  const [searchParams] = useSearchParams();
  const named = namedDispatchDate(searchParams);
  const [today] = useState(() => (named ? null : todayInBerlin()));
  return named ?? today ?? todayInBerlin();
}
