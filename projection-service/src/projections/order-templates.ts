import type { EventData } from '@dispo/events/catalog/index';
import type { Projection } from '../projection';
import { readTableLifecycle } from './read-table-lifecycle';
import { updateRow, upsertRow } from './upsert';

const TABLE = 'read.order_templates';

/** read.order_templates: one row per personal order template (orders.md §2.13); deleted ones leave it. */
export const orderTemplatesProjection: Projection = {
  name: 'order_templates',

  ...readTableLifecycle(
    TABLE,
    `id text PRIMARY KEY, owner_id text NOT NULL, name text NOT NULL, template_data jsonb NOT NULL,
      usage_count integer NOT NULL DEFAULT 0, last_used timestamptz, created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL`,
    { order_templates_owner_idx: 'owner_id, name' },
  ),

  async apply(tx, event) {
    switch (event.type) {
      case 'OrderTemplateCreated': {
        const d = event.data as EventData<'OrderTemplateCreated'>;
        await upsertRow(tx, TABLE, {
          id: d.id,
          owner_id: d.ownerId,
          name: d.name,
          template_data: JSON.stringify(d.templateData),
          usage_count: 0,
          last_used: null,
          created_at: d.createdAt,
          updated_at: d.createdAt,
        });
        break;
      }
      case 'OrderTemplateUpdated': {
        const d = event.data as EventData<'OrderTemplateUpdated'>;
        await updateRow(tx, TABLE, d.id, { name: d.name, template_data: JSON.stringify(d.templateData), updated_at: d.updatedAt });
        break;
      }
      case 'OrderTemplateUsed': {
        const d = event.data as EventData<'OrderTemplateUsed'>;
        await tx.query(`UPDATE ${TABLE} SET usage_count = usage_count + 1, last_used = $2 WHERE id = $1`, [d.id, d.usedAt]);
        break;
      }
      case 'OrderTemplateDeleted': {
        const d = event.data as EventData<'OrderTemplateDeleted'>;
        await tx.query(`DELETE FROM ${TABLE} WHERE id = $1`, [d.id]);
        break;
      }
    }
    return undefined;
  },
};
