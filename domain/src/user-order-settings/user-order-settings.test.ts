import type { UserOrderSettingsEvent } from '@dispo/events/catalog/index';
import { describe, it } from 'vitest';
import { givenWhenThen } from '../testing/given-when-then';
import { DEFAULT_USER_ORDER_SETTINGS, userOrderSettingsDecider } from './user-order-settings-decider';

const now = '2026-11-20T08:00:00.000Z';
const settings = givenWhenThen(userOrderSettingsDecider);

const saved: UserOrderSettingsEvent = {
  type: 'UserOrderSettingsSaved',
  data: { userId: 'u-1', settings: { ...DEFAULT_USER_ORDER_SETTINGS, enableKeyboardShortcuts: false }, savedAt: now },
};

describe('SaveUserOrderSettings', () => {
  it('stores the whole settings: the defaults of §3 with the changes', () => {
    settings.given([]).when({ type: 'SaveUserOrderSettings', userId: 'u-1', changes: { enableKeyboardShortcuts: false }, now }).thenEmits([saved]);
  });

  it('stores the defaults once when asked to, then nothing while nothing changes', () => {
    settings
      .given([])
      .when({ type: 'SaveUserOrderSettings', userId: 'u-1', changes: {}, now })
      .thenEmits([{ type: 'UserOrderSettingsSaved', data: { userId: 'u-1', settings: DEFAULT_USER_ORDER_SETTINGS, savedAt: now } }]);
    settings.given([saved]).when({ type: 'SaveUserOrderSettings', userId: 'u-1', changes: { enableKeyboardShortcuts: false }, now }).thenEmits([]);
  });

  it('keeps each favourite once', () => {
    settings
      .given([saved])
      .when({ type: 'SaveUserOrderSettings', userId: 'u-1', changes: { favoriteProducts: ['m-1', 'm-1', ' m-2 '] }, now })
      .thenEmits([
        {
          type: 'UserOrderSettingsSaved',
          data: { userId: 'u-1', settings: { ...saved.data.settings, favoriteProducts: ['m-1', 'm-2'] }, savedAt: now },
        },
      ]);
  });
});

describe('ResetUserOrderSettings', () => {
  it('returns to the defaults; nothing to do when none are stored', () => {
    settings.given([saved]).when({ type: 'ResetUserOrderSettings', userId: 'u-1', now }).thenEmits([{ type: 'UserOrderSettingsReset', data: { userId: 'u-1', resetAt: now } }]);
    settings.given([]).when({ type: 'ResetUserOrderSettings', userId: 'u-1', now }).thenEmits([]);
  });
});
