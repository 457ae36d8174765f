import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { messages } from '@dispo/domain/messages';
import type { Tour } from '../../api/dispositionTypes';
import { clearDispatchCaches } from '../../api/disposition';
import { fetchOperationStatus, OPTIMIZATION_POLL_MS, OPTIMIZATION_TIMEOUT_MS, startOptimization } from '../../api/optimization';
import { tourNumberOf } from './format';
import type { MessageLine } from './useMessageLine';
import { withReason } from './useDispatchActions';


const text = messages.optimization;

interface Run {
  operationId: string;
  tourId: string;
  tourNumber: string;
  startedAt: number;
}

/**
 * Started optimizations, polled every 2 s until completed or failed, for 5 minutes at most
 * (dispatch.md §7): the tour's label follows (the tours are fetched again), the message line says
 * how it ended. `Optimization timeout` and `Optimization failed` are the internal reasons.
 */
export function useOptimizationRuns(line: Pick<MessageLine, 'success' | 'error'>) {
  const queryClient = useQueryClient();
  const [runs, setRuns] = useState<Run[]>([]);
  const { success, error } = line;
  const busy = useRef(false);

  const start = useCallback(
    async (tour: Tour) => {
      try {
        const { operationId } = await startOptimization(tour.id);
        setRuns((current) => [...current, { operationId, tourId: tour.id, tourNumber: tourNumberOf(tour), startedAt: Date.now() }]);
        success(text.started(tourNumberOf(tour)));
        await clearDispatchCaches(queryClient);
      } catch (failure) {
        error(withReason(text.startError, failure));
      }
    },
    [queryClient, success, error],
  );

  useEffect(() => {
    if (runs.length === 0) return;
    const poll = async () => {
      if (busy.current) return;
      busy.current = true;
      try {
        const finished = new Set<string>();
        for (const run of runs) {
          if (Date.now() - run.startedAt > OPTIMIZATION_TIMEOUT_MS) {
            console.warn(text.timeoutInternal, run.operationId);
            error(text.timeout);
            finished.add(run.operationId);
            continue;
          }
          const status = await fetchOperationStatus(run.operationId).catch(() => null);
          if (status?.status === 'completed') {
            finished.add(run.operationId);
            success(`${text.status.completed}: ${messages.dispatchScreen.tour(run.tourNumber)}`);
          } else if (status?.status === 'failed') {
            console.warn(text.failedInternal, run.operationId, status.error);
            finished.add(run.operationId);
            error(text.failed(status.error ?? ''));
          }
        }
        if (finished.size > 0) {
          setRuns((current) => current.filter((run) => !finished.has(run.operationId)));
          await clearDispatchCaches(queryClient);
        }
      } finally {
        busy.current = false;
      }
    };
    const timer = setInterval(() => void poll(), OPTIMIZATION_POLL_MS);
    return () => clearInterval(timer);
  }, [runs, queryClient, success, error]);

  return { start, running: runs };
}


