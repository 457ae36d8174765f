import type { OrderDraft, OrderTextResult } from '@dispo/domain/order-text/types';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import { queryKeys } from '../../api/queryKeys';
import type { Order } from '../../api/types';

/**
 * The natural-language routes (command-service/src/orders/from-text-routes.ts): POST /api/orders/parse
 * reads a text into order drafts, POST /api/orders/from-text creates the drafts the user reviewed.
 */

export type { OrderDraft };

/** The parse answer: confidence 0..0.95, German hints below 0.7, one draft per time and truckload. */
export type ParseAnswer = OrderTextResult;

export interface CreateFailure {
  /** The position of the draft in the request. */
  index: number;
  error: string;
}

/** 201: all or some drafts became orders; `message` is the German summary (§8.4). */
export interface FromTextAnswer {
  success: true;
  created: number;
  failed: number;
  message: string;
  orders: Order[];
  failures: CreateFailure[];
}

/** Texts shorter than this are not sent (nothing to recognise yet). */
export const PARSE_MIN_CHARS = 3;
/** Typing pauses this long before the text is parsed (not in the spec; §9 debounces search by 150 ms). */
export const PARSE_DEBOUNCE_MS = 300;

export function parseOrderText(text: string, referenceDate: string | null, signal?: AbortSignal): Promise<ParseAnswer> {
  return apiRequest<ParseAnswer>('/orders/parse', {
    method: 'POST',
    body: referenceDate ? { text, referenceDate } : { text },
    ...(signal ? { signal } : {}),
  });
}

export function createOrdersFromDrafts(drafts: readonly OrderDraft[]): Promise<FromTextAnswer> {
  return apiRequest<FromTextAnswer>('/orders/from-text', { method: 'POST', body: { drafts } });
}

export function parseQueryOptions(text: string, referenceDate: string | null) {
  return {
    queryKey: queryKeys.orderText.parse(text, referenceDate),
    queryFn: ({ signal }: { signal: AbortSignal }) => parseOrderText(text, referenceDate, signal),
    staleTime: 60_000,
  };
}

/** The drafts of `text` (already debounced), from PARSE_MIN_CHARS characters on; the last answer stays while the next loads. */
export function useParsedText(text: string, referenceDate: string | null) {
  const trimmed = text.trim();
  return useQuery({
    ...parseQueryOptions(trimmed, referenceDate),
    enabled: trimmed.length >= PARSE_MIN_CHARS,
    placeholderData: keepPreviousData,
  });
}

/** Creates the reviewed drafts; the order lists reload afterwards. */
export function useCreateFromDrafts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (drafts: readonly OrderDraft[]) => createOrdersFromDrafts(drafts),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
  });
}
