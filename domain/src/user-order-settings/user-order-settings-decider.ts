import type { UserOrderSettings, UserOrderSettingsEvent } from '@dispo/events/catalog/index';
import type { Decider } from '../decider';

/** orders.md §3 "User order settings": the defaults, also what a reset returns to. */
export const DEFAULT_USER_ORDER_SETTINGS: UserOrderSettings = {
  enableNLPOrderCreation: true,
  showAdditionalSearch: true,
  enableAutoSuggestions: true,
  defaultSearchField: 'all',
  saveSearchHistory: false,
  enableKeyboardShortcuts: true,
  defaultOrderType: 'full',
  enableAutoRefresh: false,
  favoriteCustomers: [],
  favoriteProducts: [],
  enableOrderTemplates: false,
  defaultExportFormat: 'xlsx',
};

export interface SaveUserOrderSettings {
  type: 'SaveUserOrderSettings';
  userId: string;
  /** The fields to change; the others keep their stored value. */
  changes: Partial<UserOrderSettings>;
  now: string;
}

export interface ResetUserOrderSettings {
  type: 'ResetUserOrderSettings';
  userId: string;
  now: string;
}

export type UserOrderSettingsCommand = SaveUserOrderSettings | ResetUserOrderSettings;

export interface UserOrderSettingsState {
  settings: UserOrderSettings;
  /** False until the user saved once (or after a reset): the defaults apply. */
  stored: boolean;
}

const unique = (ids: readonly string[]) => [...new Set(ids.map((id) => id.trim()).filter((id) => id !== ''))];

function same(a: UserOrderSettings, b: UserOrderSettings): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export const userOrderSettingsDecider: Decider<UserOrderSettingsCommand, UserOrderSettingsState, UserOrderSettingsEvent> = {
  initialState: { settings: DEFAULT_USER_ORDER_SETTINGS, stored: false },
  evolve(_state, event) {
    switch (event.type) {
      case 'UserOrderSettingsSaved':
        return { settings: event.data.settings, stored: true };
      case 'UserOrderSettingsReset':
        return { settings: DEFAULT_USER_ORDER_SETTINGS, stored: false };
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'SaveUserOrderSettings': {
        const merged = { ...state.settings, ...command.changes };
        const settings: UserOrderSettings = {
          ...merged,
          favoriteCustomers: unique(merged.favoriteCustomers),
          favoriteProducts: unique(merged.favoriteProducts),
        };
        if (state.stored && same(settings, state.settings)) return [];
        return [{ type: 'UserOrderSettingsSaved', data: { userId: command.userId, settings, savedAt: command.now } }];
      }
      case 'ResetUserOrderSettings':
        if (!state.stored) return [];
        return [{ type: 'UserOrderSettingsReset', data: { userId: command.userId, resetAt: command.now } }];
    }
  },
};
