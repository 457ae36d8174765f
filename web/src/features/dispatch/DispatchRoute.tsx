import { useQueryClient } from '@tanstack/react-query';
import { type ComponentType, useEffect, useState } from 'react';
import { messages } from '@dispo/domain/messages';
import { usePrefetchDispatchDay } from '../../api/disposition';
import { PageLoading } from '../../components/PageLoading';
import { adoptEarlyDispatchDay } from './adoptEarlyDispatchDay';
import { useDispatchDate } from './dispatchDate';

let loadedPage: ComponentType | null = null;
let loadingPage: Promise<ComponentType> | null = null;

/** The page's code, loaded once; a failed load is tried again on the next visit. */
export function loadDispatchPage(): Promise<ComponentType> {
  loadingPage ??= import('./DispatchPage').then(
    (module) => (loadedPage = module.DispatchPage),
    (error: unknown) => {
      loadingPage = null;
      throw error;
    },
  );
  return loadingPage;
}

/**
 * The Disposition route (routes.tsx): its code is loaded on demand, and the vehicles, tours and open
 * orders of the day it shows are requested in the same moment, not after the code arrived. Opened
 * directly, index.html has requested them already (startEarlyDispatchDay): those answers are taken
 * over, and nothing is asked twice.
 *
 * Not React.lazy: React reveals what replaces a Suspense fallback no sooner than 300 ms after the
 * fallback was shown (its fallback throttle), which alone would spend the first-render budget of the
 * timeline (< 300 ms) once the data arrives early. Here the page replaces the loading notice by an
 * ordinary state update, drawn at once. A failed load goes to the route's error screen, as a lazy
 * page's would.
 */
export function DispatchRoute() {
  const [Page, setPage] = useState<ComponentType | null>(() => loadedPage);
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  // The code first, then the data: all of it is on the way before the loading notice is drawn.
  const pageLoad = Page || failure ? null : loadDispatchPage();
  const date = useDispatchDate();
  adoptEarlyDispatchDay(useQueryClient(), date);
  usePrefetchDispatchDay(date);
  useEffect(() => {
    if (!pageLoad) return;
    let active = true;
    pageLoad.then(
      (page) => {
        if (active) setPage(() => page);
      },
      (error: unknown) => {
        if (active) setFailure({ error });
      },
    );
    return () => {
      active = false;
    };
  }, [pageLoad]);
  if (failure) throw failure.error;
  return Page ? <Page /> : <PageLoading text={messages.dispatchScreen.loading} />;
}
