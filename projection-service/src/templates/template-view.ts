import type { TemplateData, UserOrderSettings } from '@dispo/events/catalog/index';
import type { SqlExecutor } from '@dispo/events/sql/client';
import { DEFAULT_USER_ORDER_SETTINGS } from '@dispo/domain/user-order-settings/index';
import type { OrderTemplateView } from '@dispo/domain/order-template/index';

const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString());

function templateView(r: Record<string, unknown>): OrderTemplateView {
  return {
    id: String(r.id),
    name: String(r.name),
    usageCount: Number(r.usage_count),
    lastUsed: r.last_used === null ? null : iso(r.last_used),
    templateData: (typeof r.template_data === 'string' ? JSON.parse(r.template_data) : r.template_data) as TemplateData,
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
  };
}

/** The user's own templates, most used first, then by name. */
export async function userTemplates(sql: SqlExecutor, ownerId: string): Promise<OrderTemplateView[]> {
  const { rows } = await sql.query('SELECT * FROM read.order_templates WHERE owner_id = $1 ORDER BY usage_count DESC, name, id', [ownerId]);
  return rows.map(templateView);
}

/** One template of its owner; null for another user's or a missing one. */
export async function findUserTemplate(sql: SqlExecutor, ownerId: string, id: string): Promise<OrderTemplateView | null> {
  const { rows } = await sql.query('SELECT * FROM read.order_templates WHERE id = $1 AND owner_id = $2', [id, ownerId]);
  return rows[0] ? templateView(rows[0]) : null;
}

/** The stored settings of a user, or the defaults of §3 when none are stored. */
export async function userOrderSettings(sql: SqlExecutor, userId: string): Promise<{ settings: UserOrderSettings; stored: boolean }> {
  const { rows } = await sql.query('SELECT settings FROM read.user_order_settings WHERE user_id = $1', [userId]);
  const raw = rows[0]?.settings;
  if (raw === undefined) return { settings: DEFAULT_USER_ORDER_SETTINGS, stored: false };
  const stored = (typeof raw === 'string' ? JSON.parse(raw) : raw) as UserOrderSettings;
  return { settings: { ...DEFAULT_USER_ORDER_SETTINGS, ...stored }, stored: true };
}
