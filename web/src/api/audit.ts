import type { AuditHistory, AuditLogPage, AuditState } from '@dispo/domain/audit/audit-answers';
import { keepPreviousData, useInfiniteQuery, useQueries, useQuery } from '@tanstack/react-query';
import { apiRequest, type DownloadedFile, fetchFile } from './client';
import { queryKeys } from './queryKeys';

export type { AuditChange, AuditEntry, AuditHistory, AuditLogEntry, AuditRelated, AuditState, AuditUser } from '@dispo/domain/audit/audit-answers';

/** The audit of docs/api/audit.md: a record's history, its state at an instant, the global log. */

export interface AuditLogFilters {
  from?: string;
  to?: string;
  userId?: string;
  kind?: string;
  type?: string;
}

export interface AuditFilterOptions {
  users: { id: string; name: string }[];
  kinds: { kind: string; label: string }[];
  types: { type: string; label: string; kind: string }[];
}

const LOG_PAGE = 100;

export function useAuditHistory(kind: string, id: string) {
  return useQuery({
    queryKey: queryKeys.audit.history(kind, id),
    queryFn: ({ signal }) => apiRequest<AuditHistory>(`/audit/${encodeURIComponent(kind)}/${encodeURIComponent(id)}/history`, { signal }),
  });
}

function auditStateQuery(kind: string, id: string, at: string | null) {
  return {
    queryKey: queryKeys.audit.state(kind, id, at ?? ''),
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      apiRequest<AuditState>(`/audit/${encodeURIComponent(kind)}/${encodeURIComponent(id)}/state`, { query: { at }, signal }),
    enabled: at !== null,
    retry: false,
  };
}

/** The record at `at` (ISO); not asked while `at` is null. */
export function useAuditState(kind: string, id: string, at: string | null) {
  return useQuery({ ...auditStateQuery(kind, id, at), placeholderData: keepPreviousData });
}

/** Several records of one kind at the same instant (a tour's orders as they were then). */
export function useAuditStates(kind: string, ids: readonly string[], at: string) {
  return useQueries({ queries: ids.map((id) => auditStateQuery(kind, id, at)) });
}

/** The global log, page by page along the server's cursor. */
export function useAuditLog(filters: AuditLogFilters) {
  return useInfiniteQuery({
    queryKey: queryKeys.audit.log(filters),
    queryFn: ({ pageParam, signal }) =>
      apiRequest<AuditLogPage>('/audit/log', {
        query: { ...filters, limit: LOG_PAGE, cursor: pageParam },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useAuditFilterOptions() {
  return useQuery({
    queryKey: queryKeys.audit.filters(),
    queryFn: ({ signal }) => apiRequest<AuditFilterOptions>('/audit/filters', { signal }),
    staleTime: 60_000,
  });
}

/** The filtered log as CSV (`;`, German headers). */
export function fetchAuditCsv(filters: AuditLogFilters): Promise<DownloadedFile> {
  const query = new URLSearchParams(Object.entries(filters).filter((entry): entry is [string, string] => Boolean(entry[1])));
  const text = query.toString();
  return fetchFile(`/audit/log.csv${text ? `?${text}` : ''}`);
}
