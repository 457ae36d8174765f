import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from './client';
import { queryKeys } from './queryKeys';

/** A position in the global log (transaction, then position in it). */
export interface LogPosition {
  transactionId: number;
  globalPosition: number;
}

/** Why a projection is parked (projection-service runner.ts): the event it could not apply and the error. */
export interface ProjectionFailure {
  projection: string;
  position: LogPosition;
  eventType: string;
  streamId: string;
  streamVersion: number;
  error: string;
  failedAt: string;
}

export interface ProjectionsResponse {
  position: LogPosition;
  projections: { name: string; position: LogPosition; failure: ProjectionFailure | null }[];
}

/** GET /api/admin/projections (admins): every read model's checkpoint, and the failure of a parked one. */
export function useProjections() {
  return useQuery({
    queryKey: queryKeys.operations.projections,
    queryFn: ({ signal }) => apiRequest<ProjectionsResponse>('/admin/projections', { signal }),
    refetchInterval: 15_000,
  });
}

/** POST /api/admin/projections/:name/resume: a parked projection tries its event again. */
export function useResumeProjection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => apiRequest<{ success: true; message: string }>(`/admin/projections/${encodeURIComponent(name)}/resume`, { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.operations.projections }),
  });
}
