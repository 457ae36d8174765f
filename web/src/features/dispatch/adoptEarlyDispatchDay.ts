import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import { dispatchDayQueries } from '../../api/disposition';
import type { DispatchVehiclesResponse, OpenOrdersResponse, ToursResponse } from '../../api/dispositionTypes';
import { getToken } from '../../api/session';
import type { DayCall, EarlyDispatchDay } from './earlyDispatchDay';

/**
 * One call of the early day into the cache: an answer that arrived is stored at once (the page's
 * first render draws it), one under way becomes the query's running fetch. A failed call, or an
 * answer `dataOf` cannot use (undefined), is left to the route's own call, which then goes through
 * the API client (a 401 leads to the login as always).
 */
function adoptCall<T, K extends QueryKey, B>(
  queryClient: QueryClient,
  query: FetchQueryOptions<T, Error, T, K>,
  day: EarlyDispatchDay,
  call: DayCall,
  dataOf: (body: B) => T | undefined,
): void {
  if (queryClient.getQueryState(query.queryKey)) return;
  const arrived = day.arrived[call];
  const { queryFn } = query;
  if (arrived) {
    const data = arrived.body ? dataOf(arrived.body as B) : undefined;
    if (data !== undefined) queryClient.setQueryData<T>(query.queryKey, data, { updatedAt: arrived.receivedAt });
    return;
  }
  if (typeof queryFn !== 'function') return;
  void queryClient.prefetchQuery({
    ...query,
    queryFn: async (context) => {
      const { body } = await day.answers[call];
      const data = body ? dataOf(body as B) : undefined;
      return data !== undefined ? data : queryFn(context);
    },
  });
}

/**
 * Takes over the day index.html requested before the app's code ran (startEarlyDispatchDay), once:
 * the first render of the Disposition route calls this before its own calls, which then find the
 * queries in the cache and send nothing. Another date or another session leaves the early answers
 * unused.
 */
export function adoptEarlyDispatchDay(queryClient: QueryClient, date: string): void {
  const day = window.dispoEarlyDispatchDay;
  if (!day) return;
  delete window.dispoEarlyDispatchDay;
  if (day.date !== date || day.token !== getToken()) return;
  adoptCall(queryClient, dispatchDayQueries.vehicles(date), day, 'vehicles', (body: DispatchVehiclesResponse) => body.vehicles ?? []);
  adoptCall(queryClient, dispatchDayQueries.tours(date), day, 'tours', (body: ToursResponse) => body.tours ?? []);
  // Only a whole day is taken over: when more pages follow, the route's call fetches them all.
  adoptCall(queryClient, dispatchDayQueries.openOrders(date), day, 'openOrders', (body: OpenOrdersResponse) =>
    typeof body.next_offset === 'number' ? undefined : (body.orders ?? []),
  );
}
