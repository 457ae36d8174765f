import type { UserOrderSettings } from '@dispo/events/catalog/index';
import { DEFAULT_USER_ORDER_SETTINGS } from '@dispo/domain/user-order-settings/index';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useSession } from '../features/auth/useSession';
import { apiRequest } from './client';
import { queryKeys } from './queryKeys';

/**
 * The user's order-intake settings (orders.md §2.12, §3, §7.6): stored on the server per user and
 * mirrored in localStorage; a failed call falls back silently to the local copy (or the defaults).
 */

export type { UserOrderSettings };
export { DEFAULT_USER_ORDER_SETTINGS };

interface SettingsAnswer {
  settings: UserOrderSettings;
  stored: boolean;
}

export const settingsStorageKey = (userId: string) => `dispo.orderSettings.${userId}`;

export function readLocalSettings(userId: string | null): UserOrderSettings {
  if (!userId) return DEFAULT_USER_ORDER_SETTINGS;
  try {
    const raw = localStorage.getItem(settingsStorageKey(userId));
    if (!raw) return DEFAULT_USER_ORDER_SETTINGS;
    return { ...DEFAULT_USER_ORDER_SETTINGS, ...(JSON.parse(raw) as Partial<UserOrderSettings>) };
  } catch {
    return DEFAULT_USER_ORDER_SETTINGS;
  }
}

export function writeLocalSettings(userId: string | null, settings: UserOrderSettings): void {
  if (!userId) return;
  try {
    localStorage.setItem(settingsStorageKey(userId), JSON.stringify(settings));
  } catch {
    // Storage full or blocked: the server copy still holds them.
  }
}

async function loadSettings(userId: string | null, signal?: AbortSignal): Promise<UserOrderSettings> {
  try {
    const answer = await apiRequest<SettingsAnswer>('/user/order-settings', signal ? { signal } : {});
    // Nothing stored on the server yet: what this browser remembers wins over the defaults.
    loadFailures.delete(userId ?? '');
    const settings = answer.stored ? answer.settings : readLocalSettings(userId);
    writeLocalSettings(userId, settings);
    return settings;
  } catch {
    loadFailures.add(userId ?? '');
    return readLocalSettings(userId);
  }
}

/** Users whose last load failed: the page stays silent (§7.6), the settings dialog says it (§8.2). */
const loadFailures = new Set<string>();

export interface OrderSettingsApi {
  settings: UserOrderSettings;
  /** Saves the changes; resolves false when the server refused or failed (the local copy is kept). */
  save(changes: Partial<UserOrderSettings>): Promise<boolean>;
  reset(): Promise<boolean>;
  saving: boolean;
  /** The last load from the server failed; the local copy is shown. */
  loadFailed: boolean;
}

export function useOrderSettings(): OrderSettingsApi {
  const userId = useSession()?.user?.id ?? null;
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: queryKeys.orderSettings.user(userId ?? ''),
    queryFn: ({ signal }) => loadSettings(userId, signal),
    initialData: () => readLocalSettings(userId),
    initialDataUpdatedAt: 0,
    staleTime: 60_000,
  });

  const apply = useCallback(
    (next: UserOrderSettings) => {
      writeLocalSettings(userId, next);
      queryClient.setQueryData(queryKeys.orderSettings.user(userId ?? ''), next);
    },
    [queryClient, userId],
  );
  const current = useCallback(
    () => queryClient.getQueryData<UserOrderSettings>(queryKeys.orderSettings.user(userId ?? '')) ?? readLocalSettings(userId),
    [queryClient, userId],
  );

  const { mutateAsync: put, isPending: saving } = useMutation({
    mutationFn: (changes: Partial<UserOrderSettings>) => apiRequest<SettingsAnswer>('/user/order-settings', { method: 'PUT', body: changes }),
  });
  const { mutateAsync: postReset, isPending: resetting } = useMutation({
    mutationFn: () => apiRequest<SettingsAnswer>('/user/order-settings/reset', { method: 'POST', idempotent: true }),
  });

  const save = useCallback(
    async (changes: Partial<UserOrderSettings>) => {
      apply({ ...current(), ...changes });
      try {
        apply((await put(changes)).settings);
        return true;
      } catch {
        return false;
      }
    },
    [apply, current, put],
  );

  const reset = useCallback(async () => {
    apply(DEFAULT_USER_ORDER_SETTINGS);
    try {
      await postReset();
      return true;
    } catch {
      return false;
    }
  }, [apply, postReset]);

  return { settings: query.data, save, reset, saving: saving || resetting, loadFailed: query.isFetched && loadFailures.has(userId ?? '') };
}
