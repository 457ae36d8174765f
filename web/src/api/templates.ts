import type { TemplateData } from '@dispo/events/catalog/index';
import { messages } from '@dispo/domain/messages';
import type { OrderTemplateView } from '@dispo/domain/order-template/order-template-decider';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from './client';
import { ApiError } from './errors';
import { queryKeys } from './queryKeys';

/** Personal order templates (orders.md §2.13, §7.4; docs/api/order-intake-tools.md). */

export type { TemplateData };

export type OrderTemplate = OrderTemplateView;

export interface TemplateBody {
  name: string;
  templateData: TemplateData;
}

/** §6, §8.3: template calls answering 401 or 403 say "Anmeldung erforderlich - bitte neu einloggen". */
export function templateErrorText(error: unknown, fallback: string): string {
  if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return messages.auth.loginRequired;
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return error.message;
  return fallback;
}

export async function fetchTemplates(signal?: AbortSignal): Promise<OrderTemplate[]> {
  const answer = await apiRequest<{ data: OrderTemplate[] }>('/user/order-templates', signal ? { signal } : {});
  return answer.data;
}

export function createTemplate(body: TemplateBody): Promise<{ data: OrderTemplate }> {
  return apiRequest('/user/order-templates', { method: 'POST', body });
}

export function updateTemplate(id: string, body: TemplateBody): Promise<{ data: OrderTemplate }> {
  return apiRequest(`/user/order-templates/${encodeURIComponent(id)}`, { method: 'PUT', body });
}

export function deleteTemplate(id: string): Promise<{ success: boolean }> {
  return apiRequest(`/user/order-templates/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** Counts one use (§7.4: no body; the caller only warns when it fails). */
export function countTemplateUse(id: string): Promise<{ data: OrderTemplate }> {
  return apiRequest(`/user/order-templates/${encodeURIComponent(id)}/use`, { method: 'POST' });
}

export function useTemplates(enabled = true) {
  return useQuery({ queryKey: queryKeys.templates.list(), queryFn: ({ signal }) => fetchTemplates(signal), enabled });
}

/** Create, change, delete and count: each refreshes the list (§7.4 "on success a refresh runs"). */
export function useTemplateMutations() {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: queryKeys.templates.all });
  return {
    create: useMutation({ mutationFn: createTemplate, onSuccess: refresh }),
    update: useMutation({ mutationFn: ({ id, body }: { id: string; body: TemplateBody }) => updateTemplate(id, body), onSuccess: refresh }),
    remove: useMutation({ mutationFn: deleteTemplate, onSuccess: refresh }),
    countUse: useMutation({ mutationFn: countTemplateUse, onSettled: refresh }),
  };
}
