import { useQuery } from '@tanstack/react-query';
import { apiRequest, type DownloadedFile, fetchFile } from './client';
import { queryKeys } from './queryKeys';

/**
 * The export of a delivery day (orders.md §7.2, §2.11; docs/api/orders.md "Export"): the count for
 * the preview, and the file, xlsx or CSV.
 */
export type ExportFormat = 'xlsx' | 'csv';

/** A failed preview counts 0 (§8.3), so the button stays disabled. */
export function useExportPreview(date: string, plantId: string) {
  return useQuery({
    queryKey: queryKeys.orderExport.preview(date, plantId),
    queryFn: async ({ signal }) => {
      try {
        return (await apiRequest<{ count: number }>('/orders/export', { query: { date, plantId: plantId || null, preview: 'true' }, signal })).count;
      } catch {
        return 0;
      }
    },
    enabled: /^\d{4}-\d{2}-\d{2}$/.test(date),
  });
}

export function fetchExport(date: string, plantId: string, format: ExportFormat): Promise<DownloadedFile> {
  const params = new URLSearchParams({ date, format: format === 'csv' ? 'csv' : 'excel' });
  if (plantId) params.set('plantId', plantId);
  return fetchFile(`/orders/export?${params.toString()}`);
}
