/**
 * A dispatch day requested by index.html before the app's code arrived: started by the inline
 * script of /disposition (startEarlyDispatchDay.ts, built into index.html by vite.config.ts) and taken
 * over by the Disposition route (adoptEarlyDispatchDay.ts). What both sides agree on.
 */

/** The day's calls, in the order they are sent: the timeline needs vehicles and tours, the sidebar the open orders. */
export const DAY_CALLS = ['vehicles', 'tours', 'openOrders'] as const;
export type DayCall = (typeof DAY_CALLS)[number];

/** The URLs of a day's calls, exactly as the API client builds them (api/disposition.ts). */
export function dayCallUrls(date: string): Record<DayCall, string> {
  const day = encodeURIComponent(date);
  return {
    vehicles: `/api/disposition/vehicles?date=${day}`,
    tours: `/api/disposition/tours/${day}`,
    openOrders: `/api/disposition/orders/open?date=${day}`,
  };
}

export interface EarlyAnswer {
  /** The answer's JSON when the call succeeded (2xx), else null: network error, refusal (401), server error. */
  body: unknown;
  /** When it arrived (Date.now()). */
  receivedAt: number;
}

export interface EarlyDispatchDay {
  date: string;
  /** The token the calls were sent with. */
  token: string;
  answers: Record<DayCall, Promise<EarlyAnswer>>;
  /** The answers that have arrived, to be taken over without waiting. */
  arrived: Partial<Record<DayCall, EarlyAnswer>>;
}

declare global {
  interface Window {
    /** Set by the inline script of index.html on /disposition; removed when the route takes it over. */
    dispoEarlyDispatchDay?: EarlyDispatchDay;
  }
}
