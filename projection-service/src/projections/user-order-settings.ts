import type { EventData } from '@dispo/events/catalog/index';
import type { Projection } from '../projection';
import { readTableLifecycle } from './read-table-lifecycle';
import { upsertRow } from './upsert';

const TABLE = 'read.user_order_settings';

/** read.user_order_settings: the stored order-intake settings per user (orders.md §3); a reset removes the row. */
export const userOrderSettingsProjection: Projection = {
  name: 'user_order_settings',

  ...readTableLifecycle(TABLE, `user_id text PRIMARY KEY, settings jsonb NOT NULL, saved_at timestamptz NOT NULL`),

  async apply(tx, event) {
    if (event.type === 'UserOrderSettingsSaved') {
      const d = event.data as EventData<'UserOrderSettingsSaved'>;
      await upsertRow(tx, TABLE, { user_id: d.userId, settings: JSON.stringify(d.settings), saved_at: d.savedAt }, 'user_id');
    } else if (event.type === 'UserOrderSettingsReset') {
      const d = event.data as EventData<'UserOrderSettingsReset'>;
      await tx.query(`DELETE FROM ${TABLE} WHERE user_id = $1`, [d.userId]);
    }
    return undefined;
  },
};
