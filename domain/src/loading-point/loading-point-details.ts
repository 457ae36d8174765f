import type { LoadingPointDetails, LoadingPointStatus } from '@dispo/events/catalog/index';
import { requiredText, requireFields } from '../shared';

/** Defaults of orders.md §3: loading_type silo, status available. */
export const loadingPointDefaults = {
  loadingType: 'silo',
  status: 'available',
} as const satisfies { loadingType: string; status: LoadingPointStatus };

export interface LoadingPointInput {
  name: string;
  loadingType?: string | null;
  status?: LoadingPointStatus | null;
}

export function loadingPointDetailsFrom(input: LoadingPointInput): LoadingPointDetails {
  requireFields({ name: input.name });
  return {
    name: requiredText(input.name),
    // Stored in lower case: the type is a key for filters, not a display text.
    loadingType: input.loadingType?.trim().toLowerCase() || loadingPointDefaults.loadingType,
    status: input.status ?? loadingPointDefaults.status,
  };
}
